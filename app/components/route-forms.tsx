/**
 * A dialog that is also a page: with JavaScript its trigger opens the dialog over the page as
 * before; before the scripts have loaded (or without them) the trigger is a link to the dialog's
 * own route, which shows the same form as a page whose native post is redirected with a toast.
 * The form's parts that differ between the two: Cancel (close the dialog, or go back), a select
 * (Radix's, or the browser's), and the page's reply to a post made without JavaScript.
 */
import { AlertDialog, Button, Dialog } from "@radix-ui/themes";
import { Link, useActionData } from "@remix-run/react";
import { cloneElement, type ReactElement, type ReactNode } from "react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { useHydrated } from "./forms.tsx";
import { Select } from "./lazy-select.tsx";

/** The trigger (a Button or IconButton element) as a link to the dialog's page. */
export function TriggerLink({ to, trigger }: { to: string; trigger: ReactNode }) {
  const element = trigger as ReactElement<{ asChild?: boolean; children?: ReactNode }>;
  return cloneElement(element, { asChild: true, children: <Link to={to}>{element.props.children}</Link> });
}

/**
 * Cancel: in the dialog it closes it (an alert dialog's with `alert`); on the form's page (`to`) it
 * goes back there.
 */
export function CancelButton({ to, alert = false }: { to?: string; alert?: boolean }) {
  if (to) {
    return (
      <Button asChild variant="soft" color="gray">
        <Link to={to}>Cancel</Link>
      </Button>
    );
  }
  const button = (
    <Button type="button" variant="soft" color="gray">
      Cancel
    </Button>
  );
  return alert ? <AlertDialog.Cancel>{button}</AlertDialog.Cancel> : <Dialog.Close>{button}</Dialog.Close>;
}

/** A form's select: the browser's own until the scripts have loaded, Radix's after. */
export function FormSelect({
  id,
  name,
  value,
  onChange,
  options,
  label,
}: {
  id?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  /** The select's accessible name when no <label> names it. */
  label?: string;
}) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-label={label}
        className="vb-native-select"
        style={{ width: "100%" }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <Select.Root name={name} value={value} onValueChange={onChange}>
      <Select.Trigger id={id} style={{ width: "100%" }} aria-label={label} />
      <Select.Content position="popper">
        {options.map((o) => (
          <Select.Item key={o.value} value={o.value}>
            {o.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

/**
 * The answer a form has: its fetcher's, or, for a form posted without JavaScript on its own page,
 * the page's action data when it answers this form's intent.
 */
export function useFormReply<T>(fetched: T | undefined, intent: string): T | ActionReply | undefined {
  const page = useActionData<ActionReply>();
  if (fetched !== undefined) return fetched;
  return page && typeof page === "object" && "intent" in page && page.intent === intent ? page : undefined;
}

/** The hidden field that sends a page's form back to `to` once it has succeeded (see backTo). */
export function RedirectField({ to }: { to?: string }) {
  return to ? <input type="hidden" name="redirectTo" value={to} /> : null;
}
