/**
 * The Edit agreement dialog's form (its own chunk, see agreement-dialog.tsx): effective month, basis,
 * rate or amount, optional tiers, minimum and cap, per-product rules. The form speaks percents and
 * pounds; the page's action (app/utils/intents/agreements.server.ts) turns them into the API's
 * fractions and checks them with the API's schema. Preview (intent agreement-preview) shows last
 * month under the current and the new terms, line by line, and the paid months the change reaches;
 * Save (agreement-save) is offered once the form's terms have been previewed, and, when paid months
 * differ, once the admin has ticked adding their differences to the next open month.
 */
import { Button, Callout, Flex, Grid, Separator, Text, TextField } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import { BASES, type Basis } from "#domain/agreements/agreement-rules.ts";
import type { ActionReply } from "#app/utils/action-reply.ts";
import type { AgreementPreviewReply } from "#app/utils/intents/agreements.server.ts";
import { Field } from "../field.tsx";
import { isFailure, useActionReply, useHydrated, withScript } from "../forms.tsx";
import { RedirectField, useFormReply } from "../route-forms.tsx";
import type { AgreementCardData } from "./agreement-card.tsx";
import { BasisSelect, NoScriptSave, RateField, SectionHeading } from "./agreement-fields.tsx";
import {
  agreementFormData,
  formFromTerms,
  type AgreementFormState,
  type ProductRow,
  type TierRow,
} from "./agreement-form-state.ts";
import { AgreementProductRules } from "./agreement-product-rules.tsx";
import { PreviewPanel } from "./agreement-preview-panel.tsx";
import { AgreementTiers } from "./agreement-tiers.tsx";
import "./agreement.css";

const BASIS_HINTS: Record<Basis, string> = {
  "net-profit": "Revenue − COGS − the 2.99% card fee, per machine's record.",
  "gross-sales": "Settlement values, net of refunds.",
  "gross-profit": "Gross sales − COGS.",
  "per-item": "An amount for each item sold.",
  "per-machine": "An amount for each machine with a record for the month.",
};

