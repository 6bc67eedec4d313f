/** The Edit agreement form's parts (agreement-form.tsx): a rate field, a basis select, a section heading, and Save without JavaScript. */
import { Button, Callout, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { basisLabel, isCountBasis, type Basis } from "#domain/agreements/agreement-rules.ts";
import type { ActionFailure } from "#app/utils/action-reply.ts";
import { Field } from "../field.tsx";
import { CancelButton, FormSelect } from "../route-forms.tsx";
import type { RateText } from "./agreement-form-state.ts";

/** A rate or amount field: "Rate (%)", or "Amount per item (£)" for a count basis. */
export function RateField({
  basis,
  value,
  onChange,
  id,
  label,
  name,
}: {
  basis: Basis;
  value: RateText;
  onChange: (next: RateText) => void;
  id: string;
  label?: string;
  /** The field's name in the page's form without JavaScript (agreementFormData's). */
  name: string;
}) {
  const count = isCountBasis(basis);
  const shown = label ?? (count ? `Amount per ${basis === "per-item" ? "item" : "machine"} (£)` : "Rate (%)");
  return (
    <Field label={shown} htmlFor={id}>
      <TextField.Root
        id={id}
        name={name}
        inputMode="decimal"
        value={count ? value.amount : value.percent}
        onChange={(e) => onChange(count ? { ...value, amount: e.target.value } : { ...value, percent: e.target.value })}
      >
        <TextField.Slot side={count ? "left" : "right"}>{count ? "£" : "%"}</TextField.Slot>
      </TextField.Root>
    </Field>
  );
}

export function BasisSelect<B extends Basis>({
  id,
  value,
  bases,
  onChange,
  label,
  name,
}: {
  id: string;
  value: B;
  bases: readonly B[];
  onChange: (basis: B) => void;
  label?: string;
  name: string;
}) {
  return (
    <FormSelect
      id={id}
      name={name}
      value={value}
      onChange={(v) => onChange(v as B)}
      label={label}
      options={bases.map((basis) => ({ value: basis, label: basisLabel(basis) }))}
    />
  );
}

export function SectionHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Flex justify="between" align="center" gap="2" wrap="wrap">
      <Heading as="h3" size="3">
        {children}
      </Heading>
      {actions ? (
        <Flex gap="2" wrap="wrap">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}

/**
 * Save before the scripts have loaded (the form's page without JavaScript): the form posts its
 * fields with intent agreement-save, the paid months' differences confirmed by the box (a change
 * that reaches a paid month is refused with the reason until it is ticked). Preview needs the scripts.
 */
export function NoScriptSave({ failure, backTo }: { failure?: ActionFailure; backTo?: string }) {
  return (
    <Flex direction="column" gap="3">
      {failure ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            <strong>{failure.title}</strong>: {failure.error}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Text as="label" size="2">
        <input type="checkbox" name="adjustPaidMonths" value="yes" /> Add the differences of paid months to the next
        open month
      </Text>
      <Flex gap="3" justify="end">
        <CancelButton to={backTo} />
        <Button type="submit" name="intent" value="agreement-save">
          Save agreement
        </Button>
      </Flex>
    </Flex>
  );
}
