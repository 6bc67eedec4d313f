/**
 * The accounting exports' pure rules: documents from the product's own figures in exact pence, the
 * VAT inside a credit note, contacts unique and stable, CSV cells neutralised (amounts never), the
 * 500-document split, and the plan of an export (a changed document reversed and renumbered).
 */
import { describe, expect, it } from "vitest";
import {
  billDocument,
  billLineTax,
  spreadVat,
  contactsOf,
  creditNoteDocument,
  creditNoteVat,
  documentTotal,
  invoiceDocument,
  lastDayOf,
  statementNumber,
  type AccountingDocument,
  type Contact,
} from "#domain/accounting/document-rules.ts";
import { cellText, csvText, neutralise, partNames, splitByDocuments } from "#domain/accounting/csv-rules.ts";
import { fingerprintOf, numbersSent, planExport, reversalOf } from "#domain/accounting/export-rules.ts";
import {
  DEFAULT_ACCOUNTING_SETTINGS,
  readAccountingSettings,
  taxTypeOf,
} from "#domain/accounting/accounting-settings.ts";
import { layoutOf, takesDocument, unsupportedReason } from "#domain/accounting/format-rules.ts";

const contact: Contact = { name: "Pat", email: null, address: [], reference: "P00001" };

describe("documents", () => {
  it("a fee invoice: one line, net and VAT as its PDF (VAT half-up on the net)", () => {
    const doc = invoiceDocument(
      {
        id: 7,
        createdAt: "2026-10-01T09:00:00.000Z",
        dueDate: "2026-10-15",
        periodStart: "2026-10-01",
        periodEnd: "2027-03-31",
        paymentPeriod: "6-months",
        amountPence: 28_501,
        vatRateBp: 2000,
      },
      contact,
    );
    expect(doc.number).toBe("INV-00007");
    expect(doc.date).toBe("2026-10-01");
    expect(doc.lines).toEqual([
      {
        description: "Machine placement fee, 01/10/2026 - 31/03/2027 (6 Months, 10% term discount)",
        netPence: 28_501,
        vatPence: 5_700,
        vatRateBp: 2000,
      },
    ]);
  });

  it("the VAT inside a credit note: the invoice's own VAT for the whole gross, else the VAT fraction half-up", () => {
    expect(creditNoteVat(6_001, { amountPence: 5_001, vatRateBp: 2000 })).toEqual({ netPence: 5_001, vatPence: 1_000 });
    expect(creditNoteVat(1_000, { amountPence: 5_000, vatRateBp: 2000 })).toEqual({ netPence: 833, vatPence: 167 });
    expect(creditNoteVat(1_000, { amountPence: 5_000, vatRateBp: null })).toEqual({ netPence: 1_000, vatPence: 0 });
    const note = creditNoteDocument(
      {
        id: 3,
        invoiceId: 7,
        issuedOn: "2026-10-20",
        amountPence: 1_000,
        reason: "Broken",
        kind: "credit",
        invoice: { amountPence: 5_000, vatRateBp: 2000 },
      },
      contact,
    );
    expect([note.number, note.reference, documentTotal(note)]).toEqual(["CN-00003", "INV-00007", -1_000]);
  });

  it("a bill: the working's lines, each adjustment with its reason and what a paid month sent on, summing to its figure", () => {
    const doc = billDocument(
      {
        partner: {
          id: 12,
          username: "p",
          name: "Pat",
          email: null,
          billingAddress: null,
          partnerType: "profit-sharing",
        },
        month: "2026-10",
        machines: [{ machineId: 1, location: "Library" } as never],
        lines: [
          { kind: "machine", machineId: 1, basis: "net-profit", quantity: 5_701, rate: 1000, commissionPence: 570 },
        ],
        agreementPence: 570,
        adjustments: [{ id: 1, forMonth: "2026-09", amountPence: -47, reason: "record_deleted" }],
        sentOn: [{ month: "2026-11", amountPence: 20, reason: "late_sales" }],
        payment: { status: "completed", paidDate: "2026-11-03", amountPence: 503, rateBp: 1000 },
      },
      contact,
    );
    expect(doc.number).toBe("ST-202610-12");
    expect([doc.date, doc.dueDate]).toEqual(["2026-10-31", "2026-11-03"]);
    expect(doc.lines.map((l) => [l.netPence, l.vatPence, l.vatRateBp])).toEqual([
      [570, 0, null],
      [-47, 0, null],
      [-20, 0, null],
    ]);
    expect(doc.lines[1].description).toBe("Adjustment for September 2026 (record deleted): −£0.47");
    expect(documentTotal(doc)).toBe(503);
  });

  it("an unpaid bill is due 14 days after the month; VAT only on a self-billed month", () => {
    expect(lastDayOf("2026-02")).toBe("2026-02-28");
    expect(statementNumber("2026-02", 4)).toBe("ST-202602-4");
    expect(billLineTax({})).toEqual({ vatRateBp: null, vatPence: 0 });
    expect(billLineTax({ vat: { rateBp: 2000, exVatPence: 855, vatPence: 171 } })).toEqual({
      vatRateBp: 2000,
      vatPence: 171,
    });
  });

  it("a self-billed month's VAT is shared among its lines by their nets, summing to the month's exactly", () => {
    expect(spreadVat([570, 285], 171)).toEqual([114, 57]);
    // 1000 × 17.5% = 175 over three lines: 58 each, the penny left to the largest.
    expect(spreadVat([333, 333, 334], 175)).toEqual([58, 58, 59]);
    expect(spreadVat([100, 100, 100], 50)).toEqual([17, 17, 16]);
    // A negative adjustment takes its share off.
    expect(spreadVat([1000, -200], 160)).toEqual([200, -40]);
    expect(spreadVat([0, 0], 10)).toEqual([10, 0]);
    expect(spreadVat([500], 0)).toEqual([0]);
    for (const [nets, vat] of [
      [[1, 2, 3, 4, 5], 7],
      [[999, -1, 37], 207],
    ] as const)
      expect(spreadVat(nets, vat).reduce((s, n) => s + n, 0)).toBe(vat);
  });

  it("contacts: the partner's name, with the username where two share it or none is set", () => {
    const people = contactsOf([
      { id: 1, name: "Pat", username: "pat1", email: null, billingAddress: "1 St\n\n Leeds " },
      { id: 2, name: "pat ", username: "pat2", email: null, billingAddress: null },
      { id: 3, name: "Sam", username: "sam", email: "s@x", billingAddress: null },
      { id: 4, name: null, username: "nameless", email: null, billingAddress: null },
    ]);
    expect([...people.values()].map((c) => c.name)).toEqual(["Pat (pat1)", "pat (pat2)", "Sam", "nameless"]);
    expect(people.get(1)!.address).toEqual(["1 St", "Leeds"]);
    expect(people.get(3)!.reference).toBe("P00003");
  });
});

