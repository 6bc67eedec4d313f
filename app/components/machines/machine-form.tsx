/**
 * The body of Add New Machine / Edit Machine (machine-form-dialog.tsx), a chunk of its own fetched
 * when the dialog opens: location (required), image URL (optional), status, posted (intent
 * machine-create or machine-update) to the page's action. The schema's messages show under the
 * fields; any other refusal is the 'Failed to add machine' / 'Failed to update machine' toast.
 */
import { Button, Dialog, Flex, Select, TextField } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { Field } from "../field.tsx";
import { isFailure, ScriptField, useActionReply, useFailureToast } from "../forms.tsx";

export interface EditedMachine {
  id: number;
  location: string;
  imageUrl: string | null;
  status: "active" | "inactive";
}

interface MachineFields {
  location: string;
  imageUrl: string;
  status: "active" | "inactive";
}

/** The fields shown in the dialog: a message about any other field is the toast. */
const SHOWN = ["location", "imageUrl", "status"];

export function MachineForm({
  partnerId,
  machine,
  onSaved,
}: {
  partnerId: number;
  machine?: EditedMachine;
  onSaved: () => void;
}) {
  // The dialog mounts this afresh each time it opens: the machine's values, no messages.
  const [form, setForm] = useState<MachineFields>({
    location: machine?.location ?? "",
    imageUrl: machine?.imageUrl ?? "",
    status: machine?.status ?? "active",
  });
  const fetcher = useFetcher<ActionReply>();
  const saving = fetcher.state !== "idle";
  const failure = isFailure(fetcher.data) ? fetcher.data : undefined;
  // Messages show under the fields until the form is sent again.
  const errors = (!saving && failure?.fieldErrors) || {};
  const onField = SHOWN.some((name) => failure?.fieldErrors?.[name]);
  useFailureToast(onField ? undefined : failure);
  useActionReply(fetcher.data, onSaved);

  return (
    <fetcher.Form method="post" preventScrollReset noValidate>
      <ScriptField />
      {machine ? (
        <>
          <input type="hidden" name="intent" value="machine-update" />
          <input type="hidden" name="id" value={machine.id} />
        </>
      ) : (
        <>
          <input type="hidden" name="intent" value="machine-create" />
          <input type="hidden" name="partnerId" value={partnerId} />
        </>
      )}
      <Flex direction="column" gap="3">
        <Field
          label="Location"
          error={errors.location}
          htmlFor="machine-location"
          hint="As named in the telemetry exports' Machine Name column"
        >
          <TextField.Root
            id="machine-location"
            name="location"
            value={form.location}
            onChange={(e) => setForm({ ...form, location: e.target.value })}
          />
        </Field>
        <Field label="Image URL (optional)" error={errors.imageUrl} htmlFor="machine-image">
          <TextField.Root
            id="machine-image"
            name="imageUrl"
            type="url"
            value={form.imageUrl}
            placeholder="https://…"
            onChange={(e) => setForm({ ...form, imageUrl: e.target.value })}
          />
        </Field>
        <Field label="Status" error={errors.status} htmlFor="machine-status">
          <Select.Root
            name="status"
            value={form.status}
            onValueChange={(v) => setForm({ ...form, status: v as MachineFields["status"] })}
          >
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
    </fetcher.Form>
  );
}
