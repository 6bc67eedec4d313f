/** Attempt limits (ARCHITECTURE.md section 10): per username and address, per address, and a doubling wait per username. */
import { describe, expect, it } from "vitest";
import { decideAttempt, defaultLimits, retryAfterSeconds, userWaitMs } from "#domain/rate-limit.ts";

const L = defaultLimits();
const T0 = Date.UTC(2027, 0, 1, 12, 0, 0);
const times = (n: number, from = T0, step = 1) => Array.from({ length: n }, (_, i) => from + i * step);
const none = { pair: [], address: [], user: [] };

describe("userWaitMs: free failures, then 1 s doubling to 60 s", () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1_000],
    [6, 2_000],
    [7, 4_000],
    [10, 32_000],
    [11, 60_000],
    [40, 60_000],
  ])("after %i failures: %i ms", (failures, wait) => {
    expect(userWaitMs(failures, L)).toBe(wait);
  });
});

describe("decideAttempt", () => {
  it("allows a first attempt", () => {
    expect(decideAttempt(none, T0, L)).toEqual({ allowed: true });
  });

  it("refuses the 6th attempt of a username from one address within 15 minutes, until the oldest failure leaves the window", () => {
    const pair = times(5, T0, 60_000);
    // The username's own wait after 5 failures has long passed; the pair limit still holds.
    expect(decideAttempt({ pair, address: pair, user: [] }, T0 + 10 * 60_000, L)).toEqual({ allowed: false, reason: "pair", retryAfterMs: 5 * 60_000 });
    expect(decideAttempt({ pair, address: pair, user: [] }, T0 + 15 * 60_000 + 1, L)).toEqual({ allowed: true });
  });

  it("refuses the 21st attempt from one address", () => {
    expect(decideAttempt({ pair: [], address: times(20), user: [] }, T0 + 100, L)).toMatchObject({ allowed: false, reason: "address" });
    expect(decideAttempt({ pair: [], address: times(19), user: [] }, T0 + 100, L)).toEqual({ allowed: true });
  });

  it("makes a username wait after its 5th failure from any address, doubling, and never locks it", () => {
    const user = times(5, T0, 10);
    const last = user[4];
    expect(decideAttempt({ pair: [], address: [], user }, last + 500, L)).toEqual({ allowed: false, reason: "user", retryAfterMs: 500 });
    expect(decideAttempt({ pair: [], address: [], user }, last + 1_000, L)).toEqual({ allowed: true });
    const seven = times(7, T0, 10);
    expect(decideAttempt({ pair: [], address: [], user: seven }, seven[6] + 3_000, L)).toEqual({ allowed: false, reason: "user", retryAfterMs: 1_000 });
    expect(decideAttempt({ pair: [], address: [], user: seven }, seven[6] + 4_000, L)).toEqual({ allowed: true });
  });

  it("forgets failures older than the window", () => {
    const old = times(30, T0 - 20 * 60_000);
    expect(decideAttempt({ pair: old, address: old, user: old }, T0, L)).toEqual({ allowed: true });
  });
});

describe("retryAfterSeconds", () => {
  it("rounds up to whole seconds, at least 1", () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1_000)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(retryAfterSeconds(300_000)).toBe(300);
  });
});
