import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  RECOVERY_BYTES,
  acceptTotp,
  hashRecoveryCode,
  isRecoveryShape,
  isTotpShape,
  newTotpSecret,
  normaliseCode,
  otpauthUri,
  recoveryCodesFrom,
  secondStep,
  totpCode,
  totpStep,
} from "#domain/accounts/two-factor-rules.ts";

// RFC 6238's SHA-1 test key ("12345678901234567890") in base32, and its published codes (last six digits).
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const generator = new TOTP({ secret: Secret.fromBase32(RFC_SECRET), algorithm: "SHA1", digits: 6, period: 30 });
const codeAt = (ms: number) => generator.generate({ timestamp: ms });

describe("TOTP codes (RFC 6238)", () => {
  it("accepts the RFC's published codes at their times", () => {
    // Appendix B: 59 s -> 94287082, 1111111109 s -> 07081804, 1234567890 s -> 89005924 (8 digits; six kept).
    expect(acceptTotp(RFC_SECRET, "287082", 59_000, null)).toBe(1);
    expect(acceptTotp(RFC_SECRET, "081804", 1_111_111_109_000, null)).toBe(totpStep(1_111_111_109_000));
    expect(acceptTotp(RFC_SECRET, "005924", 1_234_567_890_000, null)).toBe(41_152_263);
  });

  it("accepts one step of drift either way, not two", () => {
    const now = 1_800_000_000_000;
    const step = totpStep(now);
    expect(acceptTotp(RFC_SECRET, codeAt(now - 30_000), now, null)).toBe(step - 1);
    expect(acceptTotp(RFC_SECRET, codeAt(now + 30_000), now, null)).toBe(step + 1);
    expect(acceptTotp(RFC_SECRET, codeAt(now - 60_000), now, null)).toBeNull();
    expect(acceptTotp(RFC_SECRET, codeAt(now + 60_000), now, null)).toBeNull();
  });

  it("never accepts a code twice, nor one older than the last accepted", () => {
    const now = 1_800_000_000_000;
    const step = acceptTotp(RFC_SECRET, codeAt(now), now, null);
    expect(step).toBe(totpStep(now));
    expect(acceptTotp(RFC_SECRET, codeAt(now), now, step)).toBeNull();
    expect(acceptTotp(RFC_SECRET, codeAt(now - 30_000), now, step)).toBeNull();
    expect(acceptTotp(RFC_SECRET, codeAt(now + 30_000), now, step)).toBe(step! + 1);
  });

  it("takes codes typed with spaces, refuses other shapes and wrong codes", () => {
    const now = 1_800_000_000_000;
    const code = codeAt(now);
    expect(acceptTotp(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(totpStep(now));
    expect(acceptTotp(RFC_SECRET, "12345", now, null)).toBeNull();
    expect(acceptTotp(RFC_SECRET, "abcdef", now, null)).toBeNull();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect(acceptTotp(RFC_SECRET, wrong, now, null)).toBeNull();
  });

  it("makes 160-bit base32 secrets and an otpauth address apps read", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(otpauthUri(RFC_SECRET, "ops-admin")).toBe(
      `otpauth://totp/Vendboard:ops-admin?issuer=Vendboard&secret=${RFC_SECRET}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});

describe("recovery codes", () => {
  it("are ten codes of two groups of five from 100 random bytes", () => {
    const codes = recoveryCodesFrom(Uint8Array.from({ length: RECOVERY_BYTES }, (_, i) => i));
    expect(codes).toHaveLength(10);
    expect(codes[0]).toBe("abcde-fghjk");
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(recoveryCodesFrom(new Uint8Array(RECOVERY_BYTES))).toEqual(Array(10).fill("aaaaa-aaaaa"));
    expect(() => recoveryCodesFrom(new Uint8Array(99))).toThrow("Need 100 random bytes");
  });

  it("hash the same typed with or without the dash, in any case", () => {
    expect(hashRecoveryCode("abcde-fghjk")).toBe(hashRecoveryCode("ABCDE FGHJK"));
    expect(hashRecoveryCode("abcdefghjk")).toMatch(/^[0-9a-f]{64}$/);
    expect(isRecoveryShape(normaliseCode("ABCDE-FGHJK"))).toBe(true);
    expect(isRecoveryShape("123456")).toBe(false);
  });
});

describe("the second step after a right password", () => {
  const account = (isAdmin: boolean, on: boolean) => ({
    isAdmin,
    disabledAt: null,
    totpEnabledAt: on ? "2026-11-23T10:00:00.000Z" : null,
  });
  it.each([
    [true, true, false, "code"],
    [true, true, true, "code"],
    [true, false, false, "none"],
    [true, false, true, "enrol"],
    [false, false, true, "none"],
  ] as const)("admin %s, on %s, required %s: %s", (isAdmin, on, required, expected) => {
    expect(secondStep(account(isAdmin, on), required)).toBe(expected);
  });
});

describe("TOTP codes' shape, the first step and the generator", () => {
  it("a code is exactly six digits", () => {
    expect(isTotpShape("287082")).toBe(true);
    for (const code of ["28708", "2870820", "28708a", " 287082", ""]) expect(isTotpShape(code)).toBe(false);
  });

  it("accepts a code of the very first step (0) when none was accepted before", () => {
    expect(acceptTotp(RFC_SECRET, codeAt(10_000), 10_000, null)).toBe(0);
  });

  it("totpCode is the RFC's code at its time", () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
  });
});
