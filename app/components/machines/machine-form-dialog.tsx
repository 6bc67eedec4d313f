/**
 * Add New Machine / Edit Machine: the trigger and the dialog; the form (location, image URL,
 * status, posted to the page's action) is its own chunk, machine-form.tsx, fetched when it opens.
 */
import { Dialog } from "@radix-ui/themes";
import { useState, type ReactNode } from "react";
import { DialogPart, lazyPart, preloadOn } from "../lazy-part.tsx";
import type { EditedMachine } from "./machine-form.tsx";

const MachineForm = lazyPart(() => import("./machine-form.tsx").then((m) => m.MachineForm));

export function MachineFormDialog({
  partnerId,
  machine,
  trigger,
}: {
  partnerId: number;
  machine?: EditedMachine;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger {...preloadOn(MachineForm.preload)}>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{machine ? "Edit Machine" : "Add New Machine"}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {machine
            ? "Change where the machine is and whether it is in service."
            : "Place a new machine at this partner's site."}
        </Dialog.Description>
        <DialogPart>
          <MachineForm partnerId={partnerId} machine={machine} onSaved={() => setOpen(false)} />
        </DialogPart>
      </Dialog.Content>
    </Dialog.Root>
  );
}
