import { describe, expect, it, vi } from "vitest";
import {
  INVALID_DATE,
  addDaysIso,
  addMonthsRollingIso,
  currentMonth,
  formatDate,
  formatMonth,
  isIsoDay,
  isoDay,
  monthOf,
  nextMonth,
  parseIsoDay,
  parseMonth,
  previousMonth,
  previousMonthNoonUTC,
  recentMonths,
} from "#domain/shared/dates.ts";

// Spec §9: dates en-GB (dd/MM/yyyy). ARCHITECTURE §4: months are YYYY-MM, taken in UTC;
// commission is for the previous calendar month (UTC).

describe("formatDate: en-GB dd/MM/yyyy", () => {
  it("formats an ISO day", () => {
    expect(formatDate("2026-10-05")).toBe("05/10/2026");
    expect(formatDate("2028-02-29")).toBe("29/02/2028");
  });

  it("formats a Date by its UTC day", () => {
    expect(formatDate(new Date("2026-10-05T12:00:00Z"))).toBe("05/10/2026");
    expect(formatDate(new Date("2026-10-05T23:30:00Z"))).toBe("05/10/2026");
  });

  it("formats an ISO date-time", () => {
    expect(formatDate("2026-01-31T08:15:00Z")).toBe("31/01/2026");
  });

  it("formats a time in milliseconds by its UTC day", () => {
    expect(formatDate(Date.UTC(2026, 9, 5, 23, 30))).toBe("05/10/2026");
    expect(formatDate(0)).toBe("01/01/1970");
  });

  it("shows the UTC day on a server in another time zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      vi.resetModules();
      const fresh = await import("#domain/shared/dates.ts");
      // 02:00 UTC on 1 March is still 28 February in New York.
      expect(fresh.formatDate("2027-03-01T02:00:00Z")).toBe("01/03/2027");
      expect(fresh.formatDate("2027-03-01")).toBe("01/03/2027");
    } finally {
      process.env.TZ = zone;
      vi.resetModules();
    }
  });

  it("answers 'Invalid date' for garbage, null, undefined and empty", () => {
    expect(INVALID_DATE).toBe("Invalid date");
    expect(formatDate("not a date")).toBe("Invalid date");
    expect(formatDate(null)).toBe("Invalid date");
    expect(formatDate(undefined)).toBe("Invalid date");
    expect(formatDate("")).toBe("Invalid date");
    expect(formatDate(new Date(NaN))).toBe("Invalid date");
  });
});

describe("monthOf and currentMonth: the UTC calendar month as YYYY-MM", () => {
  it("takes the UTC month", () => {
    expect(monthOf(new Date("2026-10-15T10:00:00Z"))).toBe("2026-10");
    expect(monthOf(new Date("2026-03-31T23:59:59Z"))).toBe("2026-03");
    expect(currentMonth(new Date("2026-01-01T00:00:00Z"))).toBe("2026-01");
  });
});

describe("previousMonth: commission is for the previous calendar month (UTC)", () => {
  it("answers the month before", () => {
    expect(previousMonth(new Date("2026-10-15T10:00:00Z"))).toBe("2026-09");
  });

  it("crosses into the previous year from January", () => {
    expect(previousMonth(new Date("2026-01-15T12:00:00Z"))).toBe("2025-12");
  });

  it("uses the UTC month at month boundaries", () => {
    expect(previousMonth(new Date("2026-03-01T00:30:00Z"))).toBe("2026-02");
    expect(previousMonth(new Date("2026-02-28T23:30:00Z"))).toBe("2026-01");
    expect(previousMonth(new Date("2026-03-31T23:59:59Z"))).toBe("2026-02");
    // 00:30 on 1 March in UTC+2 is still February in UTC.
    expect(previousMonth(new Date("2026-03-01T00:30:00+02:00"))).toBe("2026-01");
  });

  it("does not skip February from 31 March", () => {
    expect(previousMonth(new Date("2026-03-31T12:00:00Z"))).toBe("2026-02");
  });
});

describe("previousMonthNoonUTC: report month defaults to the previous month at 12:00 UTC", () => {
  it("answers the 1st of the previous month at 12:00 UTC", () => {
    expect(previousMonthNoonUTC(new Date("2026-10-15T10:00:00Z")).toISOString()).toBe("2026-09-01T12:00:00.000Z");
  });

  it("crosses into the previous year from January", () => {
    expect(previousMonthNoonUTC(new Date("2026-01-31T23:59:59Z")).toISOString()).toBe("2025-12-01T12:00:00.000Z");
  });

  it("uses the UTC month at the boundary", () => {
    expect(previousMonthNoonUTC(new Date("2026-03-01T00:30:00Z")).toISOString()).toBe("2026-02-01T12:00:00.000Z");
  });
});

