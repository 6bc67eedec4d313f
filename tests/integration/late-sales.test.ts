/**
 * Corrections after payment. A paid month keeps what it paid; late sales
 * imported for it (the machine upload and its preview, the business-wide import, `vendboard import`)
 * and a record deleted from it are booked only once confirmed (adjustPaidMonths,
 * --adjust-paid-months), and the month's commission under the terms it was paid under, after minus
 * before, becomes an adjustment on the partner's next month not paid, audited with its cause. A month
 * reopened by Reset Month is open again. The migration widening commission_adjustments.reason keeps
 * the agreements' rows and their ids. Exact pence from ARCHITECTURE.md section 5 (card fee 2.99% of
 * revenue per record, half-up; net = revenue − COGS − fee; flat share half-up; the seed's tiers
 * 15/20/30% in marginal bands of £150.00).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { action as resetAction } from "#app/routes/api.partners.commissions.reset.ts";
import { action as paymentAction } from "#app/routes/api.partners.$id.commission-payment.ts";
import { action as recordAction } from "#app/routes/api.records.$id.ts";
import { action as uploadAction } from "#app/routes/api.machines.$id.records.ts";
import { action as previewAction } from "#app/routes/api.machines.$id.records.preview.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { isPostgres } from "#db/dialect.ts";
import { migrations } from "#db/migrations/index.ts";
import { describeAuditEntry } from "#domain/audit/audit-entries.ts";
import { adjustmentText } from "#domain/agreements/agreement-words.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import { importExports } from "#domain/imports/import-service.ts";
import { partnerUpdateSchema } from "#domain/partners/partner-schemas.ts";
import { updatePartner } from "#domain/partners/partner-service.ts";
import { freshDatabase } from "#tests/databases.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { BASE, call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { runCli } from "./cli-run.ts";

const SEP = "2026-09";
const OCT = "2026-10";
const NOV = "2026-11";
const LATE_PREFIX = "This import adds late sales to paid months, which keep what they paid: ";

let adminCookie: string;
let adminId: number;

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
});

/* Exports as the telemetry writes them (SheetJS), ISO dates, one Machine Name per row. */

interface Row {
  id: string;
  date: string;
  product?: string;
  cost?: number;
  price?: number;
  settlement?: number;
}

