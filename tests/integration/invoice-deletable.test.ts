/**
 * Rules live in the domain: an invoice view carries whether it can be deleted and why not, the API's
 * rule (not paid, no payment or credit applied), and both screens offer Delete from it: Invoice
 * Management no longer offers it on a part-paid invoice.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader as invoicesLoader } from "#app/routes/admin.invoices.tsx";
import { action as deleteAction } from "#app/routes/api.fee-payments.$id.ts";
import { db } from "#app/utils/db.server.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { listInvoices } from "#domain/invoices/invoice-queries.ts";
import { recordPayment } from "#domain/receivables/payment-service.ts";
import { addDaysIso, isoDay } from "#domain/shared/dates.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminCookie = await loginCookie(admin.username);
  const today = isoDay(new Date());
  const gym = await makePartner(db, {
    name: "Deletable Gym",
    partnerType: "fee-paying",
    monthlyFeePence: 7_500,
    commissionBp: 0,
  });
  ids.gym = gym.id;
  ids.partPaid = (await generateInvoice(db, gym.id, "monthly", admin.id, addDaysIso(today, -60))).id;
  await recordPayment(
    db,
    {
      partnerId: gym.id,
      receivedOn: addDaysIso(today, -50),
      amountPence: 2_500,
      method: "bank-transfer",
      reference: "PART",
      allocations: [{ invoiceId: ids.partPaid, amountPence: 2_500 }],
    },
    admin.id,
    today,
  );
  ids.untouched = (await generateInvoice(db, gym.id, "monthly", admin.id, today)).id;
});

describe("an invoice view says whether it can be deleted", () => {
  it("untouched: deletable; part-paid: not, with why", async () => {
    const views = await listInvoices(db, { partnerId: ids.gym });
    const byId = new Map(views.map((v) => [v.id, v]));
    expect(byId.get(ids.untouched)).toMatchObject({ deletable: true, notDeletableBecause: null });
    expect(byId.get(ids.partPaid)).toMatchObject({
      deletable: false,
      notDeletableBecause: "A payment or credit is applied to it: cancel it instead",
    });
  });

  it("Invoice Management's loader carries the same flag, so Delete is not offered on the part-paid invoice", async () => {
    const data = await (await call(invoicesLoader, "/admin/invoices", { cookie: adminCookie })).json();
    const rows = new Map((data.invoices as { id: number; deletable: boolean }[]).map((i) => [i.id, i.deletable]));
    expect([rows.get(ids.partPaid), rows.get(ids.untouched)]).toEqual([false, true]);
  });

  it("the API refuses what the view says cannot be deleted, and deletes what it says can", async () => {
    const refused = await call(deleteAction, `/api/fee-payments/${ids.partPaid}`, {
      method: "DELETE",
      cookie: adminCookie,
      params: { id: String(ids.partPaid) },
    });
    expect(refused.status).toBe(409);
    const deleted = await call(deleteAction, `/api/fee-payments/${ids.untouched}`, {
      method: "DELETE",
      cookie: adminCookie,
      params: { id: String(ids.untouched) },
    });
    expect(deleted.status).toBe(200);
  });
});
