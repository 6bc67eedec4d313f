/** The Edit agreement form's Product rules (agreement-form.tsx): a product's own basis and rate. */
import { Box, Button, Grid, Text, TextField } from "@radix-ui/themes";
import { Cross2Icon, PlusIcon } from "@radix-ui/react-icons";
import { PRODUCT_BASES, isCountBasis } from "#domain/agreements/agreement-rules.ts";
import { Field } from "../field.tsx";
import { BasisSelect, RateField, SectionHeading } from "./agreement-fields.tsx";
import { rowKey, type AgreementFormState, type ProductRow } from "./agreement-form-state.ts";

export function AgreementProductRules({
  form,
  set,
  setRule,
}: {
  form: AgreementFormState;
  set: (patch: Partial<AgreementFormState>) => void;
  setRule: (index: number, patch: Partial<ProductRow>) => void;
}) {
  return (
    <>
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
                  { key: rowKey(), match: "", basis: "gross-sales", percent: "", amount: "" },
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
    </>
  );
}
