/**
 * The admin's lists a page at a time: /admin's partners (listPartnerPage: searched,
 * counted and summed in SQL) and Invoice Management's tabs (listInvoicePage: a status's invoices,
 * every tab's count from one GROUP BY). This file's database holds only what it makes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import type { InvoiceStatus } from "#db/enums.ts";
import { listInvoicePage, listInvoices } from "#domain/invoices/invoice-queries.ts";
import { currentPaymentPeriod } from "#domain/invoices/invoice-rules.ts";
import { matchesPartner } from "#domain/partners/partner-rules.ts";
import { listPartnerPage, listPartners } from "#domain/partners/partner-service.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";

const page = (n: number, size = 24) => ({ page: n, size });
const names = (partners: { name: string | null; username: string }[]) => partners.map((p) => p.name ?? p.username);

/** An invoice written directly, for lists (generation has its own tests). */
function makeInvoice(
  partnerId: number,
  periodStart: string,
  status: InvoiceStatus,
  paymentPeriod: "monthly" | "6-months" = "monthly",
) {
  const end = new Date(`${periodStart}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + (paymentPeriod === "monthly" ? 1 : 6), 0);
  const due = new Date(`${periodStart}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 14);
  return db
    .insertInto("feePayments")
    .values({
      partnerId,
      amountPence: 5_000,
      monthlyFeePence: 5_000,
      paymentPeriod,
      periodStart,
      periodEnd: end.toISOString().slice(0, 10),
      dueDate: due.toISOString().slice(0, 10),
      paidDate: status === "paid" ? periodStart : null,
      status,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// 30 partners: 26 "Kiosk NN" (the search's), a café, two others; an admin, never listed.
const KIOSKS = Array.from({ length: 26 }, (_, i) => `Kiosk ${String(i + 1).padStart(2, "0")}`);
let feePartnerId: number;
let sharerId: number;

beforeAll(async () => {
  await makeAdmin(db, { name: "Aaron Admin" });
  for (const name of [...KIOSKS].reverse()) await makePartner(db, { name });
  await makePartner(db, { name: "Café Élan", username: "royal_cafe" });
  await makePartner(db, { name: "Zeta 100% Vending", username: "zeta" });
  const fee = await makePartner(db, {
    name: "Abbey Gym",
    partnerType: "fee-paying",
    commissionBp: 0,
    monthlyFeePence: 5_000,
    paymentPeriod: "monthly",
  });
  feePartnerId = fee.id;
  const sharer = await makePartner(db, { name: "Kiosk 03", username: "kiosk-03-sharer", commissionBp: 1_000 });
  sharerId = sharer.id;
  const [a, b] = [await makeMachine(db, sharer.id), await makeMachine(db, sharer.id)];
  await makeMachine(db, sharer.id);
  // Revenue £100.00, COGS £40.00: card fee £2.99, net £57.01; revenue £30.00, COGS £10.00: fee £0.90, net £19.10.
  await makeRecord(db, a.id, "2026-10", { revenuePence: 10_000, cogsPence: 4_000 });
  await makeRecord(db, b.id, "2026-11", { revenuePence: 3_000, cogsPence: 1_000 });
  // Paid January, a six-month term from February (overdue), a cancelled twelve months later.
  await makeInvoice(fee.id, "2026-01-01", "paid");
  await makeInvoice(fee.id, "2026-02-01", "overdue", "6-months");
  await makeInvoice(fee.id, "2026-08-01", "cancelled");
});

describe("listPartnerPage: /admin's partners, 24 to a page", () => {
  it("page 1 and 2 in the list's order (name, then username), with every partner's count", async () => {
    const first = await listPartnerPage(db, { query: "", page: page(1) });
    const all = await listPartners(db);
    expect(all).toHaveLength(30);
    expect(first).toMatchObject({ matching: 30, total: 30, page: { page: 1, size: 24, total: 30, pageCount: 2 } });
    expect(names(first.partners)).toEqual(names(all).slice(0, 24));
    expect(names(first.partners).slice(0, 4)).toEqual(["Abbey Gym", "Café Élan", "Kiosk 01", "Kiosk 02"]);
    const second = await listPartnerPage(db, { query: "", page: page(2) });
    expect(second.page).toEqual({ page: 2, size: 24, total: 30, pageCount: 2 });
    expect(names(second.partners)).toEqual(names(all).slice(24));
    expect(second.partners.at(-1)?.name).toBe("Zeta 100% Vending");
  });

  it("two partners of one name are ordered by username", async () => {
    const both = (await listPartnerPage(db, { query: "kiosk 03", page: page(1) })).partners;
    expect(names(both)).toEqual(["Kiosk 03", "Kiosk 03"]);
    expect(both[0].id).toBe(sharerId); // kiosk-03-sharer before partner…
    expect(both[1].username).toMatch(/^partner/);
  });

  it("a search runs over every partner, not the page: its count, then its pages", async () => {
    const first = await listPartnerPage(db, { query: "KIOSK", page: page(1) });
    expect(first).toMatchObject({ matching: 27, total: 30, page: { page: 1, pageCount: 2, total: 27 } });
    expect(first.partners).toHaveLength(24);
    const second = await listPartnerPage(db, { query: "KIOSK", page: page(2) });
    expect(names(second.partners)).toEqual(["Kiosk 24", "Kiosk 25", "Kiosk 26"]);
  });

  it("a page past the end shows the last; an empty search its one empty page", async () => {
    const past = await listPartnerPage(db, { query: "kiosk", page: page(9) });
    expect(past.page).toEqual({ page: 2, size: 24, total: 27, pageCount: 2 });
    expect(names(past.partners)).toEqual(["Kiosk 24", "Kiosk 25", "Kiosk 26"]);
    const none = await listPartnerPage(db, { query: "no such partner", page: page(3) });
    expect(none).toEqual({ partners: [], matching: 0, total: 30, page: { page: 1, size: 24, total: 0, pageCount: 1 } });
  });

  it("matches as matchesPartner does: name or username, any case (accents too), % and _ as typed", async () => {
    const all = await listPartners(db);
    for (const query of [
      "",
      "  kiosk 1 ",
      "CAFÉ",
      "café",
      "élan",
      "ÉLAN",
      "royal_",
      "_",
      "100%",
      "%",
      "ZETA",
      "partner",
      "nothing",
    ]) {
      const found = await listPartnerPage(db, { query, page: page(1, 100) });
      expect(names(found.partners), query).toEqual(names(all.filter((p) => matchesPartner(p, query))));
      expect(found.matching, query).toBe(found.partners.length);
    }
    expect(names((await listPartnerPage(db, { query: "élan", page: page(1) })).partners)).toEqual(["Café Élan"]);
    expect(names((await listPartnerPage(db, { query: "_", page: page(1) })).partners)).toEqual(["Café Élan"]);
  });

  it("each card's figures are the full list's: machines, revenue, net profit, account state and period", async () => {
    const all = await listPartners(db);
    for (const query of ["", "kiosk 03", "abbey"]) {
      for (const listed of [
        ...(await listPartnerPage(db, { query, page: page(1) })).partners,
        ...(await listPartnerPage(db, { query, page: page(2) })).partners,
      ]) {
        const { feePayments, ...expected } = all.find((p) => p.id === listed.id)!;
        expect(listed).toEqual({
          ...expected,
          invoicePeriod: currentPaymentPeriod(feePayments, expected.paymentPeriod),
        });
      }
    }
    const [sharer] = (await listPartnerPage(db, { query: "kiosk-03-sharer", page: page(1) })).partners;
    expect(sharer).toMatchObject({
      id: sharerId,
      machineCount: 3,
      totalRevenuePence: 13_000,
      totalNetProfitPence: 7_611,
      paymentStatus: null,
      invoicePeriod: null,
    });
    const [gym] = (await listPartnerPage(db, { query: "abbey", page: page(1) })).partners;
    // Overdue, due on the overdue invoice's date; the period follows the latest invoice not cancelled.
    expect(gym).toMatchObject({
      id: feePartnerId,
      machineCount: 0,
      totalRevenuePence: 0,
      paymentStatus: "Overdue",
      nextPaymentDue: "2026-02-15",
      invoicePeriod: "6-months",
    });
  });
});

describe("listInvoicePage: a status tab's invoices, 24 to a page, with every tab's count", () => {
  let made: { id: number; status: InvoiceStatus; periodStart: string }[] = [];
  beforeAll(async () => {
    const partner = await makePartner(db, {
      name: "Invoice Pages Gym",
      partnerType: "fee-paying",
      commissionBp: 0,
      monthlyFeePence: 5_000,
    });
    const statuses: InvoiceStatus[] = ["pending", "paid", "paid", "overdue", "cancelled"];
    // 50 invoices, two to a period start so the newest id breaks the tie.
    made = [];
    for (let i = 0; i < 50; i++) {
      const start = new Date(Date.UTC(2024, Math.floor(i / 2), 1)).toISOString().slice(0, 10);
      made.push(await makeInvoice(partner.id, start, statuses[i % 5]));
    }
  });

  const everyInvoice = () => listInvoices(db);

  it("counts each tab, over every page, from the whole table", async () => {
    const all = await everyInvoice();
    const { counts } = await listInvoicePage(db, { page: page(1) });
    const count = (status: InvoiceStatus) => all.filter((i) => i.status === status).length;
    expect(counts).toEqual({
      all: all.length,
      pending: count("pending"),
      paid: count("paid"),
      overdue: count("overdue"),
      cancelled: count("cancelled"),
    });
    expect(counts.all).toBe(53);
  });

  it("All Invoices: newest period first, then newest; page 2 goes on where page 1 stopped; past the end is the last", async () => {
    const all = await everyInvoice();
    const ids = (p: { invoices: { id: number }[] }) => p.invoices.map((i) => i.id);
    const first = await listInvoicePage(db, { page: page(1) });
    const second = await listInvoicePage(db, { page: page(2) });
    const third = await listInvoicePage(db, { page: page(3) });
    expect(first.page).toEqual({ page: 1, size: 24, total: 53, pageCount: 3 });
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(all.map((i) => i.id));
    expect(third.invoices).toHaveLength(5);
    const past = await listInvoicePage(db, { page: page(7) });
    expect(past.page.page).toBe(3);
    expect(ids(past)).toEqual(ids(third));
    // Two invoices of one period start: the newer first.
    const tied = made.filter((i) => i.periodStart === "2025-12-01").map((i) => i.id);
    expect(ids(first).filter((id) => tied.includes(id))).toEqual([...tied].reverse());
  });

  it("a status tab: only its invoices, in the same order, its own pages", async () => {
    const paid = (await everyInvoice()).filter((i) => i.status === "paid");
    expect(paid).toHaveLength(21);
    const first = await listInvoicePage(db, { status: "paid", page: page(1, 10) });
    const third = await listInvoicePage(db, { status: "paid", page: page(3, 10) });
    expect(first.page).toEqual({ page: 1, size: 10, total: 21, pageCount: 3 });
    expect(first.invoices.map((i) => i.id)).toEqual(paid.slice(0, 10).map((i) => i.id));
    expect(third.invoices.map((i) => i.id)).toEqual(paid.slice(20).map((i) => i.id));
    expect(first.invoices[0]).toEqual(paid[0]);
  });

  it("an empty tab is one empty page", async () => {
    await db
      .deleteFrom("feePayments")
      .where("status", "=", "cancelled")
      .where("partnerId", "!=", feePartnerId)
      .execute();
    const cancelled = await listInvoicePage(db, { status: "cancelled", page: page(2) });
    expect(cancelled.page).toEqual({ page: 1, size: 24, total: 1, pageCount: 1 });
    await db.deleteFrom("feePayments").where("status", "=", "cancelled").execute();
    expect(await listInvoicePage(db, { status: "cancelled", page: page(2) })).toMatchObject({
      invoices: [],
      page: { page: 1, total: 0, pageCount: 1 },
    });
  });
});
