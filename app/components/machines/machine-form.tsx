/**
 * The body of Add New Machine / Edit Machine (machine-form-dialog.tsx), a chunk of its own fetched
 * when the dialog opens: location (required), image URL (optional), status, posted (intent
 * machine-create or machine-update) to the page's action. The schema's messages show under the
 * fields; any other refusal is the 'Failed to add machine' / 'Failed to update machine' toast.
 */
import { Button, Flex, TextField } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { Field } from "../field.tsx";
import { isFailure, ScriptField, useActionReply, useFailureToast } from "../forms.tsx";
import { CancelButton, FormSelect, RedirectField, useFormReply } from "../route-forms.tsx";
import { isMachineSaved, MachineNameWarnings } from "./machine-name-warnings.tsx";

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
  backTo,
}: {
  partnerId: number;
  machine?: EditedMachine;
  onSaved: () => void;
  /** On the form's own page: where Cancel and a success go back to. */
  backTo?: string;
}) {
  // The dialog mounts this afresh each time it opens: the machine's values, no messages.
  const fetcher = useFetcher<ActionReply>();
  const saving = fetcher.state !== "idle";
  const reply = useFormReply(fetcher.data, machine ? "machine-update" : "machine-create");
  const failure = isFailure(reply) ? reply : undefined;
  // Without JavaScript a refused form comes back as a page: what was sent, filled in again.
  const sent = failure?.values;
  const [form, setForm] = useState<MachineFields>({
    location: sent?.location ?? machine?.location ?? "",
    imageUrl: sent?.imageUrl ?? machine?.imageUrl ?? "",
    status: sent?.status === "inactive" || sent?.status === "active" ? sent.status : (machine?.status ?? "active"),
  });
  // Messages show under the fields until the form is sent again.
  const errors = (!saving && failure?.fieldErrors) || {};
  const onField = SHOWN.some((name) => failure?.fieldErrors?.[name]);
  useFailureToast(onField ? undefined : failure);
  useActionReply(fetcher.data, onSaved);

  // Saved, but another machine answers to its location or telemetry name: the warnings and the offer.
  if (isMachineSaved(reply)) return <MachineNameWarnings reply={reply} backTo={backTo} onDone={onSaved} />;
  return (
    <fetcher.Form method="post" preventScrollReset noValidate>
      <ScriptField />
      <RedirectField to={backTo} />
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
          <FormSelect
            id="machine-status"
            name="status"
            value={form.status}
            onChange={(v) => setForm({ ...form, status: v as MachineFields["status"] })}
            options={[
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
            ]}
          />
        </Field>
        <Flex gap="3" justify="end" mt="2">
          <CancelButton to={backTo} />
          <Button type="submit" loading={saving}>
            {machine ? "Save Machine" : "Add Machine"}
          </Button>
        </Flex>
      </Flex>
    </fetcher.Form>
  );
}
