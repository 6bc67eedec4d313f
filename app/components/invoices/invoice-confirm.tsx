/**
 * Confirmations for invoice money actions (Mark as Paid, Send Email, Cancel, Delete, status changes),
 * each naming the partner, the invoice and the amount. Mark as Paid also takes the paid date
 * (today by default, never in the future) and an optional payment reference.
 */
import { Flex, Strong, TextField } from "@radix-ui/themes";
import { useState, type ReactNode } from "react";
import { isoDay } from "#domain/dates.ts";
import type { InvoiceView } from "#domain/invoice-service.ts";
import { PAYMENT_REFERENCE_MAX, paidDateProblem, paymentReferenceProblem } from "#domain/invoice-schemas.ts";
import { formatInvoiceId } from "#domain/invoices.ts";
import { formatPounds } from "#domain/money.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { Field } from "../field.tsx";

type ConfirmInvoice = Pick<InvoiceView, "id" | "partnerName" | "amount" | "status">;

export interface PaymentInput {
  paidDate: string;
  paymentReference: string;
}

/** "INV-00005 for Harrogate Fitness Club (£75.00)", with the number and amount in bold. */
export function InvoiceNaming({ invoice }: { invoice: ConfirmInvoice }) {
  return (
    <>
      <Strong>{formatInvoiceId(invoice.id)}</Strong> for {invoice.partnerName} (<Strong>{formatPounds(invoice.amount)}</Strong>)
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
  const displayId = formatInvoiceId(invoice.id);

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
      title={`Mark ${displayId} as paid?`}
      description={
        <>
          <InvoiceNaming invoice={invoice} /> is recorded as paid.
        </>
      }
      confirmLabel="Mark as Paid"
      color="green"
      confirmDisabled={Boolean(dateProblem || referenceProblem)}
      onConfirm={() => onConfirm({ paidDate, paymentReference: reference.trim() })}
    >
      <Flex direction="column" gap="3" mt="4">
        <Field label="Paid date" htmlFor={`paid-date-${invoice.id}`} error={dateProblem ?? undefined}>
          <TextField.Root id={`paid-date-${invoice.id}`} type="date" max={today} required value={paidDate} onChange={(e) => setPaidDate(e.target.value)} />
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
