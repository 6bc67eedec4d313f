/**
 * The partner edit dialog: the trigger, title and close button; the fields (each edited and posted
 * on its own) and the Danger Zone are their own chunk, edit-partner-fields.tsx, fetched when it opens.
 */
import { Box, Button, Dialog, Flex, IconButton } from "@radix-ui/themes";
import { Cross2Icon, Pencil2Icon } from "@radix-ui/react-icons";
import { useState, type ReactNode } from "react";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { DialogPart, lazyPart, preloadOn } from "../lazy-part.tsx";

const EditPartnerFields = lazyPart(() => import("./edit-partner-fields.tsx").then((m) => m.EditPartnerFields));

export function EditPartnerDialog({
  partner,
  trigger,
}: {
  partner: PublicUser & { signInDisabledAt?: string | null };
  trigger?: ReactNode;
}) {
  const [open, setOpen] = useState(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger {...preloadOn(EditPartnerFields.preload)}>
        {trigger ?? (
          <Button variant="soft" color="gray">
            <Pencil2Icon /> Edit
          </Button>
        )}
      </Dialog.Trigger>
      <Dialog.Content maxWidth="720px" style={{ maxHeight: "90vh", overflowY: "auto" }}>
        <Flex justify="between" align="start" gap="3">
          <Box>
            <Dialog.Title mb="1">Edit {partner.name ?? partner.username}</Dialog.Title>
            <Dialog.Description size="2" color="gray" mb="4">
              Edit a field, then confirm or cancel. Each change is saved on its own.
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
