/**
 * What describing an audit entry reads: the entry's stored values, and small readers of its JSON
 * fields that never throw on a value of the wrong shape.
 */
import { formatMonth } from "../shared/dates.ts";
import { formatInvoiceId } from "../invoices/invoice-rules.ts";

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

export type Fields = Record<string, unknown>;

export const fields = (value: unknown): Fields =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {};
export const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value : typeof value === "number" ? String(value) : null;
export const count = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;
export const quoted = (value: unknown) => (text(value) ? `"${text(value)}"` : "none");
export const monthName = (month: unknown) =>
  typeof month === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? formatMonth(month) : null;
export const invoiceName = (entityId: string | null) =>
  entityId && /^\d+$/.test(entityId) ? formatInvoiceId(Number(entityId)) : "invoice";
export const words = (key: string) =>
  key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
export const capitalise = (line: string) => line.charAt(0).toUpperCase() + line.slice(1);

/** An amount in pounds as the entries keep it: a number, or text ("90.00") from the payments migration. */
export const pounds = (value: unknown): number | null =>
  count(value) ?? (typeof value === "string" && /^\d+(\.\d+)?$/.test(value) ? Number(value) : null);
export const invoicesOf = (value: unknown) =>
  (Array.isArray(value) ? value : [])
    .map((a) => count(fields(a).invoiceId))
    .filter((id): id is number => id !== null)
    .map(formatInvoiceId)
    .join(", ");

/** "action entity" for an action this module does not know yet: nothing is ever hidden. */
export function fallback(entry: AuditEntryData): string {
  return capitalise(`${words(entry.action)} ${words(entry.entity)}`.trim());
}
