import { describe, expect, it } from "vitest";
import { DUMMY_HASH, hashPassword, verifyPassword } from "#domain/accounts/password.ts";

describe("Password hashing: salted scrypt, verified in constant time", () => {
  it("verifies the password it hashed", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
  });

  it("stores scrypt$N$r$p$salt$hash, not the password", async () => {
    const hash = await hashPassword("s3cret!");
    expect(hash.startsWith("scrypt$16384$8$1$")).toBe(true);
    expect(hash.split("$")).toHaveLength(6);
    expect(hash).not.toContain("s3cret!");
  });

  it("refuses a wrong password", async () => {
    const hash = await hashPassword("s3cret!");
    expect(await verifyPassword("S3cret!", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("hashes the same password differently each time (salted)", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", a)).toBe(true);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  it("handles non-ASCII passwords", async () => {
    const hash = await hashPassword("pässwörd £€ 🔑");
    expect(await verifyPassword("pässwörd £€ 🔑", hash)).toBe(true);
    expect(await verifyPassword("passwort £€ 🔑", hash)).toBe(false);
  });

  it("answers false for malformed hashes", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$16384$8$1$c2FsdA==$a2V5")).toBe(false);
    expect(await verifyPassword("x", "scrypt$16384$8$1$")).toBe(false);
    expect(await verifyPassword("x", "scrypt$16384$8$1$c2FsdA==")).toBe(false);
  });

  it("answers false (does not throw) when the stored parameters are not usable numbers", async () => {
    await expect(verifyPassword("x", "scrypt$abc$8$1$c2FsdA==$a2V5")).resolves.toBe(false);
    await expect(verifyPassword("x", "scrypt$3$8$1$c2FsdA==$a2V5")).resolves.toBe(false);
  });

  it("answers false when the stored key has the wrong length", async () => {
    const hash = await hashPassword("s3cret!");
    const parts = hash.split("$");
    parts[5] = Buffer.alloc(32).toString("base64");
    expect(await verifyPassword("s3cret!", parts.join("$"))).toBe(false);
  });

  it("no password matches the dummy hash", async () => {
    expect(await verifyPassword("", DUMMY_HASH)).toBe(false);
    expect(await verifyPassword("password", DUMMY_HASH)).toBe(false);
  });
});