describe("parseMonth: YYYY-MM or an ISO date, taken as its UTC month", () => {
  it("accepts YYYY-MM as is", () => {
    expect(parseMonth("2026-10")).toBe("2026-10");
    expect(parseMonth(" 2026-01 ")).toBe("2026-01");
  });

  it("takes the UTC month of an ISO date-time", () => {
    expect(parseMonth("2026-10-15T10:00:00Z")).toBe("2026-10");
    expect(parseMonth("2026-10-31T23:30:00-02:00")).toBe("2026-11");
    expect(parseMonth(" 2026-10-15T10:00:00Z ")).toBe("2026-10");
  });

  it("follows an offset that moves the time into another UTC day, written with or without a colon, after T or a space", () => {
    expect(parseMonth("2027-03-01T01:00:00+02:00")).toBe("2027-02");
    expect(parseMonth("2027-03-01T01:00:00+0200")).toBe("2027-02");
    expect(parseMonth("2027-03-01 01:00:00+02:00")).toBe("2027-02");
    expect(parseMonth("2027-02-28T23:00:00-0500")).toBe("2027-03");
  });

  it("answers null when text after the day is not a time (the lenient parser would move the day)", () => {
    expect(parseMonth("2027-03-15junk")).toBeNull();
    expect(parseMonth("2027-03T10:00Z")).toBeNull();
    expect(parseMonth("2027-03-1")).toBeNull();
    expect(parseMonth("2027-03-01T25:00:00Z")).toBeNull();
  });

  it("reads an offset only at the end of a time that follows T or a space", () => {
    // The lenient parser moves each of these into 28 February; they are refused instead.
    expect(parseMonth("2027-03-01,01:00:00+02:00")).toBeNull();
    expect(parseMonth("2027-03-01 01:00:00+0200 (CEST)")).toBeNull();
  });

  it("takes the month of an ISO day", () => {
    expect(parseMonth("2026-10-01")).toBe("2026-10");
    expect(parseMonth("2026-12-31")).toBe("2026-12");
  });

  it("takes the UTC month of a Date", () => {
    expect(parseMonth(new Date("2026-05-31T23:00:00Z"))).toBe("2026-05");
  });

  it("answers null for an impossible month", () => {
    expect(parseMonth("2026-13")).toBeNull();
    expect(parseMonth("2026-00")).toBeNull();
  });

  it("answers null for anything before or after YYYY-MM", () => {
    expect(parseMonth("12026-10")).toBeNull();
    expect(parseMonth("x2026-10")).toBeNull();
    expect(parseMonth("2026-100")).toBeNull();
    expect(() => formatMonth("x2026-10")).toThrow(RangeError);
  });

  it("answers null for garbage and non-strings", () => {
    expect(parseMonth("hello")).toBeNull();
    expect(parseMonth("")).toBeNull();
    expect(parseMonth("October 2026")).toBeNull();
    expect(parseMonth(null)).toBeNull();
    expect(parseMonth(202610)).toBeNull();
    expect(parseMonth(new Date(NaN))).toBeNull();
  });
});

describe("recentMonths: the commission month selector offers 12 months", () => {
  it("answers 12 months, newest first, starting with the given month", () => {
    const months = recentMonths("2026-03", 12);
    expect(months).toHaveLength(12);
    expect(months).toEqual([
      "2026-03",
      "2026-02",
      "2026-01",
      "2025-12",
      "2025-11",
      "2025-10",
      "2025-09",
      "2025-08",
      "2025-07",
      "2025-06",
      "2025-05",
      "2025-04",
    ]);
  });

  it("answers nothing for a count of 0", () => {
    expect(recentMonths("2026-03", 0)).toEqual([]);
  });

  it("refuses a month that is not YYYY-MM", () => {
    expect(() => recentMonths("2026-13", 12)).toThrow(RangeError);
    expect(() => recentMonths("2026-13", 12)).toThrow("Not a YYYY-MM month: 2026-13");
  });
});