describe("CSV", () => {
  it("neutralises text starting =, +, -, @, tab or CR; amounts never", () => {
    expect(["=SUM(A1)", "+1", "-x", "@cmd", "\tx", "fine"].map(neutralise)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-x",
      "'@cmd",
      "'\tx",
      "fine",
    ]);
    expect(cellText({ pence: -1_250 })).toBe("-12.50");
    expect(
      csvText(
        ["A", "B"],
        [
          ["a,b", { pence: 5 }],
          ['say "hi"', { plain: "01/10/2026" }],
        ],
      ),
    ).toBe('A,B\r\n"a,b",0.05\r\n"say ""hi""",01/10/2026\r\n');
  });

  it("splits by documents, a document's rows kept together; names FILE-1.csv, FILE-2.csv", () => {
    const rows = ["A", "A", "B", "C", "C"].map((number, i) => ({ number, row: i }));
    expect(splitByDocuments(rows, 2)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    expect(splitByDocuments(rows, 500)).toEqual([[0, 1, 2, 3, 4]]);
    expect(partNames("out/x.csv", 2)).toEqual(["out/x-1.csv", "out/x-2.csv"]);
    expect(partNames("x.csv", 1)).toEqual(["x.csv"]);
  });
});

describe("formats and settings", () => {
  it("tax types from settings by rate, other rates in the package's words", () => {
    const xero = DEFAULT_ACCOUNTING_SETTINGS.xero;
    expect(taxTypeOf(xero, "xero", "sales", 2000)).toBe("20% (VAT on Income)");
    expect(taxTypeOf(xero, "xero", "bills", null)).toBe("No VAT");
    expect(taxTypeOf(xero, "xero", "sales", 500)).toBe("5% (VAT on Income)");
    expect(taxTypeOf(DEFAULT_ACCOUNTING_SETTINGS.sage, "sage", "sales", 500)).toBe("Lower Rate");
    expect(taxTypeOf(DEFAULT_ACCOUNTING_SETTINGS.quickbooks, "quickbooks", "sales", 0)).toBe("0.0% Z");
  });

  it("reads stored settings over the defaults; refused JSON keeps them", () => {
    expect(readAccountingSettings('{"sage":{"salesAccount":"4010"}}').sage.salesAccount).toBe("4010");
    expect(readAccountingSettings("not json")).toEqual(DEFAULT_ACCOUNTING_SETTINGS);
    expect(readAccountingSettings('{"xero":{"salesAccount":""}}').xero.salesAccount).toBe("200");
  });

  it("QuickBooks Online has no bill import and takes no credit notes; Sage writes a credit note's amounts positive", () => {
    expect(unsupportedReason("quickbooks", "bills")).toContain("no bills");
    expect(unsupportedReason("xero", "bills")).toBeNull();
    const credit: AccountingDocument = {
      number: "CN-00001",
      reference: "INV-00001",
      contact,
      date: "2026-10-20",
      dueDate: "2026-10-20",
      lines: [{ description: "Credit", netPence: -833, vatPence: -167, vatRateBp: 2000 }],
    };
    expect(takesDocument("quickbooks", credit)).toBe(false);
    const [row] = layoutOf("sage", "sales").rows(credit, "sales", DEFAULT_ACCOUNTING_SETTINGS.sage);
    expect(row.map(cellText)).toEqual([
      "Cr Note",
      "P00001",
      "20-10-2026",
      "Pat",
      "CN-00001",
      "4000",
      "Credit",
      "8.33",
      "Standard",
      "1.67",
      "10.00",
      "",
      "",
      "",
    ]);
  });
});

