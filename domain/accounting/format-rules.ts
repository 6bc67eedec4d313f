/**
 * Each package's import layout, pure: the documented columns of Xero's sales invoice and bill
 * imports, QuickBooks Online's invoice import and Sage Business Cloud Accounting's sales and purchase
 * quick entries (docs/accounting.md names each template and its version), and the rows of the month's
 * documents in them. A package without an import for a kind says so (unsupportedReason).
 */
import { FORMAT_NAMES, taxTypeOf, type AccountingFormat, type PackageSettings } from "./accounting-settings.ts";
import { documentTotal, isCredit, type AccountingDocument } from "./document-rules.ts";
import { sageDate, ukDate, type Cell } from "./csv-rules.ts";

export type DocumentSide = "sales" | "bills";

export interface Layout {
  header: readonly string[];
  /** At most this many documents a file (Xero: 500); null: no documented limit. */
  documentsPerFile: number | null;
  /** What the person importing is told: how the amounts are to be read. */
  importNote: string;
  /** Each document's rows. */
  rows(doc: AccountingDocument, side: DocumentSide, settings: PackageSettings): Cell[][];
}

export const XERO_HEADER = [
  "ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "InvoiceNumber",
  "Reference",
  "InvoiceDate",
  "DueDate",
  "Description",
  "Quantity",
  "UnitAmount",
  "Discount",
  "AccountCode",
  "TaxType",
  "TaxAmount",
  "TrackingName1",
  "TrackingOption1",
  "Currency",
] as const;

/** Four address lines; any further lines join the fourth. */
function addressLines(lines: readonly string[]): string[] {
  const four = lines.slice(0, 3);
  four.push(lines.slice(3).join(", "));
  while (four.length < 4) four.push("");
  return four;
}

const xero: Layout = {
  header: XERO_HEADER,
  documentsPerFile: 500,
  importNote:
    "Amounts are tax exclusive: choose “Tax exclusive” when Xero asks. A document whose amounts are negative imports as a credit note.",
  rows(doc, side, s) {
    return doc.lines.map((line) => [
      doc.contact.name,
      doc.contact.email ?? "",
      ...addressLines(doc.contact.address),
      "",
      "",
      "",
      "",
      doc.number,
      doc.reference,
      { plain: ukDate(doc.date) },
      { plain: ukDate(doc.dueDate) },
      line.description,
      { plain: "1" },
      { pence: line.netPence },
      "",
      side === "sales" ? s.salesAccount : s.billsAccount,
      taxTypeOf(s, "xero", side, line.vatRateBp),
      { pence: line.vatPence },
      s.trackingName,
      s.trackingName ? s.trackingOption : "",
      "GBP",
    ]);
  },
};

export const QUICKBOOKS_INVOICE_HEADER = [
  "InvoiceNo",
  "Customer",
  "InvoiceDate",
  "DueDate",
  "Terms",
  "Location",
  "Memo",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "ItemAmount",
  "ItemTaxCode",
  "ItemTaxAmount",
  "Currency",
  "Service Date",
] as const;

const quickbooks: Layout = {
  header: QUICKBOOKS_INVOICE_HEADER,
  documentsPerFile: null,
  importNote:
    "Amounts are exclusive of tax: choose “Exclusive of tax” and the date format dd/MM/yyyy when QuickBooks asks. Its invoice import takes no credit notes: they are listed, to enter by hand.",
  rows(doc, side, s) {
    return doc.lines.map((line) => [
      doc.number,
      doc.contact.name,
      { plain: ukDate(doc.date) },
      { plain: ukDate(doc.dueDate) },
      "",
      s.trackingOption,
      doc.reference,
      s.salesAccount,
      line.description,
      { plain: "1" },
      { pence: line.netPence },
      { pence: line.netPence },
      // Stryker disable next-line StringLiteral: QuickBooks' names are taxTypeOf's last branch; any text reaches it
      taxTypeOf(s, "quickbooks", side, line.vatRateBp),
      { pence: line.vatPence },
      "GBP",
      "",
    ]);
  },
};

const sageHeader = (party: "Customer" | "Supplier") =>
  [
    "Type",
    `${party} Reference`,
    "Date",
    party === "Customer" ? "Customer name" : "Supplier Name",
    "Reference",
    "Ledger Account",
    "Details",
    "Net",
    "VAT Rate",
    "VAT",
    "Total",
    "Analysis Type 1",
    "Analysis Type 2",
    "Analysis Type 3",
  ] as const;

export const SAGE_SALES_HEADER = sageHeader("Customer");
export const SAGE_PURCHASE_HEADER = sageHeader("Supplier");

/** Sage's quick entries: a row per line, "Invoice" or "Cr Note" by the document's total, amounts in its direction. */
function sage(side: DocumentSide): Layout {
  return {
    header: side === "sales" ? SAGE_SALES_HEADER : SAGE_PURCHASE_HEADER,
    documentsPerFile: null,
    importNote:
      "Net, VAT and Total are given apart (the Net column is tax exclusive). A credit note is a “Cr Note” row with positive amounts.",
    rows(doc, _side, s) {
      const credit = isCredit(doc);
      const sign = credit ? -1 : 1;
      return doc.lines.map((line) => [
        credit ? "Cr Note" : "Invoice",
        doc.contact.reference,
        { plain: sageDate(doc.date) },
        doc.contact.name,
        doc.number,
        side === "sales" ? s.salesAccount : s.billsAccount,
        line.description,
        { pence: sign * line.netPence },
        taxTypeOf(s, "sage", side, line.vatRateBp),
        { pence: sign * line.vatPence },
        { pence: sign * (line.netPence + line.vatPence) },
        s.trackingOption,
        "",
        "",
      ]);
    },
  };
}

/** Why a package has no import for a kind, or null when it has one. */
export function unsupportedReason(format: AccountingFormat, side: DocumentSide): string | null {
  if (format === "quickbooks" && side === "bills")
    return `${FORMAT_NAMES.quickbooks}'s import (Settings ▸ Import data) takes invoices but no bills: enter the month's commission bills by hand (the Xero or Sage file lists each bill's lines), or use an app from the QuickBooks App Store.`;
  return null;
}

export function layoutOf(format: AccountingFormat, side: DocumentSide): Layout {
  if (format === "xero") return xero;
  if (format === "quickbooks") return quickbooks;
  return sage(side);
}

/** Whether the package's import for the kind takes the document (QuickBooks' invoice import takes no credit notes). */
export function takesDocument(format: AccountingFormat, doc: AccountingDocument): boolean {
  return !(format === "quickbooks" && documentTotal(doc) < 0);
}
