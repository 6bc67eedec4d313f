/**
 * An invoice's amount as a list shows it: what the partner pays (VAT included when the invoice
 * carries VAT, with the VAT beneath), never wrapping inside the figure. `bare` leaves out the £ for
 * a column whose header carries it (the spec's "Amount (£)").
 */
import { formatAmountPence, formatPence } from "#domain/shared/format.ts";

export interface AmountOfInvoice {
  totalPence: number;
  vatPence: number;
  vatPercent: number | null;
}

export function InvoiceAmount({ invoice, bare = false }: { invoice: AmountOfInvoice; bare?: boolean }) {
  const format = bare ? formatAmountPence : formatPence;
  return (
    <span style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
      {format(invoice.totalPence)}
      {invoice.vatPercent === null ? null : (
        <span style={{ display: "block", fontSize: "var(--font-size-1)", color: "var(--gray-11)" }}>
          incl. VAT {format(invoice.vatPence)}
        </span>
      )}
    </span>
  );
}
