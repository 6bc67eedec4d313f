/**
 * Add Partner: the create form with the spec's rules for each partner type, posted (intent
 * partner-create) to the page's action. Its messages show under the fields; a refusal (a username
 * taken) is the 'Error creating partner' toast. Before the scripts have loaded the trigger links to
 * the form's own page (/admin/partners/new).
 */
import { Button, Dialog, Flex, Grid, Heading, Separator, TextField } from "@radix-ui/themes";
import { PlusIcon } from "@radix-ui/react-icons";
import { useFetcher } from "@remix-run/react";
import { useState, type Dispatch, type SetStateAction } from "react";
import { PAYMENT_PERIODS, paymentPeriodLabel, type PaymentPeriod } from "#domain/invoices/invoice-rules.ts";
import { isProfitSharingType, type PartnerType } from "#domain/partners/partner-rules.ts";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { Field } from "../field.tsx";
import { isFailure, ScriptField, useActionReply, useFailureToast, useHydrated } from "../forms.tsx";
import { CancelButton, FormSelect, RedirectField, TriggerLink, useFormReply } from "../route-forms.tsx";
import { PartnerTypeSelect } from "./partner-type.tsx";

interface FormState {
  name: string;
  username: string;
  password: string;
  partnerType: PartnerType;
  commissionPercent: string;
  monthlyFee: string;
  paymentPeriod: PaymentPeriod;
  email: string;
  billingAddress: string;
  bankName: string;
  accountHolderName: string;
  accountNumber: string;
  sortCode: string;
  rollNumber: string;
}

const EMPTY: FormState = {
  name: "",
  username: "",
  password: "",
  partnerType: "profit-sharing",
  commissionPercent: "10",
  monthlyFee: "",
  paymentPeriod: "monthly",
  email: "",
  billingAddress: "",
  bankName: "",
  accountHolderName: "",
  accountNumber: "",
  sortCode: "",
  rollNumber: "",
};

/** What a refused form sent (without JavaScript), as the form's state. */
function sentFields(values: Record<string, string> | undefined): Partial<FormState> {
  if (!values) return {};
  const keys = Object.keys(EMPTY) as (keyof FormState)[];
  return Object.fromEntries(keys.filter((k) => k !== "password" && k in values).map((k) => [k, values[k]]));
}

/** The spec's type rules: non-profit-sharing sets commission to 0; any type but fee-paying clears the fee. */
export function withPartnerType(form: FormState, partnerType: PartnerType): FormState {
  return {
    ...form,
    partnerType,
    commissionPercent: partnerType === "non-profit-sharing" ? "0" : form.commissionPercent,
    monthlyFee: partnerType === "fee-paying" ? form.monthlyFee : "",
  };
}

/** The form's page (/admin/partners/new): the dialog's trigger links there until the scripts have loaded. */
export const ADD_PARTNER_PAGE = "/admin/partners/new";

export const ADD_PARTNER_TEXT = {
  title: "Add Partner",
  description: "Create a partner account. The partner signs in with this username and password.",
};

