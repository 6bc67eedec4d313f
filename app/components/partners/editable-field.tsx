/**
 * One field of the edit dialog: shown, then edited on its own and confirmed or cancelled. Confirming
 * posts the field alone (with `fields`: intent, id) to the page's action in its own fetcher form; the
 * field's message comes back under it, any other failure as the action's toast.
 */
import { Button, Flex, IconButton, Select, Text, TextField } from "@radix-ui/themes";
import { CheckIcon, Cross2Icon, Pencil1Icon } from "@radix-ui/react-icons";
import { Form, useFetcher } from "@remix-run/react";
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { isFailure, ScriptField, useActionReply, useFailureToast, useHydrated } from "../forms.tsx";
import { FormSelect, useFormReply } from "../route-forms.tsx";

export interface EditableFieldProps {
  label: string;
  /** The form field sent (the API's name for it). */
  name: string;
  /** Hidden fields sent with it: the intent and the record's id. */
  fields: Record<string, string | number>;
  /** What is shown when not editing. */
  display: string;
  /** The draft's starting value. */
  initial: string;
  type?: "text" | "email" | "password" | "number";
  step?: number;
  options?: { value: string; label: string }[];
  placeholder?: string;
  /** A blank draft keeps the current value: nothing is sent (the password). */
  blankKeeps?: boolean;
}

export function EditableField({
  label,
  name,
  fields,
  display,
  initial,
  type = "text",
  step,
  options,
  placeholder,
  blankKeeps = false,
}: EditableFieldProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(initial);
  const fetcher = useFetcher<ActionReply>();
  const hydrated = useHydrated();
  const saving = fetcher.state !== "idle";
  const failure = isFailure(fetcher.data) ? fetcher.data : undefined;
  // Without JavaScript: the page's answer to this field's form (the one it sent back).
  const pageReply = useFormReply(undefined, String(fields.intent ?? ""));
  const pageFailure = isFailure(pageReply) && pageReply.values?.[name] !== undefined ? pageReply : undefined;
  // A message about the field shows under it; any other failure (the server refused) is a toast too.
  const fieldError = failure?.fieldErrors?.[name];
  useFailureToast(fieldError ? undefined : failure);
  const [shownError, setShownError] = useState(false);
  useActionReply(fetcher.data, () => setEditing(false));
  const id = useId();

  const start = () => {
    setDraft(initial);
    setShownError(false);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setShownError(false);
  };
  const onSubmit = (event: FormEvent) => {
    if (blankKeeps && !draft) {
      event.preventDefault();
      cancel();
      return;
    }
    setShownError(true);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };
  const error = shownError && !saving ? (fieldError ?? failure?.error) : undefined;
  if (!hydrated)
    return (
      <NoScriptField
        {...{ label, name, fields, initial, type, step, options, placeholder, id }}
        sent={pageFailure?.values?.[name]}
        error={pageFailure ? (pageFailure.fieldErrors?.[name] ?? pageFailure.error) : undefined}
      />
    );

  return (
    <Flex direction="column" gap="1" py="2" style={{ borderBottom: "1px solid var(--gray-a4)" }}>
      <Text as="label" htmlFor={id} size="1" color="gray" weight="medium">
        {label}
      </Text>
      {editing ? (
        <fetcher.Form method="post" preventScrollReset onSubmit={onSubmit} noValidate>
          {Object.entries(fields).map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <ScriptField />
          <Flex gap="2" align="center">
            <div style={{ flex: 1, minWidth: 0 }}>
              {options ? (
                <Select.Root name={name} value={draft} onValueChange={setDraft}>
                  <Select.Trigger id={id} style={{ width: "100%" }} aria-label={label} />
                  <Select.Content position="popper">
                    {options.map((o) => (
                      <Select.Item key={o.value} value={o.value}>
                        {o.label}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              ) : (
                <TextField.Root
                  id={id}
                  name={name}
                  type={type}
                  step={step}
                  value={draft}
                  placeholder={placeholder}
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={onKey}
                  autoFocus
                  autoComplete={type === "password" ? "new-password" : "off"}
                />
              )}
            </div>
            <IconButton type="submit" aria-label={`Save ${label}`} loading={saving} color="green" variant="soft">
              <CheckIcon />
            </IconButton>
            <IconButton
              type="button"
              aria-label={`Cancel ${label}`}
              onClick={cancel}
              color="gray"
              variant="soft"
              disabled={saving}
            >
              <Cross2Icon />
            </IconButton>
          </Flex>
        </fetcher.Form>
      ) : (
        <Flex gap="2" align="center" justify="between">
          <Text size="2" color={display ? undefined : "gray"} style={{ wordBreak: "break-word" }}>
            {display || "Not provided"}
          </Text>
          <IconButton aria-label={`Edit ${label}`} onClick={start} variant="ghost" size="1">
            <Pencil1Icon />
          </IconButton>
        </Flex>
      )}
      {editing && error ? (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

/**
 * The field before the scripts have loaded (its page without JavaScript): a form of its own, the
 * input and Save, posted to the page's action; a refused value comes back with its message.
 */
function NoScriptField({
  label,
  name,
  fields,
  initial,
  type,
  step,
  options,
  placeholder,
  id,
  sent,
  error,
}: Pick<EditableFieldProps, "label" | "name" | "fields" | "initial" | "type" | "step" | "options" | "placeholder"> & {
  id: string;
  sent?: string;
  error?: string;
}) {
  const value = sent ?? initial;
  return (
    <Form method="post" preventScrollReset noValidate>
      {Object.entries(fields).map(([key, v]) => (
        <input key={key} type="hidden" name={key} value={v} />
      ))}
      <Flex direction="column" gap="1" py="2" style={{ borderBottom: "1px solid var(--gray-a4)" }}>
        <Text as="label" htmlFor={id} size="1" color="gray" weight="medium">
          {label}
        </Text>
        <Flex gap="2" align="center">
          <div style={{ flex: 1, minWidth: 0 }}>
            {options ? (
              <FormSelect id={id} name={name} value={value} onChange={() => undefined} options={options} />
            ) : (
              <TextField.Root
                id={id}
                name={name}
                type={type}
                step={step}
                defaultValue={type === "password" ? "" : value}
                placeholder={placeholder}
                autoComplete={type === "password" ? "new-password" : "off"}
              />
            )}
          </div>
          <Button type="submit" size="1" variant="soft" color="green" aria-label={`Save ${label}`}>
            Save
          </Button>
        </Flex>
        {error ? (
          <Text size="1" color="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Flex>
    </Form>
  );
}