describe("the plan of an export", () => {
  const doc = (amount: number): AccountingDocument => ({
    number: "ST-202610-1",
    reference: "ST-202610-1",
    contact,
    date: "2026-10-31",
    dueDate: "2026-11-14",
    lines: [{ description: "Commission", netPence: amount, vatPence: 0, vatRateBp: null }],
  });

  it("first sent under its number; unchanged, the same document again", () => {
    const first = planExport([doc(570)], []);
    expect(first.documents.map((d) => d.number)).toEqual(["ST-202610-1"]);
    expect(planExport([doc(570)], [first.sent])).toEqual(first);
  });

  it("changed: a credit note reversing what was sent and the new document under a new number; the same again after", () => {
    const first = planExport([doc(570)], []);
    const second = planExport([doc(600)], [first.sent]);
    expect(second.documents.map((d) => [d.number, documentTotal(d)])).toEqual([
      ["ST-202610-1-CN", -570],
      ["ST-202610-1-R1", 600],
    ]);
    expect(second.changed).toEqual([
      { base: "ST-202610-1", previous: "ST-202610-1", creditNote: "ST-202610-1-CN", replacement: "ST-202610-1-R1" },
    ]);
    expect(planExport([doc(600)], [first.sent, second.sent])).toEqual(second);
    const third = planExport([doc(610)], [first.sent, second.sent]);
    expect(third.documents.map((d) => d.number)).toEqual(["ST-202610-1-R1-CN", "ST-202610-1-R2"]);
  });

  it("new only: what no earlier export carried (nothing when unchanged; after a change its credit note and replacement)", () => {
    const first = planExport([doc(570)], []);
    expect(planExport([doc(570)], [], { newOnly: true }).documents).toEqual(first.documents);
    expect(planExport([doc(570)], [first.sent], { newOnly: true }).documents).toEqual([]);
    const second = planExport([doc(600)], [first.sent], { newOnly: true });
    expect(second.documents.map((d) => d.number)).toEqual(["ST-202610-1-CN", "ST-202610-1-R1"]);
    expect(planExport([doc(600)], [first.sent, second.sent], { newOnly: true }).documents).toEqual([]);
    expect([...numbersSent([first.sent, second.sent])]).toEqual(["ST-202610-1", "ST-202610-1-R1", "ST-202610-1-CN"]);
  });

  it("gone (a deleted invoice): reversed, nothing new", () => {
    const first = planExport([doc(570)], []);
    const gone = planExport([], [first.sent]);
    expect(gone.documents.map((d) => d.number)).toEqual(["ST-202610-1-CN"]);
    expect(gone.changed[0].replacement).toBeNull();
    expect(planExport([], [first.sent, gone.sent])).toEqual(gone);
  });

  it("the fingerprint is the content, not the number; a reversal negates every line", () => {
    expect(fingerprintOf({ ...doc(570), number: "X" })).toBe(fingerprintOf(doc(570)));
    expect(fingerprintOf(doc(571))).not.toBe(fingerprintOf(doc(570)));
    expect(reversalOf(doc(570)).lines[0]).toMatchObject({
      netPence: -570,
      description: "Reverses ST-202610-1: Commission",
    });
  });
});
