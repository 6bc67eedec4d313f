/**
 * Add New Machine / Edit Machine: the trigger and the dialog; the form (location, image URL,
 * status, posted to the page's action) is its own chunk, machine-form.tsx, fetched when it opens.
 * Before the scripts have loaded the trigger links to the form's own page (machinePages).
 */
import { Dialog } from "@radix-ui/themes";
import { useState, type ReactNode } from "react";
import { useHydrated } from "../forms.tsx";
import { DialogPart, lazyPart, preloadOn } from "../lazy-part.tsx";
import { TriggerLink } from "../route-forms.tsx";
import type { EditedMachine } from "./machine-form.tsx";

/** The forms' own pages: Add New Machine under its partner, Edit Machine under the machine. */
export const machinePages = {
  add: (partnerId: number) => `/partners/${partnerId}/machines/new`,
  edit: (machineId: number) => `/machines/${machineId}/edit`,
};

/** What the dialog says under its title, on the form's page too. */
export const machineFormText = (editing: boolean) =>
  editing
    ? { title: "Edit Machine", description: "Change where the machine is and whether it is in service." }
    : { title: "Add New Machine", description: "Place a new machine at this partner's site." };

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
  const hydrated = useHydrated();
  const text = machineFormText(Boolean(machine));
  if (!hydrated)
    return <TriggerLink to={machine ? machinePages.edit(machine.id) : machinePages.add(partnerId)} trigger={trigger} />;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger {...preloadOn(MachineForm.preload)}>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{text.title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {text.description}
        </Dialog.Description>
        <DialogPart>
          <MachineForm partnerId={partnerId} machine={machine} onSaved={() => setOpen(false)} />
        </DialogPart>
      </Dialog.Content>
    </Dialog.Root>
  );
}