function exportOf(machineName: string | Record<string, Row[]>, rows: Row[] = []): Uint8Array {
  const byMachine = typeof machineName === "string" ? { [machineName]: rows } : machineName;
  const body = Object.entries(byMachine).flatMap(([name, list]) =>
    list.map((r) => [
      name,
      r.id,
      r.product ?? "Meal Deal",
      r.cost ?? 2,
      r.price ?? r.settlement ?? 5,
      r.settlement ?? 5,
      r.date,
    ]),
  );
  const sheet = XLSX.utils.aoa_to_sheet([
    ["Dynamic Transactions Monitor Mega"],
    [
      "Machine Name",
      "Transaction ID",
      "Product Name",
      "Cost Price",
      "Machine Price",
      "Settlement Value (Vend Price)",
      "Authorization Date and Time (GMT)",
    ],
    ...body,
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

/** `n` rows of one product, dated `month`-05, one a minute, ids `prefix`-1…n. */
function rows(prefix: string, n: number, month: string, item: Omit<Row, "id" | "date"> = {}): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}-${i + 1}`,
    date: `${month}-05T10:${String(i % 60).padStart(2, "0")}:00Z`,
    ...item,
  }));
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/** audit_log JSON: text on SQLite, already parsed where the driver parses it. */
const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

function postUpload(
  machineId: number,
  month: string,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
  preview = false,
) {
  const form = new FormData();
  form.set("month", month);
  form.set("reportFile", new File([new Uint8Array(bytes)], "export.xlsx"));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const url = `${BASE}/api/machines/${machineId}/records${preview ? "/preview" : ""}`;
  const action = preview ? previewAction : uploadAction;
  return action({
    request: new Request(url, { method: "POST", body: form, headers: { cookie: adminCookie } }),
    params: { id: String(machineId) },
    context: {},
  });
}

const pay = (partnerId: number, month: string, paidDate: string) =>
  call(paymentAction, `/api/partners/${partnerId}/commission-payment`, {
    json: { status: "completed", month, paidDate },
    cookie: adminCookie,
    params: { id: String(partnerId) },
  });
const reset = (month: string, partnerId: number) =>
  call(resetAction, "/api/partners/commissions/reset", { json: { month, partnerId }, cookie: adminCookie });
const deleteRecord = (id: number, query = "") =>
  call(recordAction, `/api/records/${id}${query}`, {
    method: "DELETE",
    cookie: adminCookie,
    params: { id: String(id) },
  });

const recordOf = (machineId: number, month: string) =>
  db
    .selectFrom("monthlyRecords")
    .select(["id", "totalSales", "revenuePence", "cogsPence"])
    .where("machineId", "=", machineId)
    .where("month", "=", month)
    .executeTakeFirst();
const paymentOf = (partnerId: number, month: string) =>
  db
    .selectFrom("commissionPayments")
    .select(["status", "amountPence", "paidDate"])
    .where("partnerId", "=", partnerId)
    .where("month", "=", month)
    .executeTakeFirstOrThrow();
const adjustmentsOf = (partnerId: number) =>
  db
    .selectFrom("commissionAdjustments")
    .select(["id", "month", "forMonth", "amountPence", "reason", "createdBy", "sourcePaymentId"])
    .where("partnerId", "=", partnerId)
    .orderBy("id")
    .execute();

/** Everything an import could write for a partner: records, sales, receipts, rollups, adjustments, audit entries. */
async function stateOf(partnerId: number) {
  const machineIds = (await db.selectFrom("machines").select("id").where("partnerId", "=", partnerId).execute()).map(
    (m) => m.id,
  );
  const records = await db
    .selectFrom("monthlyRecords")
    .select(["id", "machineId", "month", "totalSales", "revenuePence", "cogsPence"])
    .where("machineId", "in", machineIds)
    .orderBy("id")
    .execute();
  const recordIds = records.map((r) => r.id);
  return {
    records,
    sales: (await db.selectFrom("sales").select("id").where("machineId", "in", machineIds).execute()).length,
    receipts: recordIds.length
      ? (await db.selectFrom("importReceipts").select("id").where("recordId", "in", recordIds).execute()).length
      : 0,
    rollup: await db
      .selectFrom("productSalesMonthly")
      .select(["productId", "month", "units", "revenuePence"])
      .where("machineId", "in", machineIds)
      .orderBy("productId")
      .orderBy("month")
      .execute(),
    adjustments: await adjustmentsOf(partnerId),
    audit: (await db.selectFrom("auditLog").select("id").where("partnerId", "=", partnerId).execute()).length,
    payments: await db
      .selectFrom("commissionPayments")
      .select(["month", "status", "amountPence", "paidDate"])
      .where("partnerId", "=", partnerId)
      .orderBy("month")
      .execute(),
  };
}

describe("late sales through the machine upload, a flat 10% share paid £5.70 for October", () => {
  // October: 20 × Meal Deal £5.00 (cost £2.00): revenue 10000, COGS 4000; fee 299 (299.0); net 5701;
  //   10% = 570.1 → 570 (£5.70), paid on 02/11/2026.
  // Late: 5 × Twix £1.50 (cost 52p): revenue 10750, COGS 4260; fee 10750 × 2.99% = 321.425 → 321;
  //   net 10750 − 4260 − 321 = 6169; 10% = 616.9 → 617. 617 − 570 = +47 (£0.47), to November.
  const late = exportOf(
    "Late Kiosk Foyer",
    rows("LK-late", 5, OCT, { product: "Twix", cost: 0.52, price: 1.5, settlement: 1.5 }),
  );
  let partnerId: number;
  let machineId: number;

  beforeAll(async () => {
    partnerId = (await makePartner(db, { name: "Late Kiosk Ltd", partnerType: "profit-sharing", commissionBp: 1_000 }))
      .id;
    machineId = (await makeMachine(db, partnerId, "Late Kiosk Foyer")).id;
    expect((await postUpload(machineId, OCT, exportOf("Late Kiosk Foyer", rows("LK-oct", 20, OCT)))).status).toBe(201);
    const paid = await pay(partnerId, OCT, "2026-11-02");
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ month: OCT, status: "completed", paidDate: "2026-11-02", amount: 5.7 });
  });

  it("(a) without confirmation: 409 naming the month, what it paid and the difference; nothing of the file is written", async () => {
    const before = await stateOf(partnerId);
    const refused = await postUpload(machineId, OCT, late);
    expect(refused.status).toBe(409);
    const { message } = await refused.json();
    expect(
      message.startsWith(
        `${LATE_PREFIX}Late Kiosk Ltd's October 2026 (paid £5.70 on 02/11/2026): +£0.47 to November 2026`,
      ),
    ).toBe(true);
    // adjustPaidMonths=false is no confirmation either.
    expect((await postUpload(machineId, OCT, late, { adjustPaidMonths: "false" })).status).toBe(409);
    expect(await stateOf(partnerId)).toEqual(before);
    expect(before.records).toEqual([
      expect.objectContaining({ month: OCT, totalSales: 20, revenuePence: 10_000, cogsPence: 4_000 }),
    ]);
  });

  it("a flag that is neither true nor false is refused (400), writing nothing", async () => {
    const before = await stateOf(partnerId);
    const bad = await postUpload(machineId, OCT, late, { adjustPaidMonths: "maybe" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "adjustPaidMonths must be true or false" });
    expect(await stateOf(partnerId)).toEqual(before);
  });

  it("(b) the preview lists paidMonths in pounds: paid £5.70, before £5.70, after £6.17, +£0.47 to November; it writes nothing", async () => {
    const before = await stateOf(partnerId);
    const preview = await postUpload(machineId, OCT, late, {}, true);
    expect(preview.status).toBe(200);
    const body = await preview.json();
    expect(body).toMatchObject({ month: OCT, imported: 5, units: 5, revenuePence: 750, cogsPence: 260 });
    expect(body.paidMonths).toEqual([
      {
        partnerId,
        partnerName: "Late Kiosk Ltd",
        month: OCT,
        paid: 5.7,
        paidDate: "2026-11-02",
        before: 5.7,
        after: 6.17,
        difference: 0.47,
        targetMonth: NOV,
      },
    ]);
    expect(await stateOf(partnerId)).toEqual(before);
  });

  it("(c) confirmed: 201; the record has the rows, the payment is as paid, one late_sales adjustment of +47 on November, audited with the file", async () => {
    const saved = await postUpload(machineId, OCT, late, { adjustPaidMonths: "true" });
    expect(saved.status).toBe(201);
    const body = await saved.json();
    expect(body).toMatchObject({ month: OCT, imported: 5 });
    expect(body.paidMonths).toEqual([
      expect.objectContaining({ month: OCT, paid: 5.7, before: 5.7, after: 6.17, difference: 0.47, targetMonth: NOV }),
    ]);
    expect(await recordOf(machineId, OCT)).toMatchObject({ totalSales: 25, revenuePence: 10_750, cogsPence: 4_260 });
    expect(await paymentOf(partnerId, OCT)).toEqual({ status: "completed", amountPence: 570, paidDate: "2026-11-02" });
    const adjustments = await adjustmentsOf(partnerId);
    expect(adjustments).toEqual([
      {
        id: expect.any(Number),
        month: NOV,
        forMonth: OCT,
        amountPence: 47,
        reason: "late_sales",
        createdBy: adminId,
        sourcePaymentId: null,
      },
    ]);
    const audit = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "commission_adjustment")
      .where("partnerId", "=", partnerId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      entity: "commission_adjustment",
      entityId: String(adjustments[0].id),
      month: NOV,
    });
    expect(parsed(audit[0].details)).toEqual({ file: "export.xlsx", sha256: sha(late) });
    expect(parsed(audit[0].after)).toMatchObject({ forMonth: OCT, amountPence: 47, reason: "late_sales" });
    expect(
      describeAuditEntry({
        ...audit[0],
        before: null,
        after: parsed(audit[0].after),
        details: parsed(audit[0].details),
      }),
    ).toBe("Added an adjustment of +£0.47 for October 2026 to November 2026 (late sales from export.xlsx)");
    // The import itself is audited as ever, on October's record.
    const imported = await db
      .selectFrom("auditLog")
      .select(["month", "details"])
      .where("action", "=", "import")
      .where("partnerId", "=", partnerId)
      .orderBy("id")
      .execute();
    expect(imported.map((a) => [a.month, parsed(a.details).sha256])).toEqual([
      [OCT, expect.any(String)],
      [OCT, sha(late)],
    ]);
  });

  it("the next open month (November, in progress) lists the adjustment and its total includes it: 114 + 47 = 161", async () => {
    // November: 4 × Meal Deal: revenue 2000, COGS 800; fee 59.8 → 60; net 1140; 10% = 114.
    const november = await postUpload(machineId, NOV, exportOf("Late Kiosk Foyer", rows("LK-nov", 4, NOV)));
    expect(november.status).toBe(201);
    expect((await november.json()).paidMonths).toEqual([]);
    const month = await partnerMonth(db, partnerId, NOV);
    expect(month.adjustments.map((a) => [a.forMonth, a.amountPence, a.reason])).toEqual([[OCT, 47, "late_sales"]]);
    expect(month.agreementPence).toBe(114);
    expect(month.totals.commissionPence).toBe(161);
    expect(month.adjustments.map(adjustmentText)).toEqual(["Adjustment for October 2026 (late sales): +£0.47"]);
  });

  it("the same file again adds no rows: no confirmation needed, no second adjustment", async () => {
    const again = await postUpload(machineId, OCT, late);
    expect(again.status).toBe(201);
    const body = await again.json();
    expect([body.imported, body.duplicates, body.paidMonths]).toEqual([0, 5, []]);
    expect((await adjustmentsOf(partnerId)).map((a) => a.amountPence)).toEqual([47]);
  });

  it("a second late file is measured from what the month came to after the first (617), not from what it paid (570): +19", async () => {
    // +2 Twix £1.50 (52p): revenue 11050, COGS 4364; fee 11050 × 2.99% = 330.395 → 330;
    //   net 11050 − 4364 − 330 = 6356; 10% = 635.6 → 636. 636 − 617 = +19 (636 − 570 would be 66).
    // (An export has at least 4 rows, ARCHITECTURE.md: a title, the headers and two rows.)
    const second = exportOf(
      "Late Kiosk Foyer",
      rows("LK-late2", 2, OCT, { product: "Twix", cost: 0.52, settlement: 1.5 }),
    );
    const refused = await postUpload(machineId, OCT, second);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain(
      "Late Kiosk Ltd's October 2026 (paid £5.70 on 02/11/2026): +£0.19 to November 2026",
    );
    expect((await postUpload(machineId, OCT, second, { adjustPaidMonths: "true" })).status).toBe(201);
    expect((await adjustmentsOf(partnerId)).map((a) => [a.forMonth, a.month, a.amountPence])).toEqual([
      [OCT, NOV, 47],
      [OCT, NOV, 19],
    ]);
    expect((await partnerMonth(db, partnerId, NOV)).totals.commissionPence).toBe(114 + 47 + 19);
    expect(await paymentOf(partnerId, OCT)).toEqual({ status: "completed", amountPence: 570, paidDate: "2026-11-02" });
  });
});

