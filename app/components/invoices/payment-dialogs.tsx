/**
 * The partner page's payments and credit notes: Record payment (date, amount, method,
 * reference; which invoices it settles, oldest due first, shown before saving), a Credit note per
 * invoice (amount up to its balance, reason), and the list of payments and credit notes. With
 * JavaScript each is a dialog posting through a fetcher; before the scripts have loaded the button
 * posts the form and the action asks its fields on the question's page (PaymentFieldsForQuestion).
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  IconButton,
  Table,
  Text,
  TextArea,
  TextField,
} from "@radix-ui/themes";
import { DownloadIcon, MinusCircledIcon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { isoDay } from "#domain/shared/dates.ts";
import {
  formatAmountPence,
  formatCreditNoteId,
  formatDate,
  formatInvoiceId,
  formatPence,
} from "#domain/shared/format.ts";
import { parsePence } from "#domain/shared/money.ts";
import { paymentReferenceProblem, PAYMENT_REFERENCE_MAX } from "#domain/receivables/payment-rules.ts";
import {
  CREDIT_REASON_MAX,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  allocateOldestFirst,
  creditReasonProblem,
  paymentAmountProblem,
  receivedOnProblem,
  unallocatedProblem,
  type PaymentMethod,
} from "#domain/receivables/payment-rules.ts";
import type { PartnerReceivables } from "#domain/receivables/receivables-queries.ts";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { ConfirmButton, ConfirmPost } from "../confirm-button.tsx";
import { Field } from "../field.tsx";
import { useActionReply, useFailureToast, withScript } from "../forms.tsx";
import { Select } from "../lazy-select.tsx";
import { ScrollTable } from "../scroll-table.tsx";
import { creditNoteQuestion, deletePaymentQuestion, recordPaymentQuestion, settlesText } from "./payment-questions.ts";

function useIntent() {
  const fetcher = useFetcher<ActionReply>();
  useFailureToast(fetcher.data);
  useActionReply(fetcher.data);
  return {
    busy: fetcher.state !== "idle",
    submit: (fields: Record<string, string | number>) =>
      fetcher.submit(withScript({ ...fields, confirmed: "yes" }), { method: "post", preventScrollReset: true }),
  };
}

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

interface RecordPaymentProps {
  partnerId: number;
  partnerName: string;
  receivables: PartnerReceivables;
  dueDates: Record<number, string>;
}

/**
 * Record payment: amount defaulting to the balance due; what it settles, oldest due first, before
 * saving. Before the scripts have loaded the button posts the form and the action asks its fields.
 */
export function RecordPaymentDialog(props: RecordPaymentProps) {
  return (
    <ConfirmPost
      intent="payment-record"
      fields={{ partnerId: props.partnerId }}
      trigger={
        <Button variant="soft">
          <PlusIcon /> Record payment
        </Button>
      }
      dialog={<RecordPaymentConfirm {...props} />}
    />
  );
}

