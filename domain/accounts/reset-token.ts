/** Reset link tokens, server side only: 32 random bytes, kept in the database as their SHA-256. */
import { createHash, randomBytes } from "node:crypto";

/** A new random token for a link: 32 bytes from the CSPRNG, base64url (43 characters, safe in a path). */
export function newResetToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256 in hex. */
export function hashResetToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
