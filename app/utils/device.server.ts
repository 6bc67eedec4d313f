/**
 * The device cookie: after a full sign-in the browser keeps a signed cookie naming the username (docs/accounts.md;
 * why: docs/decisions/065-device-cookies-exempt-a-known-browser-from-the-username-s-back-off.md). The attempt
 * limits read it (auth.server.ts's `attemptGuard`): a valid one for the username being tried skips that username's
 * wait; a forged, unsigned or other username's cookie counts for nothing.
 */
import { createCookie } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import {
  DEVICE_COOKIE_NAME,
  DEVICE_COOKIE_SECONDS,
  deviceNonceFor,
  rememberDevice,
} from "#domain/accounts/device-rules.ts";
import { env } from "./env.server.ts";
import { isHttps } from "./session.server.ts";

const deviceCookie = createCookie(DEVICE_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [env.SESSION_SECRET],
  maxAge: DEVICE_COOKIE_SECONDS,
});

/** The cookie's verified value (null when absent or its signature does not match). */
export async function deviceValue(request: Request): Promise<unknown> {
  try {
    return await deviceCookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
}

/** A verified cookie value's nonce for `username`, as the attempt limits ask for it. */
export const deviceLookup = (value: unknown) => (username: string) => deviceNonceFor(value, username);

/** The Set-Cookie value that makes this browser known for `username` (its nonce kept if it was already). */
export async function rememberThisDevice(request: Request, username: string): Promise<string> {
  const value = rememberDevice(await deviceValue(request), username, randomBytes(32).toString("base64url"));
  return deviceCookie.serialize(value, { secure: isHttps(request) });
}
