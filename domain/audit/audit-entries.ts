/**
 * Audit entries in plain English: one line for what happened, and the changed values before and after.
 * Over 250 lines on purpose: one sentence per action and entity, a flat table best read whole.
 */
import { formatRate } from "../shared/commission-rules.ts";
import { formatDate, formatMonth } from "../shared/dates.ts";
import { formatInvoiceId } from "../invoices/invoice-rules.ts";
import { formatGBP, formatPounds, penceToPounds } from "../shared/money.ts";
import { formatCount, formatCreditNoteId, formatSignedPence } from "../shared/format.ts";
import { leftOutSentence } from "../imports/import-words.ts";

/** "23/11/2026 14:05": when a change was made, in UTC like the filters. */
export function formatAuditTime(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return `${formatDate(date)} ${date.toISOString().slice(11, 16)}`;
}

/** What describing an entry needs: the stored action, entity and JSON values. */
export interface AuditEntryData {
  action: string;
  entity: string;
  entityId: string | null;
  month: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
}

type Fields = Record<string, unknown>;

const fields = (value: unknown): Fields =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {};
const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value : typeof value === "number" ? String(value) : null;
const count = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const quoted = (value: unknown) => (text(value) ? `"${text(value)}"` : "none");
const monthName = (month: unknown) =>
  typeof month === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? formatMonth(month) : null;
const invoiceName = (entityId: string | null) =>
  entityId && /^\d+$/.test(entityId) ? formatInvoiceId(Number(entityId)) : "invoice";
const words = (key: string) =>
  key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
const capitalise = (line: string) => line.charAt(0).toUpperCase() + line.slice(1);

const FIELD_LABELS: Record<string, string> = {
  commissionBp: "commission rate",
  rateBp: "rate",
  monthlyFeePence: "monthly fee",
  amountPence: "amount",
  revenuePence: "revenue",
  cogsPence: "COGS",
  settlementPence: "settlement",
  imageUrl: "image URL",
  machineId: "machine id",
  recordId: "record id",
  transactionId: "transaction",
  isAdmin: "admin",
  vatRateBp: "VAT rate",
  vatNumber: "VAT number",
  bankAccountName: "account name",
  bankSortCode: "sort code",
  bankAccountNumber: "account number",
  bankIban: "IBAN",
};

/** "monthlyFeePence" → "monthly fee". */
export function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? words(key.replace(/Pence$/, "").replace(/Bp$/, ""));
}

const MAX_VALUE_LENGTH = 60;

/** A stored value as people read it: pence as pounds, basis points as a percentage. */
export function formatAuditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "number") {
    if (key.endsWith("Pence")) return formatGBP(value);
    if (key.endsWith("Bp")) return formatRate(value);
    if (key === "amount") return formatPounds(value);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  const shown =
    typeof value === "string"
      ? value
      : Array.isArray(value) && value.every((v) => typeof v !== "object")
        ? value.join(", ")
        : JSON.stringify(value);
  return shown.length > MAX_VALUE_LENGTH ? `${shown.slice(0, MAX_VALUE_LENGTH - 1)}…` : shown;
}

export interface AuditChange {
  field: string;
  /** Null when the field did not exist before (a creation). */
  before: string | null;
  /** Null when the field does not exist after (a deletion). */
  after: string | null;
}

/** The fields an entry changed, each with its value before and after; unchanged fields are left out. */
export function auditChanges(entry: Pick<AuditEntryData, "before" | "after">): AuditChange[] {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const hasBefore = entry.before !== null && entry.before !== undefined;
  const hasAfter = entry.after !== null && entry.after !== undefined;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({
      field: fieldLabel(key),
      before: hasBefore && key in before ? formatAuditValue(key, before[key]) : null,
      after: hasAfter && key in after ? formatAuditValue(key, after[key]) : null,
    }));
}

/** "status: pending → paid", "location: — → Quay Kiosk" (a dash where there was or is nothing). */
export function formatAuditChange(change: AuditChange): string {
  return `${change.field}: ${change.before ?? "—"} → ${change.after ?? "—"}`;
}

/**
 * The changes as short lines: one line per changed field, except that something created (or
 * deleted) is one line of its values, "— → location Quay Kiosk, units 40" ("status active → —").
 */
