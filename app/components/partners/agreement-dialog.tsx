/**
 * Edit agreement: the dialog's trigger, title and close button; the form with its preview is its own
 * chunk, agreement-form.tsx, fetched when the dialog opens (or its trigger is pointed at). Closing the
 * dialog drops the form: it opens again from the agreement in force. Before the scripts have loaded
 * the trigger links to the form's own page (/partners/:id/agreement).
 */
import { Box, Button, Dialog, Flex, IconButton } from "@radix-ui/themes";
import { Cross2Icon, Pencil2Icon } from "@radix-ui/react-icons";
import { useState } from "react";
import { useHydrated } from "../forms.tsx";
import { DialogPart, lazyPart, preloadOn } from "../lazy-part.tsx";
import { TriggerLink } from "../route-forms.tsx";
import type { AgreementCardData } from "./agreement-card.tsx";

const AgreementForm = lazyPart(() => import("./agreement-form.tsx").then((m) => m.AgreementForm));

export const editAgreementPage = (partnerId: number) => `/partners/${partnerId}/agreement`;

/** What the dialog says under its title, on the form's page too. */
export const editAgreementText = (partnerName: string) =>
  `${partnerName}'s commission from the effective month on. Preview last month under the new terms, then save.`;

export function EditAgreementDialog({
  partnerId,
  partnerName,
  data,
}: {
  partnerId: number;
  partnerName: string;
  data: AgreementCardData;
}) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const trigger = (
    <Button variant="soft">
      <Pencil2Icon /> Edit agreement
    </Button>
  );
  if (!hydrated) return <TriggerLink to={editAgreementPage(partnerId)} trigger={trigger} />;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger {...preloadOn(AgreementForm.preload)}>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="760px" style={{ maxHeight: "90vh", overflowY: "auto" }}>
        <Flex justify="between" align="start" gap="3">
          <Box>
            <Dialog.Title mb="1">Edit agreement</Dialog.Title>
            <Dialog.Description size="2" color="gray" mb="4">
              {editAgreementText(partnerName)}
            </Dialog.Description>
          </Box>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close">
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <DialogPart>
          <AgreementForm partnerId={partnerId} data={data} onSaved={() => setOpen(false)} />
        </DialogPart>
      </Dialog.Content>
    </Dialog.Root>
  );
}