describe("the target month is the first month after the paid one that is not paid", () => {
  it("late sales for September, with October paid too, go to November", async () => {
    const partner = await makePartner(db, {
      name: "Two Paid Months Cafe",
      partnerType: "profit-sharing",
      commissionBp: 1_000,
    });
    const machine = await makeMachine(db, partner.id, "Two Paid Months Counter");
    // September: 10 × Meal Deal: revenue 5000, COGS 2000; fee 149.5 → 150 (half-up); net 2850; 10% = 285.
    expect(
      (await postUpload(machine.id, SEP, exportOf("Two Paid Months Counter", rows("TP-sep", 10, SEP)))).status,
    ).toBe(201);
    expect(
      (await postUpload(machine.id, OCT, exportOf("Two Paid Months Counter", rows("TP-oct", 10, OCT)))).status,
    ).toBe(201);
    expect((await markCommissionPaid(db, partner.id, SEP, adminId, "2026-10-05")).amountPence).toBe(285);
    expect((await markCommissionPaid(db, partner.id, OCT, adminId, "2026-11-05")).amountPence).toBe(285);
    // Late: +2 Meal Deals: revenue 6000, COGS 2400; fee 179.4 → 179; net 3421; 10% = 342.1 → 342. +57.
    const late = exportOf("Two Paid Months Counter", rows("TP-late", 2, SEP));
    const refused = await postUpload(machine.id, SEP, late);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain(
      "Two Paid Months Cafe's September 2026 (paid £2.85 on 05/10/2026): +£0.57 to November 2026",
    );
    const saved = await postUpload(machine.id, SEP, late, { adjustPaidMonths: "true" });
    expect(saved.status).toBe(201);
    expect((await saved.json()).paidMonths).toEqual([
      expect.objectContaining({ month: SEP, difference: 0.57, targetMonth: NOV }),
    ]);
    expect(await adjustmentsOf(partner.id)).toEqual([
      expect.objectContaining({ month: NOV, forMonth: SEP, amountPence: 57, reason: "late_sales" }),
    ]);
    // Neither paid month moves.
    expect(await paymentOf(partner.id, SEP)).toEqual({ status: "completed", amountPence: 285, paidDate: "2026-10-05" });
    expect(await paymentOf(partner.id, OCT)).toEqual({ status: "completed", amountPence: 285, paidDate: "2026-11-05" });
    expect((await partnerMonth(db, partner.id, OCT)).adjustments).toEqual([]);
    expect((await partnerMonth(db, partner.id, NOV)).totals.commissionPence).toBe(57);
  });
});