export function auditChangeLines(entry: Pick<AuditEntryData, "before" | "after">): string[] {
  const changes = auditChanges(entry);
  if (!changes.length) return [];
  if (changes.every((c) => c.before === null)) return [`— → ${changes.map((c) => `${c.field} ${c.after}`).join(", ")}`];
  if (changes.every((c) => c.after === null)) return [`${changes.map((c) => `${c.field} ${c.before}`).join(", ")} → —`];
  return changes.map(formatAuditChange);
}

function describeUser(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  switch (entry.action) {
    case "create": {
      const name = text(after.name) ?? text(details.name) ?? text(after.username) ?? text(details.username) ?? "";
      return (after.isAdmin ?? details.isAdmin) ? `Created admin ${name}`.trim() : `Added partner ${name}`.trim();
    }
    case "update": {
      const changed = Array.isArray(details.changed)
        ? details.changed.filter((c): c is string => typeof c === "string")
        : Object.keys(after);
      if (!changed.length) return "Saved partner details (nothing changed)";
      if (changed.length === 1 && changed[0] === "password") return "Changed password";
      return `Updated partner details: ${changed.map(fieldLabel).join(", ")}`;
    }
    case "delete": {
      const name = text(before.name) ?? text(details.name) ?? text(before.username) ?? text(details.username) ?? "";
      return `Deleted partner ${name}`.trim();
    }
    case "password_reset":
      return "Password reset by link";
    case "password_reset_requested":
      return "Sent a password reset link";
    case "password_reset_limited":
      return "Password reset link not sent: too many requests";
    case "password_change":
      return "Changed own password";
    case "password_link_sent":
      return details.kind === "invite"
        ? `Emailed ${text(details.username) ?? "a new admin"} a link to choose their password`
        : `Emailed ${text(details.username) ?? "an account"} a password reset link`;
    // The avatar menu's "Log out everywhere".
    case "sign-out-everywhere": {
      const ended = count(details.sessionsEnded);
      const who = text(details.username);
      return `Logged out everywhere${who ? `: ${who}` : ""}${ended === null ? "" : ` (${formatCount(ended, "session")} ended)`}`;
    }
    // Account status.
    case "disable":
    case "enable":
    case "sign-in-refused": {
      const who = `${details.isAdmin ? "admin" : "account"} ${text(details.username) ?? ""}`.trim();
      if (entry.action === "sign-in-refused")
        return `Refused sign-in of disabled account ${text(details.username) ?? ""}`.trim();
      return `${entry.action === "disable" ? "Disabled sign-in of" : "Enabled sign-in of"} ${who}`;
    }
    // Two-factor sign-in.
    case "two_factor_on":
      return `Turned on two-factor sign-in for ${text(details.username) ?? "a user"}`;
    case "two_factor_off":
      return `Turned off two-factor sign-in for ${text(details.username) ?? "a user"}`;
    case "two_factor_reset":
      return `Reset two-factor sign-in of ${text(details.username) ?? "a user"} (lost device)`;
    case "recovery_codes_renewed":
      return `New recovery codes for ${text(details.username) ?? "a user"}`;
    case "recovery_code_used": {
      const left = count(details.recoveryCodesLeft);
      return `Signed in with a recovery code${left === null ? "" : ` (${formatCount(left, "code")} left)`}`;
    }
  }
  return fallback(entry);
}

function describeMachine(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  const location =
    text(after.location) ??
    text(before.location) ??
    text(details.location) ??
    (entry.entityId ? `#${entry.entityId}` : "");
  switch (entry.action) {
    case "create":
      return `Added machine ${location}`;
    case "update": {
      // Entries written before before/after existed only name the fields sent.
      const changed =
        entry.after !== null && entry.after !== undefined
          ? Object.keys(after)
          : Array.isArray(details.changed)
            ? details.changed.filter((c): c is string => typeof c === "string")
            : [];
      if (!changed.length) return `Saved machine ${location} (nothing changed)`;
      if (changed.length === 1 && changed[0] === "status" && text(after.status))
        return `Made machine ${location} ${text(after.status)}`;
      if (changed.length === 1 && changed[0] === "location" && text(before.location) && text(after.location)) {
        return `Renamed machine ${text(before.location)} to ${text(after.location)}`;
      }
      return `Updated machine ${location}: ${changed.map(fieldLabel).join(", ")}`;
    }
    case "delete": {
      const records = count(before.records);
      return `Deleted machine ${location}${records ? ` and its ${formatCount(records, "monthly record")}` : ""}`;
    }
    case "map_telemetry_name":
      return after.telemetryName
        ? `Mapped telemetry name ${quoted(after.telemetryName)} to ${location}`
        : `Removed telemetry name ${quoted(before.telemetryName)} from ${location}`;
  }
  return fallback(entry);
}

