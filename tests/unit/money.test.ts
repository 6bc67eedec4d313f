import { describe, expect, it } from "vitest";
import {
  divRoundHalfUp,
  formatPence,
  isWholePence,
  parsePence,
  penceToPounds,
  poundsToPence,
} from "#domain/shared/money.ts";

// ARCHITECTURE §4: money is integer pence inside; pounds with 2 decimals only at the edges
// (JSON numbers, UI "£1,234.56"); half-up rounding to the penny.

describe("divRoundHalfUp: integer division rounded half away from zero", () => {
  it("rounds exact halves up (away from zero) for positives", () => {
    expect(divRoundHalfUp(5, 10)).toBe(1);
    expect(divRoundHalfUp(15, 10)).toBe(2);
    expect(divRoundHalfUp(25, 10)).toBe(3);
    expect(divRoundHalfUp(1, 2)).toBe(1);
  });

  it("rounds exact halves away from zero for negatives", () => {
    expect(divRoundHalfUp(-5, 10)).toBe(-1);
    expect(divRoundHalfUp(-15, 10)).toBe(-2);
    expect(divRoundHalfUp(-25, 10)).toBe(-3);
    expect(divRoundHalfUp(-1, 2)).toBe(-1);
  });

  it("rounds below half down and above half up", () => {
    expect(divRoundHalfUp(14, 10)).toBe(1);
    expect(divRoundHalfUp(16, 10)).toBe(2);
    expect(divRoundHalfUp(-14, 10)).toBe(-1);
    expect(divRoundHalfUp(-16, 10)).toBe(-2);
  });

  it("divides exactly when there is no remainder", () => {
    expect(divRoundHalfUp(100, 10)).toBe(10);
    expect(divRoundHalfUp(-100, 10)).toBe(-10);
    expect(divRoundHalfUp(0, 7)).toBe(0);
  });

  it("never answers negative zero", () => {
    expect(divRoundHalfUp(-4, 10)).toBe(0);
    expect(Object.is(divRoundHalfUp(-4, 10), -0)).toBe(false);
  });

  it("refuses non-integers and non-positive divisors", () => {
    expect(() => divRoundHalfUp(1.5, 10)).toThrow(RangeError);
    expect(() => divRoundHalfUp(10, 0)).toThrow(RangeError);
    expect(() => divRoundHalfUp(10, -2)).toThrow(RangeError);
    expect(() => divRoundHalfUp(10, 2.5)).toThrow(RangeError);
  });

  it("names the numbers it refused", () => {
    expect(() => divRoundHalfUp(10, 0)).toThrow("divRoundHalfUp needs integers and a positive divisor: 10/0");
  });
});

describe("parsePence: pounds in, integer pence out, half-up to the penny", () => {
  it("reads a formatted GBP amount with £ and thousands separators", () => {
    expect(parsePence("£1,234.56")).toBe(123456);
  });

  it("reads one decimal as tens of pence", () => {
    expect(parsePence("12.3")).toBe(1230);
  });

  it("reads whole pounds", () => {
    expect(parsePence("12")).toBe(1200);
    expect(parsePence(12)).toBe(1200);
    expect(parsePence("0")).toBe(0);
  });

  it("rounds a third decimal half-up: 12.345 → 1235 pence", () => {
    expect(parsePence(12.345)).toBe(1235);
    expect(parsePence("12.345")).toBe(1235);
  });

  it("rounds 1.005 up to 101 pence despite its binary representation", () => {
    expect(parsePence(1.005)).toBe(101);
    expect(parsePence("1.005")).toBe(101);
  });

  it("rounds below the half-penny down", () => {
    expect(parsePence("1.004")).toBe(100);
    expect(parsePence("1.0049")).toBe(100);
    expect(parsePence(12.344)).toBe(1234);
  });

  it("reads a negative amount with a minus sign", () => {
    expect(parsePence("-0.5")).toBe(-50);
    expect(parsePence(-0.5)).toBe(-50);
    expect(parsePence("-12.345")).toBe(-1235);
  });

  it("reads an accounting negative in parentheses", () => {
    expect(parsePence("(2.50)")).toBe(-250);
    expect(parsePence("(£1,000.00)")).toBe(-100000);
    expect(parsePence(" ( 12.50 ) ")).toBe(-1250);
  });

  it.each([["(12.50"], ["12.50)"], [")12.50("], ["(12.50))"], ["((12.50)"], ["()"], ["(-12.50)"], ["-(12.50)"]])(
    "answers null for unbalanced or doubled parentheses: %j",
    (text) => {
      expect(parsePence(text)).toBeNull();
    },
  );

  it("never answers negative zero", () => {
    expect(parsePence("-0")).toBe(0);
    expect(parsePence("-0.004")).toBe(0);
  });

  it("answers null for garbage text", () => {
    expect(parsePence("abc")).toBeNull();
    expect(parsePence("12.3.4")).toBeNull();
    expect(parsePence("1e3")).toBeNull();
    expect(parsePence("")).toBeNull();
    expect(parsePence("£")).toBeNull();
  });

  it("answers null for NaN, infinities and non-number types", () => {
    expect(parsePence(NaN)).toBeNull();
    expect(parsePence(Infinity)).toBeNull();
    expect(parsePence(-Infinity)).toBeNull();
    expect(parsePence(null)).toBeNull();
    expect(parsePence(undefined)).toBeNull();
    expect(parsePence({})).toBeNull();
    expect(parsePence(true)).toBeNull();
  });
});

