import { describe, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { commissionSummary } from "#domain/commissions/commission-summary.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";

describe("a paid month shows what was paid", () => {
  it("the summary keeps the snapshot after the month's record changes", async () => {
    const admin = await makeAdmin(db);
    const partner = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 });
    const machine = await makeMachine(db, partner.id);
    // Revenue 100.00, COGS 40.00: net 57.01, 10% = 5.70.
    const record = await makeRecord(db, machine.id, "2026-06", { revenuePence: 10_000, cogsPence: 4_000 });
    await markCommissionPaid(db, partner.id, "2026-06", admin.id, "2026-07-05");
    await db.updateTable("monthlyRecords").set({ revenuePence: 20_000 }).where("id", "=", record.id).execute();
    const row = (await commissionSummary(db, "2026-06")).rows.find((r) => r.partnerId === partner.id)!;
    expect(row).toMatchObject({ paymentStatus: "completed", paidDate: "2026-07-05", profitSharePence: 570 });
  });
});
