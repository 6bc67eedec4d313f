import { describe, expect, it } from "vitest";
import { partnerMonthlySales } from "#domain/machines/sales-history.ts";
import { db } from "#app/utils/db.server.ts";
import { makeMachine, makePartner, makeRecord } from "#tests/factories.ts";

describe("a partner's sales month by month (the dashboard's chart)", () => {
  it("sums every machine's record of a month, from the month asked for on, oldest first, and no one else's", async () => {
    const partner = await makePartner(db);
    const other = await makePartner(db);
    const [a, b] = [await makeMachine(db, partner.id), await makeMachine(db, partner.id)];
    const theirs = await makeMachine(db, other.id);
    await makeRecord(db, a.id, "2025-10", { totalSales: 5, revenuePence: 1_000, cogsPence: 0 });
    await makeRecord(db, a.id, "2026-09", { totalSales: 7, revenuePence: 1_234, cogsPence: 0 });
    await makeRecord(db, b.id, "2026-09", { totalSales: 3, revenuePence: 567, cogsPence: 0 });
    await makeRecord(db, b.id, "2026-10", { totalSales: 1, revenuePence: 199, cogsPence: 0 });
    await makeRecord(db, theirs.id, "2026-10", { totalSales: 100, revenuePence: 99_999, cogsPence: 0 });

    expect(await partnerMonthlySales(db, partner.id, "2025-11")).toEqual([
      { month: "2026-09", units: 10, revenuePence: 1_801 },
      { month: "2026-10", units: 1, revenuePence: 199 },
    ]);
    expect((await partnerMonthlySales(db, partner.id, "2025-10"))[0]).toEqual({
      month: "2025-10",
      units: 5,
      revenuePence: 1_000,
    });
    expect(await partnerMonthlySales(db, (await makePartner(db)).id, "2025-01")).toEqual([]);
  });
});
