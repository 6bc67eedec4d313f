/**
 * The payment dialogs' working part (payment-dialogs.tsx): Record payment's fields and what it
 * settles, a credit note's amount and reason, each checked as typed and posted through a fetcher.
 * A chunk of its own, fetched once the partner page has hydrated.
 */
import { Box, Button, IconButton, Text } from "@radix-ui/themes";
import { MinusCircledIcon, PlusIcon } from "@radix-ui/react-icons";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { isoDay } from "#domain/shared/dates.ts";
import { formatAmountPence, formatInvoiceId, formatPence } from "#domain/shared/format.ts";
import { parsePence } from "#domain/shared/money.ts";
import { paymentReferenceProblem } from "#domain/receivables/payment-rules.ts";
import {
  allocateOldestFirst,
  creditReasonProblem,
  paymentAmountProblem,
  receivedOnProblem,
  unallocatedProblem,
  type PaymentMethod,
} from "#domain/receivables/payment-rules.ts";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { useActionReply, useFailureToast, withScript } from "../forms.tsx";
import { CreditInputs, PaymentInputs } from "./payment-inputs.tsx";
import { creditNoteQuestion, recordPaymentQuestion, settlesText } from "./payment-questions.ts";
import { PhoneLabel } from "../scroll-table.tsx";
import type { RecordPaymentProps } from "./payment-dialogs.tsx";

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

export function RecordPaymentConfirm({ partnerId, partnerName, receivables, dueDates }: RecordPaymentProps) {
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

export function CreditNoteConfirm({ invoiceId, balancePence }: { invoiceId: number; balancePence: number }) {
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
          <PhoneLabel>Credit note</PhoneLabel>
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
