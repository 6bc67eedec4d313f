import { describe, expect, it } from "vitest";
import { FailureLimiter } from "#domain/rate-limit.ts";

// ARCHITECTURE §10: login limits, 5 failures per username and 20 per address per 15 minutes,
// configurable for tests.

const WINDOW = 15 * 60 * 1000;
const T0 = Date.UTC(2027, 0, 1, 12, 0, 0);

describe("FailureLimiter blocks a key after maxFailures within the window", () => {
  it("is not blocked before any failure", () => {
    const limiter = new FailureLimiter({ maxFailures: 5, windowMs: WINDOW });
    expect(limiter.isBlocked("alice", T0)).toBe(false);
  });

  it("is not blocked after maxFailures − 1 failures", () => {
    const limiter = new FailureLimiter({ maxFailures: 5, windowMs: WINDOW });
    for (let i = 0; i < 4; i++) limiter.fail("alice", T0 + i * 1000);
    expect(limiter.isBlocked("alice", T0 + 5000)).toBe(false);
  });

  it("is blocked after maxFailures failures within the window", () => {
    const limiter = new FailureLimiter({ maxFailures: 5, windowMs: WINDOW });
    for (let i = 0; i < 5; i++) limiter.fail("alice", T0 + i * 1000);
    expect(limiter.isBlocked("alice", T0 + 5000)).toBe(true);
  });

  it("counts keys separately", () => {
    const limiter = new FailureLimiter({ maxFailures: 5, windowMs: WINDOW });
    for (let i = 0; i < 5; i++) limiter.fail("alice", T0);
    expect(limiter.isBlocked("alice", T0)).toBe(true);
    expect(limiter.isBlocked("bob", T0)).toBe(false);
  });

  it("does not count failures spread wider than the window", () => {
    const limiter = new FailureLimiter({ maxFailures: 3, windowMs: WINDOW });
    limiter.fail("alice", T0);
    limiter.fail("alice", T0 + WINDOW / 2);
    limiter.fail("alice", T0 + WINDOW + 1); // the first failure has left the window
    expect(limiter.isBlocked("alice", T0 + WINDOW + 1)).toBe(false);
  });
});

describe("FailureLimiter unblocks once the failures leave the window", () => {
  it("is still blocked just before the window ends", () => {
    const limiter = new FailureLimiter({ maxFailures: 5, windowMs: WINDOW });
    for (let i = 0; i < 5; i++) limiter.fail("alice", T0);
    expect(limiter.isBlocked("alice", T0 + WINDOW - 1)).toBe(true);
  });

  it("is unblocked when the window has passed", () => {
    const limiter = new FailureLimiter({ maxFailures: 5, windowMs: WINDOW });
    for (let i = 0; i < 5; i++) limiter.fail("alice", T0);
    expect(limiter.isBlocked("alice", T0 + WINDOW)).toBe(false);
    expect(limiter.isBlocked("alice", T0 + WINDOW + 60_000)).toBe(false);
  });

  it("needs maxFailures fresh failures to block again", () => {
    const limiter = new FailureLimiter({ maxFailures: 2, windowMs: WINDOW });
    limiter.fail("alice", T0);
    limiter.fail("alice", T0);
    const later = T0 + WINDOW + 1;
    limiter.fail("alice", later);
    expect(limiter.isBlocked("alice", later)).toBe(false);
    limiter.fail("alice", later);
    expect(limiter.isBlocked("alice", later)).toBe(true);
  });
});

describe("FailureLimiter reset clears a key (a successful login)", () => {
  it("unblocks the key at once", () => {
    const limiter = new FailureLimiter({ maxFailures: 5, windowMs: WINDOW });
    for (let i = 0; i < 5; i++) limiter.fail("alice", T0);
    limiter.reset("alice");
    expect(limiter.isBlocked("alice", T0)).toBe(false);
  });

  it("leaves other keys alone", () => {
    const limiter = new FailureLimiter({ maxFailures: 1, windowMs: WINDOW });
    limiter.fail("alice", T0);
    limiter.fail("10.0.0.1", T0);
    limiter.reset("alice");
    expect(limiter.isBlocked("alice", T0)).toBe(false);
    expect(limiter.isBlocked("10.0.0.1", T0)).toBe(true);
  });

  it("starts counting from zero again", () => {
    const limiter = new FailureLimiter({ maxFailures: 3, windowMs: WINDOW });
    limiter.fail("alice", T0);
    limiter.fail("alice", T0);
    limiter.reset("alice");
    limiter.fail("alice", T0);
    limiter.fail("alice", T0);
    expect(limiter.isBlocked("alice", T0)).toBe(false);
  });
});

describe("reserve and release", () => {
  it("counts an attempt before it is checked, and a success gives it back", async () => {
    const { FailureLimiter } = await import("#domain/rate-limit.ts");
    const limiter = new FailureLimiter({ maxFailures: 2, windowMs: 60_000 });
    expect(limiter.reserve("k", 1)).toBe(true);
    expect(limiter.reserve("k", 2)).toBe(true);
    expect(limiter.reserve("k", 3)).toBe(false);
    limiter.release("k");
    expect(limiter.reserve("k", 4)).toBe(true);
  });
});