function describeRecord(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  const month = monthName(entry.month);
  switch (entry.action) {
    case "import": {
      const rows = count(after.imported) ?? 0;
      const location = text(after.location);
      // A newer entry lists every reason rows were left out, with their revenue; older ones list the booking rules'.
      const leftOut = Array.isArray(details.leftOut)
        ? details.leftOut.flatMap((l) => {
            const item = fields(l);
            const n = count(item.count);
            const reason = text(item.reason);
            return n && reason
              ? [leftOutSentence({ reason, count: n, revenuePence: count(item.revenuePence) ?? undefined })]
              : [];
          })
        : null;
      const left =
        leftOut ??
        [
          count(details.duplicates) ? `${formatCount(count(details.duplicates)!, "duplicate")}` : null,
          ...(Array.isArray(details.alreadyBooked)
            ? details.alreadyBooked.map((b) =>
                count(fields(b).count) && text(fields(b).reason)
                  ? `${count(fields(b).count)} ${text(fields(b).reason)}`
                  : null,
              )
            : []),
          count(details.monthClosed) ? `${count(details.monthClosed)} in a closed month` : null,
        ].filter(Boolean);
      const file = text(details.file);
      const confirmed = details.exclusionsConfirmed === true ? "; confirmed by the importer" : "";
      return `Imported ${formatCount(rows, "row")}${file ? ` from ${file}` : ""}${location ? ` to ${location}` : ""}${left.length ? ` (left out: ${left.join(", ")}${confirmed})` : ""}`;
    }
    case "delete": {
      const location = text(before.location);
      return `Deleted ${location ? `${location}'s` : "a"} record${month ? ` for ${month}` : ""}`;
    }
  }
  return fallback(entry);
}

function describeCommission(entry: AuditEntryData): string {
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
        ? `, already paid ${formatGBP(already)}, now ${formatGBP(sent ?? 0)}${text(after.reference) ? ` (${text(after.reference)})` : ""}`
        : "";
      return `Marked commission paid${amount !== null ? `: ${formatGBP(amount)}` : ""}${rate !== null ? ` at ${formatRate(rate)}` : ""}${topUp}`;
    }
    case "commission_reset": {
      if (details.reset === 0) return "Reset month (no payment to reset)";
      const amount = count(before.amountPence);
      const kept = count(after.moneyPaidPence);
      return `Reset month: ${amount !== null ? `payment of ${formatGBP(amount)}` : "payment"} back to pending${kept ? `; ${formatGBP(kept)} paid stays recorded` : ""}`;
    }
  }
  return fallback(entry);
}

function describeInvoice(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  const invoice = invoiceName(entry.entityId);
  switch (entry.action) {
    case "generate": {
      const amount = count(after.amount) ?? count(details.amount);
      return `Generated invoice ${invoice}${amount !== null ? ` for ${formatPounds(amount)}` : ""}`;
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
      return `Deleted invoice ${invoice}${amount !== null ? ` for ${formatPounds(amount)}` : ""}`;
    }
    case "check_due": {
      const overdue = count(details.markedOverdue) ?? 0;
      const raised = count(details.invoicesRaised) ?? 0;
      return `Ran the due check: ${overdue} marked overdue, ${formatCount(raised, "invoice")} raised`;
    }
  }
  return fallback(entry);
}

/** An amount in pounds as the entries keep it: a number, or text ("90.00") from the payments migration. */
const pounds = (value: unknown): number | null =>
  count(value) ?? (typeof value === "string" && /^\d+(\.\d+)?$/.test(value) ? Number(value) : null);
const invoicesOf = (value: unknown) =>
  (Array.isArray(value) ? value : [])
    .map((a) => count(fields(a).invoiceId))
    .filter((id): id is number => id !== null)
    .map(formatInvoiceId)
    .join(", ");

