/**
 * An action behind a confirmation dialog: the trigger, what will happen, Cancel or confirm.
 * Destructive by default (red); money actions pass their own colour, extra fields as children,
 * and may be opened without a trigger (open / onOpenChange), e.g. from a status select.
 */
import { AlertDialog, Button, Flex, Tooltip } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";

export function ConfirmButton({
  trigger,
  tooltip,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  color = "red",
  confirmDisabled = false,
  open,
  onOpenChange,
  children,
}: {
  /** Omitted when the dialog is opened through `open`. */
  trigger?: ReactNode;
  /** A tooltip on the trigger (an icon button's name for sighted users). */
  tooltip?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  color?: ComponentProps<typeof Button>["color"];
  /** Keeps the confirm button disabled, e.g. while the fields in `children` are invalid. */
  confirmDisabled?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Fields shown between the description and the buttons. */
  children?: ReactNode;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && tooltip ? (
        <Tooltip content={tooltip}>
          <AlertDialog.Trigger>{trigger}</AlertDialog.Trigger>
        </Tooltip>
      ) : trigger ? (
        <AlertDialog.Trigger>{trigger}</AlertDialog.Trigger>
      ) : null}
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        {children}
        <Flex gap="3" justify="end" mt="4">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {cancelLabel}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color={color} onClick={onConfirm} disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