describe("the difference is worked out under the terms the month was paid under", () => {
  it("October paid at 10%, the rate raised to 20% since: October's late sales count at 10% (+47, not +94); November at 20%", async () => {
    const partner = await makePartner(db, {
      name: "Rate Rise Ltd",
      partnerType: "profit-sharing",
      commissionBp: 1_000,
    });
    const machine = await makeMachine(db, partner.id, "Rate Rise Hall");
    expect((await postUpload(machine.id, OCT, exportOf("Rate Rise Hall", rows("RZ-oct", 20, OCT)))).status).toBe(201);
    expect((await markCommissionPaid(db, partner.id, OCT, adminId, "2026-11-02")).amountPence).toBe(570);
    await updatePartner(
      db,
      partner.id,
      partnerUpdateSchema.parse({ commissionPercentage: "0.2" }),
      adminId,
      new Date("2026-11-20T12:00:00Z"),
    );
    // At 10%: 570 → 617, +47 (the upload tests above). At 20% it would be 1140 (1140.2) → 1234 (1233.8), +94.
    const late = exportOf("Rate Rise Hall", rows("RZ-late", 5, OCT, { product: "Twix", cost: 0.52, settlement: 1.5 }));
    const saved = await postUpload(machine.id, OCT, late, { adjustPaidMonths: "true" });
    expect(saved.status).toBe(201);
    expect((await saved.json()).paidMonths).toEqual([
      expect.objectContaining({ before: 5.7, after: 6.17, difference: 0.47 }),
    ]);
    expect((await adjustmentsOf(partner.id)).map((a) => a.amountPence)).toEqual([47]);
    // November follows the new rate: 4 × Meal Deal, net 1140; 20% = 228; + 47 = 275.
    expect((await postUpload(machine.id, NOV, exportOf("Rate Rise Hall", rows("RZ-nov", 4, NOV)))).status).toBe(201);
    const november = await partnerMonth(db, partner.id, NOV);
    expect([november.agreementPence, november.totals.commissionPence]).toEqual([228, 275]);
  });

  it("a machine with no record in the paid month yet: its late rows make the record, under the same rule (+57)", async () => {
    const partner = await makePartner(db, {
      name: "New Machine Late Ltd",
      partnerType: "profit-sharing",
      commissionBp: 1_000,
    });
    const machine = await makeMachine(db, partner.id, "New Machine Late Hall");
    expect((await postUpload(machine.id, OCT, exportOf("New Machine Late Hall", rows("NM-oct", 20, OCT)))).status).toBe(
      201,
    );
    expect((await markCommissionPaid(db, partner.id, OCT, adminId, "2026-11-02")).amountPence).toBe(570);
    const annex = await makeMachine(db, partner.id, "New Machine Late Annex");
    // The annex's October: 2 × Meal Deal: revenue 1000, COGS 400; fee 29.9 → 30; net 570; 10% = 57.
    const late = exportOf("New Machine Late Annex", rows("NM-annex", 2, OCT));
    const refused = await postUpload(annex.id, OCT, late);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain(
      "New Machine Late Ltd's October 2026 (paid £5.70 on 02/11/2026): +£0.57 to November 2026",
    );
    expect(await recordOf(annex.id, OCT)).toBeUndefined();
    expect((await postUpload(annex.id, OCT, late, { adjustPaidMonths: "true" })).status).toBe(201);
    expect(await recordOf(annex.id, OCT)).toMatchObject({ totalSales: 2, revenuePence: 1_000, cogsPence: 400 });
    expect(await adjustmentsOf(partner.id)).toEqual([
      expect.objectContaining({ month: NOV, forMonth: OCT, amountPence: 57, reason: "late_sales" }),
    ]);
  });
});

describe("a dry run of several files previews what importing them makes", () => {
  it("the second file's paid-month difference counts the first file's rows, as the import will (tiers: +533 then +570)", async () => {
    // The seed's tiers. October: 50 × Meal Deal £5.00 (£2.00): revenue 25000, COGS 10000; fee 747.5 → 748;
    //   net 14252; 15% = 2137.8 → 2138.
    // File 1, +10: revenue 30000, COGS 12000; fee 897; net 17103: 2250 + 2103 × 20% = 420.6 → 421; 2671. +533.
    // File 2, +10 more: revenue 35000, COGS 14000; fee 1046.5 → 1047; net 19953: 2250 + 4953 × 20% = 990.6 → 991;
    //   3241. 3241 − 2671 = +570 (on October without file 1 it would be +533 again).
    const partner = await makePartner(db, { name: "Two Files Ltd", partnerType: "tiered-profit-sharing" });
    const machine = await makeMachine(db, partner.id, "Two Files Hall");
    expect((await postUpload(machine.id, OCT, exportOf("Two Files Hall", rows("TF-oct", 50, OCT)))).status).toBe(201);
    expect((await markCommissionPaid(db, partner.id, OCT, adminId, "2026-11-02")).amountPence).toBe(2_138);
    const files = [
      { name: "late-1.xlsx", bytes: exportOf("Two Files Hall", rows("TF-late1", 10, OCT)) },
      { name: "late-2.xlsx", bytes: exportOf("Two Files Hall", rows("TF-late2", 10, OCT)) },
    ];
    const differences = (outcomes: Awaited<ReturnType<typeof importExports>>) =>
      outcomes.map((o) => (o.ok ? o.result.paidMonths.map((c) => c.differencePence) : o.error));
    const imported = [533, 570].map((d) => [d]);
    const preview = await importExports(db, files, {}, { actorId: adminId, dataDir: DATA_DIR, dryRun: true });
    const confirmed = await importExports(
      db,
      files,
      {},
      { actorId: adminId, dataDir: DATA_DIR, adjustPaidMonths: true },
    );
    expect(differences(confirmed)).toEqual(imported);
    expect((await adjustmentsOf(partner.id)).map((a) => a.amountPence)).toEqual([533, 570]);
    expect(differences(preview)).toEqual(imported);
  });
});