function describePayment(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  const payment = entry.action === "delete" ? before : after;
  const amount = pounds(payment.amount);
  const settles = invoicesOf(payment.allocations);
  const money = amount !== null ? ` of ${formatPounds(amount)}` : "";
  switch (entry.action) {
    case "record":
    case "migration_payment":
      return `${entry.action === "record" ? "Recorded" : "Migrated"} payment${money}${text(payment.receivedOn) ? ` received ${formatDate(text(payment.receivedOn))}` : ""}${settles ? ` for ${settles}` : ""}`;
    case "delete":
      return `Deleted payment${money}${settles ? ` for ${settles}` : ""}`;
    case "unallocate":
      return `Took ${count(details.invoiceId) !== null ? formatInvoiceId(count(details.invoiceId)!) : "an invoice"} out of a payment${amount !== null ? ` (now ${formatPounds(amount)})` : ""}`;
    case "correct":
      return `Corrected a payment${count(details.invoiceId) !== null ? ` for ${formatInvoiceId(count(details.invoiceId)!)}` : ""}`;
  }
  return fallback(entry);
}

function describeCreditNote(entry: AuditEntryData): string {
  const after = fields(entry.after);
  const amount = pounds(after.amount);
  const invoice = count(after.invoiceId) !== null ? formatInvoiceId(count(after.invoiceId)!) : "an invoice";
  const number =
    entry.entityId && /^\d+$/.test(entry.entityId) ? formatCreditNoteId(Number(entry.entityId)) : "credit note";
  const kind = after.kind === "cancellation" ? "cancelling" : "against";
  const verb = entry.action === "migration_credit_note" ? "Migrated" : "Issued";
  return `${verb} ${number}${amount !== null ? ` for ${formatPounds(amount)}` : ""} ${kind} ${invoice}`;
}

function describeRateChange(entry: AuditEntryData): string {
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

function describeRemovedDuplicate(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const details = fields(entry.details);
  const transaction = text(before.transactionId);
  const kind = before.kind === "refund" ? "refund" : "sale";
  const location = text(before.location);
  const reason = text(details.reason);
  return `Removed duplicate booking of ${kind}${transaction ? ` ${transaction}` : ""}${location ? ` from ${location}` : ""}${reason ? ` (${reason})` : ""}`;
}

function describePayoutBatch(entry: AuditEntryData): string {
  const after = fields(entry.after);
  if (entry.action === "payout_file") {
    const month = monthName(entry.month);
    return `Made the bank payment file${month ? ` for ${month}` : ""}${count(after.partners) !== null ? `: ${formatCount(count(after.partners)!, "partner")}` : ""}${count(after.totalPence) !== null ? `, ${formatGBP(count(after.totalPence)!)}` : ""}`;
  }
  const partners = count(after.partners);
  const total = count(after.totalPence);
  const reference = text(fields(entry.details).reference);
  return `Paid a commission payout batch${partners !== null ? `: ${formatCount(partners, "partner")}` : ""}${total !== null ? `, ${formatGBP(total)}` : ""}${reference ? ` (reference ${reference})` : ""}`;
}

function describeBusinessProfile(entry: AuditEntryData): string {
  if (entry.before === null || entry.before === undefined) return "Set up the business profile";
  const changed = auditChanges(entry).map((c) => c.field);
  return changed.length
    ? `Updated the business profile: ${changed.join(", ")}`
    : "Saved the business profile (nothing changed)";
}

/** "action entity" for an action this module does not know yet: nothing is ever hidden. */
function fallback(entry: AuditEntryData): string {
  return capitalise(`${words(entry.action)} ${words(entry.entity)}`.trim());
}

/** One plain-English line for an entry: "Marked commission paid: £60.63 at 12.5%", "Imported 44 rows from …". */
export function describeAuditEntry(entry: AuditEntryData): string {
  if (entry.action === "rate_change") return describeRateChange(entry);
  if (entry.action === "migration_remove_duplicate") return describeRemovedDuplicate(entry);
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
  }
  return fallback(entry);
}

function describeAgreement(entry: AuditEntryData): string {
  const after = fields(entry.after);
  const month = monthName(after.effectiveMonth) ?? monthName(entry.month);
  const terms = Array.isArray(after.description)
    ? after.description.filter((line) => typeof line === "string").join("; ")
    : null;
  const verb =
    entry.action === "agreement_corrected" ? "Corrected the commission agreement" : "Set a commission agreement";
  return `${verb}${month ? ` from ${month}` : ""}${terms ? `: ${terms}` : ""}`;
}

function describeAdjustment(entry: AuditEntryData): string {
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
    return `Wrote off ${formatGBP(Math.abs(amount ?? 0))} owed${forMonth ? ` (${forMonth})` : ""}`;
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
