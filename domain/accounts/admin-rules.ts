/**
 * Admin management and account status: pure rules. Who may be
 * disabled, the input of a new admin, and the status line an account shows.
 */
import { z } from "zod";
export { accountStatusLabel, formatSignInTime } from "../shared/format.ts";
import { MIN_PASSWORD_LENGTH, passwordSchema, usernameSchema } from "./account-schemas.ts";

export const CANNOT_DISABLE_SELF = "You cannot disable your own account";
export const CANNOT_DISABLE_LAST_ADMIN = "The last active admin cannot be disabled";
export const SET_PASSWORD_LINK_NEEDS_EMAIL = "An email address is needed to send a set-password link";

/** Empty form fields mean "not given". */
const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === "string" && value.trim() === "") ? null : value;

/** A new admin: username, a name, an optional email, and a password (or none: one is generated and shown once). */
export const createAdminSchema = z
  .object({
    username: usernameSchema,
    name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name is too long"),
    email: z.preprocess(
      blankToNull,
      z.string({ error: "Invalid email address" }).trim().email("Invalid email address").nullable().optional(),
    ),
    password: z.preprocess(blankToNull, passwordSchema.nullable().optional()),
    /** Email a single-use link to choose the password instead (a form's checkbox sends "on"). */
    sendSetPasswordLink: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).optional(),
  })
  .superRefine((admin, ctx) => {
    if (!admin.sendSetPasswordLink) return;
    if (!admin.email) ctx.addIssue({ code: "custom", path: ["email"], message: SET_PASSWORD_LINK_NEEDS_EMAIL });
    if (admin.password)
      ctx.addIssue({ code: "custom", path: ["password"], message: "Leave the password empty to email a link" });
  })
  .transform((admin) => ({
    ...admin,
    email: admin.email ?? null,
    password: admin.password ?? null,
    sendSetPasswordLink: admin.sendSetPasswordLink ?? false,
  }));
export type CreateAdminInput = z.output<typeof createAdminSchema>;

export interface AccountState {
  id: number;
  isAdmin: boolean;
  disabledAt: string | null;
}

/**
 * Why the actor may not disable the target, or null when they may. `actorId` is null for the CLI.
 * `activeAdmins` counts the admins that are not disabled, the target included.
 */
export function disableRefusal(actorId: number | null, target: AccountState, activeAdmins: number): string | null {
  if (target.disabledAt) return null;
  if (actorId !== null && actorId === target.id) return CANNOT_DISABLE_SELF;
  if (target.isAdmin && activeAdmins <= 1) return CANNOT_DISABLE_LAST_ADMIN;
  return null;
}

const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
export const GENERATED_PASSWORD_LENGTH = 16;

/** A password from random bytes (no look-alike characters), at least MIN_PASSWORD_LENGTH long. */
export function passwordFromBytes(bytes: Uint8Array): string {
  const length = Math.max(GENERATED_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH);
  if (bytes.length < length) throw new Error(`need ${length} random bytes`);
  let password = "";
  for (let i = 0; i < length; i++) password += PASSWORD_ALPHABET[bytes[i] % PASSWORD_ALPHABET.length];
  return password;
}
