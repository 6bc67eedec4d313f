import { describe, expect, it } from "vitest";
import {
  CANNOT_DISABLE_LAST_ADMIN,
  CANNOT_DISABLE_SELF,
  GENERATED_PASSWORD_LENGTH,
  accountStatusLabel,
  createAdminSchema,
  disableRefusal,
  formatSignInTime,
  passwordFromBytes,
} from "#domain/accounts/admin-rules.ts";

describe("disableRefusal", () => {
  const admin = (id: number, disabledAt: string | null = null) => ({ id, isAdmin: true, disabledAt });
  const partner = { id: 9, isAdmin: false, disabledAt: null };

  it("refuses an admin disabling themselves, even with other admins active", () => {
    expect(disableRefusal(1, admin(1), 3)).toBe(CANNOT_DISABLE_SELF);
  });

  it("refuses the last active admin (the CLI has no actor)", () => {
    expect(disableRefusal(null, admin(1), 1)).toBe(CANNOT_DISABLE_LAST_ADMIN);
    expect(disableRefusal(2, admin(1), 1)).toBe(CANNOT_DISABLE_LAST_ADMIN);
    expect(disableRefusal(null, admin(1), 0)).toBe(CANNOT_DISABLE_LAST_ADMIN);
  });

  it("allows another admin while one more stays active, and any partner", () => {
    expect(disableRefusal(2, admin(1), 2)).toBeNull();
    expect(disableRefusal(null, admin(1), 2)).toBeNull();
    expect(disableRefusal(1, partner, 1)).toBeNull();
    expect(disableRefusal(null, partner, 0)).toBeNull();
  });

  it("has nothing to refuse for an account already disabled", () => {
    expect(disableRefusal(1, admin(1, "2026-11-01T00:00:00.000Z"), 1)).toBeNull();
  });
});

describe("createAdminSchema", () => {
  it("asks for an email and no typed password when a set-password link is to be sent", () => {
    expect(
      createAdminSchema.parse({ username: "ann", name: "Ann", email: "ann@example.com", sendSetPasswordLink: "on" }),
    ).toMatchObject({ sendSetPasswordLink: true, password: null });
    const noEmail = createAdminSchema.safeParse({ username: "ann", name: "Ann", sendSetPasswordLink: true });
    expect(noEmail.success ? null : noEmail.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["email", "An email address is needed to send a set-password link"],
    ]);
    const typed = createAdminSchema.safeParse({
      username: "ann",
      name: "Ann",
      email: "ann@example.com",
      password: "12345678",
      sendSetPasswordLink: true,
    });
    expect(typed.success ? null : typed.error.issues.map((i) => i.message)).toEqual([
      "Leave the password empty to email a link",
    ]);
  });

  it("trims, and reads blank email and password as not given", () => {
    expect(createAdminSchema.parse({ username: " ann ", name: " Ann ", email: "  ", password: "" })).toEqual({
      username: "ann",
      name: "Ann",
      email: null,
      password: null,
      sendSetPasswordLink: false,
    });
    expect(createAdminSchema.parse({ username: "ann", name: "Ann" })).toEqual({
      username: "ann",
      name: "Ann",
      email: null,
      password: null,
      sendSetPasswordLink: false,
    });
    expect(
      createAdminSchema.parse({ username: "ann", name: "Ann", email: " ann@example.com ", password: "12345678" }),
    ).toEqual({
      username: "ann",
      name: "Ann",
      email: "ann@example.com",
      password: "12345678",
      sendSetPasswordLink: false,
    });
  });

  it("answers the messages people read", () => {
    const message = (input: unknown) => createAdminSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ username: "ann", name: "  " })).toBe("Name is required");
    expect(message({ username: "", name: "Ann" })).toBe("Username is required");
    expect(message({ username: "ann", name: "Ann", password: "1234567" })).toBe(
      "Password must be at least 8 characters",
    );
    expect(message({ username: "ann", name: "Ann", email: "ann@" })).toBe("Invalid email address");
    // A value that is not text is refused as itself, never trimmed.
    expect(message({ username: "ann", name: "Ann", email: 5 })).toBe("Invalid email address");
  });

  it('sends a set-password link for a ticked box, true or "true" only; each refusal names its field', () => {
    const base = { username: "ann", name: "Ann", email: "ann@example.com" };
    for (const ticked of ["on", "true", true])
      expect(createAdminSchema.parse({ ...base, sendSetPasswordLink: ticked }).sendSetPasswordLink).toBe(true);
    for (const unticked of [false, "false", "off", ""])
      expect(createAdminSchema.parse({ ...base, sendSetPasswordLink: unticked }).sendSetPasswordLink).toBe(false);
    const both = createAdminSchema.safeParse({
      username: "ann",
      name: "Ann",
      password: "12345678",
      sendSetPasswordLink: "on",
    });
    expect(both.success ? null : both.error.issues.map((i) => [i.code, i.path.join("."), i.message])).toEqual([
      ["custom", "email", "An email address is needed to send a set-password link"],
      ["custom", "password", "Leave the password empty to email a link"],
    ]);
  });
});

describe("passwordFromBytes", () => {
  it("makes a 16-character password without look-alike characters", () => {
    const bytes = Uint8Array.from({ length: GENERATED_PASSWORD_LENGTH }, (_, i) => i * 17);
    const password = passwordFromBytes(bytes);
    expect(password).toHaveLength(16);
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]+$/);
    expect(passwordFromBytes(new Uint8Array(16))).toBe("AAAAAAAAAAAAAAAA");
    expect(() => passwordFromBytes(new Uint8Array(15))).toThrow("need 16 random bytes");
  });
});

describe("formatSignInTime and accountStatusLabel", () => {
  it("shows UTC date and time, or Never", () => {
    expect(formatSignInTime("2026-11-23T14:05:59.000Z")).toBe("23/11/2026 14:05");
    expect(formatSignInTime(null)).toBe("Never");
    expect(formatSignInTime("garbage")).toBe("garbage");
  });

  it("says Active or since when an account is disabled", () => {
    expect(accountStatusLabel(null)).toBe("Active");
    expect(accountStatusLabel("2026-11-02T09:00:00.000Z")).toBe("Disabled since 02/11/2026");
    expect(accountStatusLabel("garbage")).toBe("Disabled");
  });
});