describe("the business-wide import (importExports): one file reaching two partners' paid months and an open month", () => {
  // Harbour Arcade, 10%: October 10 × Twix £1.10 (40p): revenue 1100, COGS 400; fee 32.89 → 33; net 667;
  //   66.7 → 67. Late +3: revenue 1430, COGS 520; fee 42.757 → 43; net 867; 86.7 → 87. +20.
  // Hilltop Leisure, the seed's tiers: October 30 × Meal Deal: revenue 15000, COGS 6000; fee 448.5 → 449;
  //   net 8551, first band: 15% = 1282.65 → 1283. Late +2: revenue 16000, COGS 6400; fee 478.4 → 478;
  //   net 9122; 15% = 1368.3 → 1368. +85.
  const twix = { product: "Twix", cost: 0.4, settlement: 1.1 };
  let harbour: { partnerId: number; machineId: number };
  let hilltop: { partnerId: number; machineId: number };
  const file = () =>
    exportOf({
      "Harbour Arcade Entrance": [...rows("HA-late", 3, OCT, twix), ...rows("HA-nov", 2, NOV, twix)],
      "Hilltop Leisure Bar": rows("HL-late", 2, OCT),
    });

  beforeAll(async () => {
    const make = async (name: string, partnerType: "profit-sharing" | "tiered-profit-sharing", machine: string) => {
      const partnerId = (
        await makePartner(db, { name, partnerType, commissionBp: partnerType === "profit-sharing" ? 1_000 : 0 })
      ).id;
      return { partnerId, machineId: (await makeMachine(db, partnerId, machine)).id };
    };
    harbour = await make("Harbour Arcade", "profit-sharing", "Harbour Arcade Entrance");
    hilltop = await make("Hilltop Leisure", "tiered-profit-sharing", "Hilltop Leisure Bar");
    const [base] = await importExports(
      db,
      [
        {
          name: "october.xlsx",
          bytes: exportOf({
            "Harbour Arcade Entrance": rows("HA-oct", 10, OCT, twix),
            "Hilltop Leisure Bar": rows("HL-oct", 30, OCT),
          }),
        },
      ],
      {},
      { actorId: adminId, dataDir: DATA_DIR },
    );
    expect(base.ok).toBe(true);
    expect((await markCommissionPaid(db, harbour.partnerId, OCT, adminId, "2026-11-03")).amountPence).toBe(67);
    expect((await markCommissionPaid(db, hilltop.partnerId, OCT, adminId, "2026-11-03")).amountPence).toBe(1_283);
  });

  it("unconfirmed: the file fails whole (409) naming both months, and not even its open month's rows are written", async () => {
    const before = [await stateOf(harbour.partnerId), await stateOf(hilltop.partnerId)];
    const [outcome] = await importExports(
      db,
      [{ name: "late.xlsx", bytes: file() }],
      {},
      { actorId: adminId, dataDir: DATA_DIR },
    );
    expect(outcome).toMatchObject({ fileName: "late.xlsx", ok: false, status: 409 });
    if (outcome.ok) throw new Error("expected a refusal");
    expect(
      outcome.error.startsWith(
        `${LATE_PREFIX}Harbour Arcade's October 2026 (paid £0.67 on 03/11/2026): +£0.20 to November 2026; Hilltop Leisure's October 2026 (paid £12.83 on 03/11/2026): +£0.85 to November 2026`,
      ),
    ).toBe(true);
    expect(
      outcome.paidMonths?.map((c) => [
        c.partnerId,
        c.month,
        c.paidPence,
        c.beforePence,
        c.afterPence,
        c.differencePence,
        c.targetMonth,
      ]),
    ).toEqual([
      [harbour.partnerId, OCT, 67, 67, 87, 20, NOV],
      [hilltop.partnerId, OCT, 1_283, 1_283, 1_368, 85, NOV],
    ]);
    expect([await stateOf(harbour.partnerId), await stateOf(hilltop.partnerId)]).toEqual(before);
    expect(await recordOf(harbour.machineId, NOV)).toBeUndefined();
  });

  it("the dry run answers the same paidMonths in pence and writes nothing", async () => {
    const before = [await stateOf(harbour.partnerId), await stateOf(hilltop.partnerId)];
    const [outcome] = await importExports(
      db,
      [{ name: "late.xlsx", bytes: file() }],
      {},
      { actorId: adminId, dataDir: DATA_DIR, dryRun: true },
    );
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.result.paidMonths).toEqual([
      {
        partnerId: harbour.partnerId,
        partnerName: "Harbour Arcade",
        month: OCT,
        paidPence: 67,
        paidDate: "2026-11-03",
        beforePence: 67,
        afterPence: 87,
        differencePence: 20,
        targetMonth: NOV,
      },
      {
        partnerId: hilltop.partnerId,
        partnerName: "Hilltop Leisure",
        month: OCT,
        paidPence: 1_283,
        paidDate: "2026-11-03",
        beforePence: 1_283,
        afterPence: 1_368,
        differencePence: 85,
        targetMonth: NOV,
      },
    ]);
    expect([await stateOf(harbour.partnerId), await stateOf(hilltop.partnerId)]).toEqual(before);
  });

  it("confirmed ({ adjustPaidMonths: true }): every row is booked and each partner gets its adjustment, audited with the file", async () => {
    const bytes = file();
    const [outcome] = await importExports(
      db,
      [{ name: "late.xlsx", bytes }],
      {},
      { actorId: adminId, dataDir: DATA_DIR, adjustPaidMonths: true },
    );
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.result.paidMonths.map((c) => c.differencePence)).toEqual([20, 85]);
    expect(await recordOf(harbour.machineId, OCT)).toMatchObject({
      totalSales: 13,
      revenuePence: 1_430,
      cogsPence: 520,
    });
    expect(await recordOf(harbour.machineId, NOV)).toMatchObject({ totalSales: 2, revenuePence: 220, cogsPence: 80 });
    expect(await recordOf(hilltop.machineId, OCT)).toMatchObject({
      totalSales: 32,
      revenuePence: 16_000,
      cogsPence: 6_400,
    });
    expect(await adjustmentsOf(harbour.partnerId)).toEqual([
      expect.objectContaining({ month: NOV, forMonth: OCT, amountPence: 20, reason: "late_sales" }),
    ]);
    expect(await adjustmentsOf(hilltop.partnerId)).toEqual([
      expect.objectContaining({ month: NOV, forMonth: OCT, amountPence: 85, reason: "late_sales" }),
    ]);
    const audit = await db
      .selectFrom("auditLog")
      .select(["partnerId", "details"])
      .where("action", "=", "commission_adjustment")
      .where("partnerId", "in", [harbour.partnerId, hilltop.partnerId])
      .orderBy("id")
      .execute();
    expect(audit.map((a) => [a.partnerId, parsed(a.details)])).toEqual([
      [harbour.partnerId, { file: "late.xlsx", sha256: sha(bytes) }],
      [hilltop.partnerId, { file: "late.xlsx", sha256: sha(bytes) }],
    ]);
    expect(await paymentOf(harbour.partnerId, OCT)).toMatchObject({ amountPence: 67 });
    expect(await paymentOf(hilltop.partnerId, OCT)).toMatchObject({ amountPence: 1_283 });
    // November for Harbour: 2 × Twix: revenue 220, COGS 80; fee 6.578 → 7; net 133; 13.3 → 13; + 20 = 33.
    expect((await partnerMonth(db, harbour.partnerId, NOV)).totals.commissionPence).toBe(33);
  });
});