describe("nextMonth: the month after a YYYY-MM month", () => {
  it.each([
    ["2026-10", "2026-11"],
    ["2026-01", "2026-02"],
    ["2026-12", "2027-01"],
  ])("%s is followed by %s", (month, next) => {
    expect(nextMonth(month)).toBe(next);
  });

  it("refuses a month that is not YYYY-MM", () => {
    expect(() => nextMonth("2026-13")).toThrow("Not a YYYY-MM month: 2026-13");
  });
});

describe("formatMonth: a month in words", () => {
  it("shows the long month name and year", () => {
    expect(formatMonth("2026-10")).toBe("October 2026");
    expect(formatMonth("2025-01")).toBe("January 2025");
  });

  it("refuses a month that is not YYYY-MM", () => {
    expect(() => formatMonth("hello")).toThrow(RangeError);
  });
});

describe("ISO days: YYYY-MM-DD in UTC", () => {
  it("isoDay takes the UTC day", () => {
    expect(isoDay(new Date("2026-10-05T23:30:00Z"))).toBe("2026-10-05");
  });

  it("parseIsoDay accepts real days and refuses impossible ones", () => {
    expect(parseIsoDay("2028-02-29").toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(() => parseIsoDay("2027-02-29")).toThrow(RangeError);
    expect(() => parseIsoDay("2026-1-5")).toThrow(RangeError);
    expect(() => parseIsoDay("2027-02-29")).toThrow("Not a real YYYY-MM-DD day: 2027-02-29");
    expect(() => parseIsoDay("2026-01-05T00:00:00Z")).toThrow(RangeError);
  });

  it("isIsoDay: a real calendar day written YYYY-MM-DD and nothing else", () => {
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2026-12-31")).toBe(true);
    expect(isIsoDay("2027-02-29")).toBe(false);
    expect(isIsoDay("2026-04-31")).toBe(false);
    expect(isIsoDay("2026-1-5")).toBe(false);
    expect(isIsoDay(" 2026-01-05")).toBe(false);
    expect(isIsoDay("2026-01-05T00:00:00Z")).toBe(false);
    expect(isIsoDay("05/01/2026")).toBe(false);
    expect(isIsoDay("")).toBe(false);
    expect(isIsoDay(20260105)).toBe(false);
    expect(isIsoDay(null)).toBe(false);
    expect(isIsoDay(new Date("2026-01-05T00:00:00Z"))).toBe(false);
  });

  it("addDaysIso adds across month and year ends", () => {
    expect(addDaysIso("2027-01-31", 14)).toBe("2027-02-14");
    expect(addDaysIso("2027-03-01", -1)).toBe("2027-02-28");
    expect(addDaysIso("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDaysIso("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("addMonthsRollingIso: the day a period of N months from a start day is followed by", () => {
  it("keeps the day of the month when it exists", () => {
    expect(addMonthsRollingIso("2026-01-15", 1)).toBe("2026-02-15");
    expect(addMonthsRollingIso("2026-01-15", 6)).toBe("2026-07-15");
    expect(addMonthsRollingIso("2026-01-15", 12)).toBe("2027-01-15");
  });

  it("rolls into the next year", () => {
    expect(addMonthsRollingIso("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonthsRollingIso("2026-08-15", 6)).toBe("2027-02-15");
  });

  it("from 31 January + 1 month goes to 1 March (non-leap and leap years)", () => {
    expect(addMonthsRollingIso("2027-01-31", 1)).toBe("2027-03-01");
    expect(addMonthsRollingIso("2028-01-31", 1)).toBe("2028-03-01");
  });

  it("from 29 February + 12 months goes to 1 March", () => {
    expect(addMonthsRollingIso("2028-02-29", 12)).toBe("2029-03-01");
  });

  it("keeps 31st when the target month has 31 days", () => {
    expect(addMonthsRollingIso("2027-01-31", 12)).toBe("2028-01-31");
    expect(addMonthsRollingIso("2027-01-31", 6)).toBe("2027-07-31");
  });
});

describe("parseMonth refuses impossible days", () => {
  it("2026-02-30 is not a day, so not a month", async () => {
    const { parseMonth } = await import("#domain/shared/dates.ts");
    expect(parseMonth("2026-02-30")).toBeNull();
    expect(parseMonth("2026-02-28")).toBe("2026-02");
    expect(parseMonth("2028-02-29T12:00:00Z")).toBe("2028-02");
    expect(parseMonth("2027-02-31T10:00:00+02:00")).toBeNull();
    expect(parseMonth("2026-04-31")).toBeNull();
  });
});