describe("formatPence: pence shown as £1,234.56", () => {
  it("formats with £, thousands separator and 2 decimals", () => {
    expect(formatPence(123456)).toBe("£1,234.56");
    expect(formatPence(100000000)).toBe("£1,000,000.00");
  });

  it("formats small amounts with 2 decimals", () => {
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(250)).toBe("£2.50");
  });

  it("formats zero as £0.00", () => {
    expect(formatPence(0)).toBe("£0.00");
  });

  it("formats a negative amount with a leading minus", () => {
    expect(formatPence(-123456)).toBe("-£1,234.56");
  });
});

describe("pounds as the API answers them, shown as £1,234.56 through pence (formatPence ∘ poundsToPence)", () => {
  it("formats with £, thousands separator and 2 decimals", () => {
    expect(formatPence(poundsToPence(1234.56))).toBe("£1,234.56");
    expect(formatPence(poundsToPence(82.5))).toBe("£82.50");
    expect(formatPence(poundsToPence(0.05))).toBe("£0.05");
    expect(formatPence(poundsToPence(0))).toBe("£0.00");
    expect(formatPence(poundsToPence(1_000_000))).toBe("£1,000,000.00");
  });

  it("formats a negative amount with a leading minus", () => {
    expect(formatPence(poundsToPence(-2.5))).toBe("-£2.50");
  });

  it("rounds to the penny through pence, so binary fractions show as written", () => {
    expect(formatPence(poundsToPence(19.99))).toBe("£19.99");
    expect(formatPence(poundsToPence(0.1 + 0.2))).toBe("£0.30");
    expect(formatPence(poundsToPence(2.675))).toBe("£2.68");
    expect(formatPence(poundsToPence(2.674))).toBe("£2.67");
  });
});

describe("penceToPounds: JSON pounds rounded to the penny", () => {
  it("converts pence to pounds with 2 decimals", () => {
    expect(penceToPounds(123456)).toBe(1234.56);
    expect(penceToPounds(5)).toBe(0.05);
    expect(penceToPounds(8250)).toBe(82.5);
  });

  it("converts zero and negatives", () => {
    expect(penceToPounds(0)).toBe(0);
    expect(penceToPounds(-250)).toBe(-2.5);
  });
});

describe("isWholePence: an amount in pounds exact to the penny (ARCHITECTURE §11)", () => {
  it.each([
    ["12.34"],
    [12.34],
    ["12.3"],
    [12],
    ["12.340"],
    ["£1,234.50"],
    [19.99],
    [0.1 + 0.2],
    ["0"],
    ["(12.34)"],
    ["-12.34"],
    [-12.3],
  ])("%j is exact", (value) => {
    expect(isWholePence(value)).toBe(true);
  });

  it.each([
    ["12.345"],
    [12.345],
    ["0.001"],
    [0.005],
    ["12.3401"],
    ["(12.345)"],
    ["abc"],
    ["(12.34"],
    [null],
    [Number.NaN],
    [Infinity],
    [true],
    [{}],
  ])("%j is not", (value) => {
    expect(isWholePence(value)).toBe(false);
  });
});

describe("poundsToPence: a pounds figure from the edge (JSON, a form's number) as whole pence", () => {
  it("rounds to the penny, through binary fractions, and back again", () => {
    expect(poundsToPence(32.62)).toBe(3262);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(poundsToPence(-0.97)).toBe(-97);
    expect(poundsToPence(1_000_000)).toBe(100_000_000);
    expect(penceToPounds(poundsToPence(61.31))).toBe(61.31);
  });
});
