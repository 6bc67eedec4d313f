/** The sentences of entries about money: commissions, invoices, payments, credit notes, payouts, agreements and adjustments. */
import { formatRate } from "../shared/commission-rules.ts";
import { agreementUsedText } from "../agreements/agreement-words.ts";
import { termsIn } from "../agreements/agreement-schemas.ts";
import { formatDate } from "../shared/dates.ts";
import { formatInvoiceId } from "../invoices/invoice-rules.ts";
import { formatPence, penceToPounds, poundsToPence } from "../shared/money.ts";
import { formatCount, formatCreditNoteId, formatSignedPence } from "../shared/format.ts";
import {
  count,
  fallback,
  fields,
  invoiceName,
  invoicesOf,
  monthName,
  pounds,
  text,
  type AuditEntryData,
} from "./audit-fields.ts";

export function describeCommission(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  switch (entry.action) {
    case "commission_paid": {
      const amount = count(after.amountPence);
      const rate = count(after.rateBp);
      const already = count(before.alreadyPaidPence);
      const sent = count(after.paidPence);
      const topUp = already
        ? `, already paid ${formatPence(already)}, now ${formatPence(sent ?? 0)}${text(after.reference) ? ` (${text(after.reference)})` : ""}`
        : "";
      // The agreement the payment used, when the entry keeps its terms (older entries keep only the rate).
      const terms = "terms" in after ? termsIn(after.terms) : undefined;
      const agreement =
        after.terms === null
          ? ` ${agreementUsedText(null)}`
          : terms
            ? ` ${agreementUsedText(terms)}`
            : rate !== null
              ? ` at ${formatRate(rate)}`
              : "";
      return `Marked commission paid${amount !== null ? `: ${formatPence(amount)}` : ""}${agreement}${topUp}`;
    }
    case "commission_reset": {
      if (details.reset === 0) return "Reset month (no payment to reset)";
      const amount = count(before.amountPence);
      const kept = count(after.moneyPaidPence);
      return `Reset month: ${amount !== null ? `payment of ${formatPence(amount)}` : "payment"} back to pending${kept ? `; ${formatPence(kept)} paid stays recorded` : ""}`;
    }
  }
  return fallback(entry);
}

export function describeInvoice(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  const invoice = invoiceName(entry.entityId);
  switch (entry.action) {
    case "generate": {
      const amount = count(after.amount) ?? count(details.amount);
      return `Generated invoice ${invoice}${amount !== null ? ` for ${formatPence(poundsToPence(amount))}` : ""}`;
    }
    case "status": {
      const from = text(details.from) ?? text(before.status);
      const to = text(details.to) ?? text(after.status);
      if (details.dueCheck) return `Marked invoice ${invoice} ${to ?? "overdue"} (due check)`;
      if (to === "paid") {
        const reference = text(after.paymentReference);
        return `Marked invoice ${invoice} paid${reference ? ` (reference ${reference})` : ""}`;
      }
      if (to === "cancelled") return `Cancelled invoice ${invoice}`;
      return `Changed invoice ${invoice} from ${from ?? "?"} to ${to ?? "?"}`;
    }
    case "delete": {
      const amount =
        count(before.amount) ??
        (count(details.amountPence) !== null ? penceToPounds(count(details.amountPence)!) : null);
      return `Deleted invoice ${invoice}${amount !== null ? ` for ${formatPence(poundsToPence(amount))}` : ""}`;
    }
    case "check_due": {
      const overdue = count(details.markedOverdue) ?? 0;
      const raised = count(details.invoicesRaised) ?? 0;
      return `Ran the due check: ${overdue} marked overdue, ${formatCount(raised, "invoice")} raised`;
    }
  }
  return fallback(entry);
}

export function describePayment(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  const payment = entry.action === "delete" ? before : after;
  const amount = pounds(payment.amount);
  const settles = invoicesOf(payment.allocations);
  const money = amount !== null ? ` of ${formatPence(poundsToPence(amount))}` : "";
  switch (entry.action) {
    case "record":
    case "migration_payment":
      return `${entry.action === "record" ? "Recorded" : "Migrated"} payment${money}${text(payment.receivedOn) ? ` received ${formatDate(text(payment.receivedOn))}` : ""}${settles ? ` for ${settles}` : ""}`;
    case "delete":
      return `Deleted payment${money}${settles ? ` for ${settles}` : ""}`;
    case "unallocate":
      return `Took ${count(details.invoiceId) !== null ? formatInvoiceId(count(details.invoiceId)!) : "an invoice"} out of a payment${amount !== null ? ` (now ${formatPence(poundsToPence(amount))})` : ""}`;
    case "correct":
      return `Corrected a payment${count(details.invoiceId) !== null ? ` for ${formatInvoiceId(count(details.invoiceId)!)}` : ""}`;
  }
  return fallback(entry);
}

