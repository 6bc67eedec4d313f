/**
 * Add Monthly Record: pick the month and the export, see what it contains (Preview), then save.
 * Both post the file as a multipart form to the page's action through fetchers (the form is its
 * own chunk, add-record-form.tsx, fetched when the dialog opens). The import rules are the API's
 * (importUpload).
 */
import { Button, Dialog } from "@radix-ui/themes";
import { UploadIcon } from "@radix-ui/react-icons";
import { useState, type ReactNode } from "react";
import type { UploadResult } from "#domain/imports/import-service.ts";
import { DialogPart, lazyPart, preloadOn } from "../lazy-part.tsx";

const AddRecordForm = lazyPart(() => import("./add-record-form.tsx").then((m) => m.AddRecordForm));

/** What Preview (intent record-preview) answers: the figures the file would add, nothing saved. */
export interface RecordPreviewReply {
  intent: "record-preview";
  /** Null while the file's dates read either way: `dateOrderNeeded` says so, and the dialog asks. */
  preview: UploadResult | null;
  /** The file's dates read either way: an example of them, for "Dates in this file are: day/month or month/day". */
  dateOrderExample?: string;
}

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
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger {...preloadOn(AddRecordForm.preload)}>
        <Button variant="soft" size="2">
          {icon} Add Monthly Record
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="620px">
        <Dialog.Title>Add Monthly Record</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {machine.location}: upload the month&apos;s telemetry export (.xlsx, .xls or .csv). The figures are worked out
          from the file; you see them before saving.
        </Dialog.Description>
        <DialogPart>
          <AddRecordForm machine={machine} uploadMaxMb={uploadMaxMb} onSaved={() => setOpen(false)} />
        </DialogPart>
      </Dialog.Content>
    </Dialog.Root>
  );
}
