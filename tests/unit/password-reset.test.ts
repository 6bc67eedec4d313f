/** Password reset links, the pure part: token, hash, 30 minutes, limits, the new password typed twice. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  PASSWORDS_DIFFER,
  RESET_LIMITS,
  isResetUsable,
  looksLikeResetToken,
  newPasswordProblem,
  resetExpiresAt,
  resetPath,
  underLimit,
} from "#domain/accounts/reset-rules.ts";
import { hashResetToken, newResetToken } from "#domain/accounts/reset-token.ts";

describe("reset tokens", () => {
  it("are 32 random bytes in base64url, different every time", () => {
    const tokens = new Set(Array.from({ length: 50 }, newResetToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(looksLikeResetToken(token)).toBe(true);
    }
  });
  it("are stored as their SHA-256 in hex, never as themselves", () => {
    const token = newResetToken();
    const hash = hashResetToken(token);
    expect(hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
  });
  it("refuses what could not be a token", () => {
    expect(looksLikeResetToken("")).toBe(false);
    expect(looksLikeResetToken("a".repeat(42))).toBe(false);
    expect(looksLikeResetToken("a".repeat(42) + "/")).toBe(false);
  });
  it("make the link's path", () => {
    expect(resetPath("abc")).toBe("/auth/reset/abc");
  });
});

describe("a link works once, for 30 minutes", () => {
  const created = Date.UTC(2026, 10, 27, 9, 0, 0);
  const reset = { expiresAtMs: resetExpiresAt(created), usedAtMs: null };
  it("expires exactly 30 minutes after it was made", () => {
    expect(reset.expiresAtMs - created).toBe(30 * 60_000);
    expect(isResetUsable(reset, created)).toBe(true);
    expect(isResetUsable(reset, created + 30 * 60_000 - 1)).toBe(true);
    expect(isResetUsable(reset, created + 30 * 60_000)).toBe(false);
  });
  it("a used link no longer works, even in time", () => {
    expect(isResetUsable({ ...reset, usedAtMs: created + 1 }, created + 2)).toBe(false);
  });
});

describe("request limits", () => {
  const now = 10_000_000;
  it("5 per 15 minutes per address, 3 per hour per account", () => {
    expect(RESET_LIMITS).toEqual({
      perAddress: 5,
      addressWindowMs: 15 * 60_000,
      perAccount: 3,
      accountWindowMs: 60 * 60_000,
    });
  });
  it("counts only the requests inside the window", () => {
    const times = [now - 60_000, now - 2 * 60_000];
    expect(underLimit(times, now, 3, 15 * 60_000)).toBe(true);
    expect(underLimit([...times, now - 3 * 60_000], now, 3, 15 * 60_000)).toBe(false);
    expect(underLimit([...times, now - 15 * 60_000], now, 3, 15 * 60_000)).toBe(true);
  });
});

describe("the new password, typed twice", () => {
  it("at least 8 characters, both the same", () => {
    expect(newPasswordProblem("short", "short")).toBe("Password must be at least 8 characters");
    expect(newPasswordProblem("long enough", "long enougH")).toBe(PASSWORDS_DIFFER);
    expect(newPasswordProblem("x".repeat(257), "x".repeat(257))).toBe("Password is too long");
    expect(newPasswordProblem("12345678", "12345678")).toBeNull();
  });
});