function RecordPaymentConfirm({ partnerId, partnerName, receivables, dueDates }: RecordPaymentProps) {
  const { busy, submit } = useIntent();
  const blank = () => ({
    receivedOn: isoDay(new Date()),
    amount: receivables.duePence > 0 ? formatAmountPence(receivables.duePence) : "",
    method: "bank-transfer" as PaymentMethod,
    reference: "",
  });
  const [values, setValues] = useState(blank);
  const trigger = (
    <Button variant="soft" loading={busy}>
      <PlusIcon /> Record payment
    </Button>
  );
  const open = Object.entries(receivables.balances)
    .filter(([, b]) => b.balancePence > 0)
    .map(([id, b]) => ({ id: Number(id), dueDate: dueDates[Number(id)] ?? "", balancePence: b.balancePence }));
  const pence = parsePence(values.amount.trim());
  const today = isoDay(new Date());
  const amountProblem =
    values.amount.trim() === ""
      ? "Amount is required"
      : pence === null
        ? "Amount must be a number"
        : paymentAmountProblem(pence);
  const plan = pence !== null && !amountProblem ? allocateOldestFirst(pence, open) : null;
  const planProblem =
    plan && plan.remainderPence > 0
      ? unallocatedProblem(
          plan.remainderPence,
          open.reduce((s, i) => s + i.balancePence, 0),
        )
      : null;
  const errors = {
    receivedOn: receivedOnProblem(values.receivedOn, today) ?? undefined,
    amount: amountProblem ?? undefined,
    reference: paymentReferenceProblem(values.reference) ?? undefined,
  };
  const question = recordPaymentQuestion(partnerName, "");
  return (
    <ConfirmButton
      trigger={trigger}
      title={question.title}
      description={`From ${partnerName}: ${formatPence(receivables.duePence)} is due. A payment settles the oldest invoice due first.`}
      confirmLabel={question.confirmLabel}
      color="green"
      onOpenChange={(next) => {
        if (next) setValues(blank());
      }}
      confirmDisabled={Boolean(
        errors.receivedOn || errors.amount || errors.reference || planProblem || !plan?.allocations.length,
      )}
      onConfirm={() =>
        submit({
          intent: "payment-record",
          partnerId,
          ...values,
          amount: values.amount.trim(),
          reference: values.reference.trim(),
        })
      }
    >
      <Box mt="4">
        <PaymentInputs idPrefix="payment" values={values} onChange={setValues} errors={errors} />
        <Box mt="3" aria-live="polite">
          {planProblem ? (
            <Text as="p" size="2" color="red" role="alert">
              {planProblem}
            </Text>
          ) : plan?.allocations.length ? (
            <Text as="p" size="2" data-testid="payment-settles">
              Settles {settlesText(plan.allocations, receivables.balances)}.
            </Text>
          ) : null}
        </Box>
      </Box>
    </ConfirmButton>
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

/**
 * Credit note for one invoice: at most its balance, with a reason. Before the scripts have loaded
 * the button posts the form and the action asks its fields.
 */
export function CreditNoteDialog({ invoiceId, balancePence }: { invoiceId: number; balancePence: number }) {
  return (
    <ConfirmPost
      intent="credit-note-issue"
      fields={{ id: invoiceId }}
      trigger={
        <IconButton size="1" variant="ghost" aria-label={`Credit note for ${formatInvoiceId(invoiceId)}`}>
          <MinusCircledIcon />
        </IconButton>
      }
      dialog={<CreditNoteConfirm invoiceId={invoiceId} balancePence={balancePence} />}
    />
  );
}

function CreditNoteConfirm({ invoiceId, balancePence }: { invoiceId: number; balancePence: number }) {
  const { busy, submit } = useIntent();
  const [values, setValues] = useState({ amount: "", reason: "" });
  const label = `Credit note for ${formatInvoiceId(invoiceId)}`;
  const pence = parsePence(values.amount.trim());
  const amountProblem =
    values.amount.trim() === ""
      ? "Amount is required"
      : pence === null
        ? "Amount must be a number"
        : (paymentAmountProblem(pence) ??
          (pence > balancePence ? `At most the ${formatPence(balancePence)} left to pay` : null));
  const reasonProblem = values.reason ? creditReasonProblem(values.reason) : null;
  const question = creditNoteQuestion({ id: invoiceId, balancePence });
  return (
    <ConfirmButton
      trigger={
        <IconButton size="1" variant="ghost" loading={busy} aria-label={label}>
          <MinusCircledIcon />
        </IconButton>
      }
      tooltip={label}
      {...question}
      color="indigo"
      onOpenChange={(next) => {
        if (next) setValues({ amount: formatAmountPence(balancePence), reason: "" });
      }}
      confirmDisabled={Boolean(amountProblem || reasonProblem || !values.reason.trim())}
      onConfirm={() =>
        submit({
          intent: "credit-note-issue",
          id: invoiceId,
          amount: values.amount.trim(),
          reason: values.reason.trim(),
        })
      }
    >
      <Box mt="4">
        <CreditInputs
          idPrefix={`credit-${invoiceId}`}
          values={values}
          onChange={setValues}
          errors={{ amount: amountProblem ?? undefined, reason: reasonProblem ?? undefined }}
        />
      </Box>
    </ConfirmButton>
  );
}

/** "£40.00 of £90.00 due" under an invoice's amount when part of it is paid or credited. */
export function BalanceNote({ balance }: { balance: { grossPence: number; balancePence: number } | undefined }) {
  if (!balance || balance.balancePence <= 0 || balance.balancePence >= balance.grossPence) return null;
  return (
    // Wraps between the figures, never inside one, so the column stays narrow.
    <Text as="div" size="1" color="orange" data-testid="invoice-balance">
      <span className="vb-figure">{formatPence(balance.balancePence)}</span> of{" "}
      <span className="vb-figure">{formatPence(balance.grossPence)}</span> due
    </Text>
  );
}

/** The partner's payments (with what each settles, and Delete) and credit notes (with their PDF). */
export function PaymentsCard({ receivables }: { receivables: PartnerReceivables }) {
  if (!receivables.payments.length && !receivables.creditNotes.length) return null;
  return (
    <Card size="1" mt="4">
      <Heading as="h3" size="3" m="2">
        Payments and Credit Notes
      </Heading>
      <ScrollTable label="Payments and credit notes" size="1" minWidth={620}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Kind</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Amount</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Details</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Settles</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {[
            ...receivables.payments.map((p) => ({ day: p.receivedOn, key: `p${p.id}`, payment: p, note: null })),
            ...receivables.creditNotes.map((n) => ({ day: n.issuedOn, key: `c${n.id}`, payment: null, note: n })),
          ]
            .sort((a, b) => b.day.localeCompare(a.day) || b.key.localeCompare(a.key))
            .map(({ key, payment, note }) =>
              payment ? (
                <Table.Row key={key} align="center">
                  <Table.RowHeaderCell className="vb-figure">{formatDate(payment.receivedOn)}</Table.RowHeaderCell>
                  <Table.Cell>
                    <Badge color="green">Payment</Badge>
                  </Table.Cell>
                  <Table.Cell justify="end" className="vb-figure">
                    {formatPence(payment.amountPence)}
                  </Table.Cell>
                  <Table.Cell>
                    {PAYMENT_METHOD_LABELS[payment.method]}
                    {payment.reference ? (
                      <Text as="div" size="1" color="gray" style={{ overflowWrap: "anywhere", maxWidth: "22ch" }}>
                        Ref: {payment.reference}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>
                    {payment.allocations.map((a) => `${a.displayId} ${formatPence(a.amountPence)}`).join(", ")}
                  </Table.Cell>
                  <Table.Cell>
                    <ConfirmPost
                      intent="payment-delete"
                      fields={{ id: payment.id }}
                      trigger={
                        <IconButton
                          size="1"
                          variant="ghost"
                          color="red"
                          aria-label={`Delete payment of ${formatPence(payment.amountPence)} on ${formatDate(payment.receivedOn)}`}
                        >
                          <TrashIcon />
                        </IconButton>
                      }
                      {...deletePaymentQuestion(payment)}
                      cancelLabel="Keep"
                    />
                  </Table.Cell>
                </Table.Row>
              ) : note ? (
                <Table.Row key={key} align="center">
                  <Table.RowHeaderCell className="vb-figure">{formatDate(note.issuedOn)}</Table.RowHeaderCell>
                  <Table.Cell>
                    <Badge color={note.kind === "cancellation" ? "gray" : "indigo"}>
                      {formatCreditNoteId(note.id)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell justify="end" className="vb-figure">
                    -{formatPence(note.amountPence)}
                  </Table.Cell>
                  <Table.Cell>
                    <Text style={{ overflowWrap: "anywhere" }}>{note.reason}</Text>
                  </Table.Cell>
                  <Table.Cell>{note.invoiceDisplayId}</Table.Cell>
                  <Table.Cell>
                    <IconButton size="1" variant="ghost" asChild>
                      <a href={note.pdfUrl} download aria-label={`Download ${formatCreditNoteId(note.id)}`}>
                        <DownloadIcon />
                      </a>
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ) : null,
            )}
        </Table.Body>
      </ScrollTable>
    </Card>
  );
}
