/**
 * Audit entries in plain English: one line for what happened, and the changed values before and after.
 * The describers are grouped in audit-record-entries.ts and audit-money-entries.ts, the changed values
 * in audit-changes.ts.
 */
import { formatDate, formatMonth } from "../shared/dates.ts";
import { formatCount, formatPence, formatUnits } from "../shared/format.ts";
import { formatRate } from "../shared/commission-rules.ts";
import { FORMAT_NAMES, type AccountingFormat } from "../accounting/accounting-settings.ts";
import { capitalise, fallback, fields, text, type AuditEntryData } from "./audit-fields.ts";
import {
  describeMachine,
  describeRecord,
  describeRemovedDuplicate,
  describeUser,
  describeBusinessProfile,
} from "./audit-record-entries.ts";
import {
  describeAdjustment,
  describeAgreement,
  describeCommission,
  describeCreditNote,
  describeInvoice,
  describePayment,
  describePayoutBatch,
  describeRateChange,
} from "./audit-money-entries.ts";

// The changed values and the entry's data are their own modules; callers keep importing them from here.
export {
  auditChangeLines,
  auditChanges,
  fieldLabel,
  formatAuditChange,
  formatAuditValue,
  type AuditChange,
} from "./audit-changes.ts";
export type { AuditEntryData } from "./audit-fields.ts";

/** "23/11/2026 14:05": when a change was made, in UTC like the filters. */
export function formatAuditTime(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return `${formatDate(date)} ${date.toISOString().slice(11, 16)}`;
}

/** "Saved import profile "Cantaloupe Seed" (version 2)", "Deleted import profile "Cantaloupe Seed"". */
function describeImportProfile(entry: AuditEntryData): string {
  const after = fields(entry.after);
  const name = text(after.name) ?? text(fields(entry.before).name) ?? entry.entityId ?? "";
  if (entry.action === "import_profile_delete") return `Deleted import profile "${name}"`;
  const version = typeof after.version === "number" ? ` (version ${after.version})` : "";
  return `Saved import profile "${name}"${version}`;
}

/** "Exported Xero bills for October 2026: 3 documents, 1 changed since exported"; "Saved the accounting export settings". */
function describeAccounting(entry: AuditEntryData): string {
  if (entry.entity === "accounting_settings") return "Saved the accounting export settings";
  const after = fields(entry.after);
  const details = fields(entry.details);
  const format = FORMAT_NAMES[text(after.format) as AccountingFormat] ?? text(after.format) ?? "";
  const month = entry.month ? ` for ${formatMonth(entry.month)}` : "";
  const documents = Array.isArray(details.documents) ? details.documents.length : 0;
  const changed =
    Array.isArray(details.changed) && details.changed.length
      ? `, ${formatUnits(details.changed.length)} changed since exported`
      : "";
  return `Exported ${format} ${text(after.kind) ?? ""}${month}: ${formatCount(documents, "document")}${changed}`;
}

/** "Set the self-billing agreement: from 01/09/2026, review 01/09/2027, VAT GB123456789 at 20%", "Issued self-billed invoice SB-7-0001: £66.99". */
function describeSelfBilling(entry: AuditEntryData): string {
  if (entry.entity === "self_billed_invoice") {
    const after = fields(entry.after);
    const total = typeof after.totalPence === "number" ? `: ${formatPence(after.totalPence)}` : "";
    const verb = entry.action === "self_billed_invoice_updated" ? "Updated" : "Issued";
    return `${verb} self-billed invoice ${text(after.number) ?? ""}${total}`;
  }
  if (entry.action === "self_billing_removed") return "Ended the self-billing agreement";
  const a = fields(entry.after);
  const rate = typeof a.vatRateBp === "number" ? ` at ${formatRate(a.vatRateBp)}` : "";
  const verb = entry.action === "self_billing_changed" ? "Changed" : "Set";
  return `${verb} the self-billing agreement: from ${formatDate(text(a.startDate))}, review ${formatDate(text(a.reviewDate))}, VAT ${text(a.vatNumber) ?? ""}${rate}`;
}

/** One plain-English line for an entry: "Marked commission paid: £60.63 at 12.5%", "Imported 44 rows from …". */
export function describeAuditEntry(entry: AuditEntryData): string {
  if (entry.action === "rate_change") return describeRateChange(entry);
  if (entry.action === "migration_remove_duplicate") return describeRemovedDuplicate(entry);
  // A change of bank details, its hold and its confirmation say themselves in words (bank-change-service.ts), as does the migration's list.
  if (entry.entity === "bank_details" || entry.action === "migration_bank_details")
    return capitalise(text(fields(entry.details).reason) ?? fallback(entry));
  switch (entry.entity) {
    case "user":
      return describeUser(entry);
    case "machine":
      return describeMachine(entry);
    case "monthly_record":
      return describeRecord(entry);
    case "commission_payment":
      return describeCommission(entry);
    case "fee_payment":
      return describeInvoice(entry);
    case "business_profile":
      return describeBusinessProfile(entry);
    case "payment":
      return entry.action === "migration_summary"
        ? capitalise(text(fields(entry.details).reason) ?? "Migrated payments")
        : describePayment(entry);
    case "credit_note":
      return describeCreditNote(entry);
    case "payout_batch":
    case "payout_file":
      return describePayoutBatch(entry);
    case "commission_transfer":
      return capitalise(text(fields(entry.details).reason) ?? "Recorded money paid");
    case "commission_agreement":
      return describeAgreement(entry);
    case "commission_adjustment":
      return describeAdjustment(entry);
    case "import_profile":
      return describeImportProfile(entry);
    case "accounting_export":
    case "accounting_settings":
      return describeAccounting(entry);
    case "self_billing_agreement":
    case "self_billed_invoice":
      return describeSelfBilling(entry);
    // The product cost list's saves say themselves in words (cost-list-service.ts).
    case "product_cost":
      return capitalise(text(fields(entry.details).reason) ?? fallback(entry));
  }
  return fallback(entry);
}
