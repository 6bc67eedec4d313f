/** The Edit agreement form's Tiers (agreement-form.tsx): marginal bands, each at its own rate or amount. */
import { Box, Button, Flex, Grid, IconButton, Text, TextField } from "@radix-ui/themes";
import { Cross2Icon, PlusIcon } from "@radix-ui/react-icons";
import { basisLabel, isCountBasis } from "#domain/agreements/agreement-rules.ts";
import { Field } from "../field.tsx";
import { RateField, SectionHeading } from "./agreement-fields.tsx";
import { aboveText, rowKey, standardTiers, type AgreementFormState, type TierRow } from "./agreement-form-state.ts";

export function AgreementTiers({
  form,
  set,
  setTier,
}: {
  form: AgreementFormState;
  set: (patch: Partial<AgreementFormState>) => void;
  setTier: (index: number, patch: Partial<TierRow>) => void;
}) {
  const count = isCountBasis(form.basis);
  const unit = form.basis === "per-item" ? "items" : form.basis === "per-machine" ? "machines" : "£";
  return (
    <>
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
                    ? [...form.tiers, { key: rowKey(), upTo: "", percent: "", amount: "" }]
                    : [
                        { key: rowKey(), upTo: "", percent: form.percent, amount: form.amount },
                        { key: rowKey(), upTo: "", percent: "", amount: "" },
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
    </>
  );
}
