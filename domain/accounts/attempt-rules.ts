/**
 * Attempt limits for sign-in and password confirmations (ARCHITECTURE.md section 10, amended by
 * docs/decisions/065-device-cookies-exempt-a-known-browser-from-the-username-s-back-off.md), pure: per username and
 * address together, per address, and per username from any address a wait that doubles with each further failure.
 * Never a lock: once the wait is over the right password passes. A browser that completed a sign-in of this
 * username before (its device cookie) skips the per-username wait, so nobody can keep its owner out; it has a limit
 * of its own.
 */
export interface AttemptLimits {
  /** Failures of one username from one address within the window (5). */
  perPair: number;
  /** Failures from one address within the window (20). */
  perAddress: number;
  /** Failures from one known browser (a device cookie) within the window (5). */
  perDevice: number;
  windowMs: number;
  /** Failures of a username (any address) before each further one costs a wait (5). */
  freeUserFailures: number;
  firstWaitMs: number;
  maxWaitMs: number;
}

export function defaultLimits(overrides: Partial<AttemptLimits> = {}): AttemptLimits {
  return {
    perPair: 5,
    perAddress: 20,
    perDevice: 5,
    windowMs: 15 * 60_000,
    freeUserFailures: 5,
    firstWaitMs: 1_000,
    maxWaitMs: 60_000,
    ...overrides,
  };
}

/** The wait after a username's `failures`-th failure: none for the free ones, then 1 s, 2 s, 4 s … 60 s. */
export function userWaitMs(failures: number, limits: AttemptLimits): number {
  const further = failures - limits.freeUserFailures;
  if (further < 0) return 0;
  return Math.min(limits.maxWaitMs, limits.firstWaitMs * 2 ** further);
}

export interface AttemptHistory {
  /** Failure times (ms) of this username from this address. */
  pair: readonly number[];
  /** Failure times (ms) from this address. */
  address: readonly number[];
  /** Failure times (ms) of this username from any address, since its last success. */
  user: readonly number[];
  /**
   * Failure times (ms) from this browser's device cookie, when it carries a valid one for this
   * username: then the per-username wait does not apply, this limit does.
   */
  device?: readonly number[];
}

export type AttemptDecision =
  | { allowed: true }
  | { allowed: false; reason: "pair" | "address" | "user" | "device"; retryAfterMs: number };

/** Whether an attempt may go ahead now, and if not for how long to wait. */
export function decideAttempt(history: AttemptHistory, now: number, limits: AttemptLimits): AttemptDecision {
  const since = now - limits.windowMs;
  const recent = (times: readonly number[]) => times.filter((t) => t > since).sort((a, b) => a - b);
  const pair = recent(history.pair);
  if (pair.length >= limits.perPair)
    return { allowed: false, reason: "pair", retryAfterMs: pair[pair.length - limits.perPair] + limits.windowMs - now };
  const address = recent(history.address);
  if (address.length >= limits.perAddress)
    return {
      allowed: false,
      reason: "address",
      retryAfterMs: address[address.length - limits.perAddress] + limits.windowMs - now,
    };
  if (history.device) {
    const device = recent(history.device);
    if (device.length >= limits.perDevice)
      return {
        allowed: false,
        reason: "device",
        retryAfterMs: device[device.length - limits.perDevice] + limits.windowMs - now,
      };
    return { allowed: true };
  }
  const user = recent(history.user);
  const wait = userWaitMs(user.length, limits);
  // The wait counts from the last failure. With none (only possible when no failure is free),
  // last is undefined, last + wait is NaN and no wait applies.
  const last = user[user.length - 1];
  if (wait && last + wait > now) return { allowed: false, reason: "user", retryAfterMs: last + wait - now };
  return { allowed: true };
}

/** Seconds for a Retry-After header: whole, at least 1. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** What a password confirmation of a destructive action says once its attempts are used up. */
export const TOO_MANY_CONFIRMATIONS = "Too many wrong password confirmations. Please wait and try again.";
