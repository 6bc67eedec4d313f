/**
 * Confirmations for invoice money actions (Mark as Paid, Send Email, Cancel, Delete, status changes),
 * each naming the partner, the invoice and the amount (the words: invoice-questions.ts). Mark as
 * Paid also takes the paid date (today by default, never in the future) and an optional payment
 * reference: in its dialog with JavaScript, in the action's confirmation page without.
 */
import { Box, Flex, Strong, TextField } from "@radix-ui/themes";
import { useState, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { isoDay } from "#domain/shared/dates.ts";
import { PAYMENT_REFERENCE_MAX, paidDateProblem, paymentReferenceProblem } from "#domain/receivables/payment-rules.ts";
import { formatInvoiceId } from "#domain/invoices/invoice-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import { isQuestion } from "../forms.tsx";
import { ConfirmButton, ConfirmPost } from "../confirm-button.tsx";
import { Field } from "../field.tsx";
import { DELETE_TAIL, deleteQuestion, statusQuestion, type QuestionInvoice } from "./invoice-questions.ts";
import { CreditInputs, PaymentInputs } from "./payment-inputs.tsx";

type ConfirmInvoice = QuestionInvoice;

/** Delete an invoice after its confirmation (Keep or Delete), from any list that shows it. */
export function DeleteInvoicePost({
  invoice,
  trigger,
  tooltip,
}: {
  invoice: ConfirmInvoice;
  trigger: ComponentProps<typeof ConfirmPost>["trigger"];
  tooltip?: string;
}): ReactElement {
  return (
    <ConfirmPost
      intent="invoice-delete"
      fields={{ id: invoice.id }}
      tooltip={tooltip}
      trigger={trigger}
      {...deleteQuestion(invoice)}
      description={
        <>
          <InvoiceNaming invoice={invoice} />
          {DELETE_TAIL}
        </>
      }
      cancelLabel="Keep"
    />
  );
}

export interface PaymentInput {
  paidDate: string;
  paymentReference: string;
}

/** "INV-00005 for Harrogate Fitness Club (£90.00)", with the number and the amount due in bold. */
export function InvoiceNaming({ invoice }: { invoice: ConfirmInvoice }) {
  return (
    <>
      <Strong>{formatInvoiceId(invoice.id)}</Strong> for {invoice.partnerName} (
      <Strong>{formatPence(invoice.totalPence)}</Strong>)
    </>
  );
}

/** Mark as Paid: confirms the invoice and records the paid date and an optional payment reference. */
export function MarkPaidDialog({
  invoice,
  trigger,
  tooltip,
  open,
  onOpenChange,
  onConfirm,
}: {
  invoice: ConfirmInvoice;
  trigger?: ReactNode;
  tooltip?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onConfirm: (payment: PaymentInput) => void;
}) {
  const today = isoDay(new Date());
  const [paidDate, setPaidDate] = useState(today);
  const [reference, setReference] = useState("");
  const dateProblem = paidDateProblem(paidDate, today);
  const referenceProblem = paymentReferenceProblem(reference);

  function changeOpen(next: boolean) {
    // Every opening starts from today and no reference.
    if (next) {
      setPaidDate(isoDay(new Date()));
      setReference("");
    }
    onOpenChange?.(next);
  }

  return (
    <ConfirmButton
      trigger={trigger}
      tooltip={tooltip}
      open={open}
      onOpenChange={changeOpen}
      {...statusQuestion(invoice, "paid")}
      description={
        <>
          <InvoiceNaming invoice={invoice} /> is recorded as paid.
        </>
      }
      color="green"
      confirmDisabled={Boolean(dateProblem || referenceProblem)}
      onConfirm={() => onConfirm({ paidDate, paymentReference: reference.trim() })}
    >
      <Flex direction="column" gap="3" mt="4">
        <Field label="Paid date" htmlFor={`paid-date-${invoice.id}`} error={dateProblem ?? undefined}>
          <TextField.Root
            id={`paid-date-${invoice.id}`}
            type="date"
            max={today}
            required
            value={paidDate}
            onChange={(e) => setPaidDate(e.target.value)}
          />
        </Field>
        <Field
          label="Payment reference (optional)"
          htmlFor={`payment-reference-${invoice.id}`}
          hint="As it appears on the bank statement."
          error={referenceProblem ?? undefined}
        >
          <TextField.Root
            id={`payment-reference-${invoice.id}`}
            value={reference}
            maxLength={PAYMENT_REFERENCE_MAX}
            autoComplete="off"
            onChange={(e) => setReference(e.target.value)}
          />
        </Field>
      </Flex>
    </ConfirmButton>
  );
}

/**
 * The paid date and payment reference on the confirmation page a Mark as Paid posted without
 * JavaScript gets (ConfirmationCard's fields): sent with the confirmation, today by default.
 */
export function PaymentFieldsForQuestion({ reply }: { reply: unknown }) {
  // Record payment and Credit note ask their fields here too.
  if (isQuestion(reply) && reply.intent === "payment-record") {
    return (
      <Box mb="4" maxWidth="520px">
        <PaymentInputs idPrefix="confirm-payment" />
      </Box>
    );
  }
  if (isQuestion(reply) && reply.intent === "credit-note-issue") {
    return (
      <Box mb="4" maxWidth="360px">
        <CreditInputs idPrefix="confirm-credit" />
      </Box>
    );
  }
  if (!isQuestion(reply) || reply.intent !== "invoice-status") return null;
  const fields = new Map(reply.confirm.fields);
  if (fields.get("status") !== "paid") return null;
  const today = isoDay(new Date());
  return (
    <Flex direction="column" gap="3" mb="4" maxWidth="360px">
      <Field label="Paid date" htmlFor="confirm-paid-date">
        <TextField.Root id="confirm-paid-date" name="paidDate" type="date" max={today} required defaultValue={today} />
      </Field>
      <Field
        label="Payment reference (optional)"
        htmlFor="confirm-payment-reference"
        hint="As it appears on the bank statement."
      >
        <TextField.Root
          id="confirm-payment-reference"
          name="paymentReference"
          maxLength={PAYMENT_REFERENCE_MAX}
          autoComplete="off"
        />
      </Field>
    </Flex>
  );
}
