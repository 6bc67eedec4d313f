/**
 * After Add New Machine / Edit Machine saved a machine whose location or telemetry name another
 * machine also answers to (issue 33): the warnings, each naming the other machine, and a form per
 * machine to give it a telemetry name (intent machine-telemetry-name), so exports route again. In
 * the dialog and on the forms' own pages; without JavaScript the form posts and comes back.
 */
import { Button, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Link, useFetcher } from "@remix-run/react";
import type { ActionReply, ActionToast } from "#app/utils/action-reply.ts";
import { isFailure, ScriptField, useActionReply, useFailureToast } from "../forms.tsx";
import { RedirectField } from "../route-forms.tsx";
import { listWords, machineLabel } from "#domain/imports/machine-names.ts";

/** A machine saved, with the other machines answering to its names: the form shows this instead of closing. */
export interface MachineSavedReply {
  intent: "machine-create" | "machine-update";
  saved: true;
  toast: ActionToast;
  machine: { id: number; location: string; telemetryName: string | null };
  clashes: { name: string; other: { id: number; location: string; partnerName: string }; message: string }[];
}

export const isMachineSaved = (reply: unknown): reply is MachineSavedReply =>
  !!reply && typeof reply === "object" && "saved" in reply && "clashes" in reply;

function TelemetryNameForm({
  machine,
  label,
  backTo,
  onDone,
}: {
  machine: { id: number };
  /** Which machine, told apart from the others of the same location. */
  label: string;
  backTo?: string;
  onDone: () => void;
}) {
  const fetcher = useFetcher<ActionReply>();
  const failure = isFailure(fetcher.data) ? fetcher.data : undefined;
  useFailureToast(failure);
  useActionReply(fetcher.data, onDone);
  const id = `telemetry-name-${machine.id}`;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <ScriptField />
      <RedirectField to={backTo} />
      <input type="hidden" name="intent" value="machine-telemetry-name" />
      <input type="hidden" name="id" value={machine.id} />
      <Flex direction="column" gap="1">
        <Text as="label" size="2" htmlFor={id}>
          Give {label} a telemetry name
        </Text>
        <Flex gap="2" wrap="wrap">
          <TextField.Root id={id} name="telemetryName" required style={{ minWidth: 200 }} />
          <Button type="submit" variant="soft" loading={fetcher.state !== "idle"}>
            Set telemetry name
          </Button>
        </Flex>
      </Flex>
    </fetcher.Form>
  );
}

export function MachineNameWarnings({
  reply,
  backTo,
  onDone,
}: {
  reply: MachineSavedReply;
  backTo?: string;
  onDone: () => void;
}) {
  const others = [...new Map(reply.clashes.map((c) => [c.other.id, c.other])).values()];
  const names = listWords([...new Set(reply.clashes.map((c) => `'${c.name}'`))]);
  return (
    <Flex direction="column" gap="3">
      <Callout.Root color="amber" role="alert" aria-label="Machine names that route">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Flex direction="column" gap="1">
          <Callout.Text weight="medium">
            {reply.toast.title}: {reply.machine.location}
          </Callout.Text>
          {reply.clashes.map((c) => (
            <Callout.Text key={`${c.name}-${c.other.id}`}>{c.message}.</Callout.Text>
          ))}
          <Callout.Text>
            A telemetry name (the Machine Name a machine&apos;s exports use) routes before any location: give {names} as
            the telemetry name of the machine whose exports carry it, and each other machine the name its own exports
            use.
          </Callout.Text>
        </Flex>
      </Callout.Root>
      <TelemetryNameForm
        machine={reply.machine}
        label={`this machine (${reply.machine.location})`}
        backTo={backTo}
        onDone={onDone}
      />
      {others.map((m) => (
        <TelemetryNameForm key={m.id} machine={m} label={machineLabel(m)} backTo={backTo} onDone={onDone} />
      ))}
      <Flex justify="end">
        {backTo ? (
          <Button asChild variant="soft" color="gray">
            <Link to={backTo}>Done</Link>
          </Button>
        ) : (
          <Button type="button" variant="soft" color="gray" onClick={onDone}>
            Done
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
