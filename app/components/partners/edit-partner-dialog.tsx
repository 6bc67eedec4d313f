/**
 * The partner edit dialog: the trigger, title and close button; the fields (each edited and posted
 * on its own) and the Danger Zone are their own chunk, edit-partner-fields.tsx, fetched when it opens.
 * Before the scripts have loaded the trigger links to the fields' own page (/partners/:id/edit).
 */
import { Box, Button, Dialog, Flex, IconButton } from "@radix-ui/themes";
import { Cross2Icon, Pencil2Icon } from "@radix-ui/react-icons";
import { useState, type ReactNode } from "react";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { useHydrated } from "../forms.tsx";
import { DialogPart, lazyPart, preloadOn } from "../lazy-part.tsx";
import { TriggerLink } from "../route-forms.tsx";

const EditPartnerFields = lazyPart(() => import("./edit-partner-fields.tsx").then((m) => m.EditPartnerFields));

export const editPartnerPage = (partnerId: number) => `/partners/${partnerId}/edit`;

/** What the dialog says, on the fields' page too. */
export const editPartnerText = (partner: { name: string | null; username: string }) => ({
  title: `Edit ${partner.name ?? partner.username}`,
  description: "Edit a field, then confirm or cancel. Each change is saved on its own.",
});

export function EditPartnerDialog({
  partner,
  trigger,
}: {
  partner: PublicUser & { signInDisabledAt?: string | null };
  trigger?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const button = trigger ?? (
    <Button variant="soft" color="gray">
      <Pencil2Icon /> Edit
    </Button>
  );
  if (!hydrated) return <TriggerLink to={editPartnerPage(partner.id)} trigger={button} />;
  const text = editPartnerText(partner);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger {...preloadOn(EditPartnerFields.preload)}>{button}</Dialog.Trigger>
      <Dialog.Content maxWidth="720px" style={{ maxHeight: "90vh", overflowY: "auto" }}>
        <Flex justify="between" align="start" gap="3">
          <Box>
            <Dialog.Title mb="1">{text.title}</Dialog.Title>
            <Dialog.Description size="2" color="gray" mb="4">
              {text.description}
            </Dialog.Description>
          </Box>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close">
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <DialogPart>
          <EditPartnerFields partner={partner} onDeleted={() => setOpen(false)} />
        </DialogPart>
      </Dialog.Content>
    </Dialog.Root>
  );
}
