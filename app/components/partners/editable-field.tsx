/** One field of the edit dialog: shown, then edited on its own and confirmed or cancelled. */
import { Flex, IconButton, Select, Text, TextField } from "@radix-ui/themes";
import { CheckIcon, Cross2Icon, Pencil1Icon } from "@radix-ui/react-icons";
import { useId, useState, type KeyboardEvent } from "react";

export interface EditableFieldProps {
  label: string;
  /** What is shown when not editing. */
  display: string;
  /** The draft's starting value. */
  initial: string;
  type?: "text" | "email" | "password" | "number";
  step?: number;
  options?: { value: string; label: string }[];
  placeholder?: string;
  /** Checks and saves the draft; answers an error message to show, or null when saved. */
  onSave: (value: string) => Promise<string | null>;
}

export function EditableField({ label, display, initial, type = "text", step, options, placeholder, onSave }: EditableFieldProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const start = () => {
    setDraft(initial);
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setError(null);
  };
  const confirm = async () => {
    setSaving(true);
    const message = await onSave(draft);
    setSaving(false);
    if (message) setError(message);
    else setEditing(false);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void confirm();
    }
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  return (
    <Flex direction="column" gap="1" py="2" style={{ borderBottom: "1px solid var(--gray-a4)" }}>
      <Text as="label" htmlFor={id} size="1" color="gray" weight="medium">
        {label}
      </Text>
      {editing ? (
        <Flex gap="2" align="center">
          <div style={{ flex: 1, minWidth: 0 }}>
            {options ? (
              <Select.Root value={draft} onValueChange={setDraft}>
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
          <IconButton aria-label={`Save ${label}`} onClick={confirm} loading={saving} color="green" variant="soft">
            <CheckIcon />
          </IconButton>
          <IconButton aria-label={`Cancel ${label}`} onClick={cancel} color="gray" variant="soft" disabled={saving}>
            <Cross2Icon />
          </IconButton>
        </Flex>
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
      {error ? (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