export function AgreementForm({
  partnerId,
  data,
  onSaved,
  backTo,
}: {
  partnerId: number;
  data: Pick<AgreementCardData, "startTerms" | "thisMonth">;
  onSaved: () => void;
  /** On the form's own page: where a success goes back to. */
  backTo?: string;
}) {
  const hydrated = useHydrated();
  // Without JavaScript the page's answer to Save: its refusal.
  const pageReply = useFormReply(undefined, "agreement-save");
  const pageFailure = isFailure(pageReply) ? pageReply : undefined;
  const [form, setForm] = useState<AgreementFormState>(() => formFromTerms(data.startTerms, data.thisMonth));
  const [adjust, setAdjust] = useState(false);
  const preview = useFetcher<AgreementPreviewReply | ActionReply>();
  const save = useFetcher<ActionReply>();
  // The form as each post sent it: a preview or a message shows only while the form is still that.
  const formKey = JSON.stringify(form);
  const sent = useRef<{ preview: string | null; save: string | null; last: "preview" | "save" | null }>({
    preview: null,
    save: null,
    last: null,
  });
  useActionReply(save.data, onSaved);

  const set = (patch: Partial<AgreementFormState>) => setForm((f) => ({ ...f, ...patch }));
  const setTier = (index: number, patch: Partial<TierRow>) =>
    setForm((f) => ({ ...f, tiers: f.tiers.map((t, i) => (i === index ? { ...t, ...patch } : t)) }));
  const setRule = (index: number, patch: Partial<ProductRow>) =>
    setForm((f) => ({ ...f, products: f.products.map((p, i) => (i === index ? { ...p, ...patch } : p)) }));
  const fields = { partnerId: String(partnerId) };

  const previewing = preview.state !== "idle";
  const saving = save.state !== "idle";
  const shown =
    !previewing && sent.current.preview === formKey && preview.data && "preview" in preview.data
      ? preview.data.preview
      : null;
  const failureOf = (which: "preview" | "save") => {
    const fetcher = which === "preview" ? preview : save;
    return fetcher.state === "idle" &&
      sent.current.last === which &&
      sent.current[which] === formKey &&
      isFailure(fetcher.data)
      ? fetcher.data
      : undefined;
  };
  const failure = failureOf("preview") ?? failureOf("save");
  const needsAdjust = Boolean(shown?.paidMonths.length);
  const canSave = Boolean(shown) && (!needsAdjust || adjust) && !saving;

  const runPreview = () => {
    sent.current = { ...sent.current, preview: formKey, last: "preview" };
    setAdjust(false);
    preview.submit(agreementFormData(form, { ...fields, intent: "agreement-preview" }), {
      method: "post",
      preventScrollReset: true,
    });
  };
  const runSave = () => {
    sent.current = { ...sent.current, save: formKey, last: "save" };
    save.submit(
      withScript(
        agreementFormData(form, {
          ...fields,
          intent: "agreement-save",
          ...(adjust ? { adjustPaidMonths: "yes" } : {}),
        }),
      ),
      { method: "post", preventScrollReset: true },
    );
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canSave) runSave();
        else runPreview();
      }}
    >
      {hydrated ? null : (
        <>
          <input type="hidden" name="partnerId" value={partnerId} />
          <RedirectField to={backTo} />
        </>
      )}
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field
            label="Effective month"
            htmlFor="agreement-month"
            hint="Applies from this month on; a past month recalculates the months since."
          >
            <TextField.Root
              id="agreement-month"
              name="effectiveMonth"
              type="month"
              placeholder="YYYY-MM"
              value={form.effectiveMonth}
              onChange={(e) => set({ effectiveMonth: e.target.value })}
            />
          </Field>
          <Field label="Basis" htmlFor="agreement-basis" hint={BASIS_HINTS[form.basis]}>
            <BasisSelect
              id="agreement-basis"
              name="basis"
              value={form.basis}
              bases={BASES}
              onChange={(basis) => set({ basis })}
            />
          </Field>
          {form.tiers.length ? null : (
            <RateField id="agreement-rate" name="rate" basis={form.basis} value={form} onChange={(next) => set(next)} />
          )}
        </Grid>

        <Separator size="4" />
        <AgreementTiers form={form} set={set} setTier={setTier} />

        <Separator size="4" />
        <SectionHeading>Minimum and cap</SectionHeading>
        <Grid columns="2" gap="3" align="start">
          <Field label="Minimum (£)" htmlFor="agreement-minimum" hint="A month, even one with no sales. Optional.">
            <TextField.Root
              id="agreement-minimum"
              name="minimum"
              inputMode="decimal"
              value={form.minimum}
              onChange={(e) => set({ minimum: e.target.value })}
            >
              <TextField.Slot>£</TextField.Slot>
            </TextField.Root>
          </Field>
          <Field label="Cap (£)" htmlFor="agreement-cap" hint="A month. Optional.">
            <TextField.Root
              id="agreement-cap"
              name="cap"
              inputMode="decimal"
              value={form.cap}
              onChange={(e) => set({ cap: e.target.value })}
            >
              <TextField.Slot>£</TextField.Slot>
            </TextField.Root>
          </Field>
        </Grid>

        <Separator size="4" />
        <AgreementProductRules form={form} set={set} setRule={setRule} />

        {hydrated ? null : <NoScriptSave failure={pageFailure} backTo={backTo} />}
        {hydrated && failure ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>
              <strong>{failure.title}</strong>: {failure.error}
            </Callout.Text>
          </Callout.Root>
        ) : null}

        {shown ? <PreviewPanel preview={shown} adjust={adjust} onAdjust={setAdjust} /> : null}

        <Flex gap="3" justify="end" wrap="wrap" align="center" display={hydrated ? "flex" : "none"}>
          {!shown && !failure ? (
            <Text size="1" color="gray" mr="auto">
              Preview the new terms to save them.
            </Text>
          ) : null}
          <Button type="button" variant="soft" loading={previewing} onClick={runPreview}>
            Preview
          </Button>
          <Button type="button" disabled={!canSave} loading={saving} onClick={runSave}>
            Save agreement
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
