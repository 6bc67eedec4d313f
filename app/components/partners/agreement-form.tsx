/**
 * The Edit agreement dialog's form (its own chunk, see agreement-dialog.tsx): effective month, basis,
 * rate or amount, optional tiers, minimum and cap, per-product rules. The form speaks percents and
 * pounds; the page's action (app/utils/intents/agreements.server.ts) turns them into the API's
 * fractions and checks them with the API's schema. Preview (intent agreement-preview) shows last
 * month under the current and the new terms, line by line, and the paid months the change reaches;
 * Save (agreement-save) is offered once the form's terms have been previewed, and, when paid months
 * differ, once the admin has ticked adding their differences to the next open month.
 */
import { Box, Button, Callout, Flex, Grid, IconButton, Separator, Text, TextField } from "@radix-ui/themes";
import { Cross2Icon, PlusIcon } from "@radix-ui/react-icons";
import { useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import {
  BASES,
  PRODUCT_BASES,
  SEED_TIERS,
  basisLabel,
  isCountBasis,
  type AgreementTerms,
  type Basis,
  type ProductBasis,
} from "#domain/agreements/agreement-rules.ts";
import { bpToFraction } from "#domain/shared/commission-rules.ts";
import { formatPlainAmount } from "#domain/shared/format.ts";
import { formatPence, poundsToPence } from "#domain/shared/money.ts";
import type { ActionReply } from "#app/utils/action-reply.ts";
import type { AgreementPreviewReply } from "#app/utils/intents/agreements.server.ts";
import { Field } from "../field.tsx";
import { isFailure, useActionReply, useHydrated, withScript } from "../forms.tsx";
import { RedirectField, useFormReply } from "../route-forms.tsx";
import type { AgreementCardData } from "./agreement-card.tsx";
import { BasisSelect, NoScriptSave, RateField, SectionHeading } from "./agreement-fields.tsx";
import { PreviewPanel } from "./agreement-preview-panel.tsx";
import "./agreement.css";

/** A rate as typed: a percent for a money basis, pounds each for a count basis (both kept, so switching basis and back loses nothing). */
export interface RateText {
  percent: string;
  amount: string;
}
interface TierRow extends RateText {
  key: number;
  upTo: string;
}
interface ProductRow extends RateText {
  key: number;
  match: string;
  basis: ProductBasis;
}
export interface AgreementFormState extends RateText {
  effectiveMonth: string;
  basis: Basis;
  tiers: TierRow[];
  minimum: string;
  cap: string;
  products: ProductRow[];
}

const BASIS_HINTS: Record<Basis, string> = {
  "net-profit": "Revenue − COGS − the 2.99% card fee, per machine's record.",
  "gross-sales": "Settlement values, net of refunds.",
  "gross-profit": "Gross sales − COGS.",
  "per-item": "An amount for each item sold.",
  "per-machine": "An amount for each machine with a record for the month.",
};

let nextKey = 1;
const key = () => nextKey++;

/** "0.1250" → "12.5" (the API's fraction as the form's percent). */
export function fractionToPercentText(fraction: string | null): string {
  return fraction === null ? "" : String(Number((Number(fraction) * 100).toFixed(2)));
}
const poundsText = (pence: number | null) => (pence === null ? "" : formatPlainAmount(pence));

/** A rate as the form writes it: pence per unit as pounds on a count basis, basis points as a percent. */
function rateText(basis: Basis, rate: number): RateText {
  return isCountBasis(basis)
    ? { percent: "", amount: poundsText(rate) }
    : { percent: fractionToPercentText(bpToFraction(rate)), amount: "" };
}

/** The form from an agreement's terms (pence and basis points), effective from `month`. */
export function formFromTerms(terms: AgreementTerms | null, month: string): AgreementFormState {
  const basis = terms?.basis ?? "net-profit";
  return {
    effectiveMonth: month,
    basis,
    ...(terms && !terms.tiers.length ? rateText(basis, terms.rate) : { percent: "", amount: "" }),
    tiers: (terms?.tiers ?? []).map((t) => ({
      key: key(),
      upTo: t.upTo === null ? "" : isCountBasis(basis) ? String(t.upTo) : poundsText(t.upTo),
      ...rateText(basis, t.rate),
    })),
    minimum: poundsText(terms?.minimumPence ?? null),
    cap: poundsText(terms?.capPence ?? null),
    products: (terms?.products ?? []).map((p) => ({
      key: key(),
      match: p.match,
      basis: p.basis,
      ...rateText(p.basis, p.rate),
    })),
  };
}

/** The standard tiers (the seed's 15/20/30% on net profit) as tier rows. */
function standardTiers(): TierRow[] {
  return SEED_TIERS.map((band) => ({
    key: key(),
    upTo: band.upTo === null ? "" : formatPlainAmount(band.upTo),
    percent: String(band.rate / 100),
    amount: "",
  }));
}

/** The last tier's range: everything above the tier before it ("Above £300.00", "Above 100 items"). */
function aboveText(previousUpTo: string, basis: Basis): string {
  const text = previousUpTo.trim();
  if (!text) return "The rest";
  if (isCountBasis(basis)) return `Above ${text} ${basis === "per-item" ? "items" : "machines"}`;
  const pounds = Number(text);
  return Number.isFinite(pounds) ? `Above ${formatPence(poundsToPence(pounds))}` : "The rest";
}

const rateOf = (basis: Basis, row: RateText) => (isCountBasis(basis) ? row.amount : row.percent);

/** The form's fields as the page's action reads them (tier and product fields repeated once a row). */
export function agreementFormData(state: AgreementFormState, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("effectiveMonth", state.effectiveMonth);
  form.append("basis", state.basis);
  form.append("rate", rateOf(state.basis, state));
  state.tiers.forEach((tier, i) => {
    form.append("tierUpTo", i === state.tiers.length - 1 ? "" : tier.upTo);
    form.append("tierRate", rateOf(state.basis, tier));
  });
  form.append("minimum", state.minimum);
  form.append("cap", state.cap);
  for (const rule of state.products) {
    form.append("productMatch", rule.match);
    form.append("productBasis", rule.basis);
    form.append("productRate", rateOf(rule.basis, rule));
  }
  return form;
}

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

  const count = isCountBasis(form.basis);
  const unit = form.basis === "per-item" ? "items" : form.basis === "per-machine" ? "machines" : "£";
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
        <SectionHeading
          actions={
            <>
              {count ? null : (
                <Button
                  type="button"
                  size="1"
                  variant="soft"
                  color="gray"
                  onClick={() => set({ tiers: standardTiers() })}
                >
                  Standard tiers (15/20/30%)
                </Button>
              )}
              <Button
                type="button"
                size="1"
                variant="soft"
                onClick={() =>
                  set({
                    tiers: form.tiers.length
                      ? [...form.tiers, { key: key(), upTo: "", percent: "", amount: "" }]
                      : [
                          { key: key(), upTo: "", percent: form.percent, amount: form.amount },
                          { key: key(), upTo: "", percent: "", amount: "" },
                        ],
                  })
                }
              >
                <PlusIcon /> Add tier
              </Button>
            </>
          }
        >
          Tiers
        </SectionHeading>
        {form.tiers.length ? (
          <Flex direction="column" gap="2">
            <Text as="p" size="1" color="gray">
              Marginal bands on the month&apos;s total {basisLabel(form.basis).toLowerCase()}: each band&apos;s part at
              its own {count ? "amount" : "rate"}. The last band has no upper limit.
            </Text>
            {form.tiers.map((tier, i) => {
              const last = i === form.tiers.length - 1;
              return (
                <Grid key={tier.key} columns="1fr 1fr auto" gap="2" align="end">
                  {last ? (
                    <Box>
                      <input type="hidden" name="tierUpTo" value="" />
                      <Text as="p" size="2" weight="medium" mb="1">
                        Tier {i + 1}
                      </Text>
                      <Text as="p" size="2" style={{ lineHeight: "var(--space-6)" }}>
                        {i ? aboveText(form.tiers[i - 1].upTo, form.basis) : "Everything"}
                      </Text>
                    </Box>
                  ) : (
                    <Field label={`Tier ${i + 1} up to (${unit})`} htmlFor={`tier-${tier.key}-up`}>
                      <TextField.Root
                        id={`tier-${tier.key}-up`}
                        name="tierUpTo"
                        inputMode={count ? "numeric" : "decimal"}
                        value={tier.upTo}
                        onChange={(e) => setTier(i, { upTo: e.target.value })}
                      />
                    </Field>
                  )}
                  <RateField
                    id={`tier-${tier.key}-rate`}
                    name="tierRate"
                    basis={form.basis}
                    value={tier}
                    onChange={(next) => setTier(i, next)}
                    label={count ? "Amount each (£)" : "Rate (%)"}
                  />
                  <IconButton
                    type="button"
                    variant="ghost"
                    color="gray"
                    aria-label={`Remove tier ${i + 1}`}
                    onClick={() => set({ tiers: form.tiers.filter((_, j) => j !== i) })}
                    mb="2"
                  >
                    <Cross2Icon />
                  </IconButton>
                </Grid>
              );
            })}
          </Flex>
        ) : (
          <Text as="p" size="1" color="gray">
            None: the {count ? "amount" : "rate"} above applies to each machine&apos;s record.
          </Text>
        )}

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
        <SectionHeading
          actions={
            <Button
              type="button"
              size="1"
              variant="soft"
              disabled={form.basis === "per-machine"}
              onClick={() =>
                set({
                  products: [
                    ...form.products,
                    { key: key(), match: "", basis: "gross-sales", percent: "", amount: "" },
                  ],
                })
              }
            >
              <PlusIcon /> Add product rule
            </Button>
          }
        >
          Product rules
        </SectionHeading>
        <Text as="p" size="1" color="gray">
          {form.basis === "per-machine"
            ? "A per-machine agreement has no product rules."
            : "A product's sales follow its rule instead of the agreement's basis: an exact product name, or a pattern with * (Coca-Cola*). The first matching rule applies."}
        </Text>
        {form.products.map((rule, i) => (
          <Box
            key={rule.key}
            p="3"
            style={{ border: "1px solid var(--gray-a5)", borderRadius: "var(--radius-3)" }}
            role="group"
            aria-label={`Product rule ${i + 1}`}
          >
            <Grid columns={{ initial: "1fr 1fr", sm: "2fr 1.3fr 1fr auto" }} gap="2" align="end">
              <Box gridColumn={{ initial: "1 / -1", sm: "auto" }}>
                <Field label="Product or pattern" htmlFor={`rule-${rule.key}-match`}>
                  <TextField.Root
                    id={`rule-${rule.key}-match`}
                    name="productMatch"
                    value={rule.match}
                    placeholder="Coca-Cola 330ml"
                    onChange={(e) => setRule(i, { match: e.target.value })}
                  />
                </Field>
              </Box>
              <Field label="Basis" htmlFor={`rule-${rule.key}-basis`}>
                <BasisSelect
                  id={`rule-${rule.key}-basis`}
                  name="productBasis"
                  value={rule.basis}
                  bases={PRODUCT_BASES}
                  onChange={(basis) => setRule(i, { basis })}
                  label={`Product rule ${i + 1} basis`}
                />
              </Field>
              <RateField
                id={`rule-${rule.key}-rate`}
                name="productRate"
                basis={rule.basis}
                value={rule}
                onChange={(next) => setRule(i, next)}
                label={isCountBasis(rule.basis) ? "Per item (£)" : "Rate (%)"}
              />
              <Box gridColumn={{ initial: "1 / -1", sm: "auto" }}>
                <Button
                  type="button"
                  size="1"
                  variant="ghost"
                  color="red"
                  onClick={() => set({ products: form.products.filter((_, j) => j !== i) })}
                  mb="2"
                  aria-label={`Remove product rule ${i + 1}`}
                >
                  <Cross2Icon /> Remove
                </Button>
              </Box>
            </Grid>
          </Box>
        ))}

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
