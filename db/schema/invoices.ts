/** The tables of fee invoices: the invoices, payments and their allocations, credit notes. */
import type { ColumnType, Generated } from "kysely";
import type { CreditNoteKind, InvoiceStatus, PaymentMethod, PaymentPeriod } from "../enums.ts";
import type { CreatedAt } from "./columns.ts";

export interface FeePaymentsTable {
  id: Generated<number>;
  partnerId: number;
  amountPence: number;
  /** The monthly fee the invoice was raised at. */
  monthlyFeePence: number | null;
  paymentPeriod: PaymentPeriod;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  paidDate: string | null;
  status: ColumnType<InvoiceStatus, InvoiceStatus | undefined, InvoiceStatus>;
  /** When the overdue reminder went out: at most one per invoice. */
  reminderSentAt: string | null;
  /** The payment's reference (bank transfer reference, cheque number), recorded with Mark as Paid. */
  paymentReference: ColumnType<string | null, string | null | undefined, string | null>;
  /** The VAT rate the invoice was raised at, in basis points (2000 = 20%); null: no VAT. */
  vatRateBp: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the invoice first left the business (emailed, downloaded by anyone, marked sent): then never deleted. */
  sentAt: ColumnType<string | null, string | null | undefined, string | null>;
  sentVia: ColumnType<InvoiceSentVia | null, InvoiceSentVia | null | undefined, InvoiceSentVia | null>;
  createdAt: CreatedAt;
}

/** How an invoice was first sent. */
export type InvoiceSentVia = "email" | "download" | "marked";

/** An invoice's or a credit note's PDF as first issued, served unchanged afterwards. */
export interface IssuedDocumentsTable {
  kind: "invoice" | "credit_note";
  /** fee_payments.id or credit_notes.id. */
  documentId: number;
  filename: string;
  bytes: Uint8Array;
  /** ISO timestamp of the first issue. */
  issuedAt: string;
}

/** Money a fee-paying partner paid: it settles one or more invoices through its allocations. */
export interface PaymentsTable {
  id: Generated<number>;
  partnerId: number;
  /** YYYY-MM-DD, the day the money arrived. */
  receivedOn: string;
  /** > 0; the sum of its allocations never exceeds it. */
  amountPence: number;
  method: PaymentMethod;
  reference: string | null;
  createdAt: CreatedAt;
  /** The admin who recorded it; null for the CLI, the due check or a migration. */
  createdBy: number | null;
}

/** How much of a payment settles one invoice (fee_payments.id). */
export interface PaymentAllocationsTable {
  id: Generated<number>;
  paymentId: number;
  invoiceId: number;
  /** > 0. */
  amountPence: number;
}

/** A credit against an invoice (gross pence, at most its unpaid balance); 'cancellation' cancels it. Shown as CN-00001. */
export interface CreditNotesTable {
  id: Generated<number>;
  invoiceId: number;
  partnerId: number;
  issuedOn: string;
  amountPence: number;
  reason: string;
  kind: CreditNoteKind;
  createdAt: CreatedAt;
  createdBy: number | null;
}