export function AddPartnerDialog() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // Kept while the dialog is closed (Cancel keeps what was typed); a success empties it.
  const state = useState<FormState>(EMPTY);
  const trigger = (
    <Button>
      <PlusIcon /> Add Partner
    </Button>
  );
  if (!hydrated) return <TriggerLink to={ADD_PARTNER_PAGE} trigger={trigger} />;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="620px" style={{ maxHeight: "90vh", overflowY: "auto" }}>
        <Dialog.Title>{ADD_PARTNER_TEXT.title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {ADD_PARTNER_TEXT.description}
        </Dialog.Description>
        <AddPartnerForm
          state={state}
          onCreated={() => {
            setOpen(false);
            state[1](EMPTY);
          }}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * The create form, in the dialog or on its page (`backTo`: where Cancel and a success go). Without
 * JavaScript every type's fields show (the type cannot hide them) and the action keeps to the
 * type's rules; a refused form comes back with what was sent.
 */
export function AddPartnerForm({
  state,
  onCreated,
  backTo,
}: {
  state?: [FormState, Dispatch<SetStateAction<FormState>>];
  onCreated: () => void;
  backTo?: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionReply>();
  const saving = fetcher.state !== "idle";
  const reply = useFormReply(fetcher.data, "partner-create");
  const failure = isFailure(reply) ? reply : undefined;
  const own = useState<FormState>(() => ({ ...EMPTY, ...sentFields(failure?.values) }));
  const [form, setForm] = state ?? own;
  // The form's messages show under its fields (until the dialog is closed); a refusal (a username taken) is the toast.
  const errors = (!saving && failure?.fieldErrors) || {};
  useFailureToast(failure?.fieldErrors ? undefined : failure);
  useActionReply(fetcher.data, onCreated);
  const set = (key: keyof FormState) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  return (
    <fetcher.Form method="post" preventScrollReset noValidate>
      <input type="hidden" name="intent" value="partner-create" />
      <ScriptField />
      <RedirectField to={backTo} />
      <Flex direction="column" gap="4">
        <Heading as="h3" size="3">
          Account
        </Heading>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field label="Name" error={errors.name} htmlFor="create-name">
            <TextField.Root id="create-name" name="name" value={form.name} onChange={set("name")} />
          </Field>
          <Field label="Username" error={errors.username} htmlFor="create-username">
            <TextField.Root
              id="create-username"
              name="username"
              value={form.username}
              onChange={set("username")}
              autoComplete="off"
            />
          </Field>
          <Field label="Password" error={errors.password} hint="At least 8 characters" htmlFor="create-password">
            <TextField.Root
              id="create-password"
              name="password"
              type="password"
              value={form.password}
              onChange={set("password")}
              autoComplete="new-password"
            />
          </Field>
          <Field label="Partner type" error={errors.partnerType} htmlFor="create-type">
            <PartnerTypeSelect
              id="create-type"
              name="partnerType"
              value={form.partnerType}
              onChange={(type) => setForm((f) => withPartnerType(f, type))}
            />
          </Field>
          {!hydrated || isProfitSharingType(form.partnerType) ? (
            <Field label="Commission (%)" error={errors.commissionPercentage} htmlFor="create-commission">
              <TextField.Root
                id="create-commission"
                name="commissionPercent"
                type="number"
                min={0}
                max={100}
                step={0.1}
                value={form.commissionPercent}
                onChange={set("commissionPercent")}
              />
            </Field>
          ) : null}
          {!hydrated || form.partnerType === "fee-paying" ? (
            <>
              <Field label="Monthly fee (£)" error={errors.monthlyFee} htmlFor="create-fee">
                <TextField.Root
                  id="create-fee"
                  name="monthlyFee"
                  type="number"
                  min={0}
                  step={0.01}
                  value={form.monthlyFee}
                  onChange={set("monthlyFee")}
                />
              </Field>
              <Field label="Payment period" htmlFor="create-period">
                <FormSelect
                  id="create-period"
                  name="paymentPeriod"
                  value={form.paymentPeriod}
                  onChange={(v) => setForm((f) => ({ ...f, paymentPeriod: v as PaymentPeriod }))}
                  options={PAYMENT_PERIODS.map((p) => ({ value: p, label: paymentPeriodLabel(p) }))}
                />
              </Field>
            </>
          ) : null}
        </Grid>
        <Separator size="4" />
        <Heading as="h3" size="3">
          Contact
        </Heading>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field label="Email" error={errors.email} htmlFor="create-email">
            <TextField.Root id="create-email" name="email" type="email" value={form.email} onChange={set("email")} />
          </Field>
          <Field label="Billing address" error={errors.billingAddress} htmlFor="create-billing">
            <TextField.Root
              id="create-billing"
              name="billingAddress"
              value={form.billingAddress}
              onChange={set("billingAddress")}
            />
          </Field>
        </Grid>
        <Separator size="4" />
        <Heading as="h3" size="3">
          Bank details
        </Heading>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field label="Bank name" htmlFor="create-bank">
            <TextField.Root id="create-bank" name="bankName" value={form.bankName} onChange={set("bankName")} />
          </Field>
          <Field label="Account holder name" error={errors.accountHolderName} htmlFor="create-holder">
            <TextField.Root
              id="create-holder"
              name="accountHolderName"
              value={form.accountHolderName}
              onChange={set("accountHolderName")}
            />
          </Field>
          <Field label="Account number" error={errors.accountNumber} hint="8 digits" htmlFor="create-account">
            <TextField.Root
              id="create-account"
              name="accountNumber"
              value={form.accountNumber}
              onChange={set("accountNumber")}
              inputMode="numeric"
            />
          </Field>
          <Field label="Sort code" error={errors.sortCode} htmlFor="create-sort">
            <TextField.Root
              id="create-sort"
              name="sortCode"
              value={form.sortCode}
              onChange={set("sortCode")}
              placeholder="00-00-00"
            />
          </Field>
          <Field
            label="Roll number"
            error={errors.rollNumber}
            hint="Building societies only, if they give one"
            htmlFor="create-roll"
          >
            <TextField.Root id="create-roll" name="rollNumber" value={form.rollNumber} onChange={set("rollNumber")} />
          </Field>
        </Grid>
        <Flex gap="3" justify="end" mt="2">
          <CancelButton to={backTo} />
          <Button type="submit" loading={saving}>
            Create Partner
          </Button>
        </Flex>
      </Flex>
    </fetcher.Form>
  );
}
