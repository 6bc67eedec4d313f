/**
 * An invoice's amount as a list shows it: what the partner pays (VAT included when the invoice
 * carries VAT, with the VAT beneath), never wrapping inside the figure. `bare` leaves out the £ for
 * a column whose header carries it (the spec's "Amount (£)").
 */
import { formatAmount, formatPounds } from "#domain/shared/format.ts";

export interface AmountOfInvoice {
  total: number;
  vat: number;
  vatPercent: number | null;
}

export function InvoiceAmount({ invoice, bare = false }: { invoice: AmountOfInvoice; bare?: boolean }) {
  const format = bare ? formatAmount : formatPounds;
  return (
    <span style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
      {format(invoice.total)}
      {invoice.vatPercent === null ? null : (
        <span style={{ display: "block", fontSize: "var(--font-size-1)", color: "var(--gray-11)" }}>
          incl. VAT {format(invoice.vat)}
        </span>
      )}
    </span>
  );
}
