/**
 * An action behind a confirmation dialog: the trigger, what will happen, Cancel or confirm.
 * Destructive by default (red); money actions pass their own colour, extra fields as children,
 * and may be opened without a trigger (open / onOpenChange), e.g. from a status select.
 */
import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { Form, useFetcher } from "@remix-run/react";
import { cloneElement, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { useActionReply, useFailureToast, useHydrated, withScript } from "./forms.tsx";
import { Tooltip } from "./lazy-tooltip.tsx";

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

type DialogProps = Omit<ComponentProps<typeof ConfirmButton>, "onConfirm" | "trigger" | "open" | "onOpenChange">;

/**
 * A confirmed action that is a form post to the page's action, the one component for an action that
 * must work before the scripts load. Before then the trigger is the submit button of a plain form
 * posting the intent and `fields`, and the action answers its question as a page (ConfirmationCard),
 * whose submit performs it. Once hydrated the trigger opens the confirmation dialog, and confirming
 * posts `fields` with `confirmed=yes` through a fetcher (the page stays where it is; the answer's
 * toast shows, a failure's too); or, given `dialog`, that dialog is shown instead and posts itself
 * (a payment's, with its fields).
 */
export function ConfirmPost({
  intent,
  fields,
  trigger,
  onSuccess,
  ...rest
}: {
  intent: string;
  fields: Record<string, string | number>;
  /** A Button element; it gets `loading` while the post is under way. */
  trigger: ReactElement<ComponentProps<typeof Button>>;
  onSuccess?: () => void;
} & ({ dialog: ReactNode } | (DialogProps & { dialog?: undefined }))) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  useFailureToast(fetcher.data);
  useActionReply(fetcher.data, onSuccess);
  const busy = fetcher.state !== "idle";
  if (!hydrated) {
    return (
      <Form method="post" preventScrollReset style={{ display: "inline" }}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {cloneElement(trigger, { type: "submit" })}
      </Form>
    );
  }
  if (rest.dialog !== undefined) return <>{rest.dialog}</>;
  const { dialog: _none, ...dialog } = rest as DialogProps & { dialog?: undefined };
  return (
    <ConfirmButton
      {...dialog}
      trigger={cloneElement(trigger, { type: "button", loading: busy || trigger.props.loading })}
      onConfirm={() =>
        fetcher.submit(withScript({ ...fields, intent, confirmed: "yes" }), {
          method: "post",
          preventScrollReset: true,
        })
      }
    />
  );
}
