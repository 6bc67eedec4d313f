/** Attempt limits (ARCHITECTURE.md section 10): per username and address, per address, and a doubling wait per username. */
import { describe, expect, it } from "vitest";
import { decideAttempt, defaultLimits, retryAfterSeconds, userWaitMs } from "#domain/accounts/attempt-rules.ts";

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
    expect(decideAttempt({ pair, address: pair, user: [] }, T0 + 10 * 60_000, L)).toEqual({
      allowed: false,
      reason: "pair",
      retryAfterMs: 5 * 60_000,
    });
    expect(decideAttempt({ pair, address: pair, user: [] }, T0 + 15 * 60_000 + 1, L)).toEqual({ allowed: true });
  });

  it("refuses the 21st attempt from one address", () => {
    expect(decideAttempt({ pair: [], address: times(20), user: [] }, T0 + 100, L)).toMatchObject({
      allowed: false,
      reason: "address",
    });
    expect(decideAttempt({ pair: [], address: times(19), user: [] }, T0 + 100, L)).toEqual({ allowed: true });
  });

  it("makes a username wait after its 5th failure from any address, doubling, and never locks it", () => {
    const user = times(5, T0, 10);
    const last = user[4];
    expect(decideAttempt({ pair: [], address: [], user }, last + 500, L)).toEqual({
      allowed: false,
      reason: "user",
      retryAfterMs: 500,
    });
    expect(decideAttempt({ pair: [], address: [], user }, last + 1_000, L)).toEqual({ allowed: true });
    const seven = times(7, T0, 10);
    expect(decideAttempt({ pair: [], address: [], user: seven }, seven[6] + 3_000, L)).toEqual({
      allowed: false,
      reason: "user",
      retryAfterMs: 1_000,
    });
    expect(decideAttempt({ pair: [], address: [], user: seven }, seven[6] + 4_000, L)).toEqual({ allowed: true });
  });

  it("answers when the address may try again: when its 20th most recent failure leaves the window", () => {
    const address = times(25, T0, 1_000);
    // The 20 most recent failures began at T0 + 5 s; the window is 15 minutes.
    expect(decideAttempt({ pair: [], address, user: [] }, T0 + 60_000, L)).toEqual({
      allowed: false,
      reason: "address",
      retryAfterMs: 5_000 + 15 * 60_000 - 60_000,
    });
  });

  it("reads failures in any order", () => {
    const pair = [T0 + 4, T0 + 1, T0 + 3, T0, T0 + 2, T0 + 5];
    // Of the 6 failures, the 5 most recent began at T0 + 1 ms.
    expect(decideAttempt({ pair, address: [], user: [] }, T0 + 10, L)).toEqual({
      allowed: false,
      reason: "pair",
      retryAfterMs: 1 + 15 * 60_000 - 10,
    });
    const address = times(21, T0).reverse();
    expect(decideAttempt({ pair: [], address, user: [] }, T0 + 30, L)).toEqual({
      allowed: false,
      reason: "address",
      retryAfterMs: 1 + 15 * 60_000 - 30,
    });
    const user = times(6, T0, 100).reverse();
    // The wait after 6 failures (2 s) counts from the latest, T0 + 500 ms.
    expect(decideAttempt({ pair: [], address: [], user }, T0 + 600, L)).toEqual({
      allowed: false,
      reason: "user",
      retryAfterMs: 1_900,
    });
  });

  it("a failure exactly one window old no longer counts", () => {
    const pair = times(5, T0);
    expect(decideAttempt({ pair, address: pair, user: [] }, T0 + 15 * 60_000, L)).toEqual({ allowed: true });
    expect(decideAttempt({ pair, address: pair, user: [] }, T0 + 15 * 60_000 - 1, L)).toMatchObject({
      allowed: false,
      reason: "pair",
    });
  });

  it("a username with fewer than 5 failures never waits, even when a failure is stamped ahead of this server's clock", () => {
    expect(decideAttempt({ pair: [], address: [], user: times(4, T0 + 5_000) }, T0, L)).toEqual({ allowed: true });
  });

  it("with no free failure, a username with none yet may try", () => {
    expect(decideAttempt(none, T0, defaultLimits({ freeUserFailures: 0 }))).toEqual({ allowed: true });
  });

  it("forgets failures older than the window", () => {
    const old = times(30, T0 - 20 * 60_000);
    expect(decideAttempt({ pair: old, address: old, user: old }, T0, L)).toEqual({ allowed: true });
  });
});

describe("defaultLimits: the limits of ARCHITECTURE.md section 10, each one settable", () => {
  it("5 per username and address, 20 per address, in 15 minutes; 5 free failures, then 1 s doubling to 60 s", () => {
    expect(defaultLimits()).toEqual({
      perPair: 5,
      perAddress: 20,
      perDevice: 5,
      windowMs: 900_000,
      freeUserFailures: 5,
      firstWaitMs: 1_000,
      maxWaitMs: 60_000,
    });
    expect(defaultLimits({ perPair: 2 })).toMatchObject({ perPair: 2, perAddress: 20 });
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

describe("decideAttempt with a device cookie (decision 65)", () => {
  const attacked = times(12, T0, 1_000);

  it("lets a known browser through while the username is backed off for everyone else", () => {
    const now = T0 + 12_000;
    expect(decideAttempt({ pair: [], address: [], user: attacked }, now, L)).toMatchObject({
      allowed: false,
      reason: "user",
    });
    expect(decideAttempt({ pair: [], address: [], user: attacked, device: [] }, now, L)).toEqual({ allowed: true });
  });

  it("stops a known browser at its own 5 failures in the window", () => {
    const device = times(5, T0, 60_000);
    expect(decideAttempt({ pair: [], address: [], user: [], device }, T0 + 5 * 60_000, L)).toEqual({
      allowed: false,
      reason: "device",
      retryAfterMs: 10 * 60_000,
    });
    expect(decideAttempt({ pair: [], address: [], user: [], device: times(4) }, T0 + 100, L)).toEqual({
      allowed: true,
    });
    expect(decideAttempt({ pair: [], address: [], user: [], device }, T0 + 15 * 60_000 + 1, L)).toEqual({
      allowed: true,
    });
  });

  it("keeps the per-address and per-pair limits for a known browser", () => {
    const device: number[] = [];
    expect(decideAttempt({ pair: [], address: times(20), user: [], device }, T0 + 100, L)).toMatchObject({
      allowed: false,
      reason: "address",
    });
    expect(decideAttempt({ pair: times(5), address: times(5), user: [], device }, T0 + 100, L)).toMatchObject({
      allowed: false,
      reason: "pair",
    });
  });
});
