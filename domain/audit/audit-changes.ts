/** An audit entry's changed values before and after, as people read them. */
import { formatRate } from "../shared/commission-rules.ts";
import { formatPence, poundsToPence } from "../shared/money.ts";
import { fields, words, type AuditEntryData } from "./audit-fields.ts";
import { describeTerms } from "../agreements/agreement-words.ts";
import { termsIn } from "../agreements/agreement-schemas.ts";

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
  payoutPrefix: "payout reference prefix",
  terms: "agreement",
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
    if (key.endsWith("Pence")) return formatPence(value);
    if (key.endsWith("Bp")) return formatRate(value);
    if (key === "amount") return formatPence(poundsToPence(value));
    return String(value);
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  // An agreement's terms in the words of its card ("Tiers on net profit: 15% of the first £150.00, …"), not JSON.
  const terms = key === "terms" ? termsIn(value) : undefined;
  const shown = terms
    ? describeTerms(terms).join("; ")
    : typeof value === "string"
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
