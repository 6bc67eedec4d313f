/**
 * A partner's balance is the sum of the adjustments waiting on months not
 * paid; it is owed when negative and no later month can take it (no longer profit-sharing or tiered,
 * no active machine, account disabled). A write-off goes on the month of the latest negative
 * adjustment. Exact pence.
 */
import { describe, expect, it } from "vitest";
import {
  absorbBlockers,
  balancePence,
  nothingOwedMessage,
  owingDeleteMessage,
  owingOf,
  owingPartText,
  owingText,
  writeOffMonth,
  writeOffQuestion,
  type AbsorbingState,
  type PendingAdjustment,
} from "#domain/commissions/balance-rules.ts";

const carried = (
  month: string,
  forMonth: string,
  amountPence: number,
  reason: PendingAdjustment["reason"] = "carried",
): PendingAdjustment => ({ month, forMonth, amountPence, reason });
const active: AbsorbingState = { partnerType: "profit-sharing", activeMachines: 1, disabled: false };
const idle: AbsorbingState = { ...active, activeMachines: 0 };

describe("balancePence", () => {
  it("sums every pending adjustment, positive and negative: −215 + 47 − 3 = −171", () => {
    expect(
      balancePence([
        carried("2026-11", "2026-10", -215),
        carried("2026-11", "2026-10", 47, "late_sales"),
        carried("2026-12", "2026-11", -3, "record_deleted"),
      ]),
    ).toBe(-171);
    expect(balancePence([])).toBe(0);
  });
});

describe("absorbBlockers", () => {
  it("names nothing while a profit-sharing or tiered partner with an active machine can take it", () => {
    expect(absorbBlockers(active)).toEqual([]);
    expect(absorbBlockers({ ...active, partnerType: "tiered-profit-sharing", activeMachines: 3 })).toEqual([]);
  });

  it("names each reason in words", () => {
    expect(absorbBlockers(idle)).toEqual(["no active machine"]);
    expect(absorbBlockers({ ...active, partnerType: "fee-paying" })).toEqual(["now fee-paying"]);
    expect(absorbBlockers({ ...active, partnerType: "non-profit-sharing" })).toEqual(["no longer profit-sharing"]);
    expect(absorbBlockers({ ...active, disabled: true })).toEqual(["account disabled"]);
    expect(absorbBlockers({ partnerType: "fee-paying", activeMachines: 0, disabled: true })).toEqual([
      "account disabled",
      "now fee-paying",
      "no active machine",
    ]);
  });
});

describe("owingOf", () => {
  it("a negative balance with no active machine is owed: 215", () => {
    expect(owingOf([carried("2026-11", "2026-10", -215, "repaid")], idle)).toEqual({
      owingPence: 215,
      months: [{ month: "2026-11", forMonth: "2026-10", amountPence: -215, reason: "repaid" }],
      why: "no active machine",
    });
  });

  it("nets the positive adjustments off: −500 + 120 = 380 owed, listed by the month they sit on", () => {
    const owing = owingOf([carried("2026-12", "2026-11", 120, "late_sales"), carried("2026-11", "2026-10", -500)], {
      ...active,
      partnerType: "fee-paying",
    });
    expect(owing?.owingPence).toBe(380);
    expect(owing?.months.map((m) => m.month)).toEqual(["2026-11", "2026-12"]);
    expect(owing?.why).toBe("now fee-paying");
  });

  it("is null while a later month can take it, or when the balance is 0 or more", () => {
    expect(owingOf([carried("2026-11", "2026-10", -215)], active)).toBeNull();
    expect(
      owingOf([carried("2026-11", "2026-10", -215), carried("2026-11", "2026-11", 215, "written_off")], idle),
    ).toBeNull();
    expect(
      owingOf([carried("2026-11", "2026-10", -1), carried("2026-11", "2026-10", 2, "late_sales")], idle),
    ).toBeNull();
    expect(owingOf([], idle)).toBeNull();
  });

  it("one penny is owed: 1", () => {
    expect(
      owingOf([carried("2026-11", "2026-10", -1, "record_deleted")], { ...active, disabled: true })?.owingPence,
    ).toBe(1);
  });

  it("joins several reasons with 'and'", () => {
    expect(
      owingOf([carried("2026-11", "2026-10", -215)], { partnerType: "fee-paying", activeMachines: 0, disabled: true })
        ?.why,
    ).toBe("account disabled and now fee-paying and no active machine");
  });
});

describe("writeOffMonth", () => {
  it("is the month where the latest negative adjustment waits", () => {
    expect(
      writeOffMonth([
        carried("2026-11", "2026-10", -215),
        carried("2027-01", "2026-12", 40, "late_sales"),
        carried("2026-12", "2026-11", -10, "record_deleted"),
      ]),
    ).toBe("2026-12");
    expect(writeOffMonth([carried("2026-11", "2026-10", -215)])).toBe("2026-11");
    expect(writeOffMonth([carried("2026-11", "2026-10", 215, "late_sales")])).toBeNull();
    expect(writeOffMonth([])).toBeNull();
  });
});

describe("words", () => {
  it("names each adjustment as the callout says it", () => {
    expect(owingPartText(carried("2026-11", "2026-10", -215, "repaid"))).toBe(
      "−£2.15 carried from October 2026 (paid again)",
    );
    expect(owingPartText(carried("2026-11", "2026-10", -215))).toBe("−£2.15 carried from October 2026");
    expect(owingPartText(carried("2026-11", "2026-10", -47, "record_deleted"))).toBe(
      "−£0.47 for October 2026 (record deleted)",
    );
    expect(owingPartText(carried("2026-12", "2026-11", 1_234_56, "late_sales"))).toBe(
      "+£1,234.56 for November 2026 (late sales)",
    );
  });

  it("the callout's text to the admin and to the partner", () => {
    const owing = owingOf([carried("2026-11", "2026-10", -215, "repaid")], idle)!;
    expect(owingText(owing, "admin")).toBe(
      "Owes £2.15: −£2.15 carried from October 2026 (paid again) with no later month to take it (no active machine).",
    );
    expect(owingText(owing, "partner")).toBe(
      "You owe £2.15: −£2.15 carried from October 2026 (paid again) with no later month to take it (no active machine).",
    );
    const two = owingOf([carried("2026-11", "2026-10", -500), carried("2026-12", "2026-11", 120, "late_sales")], {
      ...active,
      partnerType: "fee-paying",
    })!;
    expect(owingText(two, "admin")).toBe(
      "Owes £3.80: −£5.00 carried from October 2026, +£1.20 for November 2026 (late sales) with no later month to take it (now fee-paying).",
    );
  });

  it("the messages and the question", () => {
    expect(owingDeleteMessage("Leeds Station Retail", 215)).toBe(
      "Leeds Station Retail owes £2.15 of commission paid in advance: write it off or settle it before deleting the partner",
    );
    expect(nothingOwedMessage("Leeds Station Retail")).toBe("Nothing is owed by Leeds Station Retail");
    expect(writeOffQuestion("Leeds", { owingPence: 215, months: [carried("2026-11", "2026-10", -215)] })).toEqual({
      title: "Write off £2.15 owed by Leeds?",
      description:
        "An adjustment of +£2.15 (written off) is added to November 2026, so Leeds owes nothing. It is kept in the audit trail.",
      confirmLabel: "Write off",
    });
  });
});
