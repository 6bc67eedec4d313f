/**
 * Add Monthly Record: pick the month and the export, see what it contains (Preview), then save.
 * Both post the file as a multipart form to the page's action through fetchers (the form is its
 * own chunk, add-record-form.tsx, fetched when the dialog opens). The import rules are the API's
 * (importUpload). Before the scripts have loaded the trigger links to the form's own page
 * (/machines/:id/records/new).
 */
import { Button, Dialog } from "@radix-ui/themes";
import { UploadIcon } from "@radix-ui/react-icons";
import { useState, type ReactNode } from "react";
import type { UploadResult } from "#domain/imports/import-service.ts";
import { useHydrated } from "../forms.tsx";
import { DialogPart, lazyPart, preloadOn } from "../lazy-part.tsx";
import { TriggerLink } from "../route-forms.tsx";

const AddRecordForm = lazyPart(() => import("./add-record-form.tsx").then((m) => m.AddRecordForm));

/** What Preview (intent record-preview) answers: the figures the file would add, nothing saved. */
export interface RecordPreviewReply {
  intent: "record-preview";
  /** Null while the file's dates read either way: `dateOrderNeeded` says so, and the dialog asks. */
  preview: UploadResult | null;
  /** The file's dates read either way: an example of them, for "Dates in this file are: day/month or month/day". */
  dateOrderExample?: string;
  /** "October 2026 already has 44 transactions (£61.50) on this machine; …" when the month has data (import-words.ts). */
  monthHas?: string | null;
}

export const addRecordPage = (machineId: number) => `/machines/${machineId}/records/new`;

/** What the dialog says under its title, on the form's page too. */
export const addRecordText = (location: string) =>
  `${location}: upload the month's telemetry export (.xlsx, .xls or .csv). The figures are worked out from the file; you see them before saving.`;

export function AddRecordDialog({
  machine,
  uploadMaxMb,
  icon = <UploadIcon />,
}: {
  machine: { id: number; location: string };
  uploadMaxMb: number;
  /** The trigger's icon (a list of cards draws it from a sprite: machine-card.tsx). */
  icon?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const trigger = (
    <Button variant="soft" size="2">
      {icon} Add Monthly Record
    </Button>
  );
  if (!hydrated) return <TriggerLink to={addRecordPage(machine.id)} trigger={trigger} />;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger {...preloadOn(AddRecordForm.preload)}>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="620px">
        <Dialog.Title>Add Monthly Record</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {addRecordText(machine.location)}
        </Dialog.Description>
        <DialogPart>
          <AddRecordForm machine={machine} uploadMaxMb={uploadMaxMb} onSaved={() => setOpen(false)} />
        </DialogPart>
      </Dialog.Content>
    </Dialog.Root>
  );
}
