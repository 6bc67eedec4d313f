/**
 * Accounting exports (docs/accounting.md), through the CLI as a bookkeeper runs it: each format and
 * kind's CSV parsed back and compared, row by row in exact pence, with the month's documents (the
 * invoices and credit notes as issued, the commission as the partner's month works it out); the same
 * export twice byte-identical; a document changed after export reported with its credit note; the
 * 500-document split; the export log. Commission: revenue £100.00, COGS £40.00 → card fee £2.99 →
 * net £57.01 → 10% = £5.70.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import { makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { describeAuditEntry } from "#domain/audit/audit-entries.ts";
import { saveSelfBilling } from "#domain/self-billing/self-billing-service.ts";
import { runCli } from "./cli-run.ts";

const OCT = "2026-10";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-accounting-"));

/** RFC 4180 rows (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

/** The file's rows as objects by header. */
function records(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(fs.readFileSync(file, "utf8"));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

const pence = (amount: string) => Math.round(Number(amount) * 100);

async function exportFile(format: string, kind: string, month = OCT, name = `${format}-${kind}-${month}.csv`) {
  const out = path.join(dir, name);
  const run = await runCli([
    "accounting",
    "export",
    "--month",
    month,
    "--format",
    format,
    "--kind",
    kind,
    "--out",
    out,
    "--json",
  ]);
  return {
    out,
    run,
    json: run.out
      ? (JSON.parse(run.out) as { files: { path: string; documents: number }[]; changed: unknown[]; leftOut: string[] })
      : null,
  };
}

let feePartner: { id: number };
let sharer: { id: number };
let negative: { id: number };
let invoiceId: number;
let creditId: number;

beforeAll(async () => {
  feePartner = await makePartner(db, {
    name: "=Gym & Co",
    partnerType: "fee-paying",
    billingAddress: "1 High St\nLeeds\nLS1 1AA",
  });
  const invoice = await db
    .insertInto("feePayments")
    .values({
      partnerId: feePartner.id,
      amountPence: 4_750,
      monthlyFeePence: 5_000,
      paymentPeriod: "monthly",
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
      dueDate: "2026-10-15",
      vatRateBp: 2000,
      createdAt: "2026-10-01T09:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  invoiceId = invoice.id;
  // £10.00 gross credited of the £57.00 invoice: VAT 10.00 × 20/120 = £1.67, net £8.33.
  const note = await db
    .insertInto("creditNotes")
    .values({
      invoiceId,
      partnerId: feePartner.id,
      issuedOn: "2026-10-20",
      amountPence: 1_000,
      reason: "-Machine broken",
      kind: "credit",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  creditId = note.id;
  const payment = await db
    .insertInto("payments")
    .values({
      partnerId: feePartner.id,
      receivedOn: "2026-10-25",
      amountPence: 5_000,
      method: "bank-transfer",
      reference: "@GYM OCT",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("paymentAllocations").values({ paymentId: payment.id, invoiceId, amountPence: 4_700 }).execute();

  sharer = await makePartner(db, { name: "Pat Partner", commissionBp: 1000 });
  await makeRecord(db, (await makeMachine(db, sharer.id, "Library")).id, OCT, {
    revenuePence: 10_000,
    cogsPence: 4_000,
  });
  await db
    .insertInto("commissionAdjustments")
    .values({ partnerId: sharer.id, month: OCT, forMonth: "2026-09", amountPence: 47, reason: "late_sales" })
    .execute();
  await db
    .insertInto("commissionTransfers")
    .values({
      partnerId: sharer.id,
      month: "2026-09",
      amountPence: 1_234,
      paidDate: "2026-10-03",
      reference: "VB COMM 2026-09",
    })
    .execute();

  // A month below zero: £5.70 less a £9.00 carried rest.
  negative = await makePartner(db, { name: "Pat Partner", commissionBp: 1000 });
  await makeRecord(db, (await makeMachine(db, negative.id, "Station")).id, OCT, {
    revenuePence: 10_000,
    cogsPence: 4_000,
  });
  await db
    .insertInto("commissionAdjustments")
    .values({ partnerId: negative.id, month: OCT, forMonth: "2026-09", amountPence: -900, reason: "carried" })
    .execute();
});

describe("Xero", () => {
  it("sales: the invoice and the credit note, a line each, tax exclusive at the rate raised, formulas neutralised", async () => {
    const { out, run } = await exportFile("xero", "sales");
    expect(run.code).toBe(0);
    const rows = records(out);
    expect(rows).toHaveLength(2);
    const [inv, cn] = rows;
    expect(inv.ContactName).toBe("'=Gym & Co");
    expect(inv.InvoiceNumber).toBe(`INV-${String(invoiceId).padStart(5, "0")}`);
    expect([inv.InvoiceDate, inv.DueDate, inv.POAddressLine1, inv.POAddressLine2]).toEqual([
      "01/10/2026",
      "15/10/2026",
      "1 High St",
      "Leeds",
    ]);
    expect([pence(inv.UnitAmount), pence(inv.TaxAmount), inv.TaxType, inv.AccountCode]).toEqual([
      4_750,
      950,
      "20% (VAT on Income)",
      "200",
    ]);
    expect(cn.InvoiceNumber).toBe(`CN-${String(creditId).padStart(5, "0")}`);
    expect(cn.Reference).toBe(inv.InvoiceNumber);
    expect([pence(cn.UnitAmount), pence(cn.TaxAmount)]).toEqual([-833, -167]);
    expect(cn.Description).toContain("-Machine broken");
  });

  it("bills: a line per line of the working and per adjustment, summing to the month's figure; a negative month as a credit", async () => {
    const { out } = await exportFile("xero", "bills");
    const rows = records(out);
    const mine = rows.filter((r) => r.InvoiceNumber === `ST-202610-${sharer.id}`);
    expect(mine.map((r) => pence(r.UnitAmount))).toEqual([570, 47]);
    expect(mine[1].Description).toBe("Adjustment for September 2026 (late sales): +£0.47");
    expect(mine.every((r) => r.InvoiceDate === "31/10/2026" && r.DueDate === "14/11/2026")).toBe(true);
    expect([mine[0].AccountCode, mine[0].TaxType, mine[0].ContactName]).toEqual([
      "310",
      "No VAT",
      expect.stringContaining("Pat Partner ("),
    ]);
    const pm = await partnerMonth(db, sharer.id, OCT);
    expect(mine.reduce((s, r) => s + pence(r.UnitAmount), 0)).toBe(pm.totals.commissionPence);
    const credit = rows.filter((r) => r.InvoiceNumber === `ST-202610-${negative.id}`);
    expect(credit.map((r) => pence(r.UnitAmount))).toEqual([570, -900]);
    expect(new Set(rows.map((r) => r.ContactName)).size).toBe(2);
  });

  it("payments: money received by invoice settled and on account, commission paid with its reference", async () => {
    const { out } = await exportFile("xero", "payments");
    expect(records(out)).toEqual([
      {
        Date: "25/10/2026",
        Direction: "Received",
        Payee: "'=Gym & Co",
        Amount: "47.00",
        Reference: "'@GYM OCT",
        Document: `INV-${String(invoiceId).padStart(5, "0")}`,
      },
      {
        Date: "25/10/2026",
        Direction: "Received",
        Payee: "'=Gym & Co",
        Amount: "3.00",
        Reference: "'@GYM OCT",
        Document: "On account",
      },
      {
        Date: "03/10/2026",
        Direction: "Paid",
        Payee: expect.stringContaining("Pat Partner (") as string,
        Amount: "-12.34",
        Reference: "VB COMM 2026-09",
        Document: `ST-202609-${sharer.id}`,
      },
    ]);
  });

  it("the same export twice is byte-identical, and each is logged (audited)", async () => {
    const first = await exportFile("xero", "bills", OCT, "twice-1.csv");
    const second = await exportFile("xero", "bills", OCT, "twice-2.csv");
    expect(fs.readFileSync(second.out)).toEqual(fs.readFileSync(first.out));
    const logged = await db.selectFrom("accountingExports").selectAll().where("kind", "=", "bills").execute();
    expect(logged.length).toBeGreaterThanOrEqual(2);
    const audited = await db.selectFrom("auditLog").selectAll().where("entity", "=", "accounting_export").execute();
    expect(
      describeAuditEntry({
        ...audited[0],
        after: JSON.parse(audited[0].after!) as unknown,
        details: JSON.parse(audited[0].details!) as unknown,
      }),
    ).toMatch(/^Exported Xero (sales|bills|payments) for October 2026: \d+ documents?/);
    expect(audited.length).toBe(
      await db
        .selectFrom("accountingExports")
        .select("id")
        .execute()
        .then((r) => r.length),
    );
  });

  it("a document changed after export is never sent again under its number: a credit note and a new document", async () => {
    await exportFile("xero", "bills", OCT, "before-change.csv");
    await db
      .insertInto("commissionAdjustments")
      .values({ partnerId: sharer.id, month: OCT, forMonth: "2026-08", amountPence: 100, reason: "agreement" })
      .execute();
    const number = `ST-202610-${sharer.id}`;
    // Only what the package has not had: the credit note and the new document (Xero refuses a number twice).
    const run = await runCli([
      "accounting",
      "export",
      "--month",
      OCT,
      "--format",
      "xero",
      "--kind",
      "bills",
      "--new-only",
      "--out",
      path.join(dir, "new-only.csv"),
    ]);
    expect(run.code).toBe(0);
    expect([...new Set(records(path.join(dir, "new-only.csv")).map((r) => r.InvoiceNumber))]).toEqual([
      `${number}-CN`,
      `${number}-R1`,
    ]);
    const { out, json } = await exportFile("xero", "bills", OCT, "after-change.csv");
    expect(json!.changed).toEqual([
      { base: number, previous: number, creditNote: `${number}-CN`, replacement: `${number}-R1` },
    ]);
    const rows = records(out);
    expect(rows.filter((r) => r.InvoiceNumber === number)).toEqual([]);
    expect(rows.filter((r) => r.InvoiceNumber === `${number}-CN`).map((r) => pence(r.UnitAmount))).toEqual([-570, -47]);
    expect(rows.filter((r) => r.InvoiceNumber === `${number}-R1`).map((r) => pence(r.UnitAmount))).toEqual([
      570, 100, 47,
    ]);
    // Exported again with nothing changed since: the same file.
    const again = await exportFile("xero", "bills", OCT, "after-change-again.csv");
    expect(fs.readFileSync(again.out, "utf8")).toBe(fs.readFileSync(out, "utf8"));
  });

  it("splits past 500 documents into FILE-1.csv, FILE-2.csv", async () => {
    const many = await makePartner(db, { name: "Many Invoices", partnerType: "fee-paying" });
    await db
      .insertInto("feePayments")
      .values(
        Array.from({ length: 501 }, () => ({
          partnerId: many.id,
          amountPence: 1_000,
          paymentPeriod: "monthly" as const,
          periodStart: "2026-08-01",
          periodEnd: "2026-08-31",
          dueDate: "2026-08-15",
          vatRateBp: null,
          createdAt: "2026-08-02T09:00:00.000Z",
        })),
      )
      .execute();
    const { json } = await exportFile("xero", "sales", "2026-08", "split.csv");
    expect(json!.files).toEqual([
      { path: path.join(dir, "split-1.csv"), documents: 500 },
      { path: path.join(dir, "split-2.csv"), documents: 1 },
    ]);
    expect(records(path.join(dir, "split-2.csv"))[0].TaxType).toBe("No VAT");
  });
});

describe("a self-billed month", () => {
  it("bills carry the agreement's VAT: the purchases tax type, each line's share, the month's VAT to the penny", async () => {
    // August 2026: £100.00 revenue, £40.00 COGS → £5.70; £50.00, £20.00 → card fee £1.50, net
    // £28.50 → £2.85. £8.55 before VAT, 20% VAT £1.71 on the month's total, shared £1.14 and £0.57.
    const vatPartner = await makePartner(db, { name: "VAT Vending Ltd", commissionBp: 1000 });
    await makeRecord(db, (await makeMachine(db, vatPartner.id, "Hall")).id, "2026-08", {
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
    await makeRecord(db, (await makeMachine(db, vatPartner.id, "Gym")).id, "2026-08", {
      revenuePence: 5_000,
      cogsPence: 2_000,
    });
    await saveSelfBilling(
      db,
      vatPartner.id,
      { startDate: "2026-08-01", reviewDate: "2027-08-01", vatNumber: "GB123456789", vatRateBp: 2000 },
      null,
    );
    const pm = await partnerMonth(db, vatPartner.id, "2026-08");
    expect(pm.vat).toEqual({ rateBp: 2000, exVatPence: 855, vatPence: 171 });
    expect(pm.totals.commissionPence).toBe(1026);
    const { out } = await exportFile("xero", "bills", "2026-08");
    const mine = records(out).filter((r) => r.InvoiceNumber === `ST-202608-${vatPartner.id}`);
    expect(mine.map((r) => [pence(r.UnitAmount), pence(r.TaxAmount), r.TaxType])).toEqual([
      [570, 114, "20% (VAT on Expenses)"],
      [285, 57, "20% (VAT on Expenses)"],
    ]);
    expect(mine.reduce((s, r) => s + pence(r.UnitAmount) + pence(r.TaxAmount), 0)).toBe(pm.totals.commissionPence);
  });
});

describe("refusals", () => {
  it("a month not ended writes nothing and exits 1 saying so; a bad flag is a usage error", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const { out, run } = await exportFile("xero", "sales", month, "running.csv");
    expect(run.code).toBe(1);
    expect(run.err).toContain("has not ended yet");
    expect(fs.existsSync(out)).toBe(false);
    const bad = await runCli([
      "accounting",
      "export",
      "--month",
      OCT,
      "--format",
      "excel",
      "--kind",
      "sales",
      "--out",
      "x.csv",
    ]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--format takes xero, quickbooks or sage");
  });
});

describe("QuickBooks Online and Sage", () => {
  it("payments: the same plain file whichever package", async () => {
    const xero = fs.readFileSync((await exportFile("xero", "payments", OCT, "pay-x.csv")).out, "utf8");
    expect(fs.readFileSync((await exportFile("quickbooks", "payments", OCT, "pay-q.csv")).out, "utf8")).toBe(xero);
    expect(fs.readFileSync((await exportFile("sage", "payments", OCT, "pay-s.csv")).out, "utf8")).toBe(xero);
  });

  it("QuickBooks: invoices in its invoice import, credit notes listed, bills refused with a message", async () => {
    const { out, json } = await exportFile("quickbooks", "sales");
    const rows = records(out);
    expect(rows.map((r) => [r.InvoiceNo, pence(r.ItemAmount), pence(r.ItemTaxAmount), r.ItemTaxCode])).toEqual([
      [`INV-${String(invoiceId).padStart(5, "0")}`, 4_750, 950, "20.0% S"],
    ]);
    expect(json!.leftOut).toEqual([`CN-${String(creditId).padStart(5, "0")}`]);
    const bills = await exportFile("quickbooks", "bills");
    expect(bills.run.code).toBe(1);
    expect(bills.run.err).toContain("takes invoices but no bills");
    expect(fs.existsSync(bills.out)).toBe(false);
  });

  it("Sage: quick entries, the credit note as Cr Note with positive amounts, Net + VAT = Total", async () => {
    const { out } = await exportFile("sage", "sales");
    const rows = records(out);
    expect(
      rows.map((r) => [r.Type, r.Date, pence(r.Net), r["VAT Rate"], pence(r.VAT), pence(r.Total), r["Ledger Account"]]),
    ).toEqual([
      ["Invoice", "01-10-2026", 4_750, "Standard", 950, 5_700, "4000"],
      ["Cr Note", "20-10-2026", 833, "Standard", 167, 1_000, "4000"],
    ]);
    const bills = records((await exportFile("sage", "bills")).out);
    const credit = bills.filter((r) => r.Reference === `ST-202610-${negative.id}`);
    expect(credit.map((r) => [r.Type, pence(r.Net), r["Ledger Account"], r["VAT Rate"]])).toEqual([
      ["Cr Note", -570, "5000", "No VAT"],
      ["Cr Note", 900, "5000", "No VAT"],
    ]);
  });
});