describe("(d) vendboard import of late sales", () => {
  // October: 12 × Meal Deal: revenue 6000, COGS 2400; fee 179.4 → 179; net 3421; 10% = 342 (£3.42).
  // Late: +2 Meal Deals: revenue 7000, COGS 2800; fee 209.3 → 209; net 3991; 399.1 → 399. +57 (£0.57).
  it("exits 1 saying why without --adjust-paid-months; --dry-run prints the difference; with the flag exits 0 and adds the adjustment", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-late-"));
    const partner = await makePartner(db, {
      name: "Cli Late Vending",
      partnerType: "profit-sharing",
      commissionBp: 1_000,
    });
    const machine = await makeMachine(db, partner.id, "Cli Late Lobby");
    const october = path.join(dir, "october.xlsx");
    fs.writeFileSync(october, exportOf("Cli Late Lobby", rows("CL-oct", 12, OCT)));
    expect((await runCli(["import", october])).code).toBe(0);
    const paid = await runCli([
      "commissions",
      "pay",
      "--partner",
      String(partner.id),
      "--month",
      OCT,
      "--paid-date",
      "2026-11-04",
      "--json",
    ]);
    expect(paid.code).toBe(0);
    expect(JSON.parse(paid.out)).toMatchObject({ amount: 3.42, paidDate: "2026-11-04" });

    const lateBytes = exportOf("Cli Late Lobby", rows("CL-late", 2, OCT));
    const late = path.join(dir, "late.xlsx");
    fs.writeFileSync(late, lateBytes);
    const change = "Cli Late Vending's October 2026 (paid £3.42 on 04/11/2026): +£0.57 to November 2026";
    const before = await stateOf(partner.id);

    const refused = await runCli(["import", late]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`late.xlsx: ${LATE_PREFIX}${change}`);
    expect(refused.err).toContain("--adjust-paid-months");
    expect(await stateOf(partner.id)).toEqual(before);

    const dry = await runCli(["import", late, "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.err).toContain(
      `late.xlsx: late sales for a paid month: ${change} (importing needs --adjust-paid-months)`,
    );
    const dryJson = await runCli(["import", late, "--dry-run", "--json"]);
    expect(dryJson.code).toBe(0);
    expect(JSON.parse(dryJson.out).files[0].result.paidMonths).toEqual([
      {
        partnerId: partner.id,
        partnerName: "Cli Late Vending",
        month: OCT,
        paid: 3.42,
        paidDate: "2026-11-04",
        before: 3.42,
        after: 3.99,
        difference: 0.57,
        targetMonth: NOV,
      },
    ]);
    expect(await stateOf(partner.id)).toEqual(before);

    const saved = await runCli(["import", late, "--adjust-paid-months"]);
    expect(saved.code).toBe(0);
    expect(saved.err).toContain(`late sales for a paid month: ${change}`);
    expect(await recordOf(machine.id, OCT)).toMatchObject({ totalSales: 14, revenuePence: 7_000, cogsPence: 2_800 });
    const adjustments = await adjustmentsOf(partner.id);
    expect(adjustments).toEqual([
      {
        id: expect.any(Number),
        month: NOV,
        forMonth: OCT,
        amountPence: 57,
        reason: "late_sales",
        createdBy: null,
        sourcePaymentId: null,
      },
    ]);
    const audit = await db
      .selectFrom("auditLog")
      .select(["actorId", "entityId", "details"])
      .where("action", "=", "commission_adjustment")
      .where("partnerId", "=", partner.id)
      .execute();
    expect(audit.map((a) => [a.actorId, a.entityId, parsed(a.details)])).toEqual([
      [null, String(adjustments[0].id), { file: "late.xlsx", sha256: sha(lateBytes) }],
    ]);
    expect(await paymentOf(partner.id, OCT)).toEqual({ status: "completed", amountPence: 342, paidDate: "2026-11-04" });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("(e) deleting a paid month's record", () => {
  // The seed's tiers. A: revenue 20000, COGS 2000; fee 598; net 17402. B: revenue 5000, COGS 2000;
  //   fee 149.5 → 150; net 2850. Total 20252: 2250 + 5252 × 20% = 1050.4 → 1050; 3300 paid.
  // Without B: 17402: 2250 + 2402 × 20% = 480.4 → 480; 2730. 2730 − 3300 = −570 (−£5.70).
  let partnerId: number;
  let recordB: number;

  beforeAll(async () => {
    partnerId = (await makePartner(db, { name: "Delete Corner Ltd", partnerType: "tiered-profit-sharing" })).id;
    const a = await makeMachine(db, partnerId, "Delete Corner A");
    const b = await makeMachine(db, partnerId, "Delete Corner B");
    await makeRecord(db, a.id, OCT, { totalSales: 40, revenuePence: 20_000, cogsPence: 2_000 });
    recordB = (await makeRecord(db, b.id, OCT, { totalSales: 10, revenuePence: 5_000, cogsPence: 2_000 })).id;
    expect((await markCommissionPaid(db, partnerId, OCT, adminId, "2026-11-03")).amountPence).toBe(3_300);
  });

  it("without the flag (or with false): 409 naming the month and the difference; the record stays", async () => {
    const before = await stateOf(partnerId);
    for (const query of ["", "?adjustPaidMonths=false"]) {
      const refused = await deleteRecord(recordB, query);
      expect(refused.status).toBe(409);
      expect((await refused.json()).message).toContain(
        "Deleting Delete Corner B's record would change a paid month, which keeps what it paid: Delete Corner Ltd's October 2026 (paid £33.00 on 03/11/2026): −£5.70 to November 2026",
      );
    }
    expect(await stateOf(partnerId)).toEqual(before);
  });

  it("a bad flag: 400, the record stays", async () => {
    const bad = await deleteRecord(recordB, "?adjustPaidMonths=maybe");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "adjustPaidMonths must be true or false" });
    expect(await db.selectFrom("monthlyRecords").select("id").where("id", "=", recordB).executeTakeFirst()).toEqual({
      id: recordB,
    });
  });

  it("with ?adjustPaidMonths=true: 200, the record goes and −570 becomes a record_deleted adjustment on November, audited", async () => {
    const deleted = await deleteRecord(recordB, "?adjustPaidMonths=true");
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({
      deleted: recordB,
      adjustments: [
        {
          partnerId,
          partnerName: "Delete Corner Ltd",
          month: OCT,
          paid: 33,
          paidDate: "2026-11-03",
          before: 33,
          after: 27.3,
          difference: -5.7,
          targetMonth: NOV,
        },
      ],
    });
    expect(
      await db.selectFrom("monthlyRecords").select("id").where("id", "=", recordB).executeTakeFirst(),
    ).toBeUndefined();
    const adjustments = await adjustmentsOf(partnerId);
    expect(adjustments).toEqual([
      {
        id: expect.any(Number),
        month: NOV,
        forMonth: OCT,
        amountPence: -570,
        reason: "record_deleted",
        createdBy: adminId,
        sourcePaymentId: null,
      },
    ]);
    expect(await paymentOf(partnerId, OCT)).toEqual({
      status: "completed",
      amountPence: 3_300,
      paidDate: "2026-11-03",
    });
    const audit = await db
      .selectFrom("auditLog")
      .select(["action", "entity", "entityId", "month", "details"])
      .where("partnerId", "=", partnerId)
      .where("action", "in", ["commission_adjustment", "delete"])
      .orderBy("id")
      .execute();
    expect(audit.map((a) => [a.action, a.entity, a.entityId, a.month])).toEqual([
      ["commission_adjustment", "commission_adjustment", String(adjustments[0].id), NOV],
      ["delete", "monthly_record", String(recordB), OCT],
    ]);
    expect(parsed(audit[0].details)).toMatchObject({ recordId: recordB });
    const entry = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("entityId", "=", String(adjustments[0].id))
      .where("action", "=", "commission_adjustment")
      .executeTakeFirstOrThrow();
    expect(
      describeAuditEntry({ ...entry, before: null, after: parsed(entry.after), details: parsed(entry.details) }),
    ).toBe("Added an adjustment of −£5.70 for October 2026 to November 2026 (Delete Corner B's record deleted)");
    // November has no sales: its total stays at 0 (never below), the adjustment listed.
    const november = await partnerMonth(db, partnerId, NOV);
    expect(november.adjustments.map(adjustmentText)).toEqual(["Adjustment for October 2026 (record deleted): −£5.70"]);
    expect(november.totals.commissionPence).toBe(0);
  });
});

describe("(f) a late refund into a paid tiered month is carried the same way, negative", () => {
  // October: 80 × Meal Deal £5.00 (cost £1.00): revenue 40000, COGS 8000; fee 1196 (1196.0); net 30804:
  //   2250 + 3000 + 804 × 30% = 241.2 → 241; 5491 (£54.91).
  // Late: 2 refunds of £5.00 (−1000 revenue, no COGS, not units): revenue 39000, COGS 8000;
  //   fee 1166.1 → 1166; net 29834: 2250 + 14834 × 20% = 2966.8 → 2967; 5217. 5217 − 5491 = −274.
  it("409 naming −£2.74, the preview says so, confirmed it becomes −274 on November", async () => {
    const partner = await makePartner(db, { name: "Refund Row Ltd", partnerType: "tiered-profit-sharing" });
    const machine = await makeMachine(db, partner.id, "Refund Row Hall");
    expect(
      (await postUpload(machine.id, OCT, exportOf("Refund Row Hall", rows("RR-oct", 80, OCT, { cost: 1 })))).status,
    ).toBe(201);
    const paid = await pay(partner.id, OCT, "2026-11-02");
    expect(await paid.json()).toMatchObject({ amount: 54.91 });
    const refunds = exportOf("Refund Row Hall", rows("RR-refund", 2, OCT, { cost: 1, price: 5, settlement: -5 }));

    const before = await stateOf(partner.id);
    const refused = await postUpload(machine.id, OCT, refunds);
    expect(refused.status).toBe(409);
    expect(
      (await refused.json()).message.startsWith(
        `${LATE_PREFIX}Refund Row Ltd's October 2026 (paid £54.91 on 02/11/2026): −£2.74 to November 2026`,
      ),
    ).toBe(true);
    expect(await stateOf(partner.id)).toEqual(before);
    const preview = await postUpload(machine.id, OCT, refunds, {}, true);
    expect((await preview.json()).paidMonths).toEqual([
      expect.objectContaining({
        month: OCT,
        paid: 54.91,
        before: 54.91,
        after: 52.17,
        difference: -2.74,
        targetMonth: NOV,
      }),
    ]);

    expect((await postUpload(machine.id, OCT, refunds, { adjustPaidMonths: "true" })).status).toBe(201);
    expect(await recordOf(machine.id, OCT)).toMatchObject({ totalSales: 80, revenuePence: 39_000, cogsPence: 8_000 });
    expect(await adjustmentsOf(partner.id)).toEqual([
      expect.objectContaining({ month: NOV, forMonth: OCT, amountPence: -274, reason: "late_sales" }),
    ]);
    expect(await paymentOf(partner.id, OCT)).toEqual({
      status: "completed",
      amountPence: 5_491,
      paidDate: "2026-11-02",
    });
    // November alone: no sales, the total never below 0.
    expect((await partnerMonth(db, partner.id, NOV)).totals.commissionPence).toBe(0);
    // November's own sales: 10 × Meal Deal (£1.00): revenue 5000, COGS 1000; fee 150 (149.5); net 3850;
    //   15% = 577.5 → 578. 578 − 274 = 304.
    expect(
      (await postUpload(machine.id, NOV, exportOf("Refund Row Hall", rows("RR-nov", 10, NOV, { cost: 1 })))).status,
    ).toBe(201);
    const november = await partnerMonth(db, partner.id, NOV);
    expect([november.agreementPence, november.totals.commissionPence]).toEqual([578, 304]);
    expect(november.adjustments.map(adjustmentText)).toEqual(["Adjustment for October 2026 (late sales): −£2.74"]);
  });
});

describe("(g) a month reopened by Reset Month is open", () => {
  it("takes late rows with no confirmation and makes no adjustment; its record deletes need none either", async () => {
    const partner = await makePartner(db, {
      name: "Reopened Kiosk",
      partnerType: "profit-sharing",
      commissionBp: 1_000,
    });
    const machine = await makeMachine(db, partner.id, "Reopened Kiosk Hall");
    const other = await makeMachine(db, partner.id, "Reopened Kiosk Annex");
    expect((await postUpload(machine.id, OCT, exportOf("Reopened Kiosk Hall", rows("RK-oct", 20, OCT)))).status).toBe(
      201,
    );
    const annex = await makeRecord(db, other.id, OCT, { totalSales: 1, revenuePence: 500, cogsPence: 200 });
    expect((await pay(partner.id, OCT, "2026-11-02")).status).toBe(200);
    const reopened = await reset(OCT, partner.id);
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toEqual({ reset: 1 });

    const late = await postUpload(
      machine.id,
      OCT,
      exportOf("Reopened Kiosk Hall", rows("RK-late", 5, OCT, { product: "Twix", cost: 0.52, settlement: 1.5 })),
    );
    expect(late.status).toBe(201);
    expect((await late.json()).paidMonths).toEqual([]);
    expect(await recordOf(machine.id, OCT)).toMatchObject({ totalSales: 25, revenuePence: 10_750, cogsPence: 4_260 });
    const deleted = await deleteRecord(annex.id);
    expect(deleted.status).toBe(200);
    // The spec's answer: adjustments are named only where a paid month's record made one (docs/api.md).
    expect(await deleted.json()).toEqual({ deleted: annex.id });
    expect(await adjustmentsOf(partner.id)).toEqual([]);
    // October is worked out afresh: 617 (as in the upload tests above), pending.
    const october = await partnerMonth(db, partner.id, OCT);
    expect([october.payment.status, october.totals.commissionPence]).toEqual(["pending", 617]);
  });

  it("Reset Month of a month whose late sales were already adjusted takes the adjustment back: the month is never paid twice for them", async () => {
    // Paid 570, late sales +47 to November (as above); Reset Month reopens October at 617. Were +47 left on
    // November, paying October again (617) and then November would pay the late sales twice: 570 + 617 + 47.
    const partner = await makePartner(db, {
      name: "Reset After Late Ltd",
      partnerType: "profit-sharing",
      commissionBp: 1_000,
    });
    const machine = await makeMachine(db, partner.id, "Reset After Late Hall");
    expect((await postUpload(machine.id, OCT, exportOf("Reset After Late Hall", rows("RL-oct", 20, OCT)))).status).toBe(
      201,
    );
    expect((await pay(partner.id, OCT, "2026-11-02")).status).toBe(200);
    const late = exportOf(
      "Reset After Late Hall",
      rows("RL-late", 5, OCT, { product: "Twix", cost: 0.52, settlement: 1.5 }),
    );
    expect((await postUpload(machine.id, OCT, late, { adjustPaidMonths: "true" })).status).toBe(201);
    expect((await adjustmentsOf(partner.id)).map((a) => [a.month, a.amountPence, a.reason])).toEqual([
      [NOV, 47, "late_sales"],
    ]);

    expect(await (await reset(OCT, partner.id)).json()).toEqual({ reset: 1 });
    expect((await partnerMonth(db, partner.id, OCT)).totals.commissionPence).toBe(617);
    const november = await partnerMonth(db, partner.id, NOV);
    expect(november.adjustments.filter((a) => a.forMonth === OCT).reduce((s, a) => s + a.amountPence, 0)).toBe(0);
    expect(november.totals.commissionPence).toBe(0);
  });
});

describe("(h) migration 2026-11-30T01-adjustment-reasons on a database with the agreements' adjustments", () => {
  it("keeps every row with its id, then accepts late_sales and record_deleted (and still refuses an unknown reason)", async () => {
    const fresh = await freshDatabase("adjustments.db");
    const old = openDatabase(fresh.target);
    try {
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026-11-30T00-sale-quantity")).error).toBeUndefined();
      const partner = await old
        .insertInto("users")
        .values({
          username: "host",
          passwordHash: "x",
          name: "Host",
          partnerType: "profit-sharing",
          commissionBp: 1_000,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const payment = await old
        .insertInto("commissionPayments")
        .values({
          partnerId: partner.id,
          month: "2026-09",
          status: "completed",
          paidDate: "2026-10-05",
          amountPence: 0,
          rateBp: 1_000,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await old
        .insertInto("commissionAdjustments")
        .values({
          partnerId: partner.id,
          month: "2026-09",
          forMonth: "2026-08",
          amountPence: 292,
          reason: "agreement",
          createdBy: null,
          createdAt: "2026-09-10T10:00:00.000Z",
        })
        .execute();
      await old
        .insertInto("commissionAdjustments")
        .values({
          partnerId: partner.id,
          month: "2026-10",
          forMonth: "2026-09",
          amountPence: -108,
          reason: "carried",
          sourcePaymentId: payment.id,
          createdBy: null,
          createdAt: "2026-10-05T10:00:00.000Z",
        })
        .execute();
      const rowsBefore = await old.selectFrom("commissionAdjustments").selectAll().orderBy("id").execute();
      expect(rowsBefore.map((r) => r.reason)).toEqual(["agreement", "carried"]);
      // Before the migration the new reasons are refused.
      await expect(
        old
          .insertInto("commissionAdjustments")
          .values({
            partnerId: partner.id,
            month: "2026-11",
            forMonth: "2026-10",
            amountPence: 47,
            reason: "late_sales",
          })
          .execute(),
      ).rejects.toThrow(/check/i);

      const { report } = await migrateToLatest(old);
      // This migration reports nothing; the later money-paid one records the paid month's payment (its own test).
      expect(report.filter((e) => e.migration === "2026-11-30T01-adjustment-reasons")).toEqual([]);
      expect(await old.selectFrom("commissionAdjustments").selectAll().orderBy("id").execute()).toEqual(rowsBefore);

      for (const reason of ["late_sales", "record_deleted", "repaid"] as const) {
        await old
          .insertInto("commissionAdjustments")
          .values({
            partnerId: partner.id,
            month: "2026-11",
            forMonth: "2026-10",
            amountPence: 47,
            reason,
            createdBy: null,
          })
          .execute();
      }
      const after = await old.selectFrom("commissionAdjustments").select(["id", "reason"]).orderBy("id").execute();
      expect(after.map((r) => r.reason)).toEqual(["agreement", "carried", "late_sales", "record_deleted", "repaid"]);
      expect(after.slice(2).every((r) => r.id > rowsBefore[1].id)).toBe(true);
      await expect(
        old
          .insertInto("commissionAdjustments")
          .values({
            partnerId: partner.id,
            month: "2026-11",
            forMonth: "2026-10",
            amountPence: 1,
            reason: "bogus" as never,
          })
          .execute(),
      ).rejects.toThrow(/check/i);
      // The month checks and the foreign keys are kept: a bad month is refused; deleting the partner deletes its adjustments.
      await expect(
        old
          .insertInto("commissionAdjustments")
          .values({
            partnerId: partner.id,
            month: "November",
            forMonth: "2026-10",
            amountPence: 1,
            reason: "late_sales",
          })
          .execute(),
      ).rejects.toThrow(/check/i);
      await expect(
        old
          .insertInto("commissionAdjustments")
          .values({ partnerId: 999_999, month: "2026-11", forMonth: "2026-10", amountPence: 1, reason: "late_sales" })
          .execute(),
      ).rejects.toThrow(/foreign key/i);
      // The index on (partner_id, month) is there again.
      const indexes = isPostgres(old)
        ? (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename = 'commission_adjustments'`.execute(old)
          ).rows
        : (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'commission_adjustments'`.execute(old)
          ).rows;
      expect(indexes.map((i) => i.name)).toContain("commission_adjustments_partner_month");
      await old.deleteFrom("users").where("id", "=", partner.id).execute();
      expect(await old.selectFrom("commissionAdjustments").select("id").execute()).toEqual([]);
    } finally {
      await old.destroy();
      await fresh.drop();
    }
  });

  it("never hands out again the id of an adjustment deleted before the migration (the audit trail names adjustments by id)", async () => {
    const fresh = await freshDatabase("adjustment-ids.db");
    const old = openDatabase(fresh.target);
    try {
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026-11-30T00-sale-quantity")).error).toBeUndefined();
      const partner = await old
        .insertInto("users")
        .values({
          username: "host",
          passwordHash: "x",
          name: "Host",
          partnerType: "profit-sharing",
          commissionBp: 1_000,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const amountPence of [292, -108, 15]) {
        ids.push(
          (
            await old
              .insertInto("commissionAdjustments")
              .values({
                partnerId: partner.id,
                month: "2026-09",
                forMonth: "2026-08",
                amountPence,
                reason: "agreement",
              })
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id,
        );
      }
      // The last one removed (as Reset Month removes one, auditing its id).
      await old.deleteFrom("commissionAdjustments").where("id", "=", ids[2]).execute();
      await migrateToLatest(old);
      const next = await old
        .insertInto("commissionAdjustments")
        .values({ partnerId: partner.id, month: "2026-11", forMonth: "2026-10", amountPence: 47, reason: "late_sales" })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(next.id).toBeGreaterThan(ids[2]);
    } finally {
      await old.destroy();
      await fresh.drop();
    }
  });
});