export function describeCreditNote(entry: AuditEntryData): string {
  const after = fields(entry.after);
  const amount = pounds(after.amount);
  const invoice = count(after.invoiceId) !== null ? formatInvoiceId(count(after.invoiceId)!) : "an invoice";
  const number =
    entry.entityId && /^\d+$/.test(entry.entityId) ? formatCreditNoteId(Number(entry.entityId)) : "credit note";
  const kind = after.kind === "cancellation" ? "cancelling" : "against";
  const verb = entry.action === "migration_credit_note" ? "Migrated" : "Issued";
  return `${verb} ${number}${amount !== null ? ` for ${formatPence(poundsToPence(amount))}` : ""} ${kind} ${invoice}`;
}

export function describeRateChange(entry: AuditEntryData): string {
  const before = count(fields(entry.before).rateBp);
  const after = count(fields(entry.after).rateBp);
  const month = monthName(entry.month);
  const change =
    before !== null && after !== null
      ? `${formatRate(before)} → ${formatRate(after)}`
      : after !== null
        ? `to ${formatRate(after)}`
        : "";
  return `Changed commission rate ${change}${month ? ` from ${month}` : ""}`.replace(/\s+/g, " ").trim();
}

export function describePayoutBatch(entry: AuditEntryData): string {
  const after = fields(entry.after);
  if (entry.action === "payout_file") {
    const month = monthName(entry.month);
    return `Made the bank payment file${month ? ` for ${month}` : ""}${count(after.partners) !== null ? `: ${formatCount(count(after.partners)!, "partner")}` : ""}${count(after.totalPence) !== null ? `, ${formatPence(count(after.totalPence)!)}` : ""}`;
  }
  const partners = count(after.partners);
  const total = count(after.totalPence);
  const reference = text(fields(entry.details).reference);
  return `Paid a commission payout batch${partners !== null ? `: ${formatCount(partners, "partner")}` : ""}${total !== null ? `, ${formatPence(total)}` : ""}${reference ? ` (reference ${reference})` : ""}`;
}

export function describeAgreement(entry: AuditEntryData): string {
  const after = fields(entry.after);
  const month = monthName(after.effectiveMonth) ?? monthName(entry.month);
  const terms = Array.isArray(after.description)
    ? after.description.filter((line) => typeof line === "string").join("; ")
    : null;
  const verb =
    entry.action === "agreement_corrected" ? "Corrected the commission agreement" : "Set a commission agreement";
  return `${verb}${month ? ` from ${month}` : ""}${terms ? `: ${terms}` : ""}`;
}

export function describeAdjustment(entry: AuditEntryData): string {
  const values = fields(entry.action === "commission_adjustment_removed" ? entry.before : entry.after);
  const amount = count(values.amountPence);
  const forMonth = monthName(values.forMonth);
  const money = amount !== null ? formatSignedPence(amount) : "an adjustment";
  if (entry.action === "commission_adjustment_removed")
    return `Removed the adjustment of ${money}${forMonth ? ` for ${forMonth}` : ""} (month reset)`;
  if (values.reverses !== undefined)
    return `Reversed an adjustment for ${forMonth ?? "a reset month"} already paid: ${money} (month reset)`;
  if (values.reason === "carried") return `Carried ${money} from ${forMonth ?? "a paid month"} to the next month`;
  if (values.reason === "repaid")
    return `Carried ${money} from ${forMonth ?? "a paid month"} to the next month (paid again for less than was already paid)`;
  if (values.reason === "written_off")
    return `Wrote off ${formatPence(Math.abs(amount ?? 0))} owed${forMonth ? ` (${forMonth})` : ""}`;
  const target = monthName(entry.month);
  const details = fields(entry.details);
  if (values.reason === "late_sales") {
    const file = text(details.file);
    return `Added an adjustment of ${money} for ${forMonth ?? "a paid month"} to ${target ?? "the next open month"} (late sales${file ? ` from ${file}` : ""})`;
  }
  if (values.reason === "record_deleted") {
    const location = text(details.location);
    return `Added an adjustment of ${money} for ${forMonth ?? "a paid month"} to ${target ?? "the next open month"} (${location ? `${location}'s ` : "a "}record deleted)`;
  }
  return `Added an adjustment of ${money} for ${forMonth ?? "a paid month"} (a new agreement)`;
}
