import { describe, expect, it } from "vitest";
import { DomainError } from "#domain/shared/errors.ts";
import {
  MONTH_TO_DATE,
  assertMonthEnded,
  closedKey,
  closedMonthError,
  lastDayOfMonth,
  monthHasEnded,
  monthLabel,
  reportsComplete,
} from "#domain/month-close/month-close-rules.ts";

// ARCHITECTURE §11: a month has ended when its last day has passed in UTC; until then it is
// "month to date": shown, never paid, never sent as a statement (409 naming the month and the day
// it ends). A closed month's figures are locked (409 naming the month).

describe("lastDayOfMonth", () => {
  it.each([
    ["2026-01", "2026-01-31"],
    ["2026-02", "2026-02-28"],
    ["2028-02", "2028-02-29"],
    ["2026-04", "2026-04-30"],
    ["2026-12", "2026-12-31"],
  ])("%s ends on %s", (month, day) => {
    expect(lastDayOfMonth(month)).toBe(day);
  });
});

describe("monthHasEnded: once its last day has passed in UTC", () => {
  it("a month before the current one has ended", () => {
    expect(monthHasEnded("2026-10", new Date("2026-11-01T00:00:00Z"))).toBe(true);
    expect(monthHasEnded("2025-12", new Date("2026-01-15T12:00:00Z"))).toBe(true);
  });

  it("the current month has not, up to its last millisecond", () => {
    expect(monthHasEnded("2026-10", new Date("2026-10-31T23:59:59.999Z"))).toBe(false);
    expect(monthHasEnded("2026-10", new Date("2026-10-01T00:00:00Z"))).toBe(false);
  });

  it("a later month has not", () => {
    expect(monthHasEnded("2026-12", new Date("2026-10-15T00:00:00Z"))).toBe(false);
  });

  it("takes the UTC month: 1 November 00:30 in UTC+2 is still October", () => {
    expect(monthHasEnded("2026-10", new Date("2026-11-01T00:30:00+02:00"))).toBe(false);
  });
});

describe("assertMonthEnded: 409 for a month to date", () => {
  it("passes for a month that has ended", () => {
    expect(() => assertMonthEnded("2026-10", new Date("2026-11-01T00:00:00Z"))).not.toThrow();
  });

  it("refuses the current month, naming it and the day it ends", () => {
    let error: unknown;
    try {
      assertMonthEnded("2026-11", new Date("2026-11-20T10:00:00Z"));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect((error as DomainError).message).toBe(
      "November 2026 has not ended yet: it ends on 30/11/2026, and until then its figures are month to date",
    );
  });
});

describe("monthLabel", () => {
  it("names an ended month", () => {
    expect(monthLabel("2026-10", new Date("2026-11-01T00:00:00Z"))).toBe("October 2026");
  });

  it("marks the month that runs as month to date", () => {
    expect(MONTH_TO_DATE).toBe("month to date");
    expect(monthLabel("2026-11", new Date("2026-11-20T00:00:00Z"))).toBe("November 2026 (month to date)");
  });
});

describe("closedMonthError: the 409 for a change to a closed (paid) month", () => {
  const closed = { partnerId: 7, partnerName: "Corner Shop", month: "2026-10", paidDate: "2026-11-05" };

  it("names the change, the partner, the month and the day it was paid", () => {
    const error = closedMonthError(closed, "Deleting this record");
    expect(error).toBeInstanceOf(DomainError);
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      "Deleting this record would change Corner Shop's October 2026, which is closed: its commission was paid on 05/11/2026. Reset the month to reopen it first.",
    );
  });

  it("says 'It' when no change is named, and leaves out an unknown paid date", () => {
    expect(closedMonthError({ ...closed, paidDate: null }).message).toBe(
      "It would change Corner Shop's October 2026, which is closed: its commission was paid. Reset the month to reopen it first.",
    );
  });
});

describe("reportsComplete: every active machine has the month's record, and there is one", () => {
  it.each([
    [2, 2, true],
    [1, 1, true],
    [2, 1, false],
    [2, 3, false],
    [0, 0, false],
    [0, 1, false],
  ])("%i active machines and %i records: %s", (activeMachines, submittedReports, complete) => {
    expect(reportsComplete(activeMachines, submittedReports)).toBe(complete);
  });
});

describe("closedKey: a partner's month as one key", () => {
  it("joins the partner's id and the month with a colon", () => {
    expect(closedKey(12, "2026-10")).toBe("12:2026-10");
  });
});
