/**
 * Month close (ARCHITECTURE.md sections 11 and 13): a month in progress is never paid or sent (409
 * naming the month and the day it ends); a paid month is locked against machine and partner
 * deletes until Reset Month reopens it (for one partner or all); late sales and a record delete
 * answer 409 naming the month and the difference until confirmed (late-sales.test.ts follows them).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { action as resetAction } from "#app/routes/api.partners.commissions.reset.ts";
import { action as paymentAction } from "#app/routes/api.partners.$id.commission-payment.ts";
import { loader as reportLoader } from "#app/routes/api.partners.$id.consolidated-report.ts";
import { action as sendReportAction } from "#app/routes/api.partners.$id.send-report.ts";
import { loader as statementLoader } from "#app/routes/api.records.$id.statement.ts";
import { action as recordAction } from "#app/routes/api.records.$id.ts";
import { action as machineAction } from "#app/routes/api.machines.$id.ts";
import { action as uploadAction } from "#app/routes/api.machines.$id.records.ts";
import { action as partnerAction } from "#app/routes/api.partners.$id.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { currentMonth, formatDate, formatMonth, previousMonth } from "#domain/shared/dates.ts";
import { assertMonthEnded, lastDayOfMonth, monthHasEnded, monthLabel } from "#domain/month-close/month-close-rules.ts";
import { importExports } from "#domain/imports/import-service.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord, TEST_PASSWORD } from "#tests/factories.ts";
import { BASE, call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { cliDatabase, runCli } from "./cli-run.ts";

const CUR = currentMonth();
const PREV = previousMonth();
const ends = formatDate(lastDayOfMonth(CUR));
let adminCookie: string;

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
});

const params = (id: number) => ({ params: { id: String(id) } });
const pay = (partnerId: number, month: string) =>
  call(paymentAction, `/api/partners/${partnerId}/commission-payment`, {
    json: { status: "completed", month },
    cookie: adminCookie,
    ...params(partnerId),
  });
const reset = (month: string, partnerId?: number) =>
  call(resetAction, "/api/partners/commissions/reset", {
    json: partnerId === undefined ? { month } : { month, partnerId },
    cookie: adminCookie,
  });

function exportOf(machineName: string, rows: [string, string][]): Uint8Array {
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
    ...rows.map(([id, date]) => [machineName, id, "Twix Twin", 0.4, 1.1, 1.1, date]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

function postUpload(machineId: number, month: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("month", month);
  form.set("reportFile", new File([new Uint8Array(bytes)], "export.xlsx"));
  return uploadAction({
    request: new Request(`${BASE}/api/machines/${machineId}/records`, {
      method: "POST",
      body: form,
      headers: { cookie: adminCookie },
    }),
    params: { id: String(machineId) },
    context: {},
  });
}

describe("month rules (pure)", () => {
  it("a month has ended once its last day has passed in UTC", () => {
    expect(lastDayOfMonth("2024-02")).toBe("2024-02-29");
    expect(lastDayOfMonth("2026-11")).toBe("2026-11-30");
    expect(monthHasEnded("2026-11", new Date("2026-11-30T23:59:59Z"))).toBe(false);
    expect(monthHasEnded("2026-11", new Date("2026-12-01T00:00:00Z"))).toBe(true);
    expect(monthLabel("2026-11", new Date("2026-11-23T12:00:00Z"))).toBe("November 2026 (month to date)");
    expect(monthLabel("2026-10", new Date("2026-11-23T12:00:00Z"))).toBe("October 2026");
    expect(() => assertMonthEnded("2026-11", new Date("2026-11-23T12:00:00Z"))).toThrow(
      "November 2026 has not ended yet: it ends on 30/11/2026, and until then its figures are month to date",
    );
  });
});

describe("a month in progress is never paid or sent", () => {
  let partnerId: number;
  let recordId: number;
  beforeAll(async () => {
    const partner = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 });
    partnerId = partner.id;
    const machine = await makeMachine(db, partner.id);
    recordId = (await makeRecord(db, machine.id, CUR, { totalSales: 10, revenuePence: 10_000, cogsPence: 4_000 })).id;
  });

  it("paying, the consolidated report, send-report and the record statement answer 409 naming the month and the day it ends", async () => {
    const message = `${formatMonth(CUR)} has not ended yet: it ends on ${ends}, and until then its figures are month to date`;
    for (const response of [
      await pay(partnerId, CUR),
      await call(reportLoader, `/api/partners/${partnerId}/consolidated-report?month=${CUR}`, {
        cookie: adminCookie,
        ...params(partnerId),
      }),
      await call(sendReportAction, `/api/partners/${partnerId}/send-report`, {
        json: { month: CUR },
        cookie: adminCookie,
        ...params(partnerId),
      }),
      await call(statementLoader, `/api/records/${recordId}/statement`, { cookie: adminCookie, ...params(recordId) }),
    ]) {
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message });
    }
    expect(await db.selectFrom("commissionPayments").selectAll().where("partnerId", "=", partnerId).execute()).toEqual(
      [],
    );
  });

  it("the CLI refuses the same: commissions pay and reports export exit 1", async () => {
    const paid = await runCli(["commissions", "pay", "--partner", String(partnerId), "--month", CUR]);
    expect(paid.code).toBe(1);
    expect(paid.err).toContain(`${formatMonth(CUR)} has not ended yet: it ends on ${ends}`);
    const exported = await runCli(["reports", "export", "--month", CUR, "--out", `${DATA_DIR}/reports-cur`]);
    expect(exported.code).toBe(1);
    expect(exported.err).toContain(`it ends on ${ends}`);
  });
});

describe("a paid month is closed until Reset Month reopens it", () => {
  it("upload and record delete answer 409 naming the month and the difference until confirmed (issue 29); machine and partner delete stay 409; after Reset Month they are accepted", async () => {
    const partner = await makePartner(db, {
      name: "Closed Corner Shop",
      partnerType: "profit-sharing",
      commissionBp: 1000,
    });
    const other = await makePartner(db, { name: "Other Site", partnerType: "profit-sharing", commissionBp: 1000 });
    const machine = await makeMachine(db, partner.id, "Closed Corner Till");
    const otherMachine = await makeMachine(db, other.id, "Other Site Hall");
    const record = await makeRecord(db, machine.id, PREV, { totalSales: 10, revenuePence: 10_000, cogsPence: 4_000 });
    await makeRecord(db, otherMachine.id, PREV, { totalSales: 10, revenuePence: 10_000, cogsPence: 4_000 });
    // Net profit 10,000 − 4,000 − 299 (2.99% card fee) = 5,701p; 10% = 570p.
    const paid = await pay(partner.id, PREV);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ month: PREV, status: "completed", amount: 5.7 });
    expect((await pay(other.id, PREV)).status).toBe(200);

    const closed = `would change Closed Corner Shop's ${formatMonth(PREV)}, which is closed`;
    // Late sales and a record delete name the paid month, what it paid and the difference (ARCHITECTURE section 13 replaces section 11's lock).
    const paidMonth = `Closed Corner Shop's ${formatMonth(PREV)} (paid £5.70 on `;
    const upload = await postUpload(
      machine.id,
      PREV,
      exportOf("Closed Corner Till", [
        ["8800000001", `${PREV}-05T10:00:00Z`],
        ["8800000002", `${PREV}-06T10:00:00Z`],
      ]),
    );
    expect(upload.status).toBe(409);
    expect((await upload.json()).message).toContain(
      `This import adds late sales to paid months, which keep what they paid: ${paidMonth}`,
    );
    const deleteRecord = await call(recordAction, `/api/records/${record.id}`, {
      method: "DELETE",
      cookie: adminCookie,
      ...params(record.id),
    });
    expect(deleteRecord.status).toBe(409);
    expect((await deleteRecord.json()).message).toContain(
      `Deleting Closed Corner Till's record would change a paid month, which keeps what it paid: ${paidMonth}`,
    );
    const deleteMachine = await call(machineAction, `/api/machines/${machine.id}`, {
      method: "DELETE",
      cookie: adminCookie,
      ...params(machine.id),
    });
    expect(deleteMachine.status).toBe(409);
    expect((await deleteMachine.json()).message).toContain(closed);
    const deletePartner = await call(partnerAction, `/api/partners/${partner.id}`, {
      method: "DELETE",
      json: { password: TEST_PASSWORD },
      cookie: adminCookie,
      ...params(partner.id),
    });
    expect(deletePartner.status).toBe(409);
    expect((await deletePartner.json()).message).toContain(closed);
    // A business-wide import of late sales is refused whole until confirmed, and imports nothing into the month.
    const [outcome] = await importExports(
      db,
      [
        {
          name: "closed.xlsx",
          bytes: exportOf("Closed Corner Till", [
            ["8800000003", `${PREV}-07T10:00:00Z`],
            ["8800000005", `${PREV}-08T10:00:00Z`],
          ]),
        },
      ],
      {},
      { actorId: null, dataDir: DATA_DIR },
    );
    expect(outcome).toMatchObject({
      ok: false,
      status: 409,
      paidMonths: [{ partnerId: partner.id, month: PREV, paidPence: 570 }],
    });
    expect(
      await db
        .selectFrom("monthlyRecords")
        .select(["totalSales", "revenuePence"])
        .where("id", "=", record.id)
        .executeTakeFirst(),
    ).toEqual({ totalSales: 10, revenuePence: 10_000 });

    // Reset Month for this partner only: the other partner's month stays paid and closed.
    const reopened = await reset(PREV, partner.id);
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toEqual({ reset: 1 });
    // Money paid is kept now (this pinned "reset deletes the payment"): the partner's payment goes back to pending, the other's stays completed.
    expect(
      await db
        .selectFrom("commissionPayments")
        .select(["partnerId", "status"])
        .where("month", "=", PREV)
        .where("partnerId", "in", [partner.id, other.id])
        .orderBy("partnerId")
        .execute(),
    ).toEqual([
      { partnerId: partner.id, status: "pending" },
      { partnerId: other.id, status: "completed" },
    ]);
    const audited = await db
      .selectFrom("auditLog")
      .select(["action", "partnerId", "month", "before"])
      .where("action", "=", "commission_reset")
      .where("partnerId", "=", partner.id)
      .execute();
    expect(audited).toEqual([
      {
        action: "commission_reset",
        partnerId: partner.id,
        month: PREV,
        before: expect.stringContaining('"amountPence":570'),
      },
    ]);

    expect(
      (
        await postUpload(
          machine.id,
          PREV,
          exportOf("Closed Corner Till", [
            ["8800000004", `${PREV}-05T10:00:00Z`],
            ["8800000006", `${PREV}-05T11:00:00Z`],
          ]),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await call(recordAction, `/api/records/${record.id}`, {
          method: "DELETE",
          cookie: adminCookie,
          ...params(record.id),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(machineAction, `/api/machines/${machine.id}`, {
          method: "DELETE",
          cookie: adminCookie,
          ...params(machine.id),
        })
      ).status,
    ).toBe(200);
    // Money paid is kept now (this pinned "after Reset Month the partner delete is accepted"): the £5.70 paid for the reopened month is
    // money paid over now that its records are gone, so the partner owes it; and money paid is never deleted with them.
    const refused = await call(partnerAction, `/api/partners/${partner.id}`, {
      method: "DELETE",
      json: { password: TEST_PASSWORD },
      cookie: adminCookie,
      ...params(partner.id),
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(
      / owes £5\.70 of commission paid in advance: write it off or settle it before deleting the partner$/,
    );
  });

  it("vendboard commissions pay marks an ended month paid (closing it); reset --partner reopens it", async () => {
    const partner = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 });
    const machine = await makeMachine(db, partner.id);
    await makeRecord(db, machine.id, "2026-07", { totalSales: 5, revenuePence: 20_000, cogsPence: 5_000 });
    // Net 20,000 − 5,000 − 598 = 14,402p; 10% = 1,440p.
    const paid = await runCli([
      "commissions",
      "pay",
      "--partner",
      String(partner.id),
      "--month",
      "2026-07",
      "--paid-date",
      "2026-08-05",
      "--json",
    ]);
    expect(paid.code).toBe(0);
    expect(JSON.parse(paid.out)).toEqual({
      database: cliDatabase(),
      month: "2026-07",
      partnerId: partner.id,
      status: "completed",
      paidDate: "2026-08-05",
      amount: 14.4,
      paid: 14.4,
      alreadyPaid: 0,
      reference: "VB COMM 2026-07",
      remittance: { status: "written", to: "pat@example.com", error: null },
    });
    expect((await runCli(["commissions", "pay", "--partner", String(partner.id), "--month", "2026-07"])).code).toBe(1);
    const reset = await runCli([
      "commissions",
      "reset",
      "--month",
      "2026-07",
      "--partner",
      String(partner.id),
      "--json",
    ]);
    expect(reset.code).toBe(0);
    expect(JSON.parse(reset.out)).toEqual({
      database: cliDatabase(),
      month: "2026-07",
      partnerId: partner.id,
      reset: 1,
    });
    expect((await runCli(["commissions", "pay", "--month", "2026-07"])).code).toBe(2);
  });

  it("Reset Month answers 400 for a bad partnerId and 404 for an unknown one", async () => {
    const bad = await reset(PREV, -1);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "partnerId must be a partner id" });
    expect((await reset(PREV, 999_999)).status).toBe(404);
  });

  it("a partner with a paid invoice cannot be deleted", async () => {
    const partner = await makePartner(db, { name: "Paid Up Gym", partnerType: "fee-paying", monthlyFeePence: 5000 });
    const invoice = await db
      .insertInto("feePayments")
      .values({
        partnerId: partner.id,
        amountPence: 5000,
        monthlyFeePence: 5000,
        paymentPeriod: "monthly",
        periodStart: "2026-09-01",
        periodEnd: "2026-09-30",
        dueDate: "2026-09-15",
        status: "paid",
        paidDate: "2026-09-10",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const response = await call(partnerAction, `/api/partners/${partner.id}`, {
      method: "DELETE",
      json: { password: TEST_PASSWORD },
      cookie: adminCookie,
      ...params(partner.id),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: `Paid Up Gym cannot be deleted: invoice INV-${String(invoice.id).padStart(5, "0")} is paid, and paid invoices are kept`,
    });
  });

  it("the paid date must come after the month ended", async () => {
    const partner = await makePartner(db, { partnerType: "profit-sharing" });
    const machine = await makeMachine(db, partner.id);
    await makeRecord(db, machine.id, "2026-08", { revenuePence: 1000, cogsPence: 100 });
    const response = await call(paymentAction, `/api/partners/${partner.id}/commission-payment`, {
      json: { month: "2026-08", paidDate: "2026-08-31" },
      cookie: adminCookie,
      ...params(partner.id),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The paid date must be after August 2026 ended (31/08/2026)" });
  });
});
