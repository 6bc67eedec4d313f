/** Add New Machine / Edit Machine: location (required), image URL (optional), status. */
import { Button, Dialog, Flex, Select, TextField } from "@radix-ui/themes";
import { useState, type FormEvent, type ReactNode } from "react";
import { machineSchema } from "#domain/machine-schemas.ts";
import { apiRequest } from "#app/utils/api-client.ts";
import { Field, fieldErrors } from "../field.tsx";
import { useAction } from "../use-action.ts";

interface MachineFields {
  location: string;
  imageUrl: string;
  status: "active" | "inactive";
}

export function MachineFormDialog({
  partnerId,
  machine,
  trigger,
  onSaved,
}: {
  partnerId: number;
  machine?: { id: number; location: string; imageUrl: string | null; status: "active" | "inactive" };
  trigger: ReactNode;
  onSaved: () => void;
}) {
  const initial: MachineFields = { location: machine?.location ?? "", imageUrl: machine?.imageUrl ?? "", status: machine?.status ?? "active" };
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useAction();
  const saving = pending !== null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = machineSchema.safeParse(form);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    const outcome = await run(
      "save",
      () => (machine ? apiRequest("PATCH", `/api/machines/${machine.id}`, form) : apiRequest("POST", "/api/machines", { ...form, partnerId })),
      {
        success: () => (machine ? { title: "Machine updated" } : { title: "Machine added", description: form.location }),
        failure: machine ? "Failed to update machine" : "Failed to add machine",
        fallback: "Please try again",
      },
    );
    if (!outcome.ok) return;
    setOpen(false);
    onSaved();
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setForm(initial);
          setErrors({});
        }
      }}
    >
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{machine ? "Edit Machine" : "Add New Machine"}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {machine ? "Change where the machine is and whether it is in service." : "Place a new machine at this partner's site."}
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="3">
            <Field label="Location" error={errors.location} htmlFor="machine-location" hint="As named in the telemetry exports' Machine Name column">
              <TextField.Root id="machine-location" value={form.location} onChange={(e) => setForm({ ...form, location: e.target.value })} />
            </Field>
            <Field label="Image URL (optional)" error={errors.imageUrl} htmlFor="machine-image">
              <TextField.Root id="machine-image" type="url" value={form.imageUrl} placeholder="https://…" onChange={(e) => setForm({ ...form, imageUrl: e.target.value })} />
            </Field>
            <Field label="Status" htmlFor="machine-status">
              <Select.Root value={form.status} onValueChange={(v) => setForm({ ...form, status: v as MachineFields["status"] })}>
                <Select.Trigger id="machine-status" style={{ width: "100%" }} />
                <Select.Content position="popper">
                  <Select.Item value="active">Active</Select.Item>
                  <Select.Item value="inactive">Inactive</Select.Item>
                </Select.Content>
              </Select.Root>
            </Field>
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={saving}>
                {machine ? "Save Machine" : "Add Machine"}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
