/**
 * The payment's and the credit note's fields (named as the form posts them), shared by their
 * dialogs (payment-dialogs.tsx) and the question's page before the scripts have loaded
 * (invoice-confirm.tsx).
 */
import { Box, Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import { isoDay } from "#domain/shared/dates.ts";
import {
  CREDIT_REASON_MAX,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_REFERENCE_MAX,
  type PaymentMethod,
} from "#domain/receivables/payment-rules.ts";
import { Field } from "../field.tsx";
import { Select } from "../lazy-select.tsx";

/** The payment's fields, for the dialog and the question's page alike (named as the form posts them). */
export function PaymentInputs({
  idPrefix,
  values,
  onChange,
  errors = {},
}: {
  idPrefix: string;
  values?: { receivedOn: string; amount: string; method: PaymentMethod; reference: string };
  onChange?: (values: { receivedOn: string; amount: string; method: PaymentMethod; reference: string }) => void;
  errors?: Partial<Record<"receivedOn" | "amount" | "reference", string>>;
}) {
  const today = isoDay(new Date());
  const set = (patch: Partial<NonNullable<typeof values>>) => values && onChange?.({ ...values, ...patch });
  const controlled = values !== undefined;
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" wrap="wrap">
        <Box flexGrow="1" minWidth="150px">
          <Field label="Received on" htmlFor={`${idPrefix}-received`} error={errors.receivedOn}>
            <TextField.Root
              id={`${idPrefix}-received`}
              name="receivedOn"
              type="date"
              max={today}
              required
              {...(controlled
                ? { value: values.receivedOn, onChange: (e) => set({ receivedOn: e.target.value }) }
                : { defaultValue: today })}
            />
          </Field>
        </Box>
        <Box flexGrow="1" minWidth="150px">
          <Field label="Amount (£)" htmlFor={`${idPrefix}-amount`} error={errors.amount}>
            <TextField.Root
              id={`${idPrefix}-amount`}
              name="amount"
              inputMode="decimal"
              required
              autoComplete="off"
              {...(controlled ? { value: values.amount, onChange: (e) => set({ amount: e.target.value }) } : {})}
            />
          </Field>
        </Box>
      </Flex>
      <Flex gap="3" wrap="wrap">
        <Box flexGrow="1" minWidth="150px">
          <Text as="label" htmlFor={`${idPrefix}-method`} size="2" weight="medium" mb="1" style={{ display: "block" }}>
            Method
          </Text>
          {controlled ? (
            <Select.Root value={values.method} onValueChange={(v) => set({ method: v as PaymentMethod })}>
              <Select.Trigger id={`${idPrefix}-method`} style={{ width: "100%" }} aria-label="Method" />
              <Select.Content position="popper">
                {PAYMENT_METHODS.map((m) => (
                  <Select.Item key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          ) : (
            <select
              id={`${idPrefix}-method`}
              name="method"
              defaultValue="bank-transfer"
              className="vb-native-select"
              style={{ width: "100%" }}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </select>
          )}
        </Box>
        <Box flexGrow="1" minWidth="150px">
          <Field label="Reference (optional)" htmlFor={`${idPrefix}-reference`} error={errors.reference}>
            <TextField.Root
              id={`${idPrefix}-reference`}
              name="reference"
              maxLength={PAYMENT_REFERENCE_MAX}
              autoComplete="off"
              {...(controlled ? { value: values.reference, onChange: (e) => set({ reference: e.target.value }) } : {})}
            />
          </Field>
        </Box>
      </Flex>
    </Flex>
  );
}

/** The credit note's fields, for the dialog and the question's page alike. */
export function CreditInputs({
  idPrefix,
  values,
  onChange,
  errors = {},
  defaultAmount,
}: {
  idPrefix: string;
  values?: { amount: string; reason: string };
  onChange?: (values: { amount: string; reason: string }) => void;
  errors?: Partial<Record<"amount" | "reason", string>>;
  defaultAmount?: string;
}) {
  const controlled = values !== undefined;
  return (
    <Flex direction="column" gap="3">
      <Field label="Amount (£)" htmlFor={`${idPrefix}-amount`} error={errors.amount}>
        <TextField.Root
          id={`${idPrefix}-amount`}
          name="amount"
          inputMode="decimal"
          required
          autoComplete="off"
          {...(controlled
            ? { value: values.amount, onChange: (e) => onChange?.({ ...values, amount: e.target.value }) }
            : { defaultValue: defaultAmount })}
        />
      </Field>
      <Field label="Reason" htmlFor={`${idPrefix}-reason`} error={errors.reason}>
        <TextArea
          id={`${idPrefix}-reason`}
          name="reason"
          required
          maxLength={CREDIT_REASON_MAX}
          rows={2}
          {...(controlled
            ? { value: values.reason, onChange: (e) => onChange?.({ ...values, reason: e.target.value }) }
            : {})}
        />
      </Field>
    </Flex>
  );
}
