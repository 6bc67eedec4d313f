/** Sessions, the pure part: the 7-day lifetime, the idle limit and the 5-minute touch, at their exact boundaries. */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SESSION_IDLE_HOURS,
  cookieIsSecure,
  SESSION_LIFETIME_MS,
  TOUCH_INTERVAL_MS,
  isSessionAlive,
  sessionExpiresAt,
  sessionLimits,
  shouldTouch,
} from "#domain/accounts/session-rules.ts";

const HOUR = 60 * 60_000;
const start = Date.UTC(2026, 10, 28, 9, 0, 0);
const limits = sessionLimits();
const fresh = { lastSeenAtMs: start, expiresAtMs: sessionExpiresAt(start) };

describe("session limits", () => {
  it("default to 12 hours idle; the lifetime is 7 days from creation", () => {
    expect(DEFAULT_SESSION_IDLE_HOURS).toBe(12);
    expect(limits).toEqual({ idleMs: 12 * HOUR });
    expect(sessionLimits(0.5)).toEqual({ idleMs: 30 * 60_000 });
    expect(SESSION_LIFETIME_MS).toBe(7 * 24 * HOUR);
    expect(sessionExpiresAt(start)).toBe(Date.UTC(2026, 11, 5, 9, 0, 0));
  });
});

describe("isSessionAlive", () => {
  it("counts a session seen less than 12 hours ago: at exactly 12 hours idle it is over", () => {
    expect(isSessionAlive(fresh, start, limits)).toBe(true);
    expect(isSessionAlive(fresh, start + 12 * HOUR - 1, limits)).toBe(true);
    expect(isSessionAlive(fresh, start + 12 * HOUR, limits)).toBe(false);
    expect(isSessionAlive(fresh, start + 12 * HOUR + 1, limits)).toBe(false);
  });

  it("follows SESSION_IDLE_HOURS", () => {
    const oneHour = sessionLimits(1);
    expect(isSessionAlive(fresh, start + HOUR - 1, oneHour)).toBe(true);
    expect(isSessionAlive(fresh, start + HOUR, oneHour)).toBe(false);
  });

  it("ends a session at exactly 7 days however recently it was seen", () => {
    const end = sessionExpiresAt(start);
    expect(isSessionAlive({ ...fresh, lastSeenAtMs: end - 1 }, end - 1, limits)).toBe(true);
    expect(isSessionAlive({ ...fresh, lastSeenAtMs: end - 1 }, end, limits)).toBe(false);
    expect(isSessionAlive({ ...fresh, lastSeenAtMs: end }, end + 1, limits)).toBe(false);
  });
});

describe("shouldTouch", () => {
  it("writes last_seen_at only once the stored one is more than 5 minutes old", () => {
    expect(TOUCH_INTERVAL_MS).toBe(5 * 60_000);
    expect(shouldTouch(start, start)).toBe(false);
    expect(shouldTouch(start, start + 5 * 60_000 - 1)).toBe(false);
    expect(shouldTouch(start, start + 5 * 60_000)).toBe(false);
    expect(shouldTouch(start, start + 5 * 60_000 + 1)).toBe(true);
    expect(shouldTouch(start, start + 11 * HOUR)).toBe(true);
  });

  it("never writes for a clock behind the stored time", () => {
    expect(shouldTouch(start, start - 10 * 60_000)).toBe(false);
  });
});

describe("cookieIsSecure (decision 65)", () => {
  const plain = { production: false, trustProxy: false, protocol: "http:", forwardedProto: null };
  it("is always Secure in production, even over plain HTTP behind no proxy", () => {
    expect(cookieIsSecure({ ...plain, production: true })).toBe(true);
  });
  it("lets COOKIE_SECURE=false turn the production default off", () => {
    expect(cookieIsSecure({ ...plain, production: true, cookieSecure: "false" })).toBe(false);
    expect(cookieIsSecure({ ...plain, production: true, cookieSecure: "false", protocol: "https:" })).toBe(true);
  });
  it("believes X-Forwarded-Proto only with TRUST_PROXY", () => {
    expect(cookieIsSecure({ ...plain, forwardedProto: "https" })).toBe(false);
    expect(cookieIsSecure({ ...plain, trustProxy: true, forwardedProto: "https" })).toBe(true);
    expect(cookieIsSecure({ ...plain, trustProxy: true, forwardedProto: "http" })).toBe(false);
  });
});
