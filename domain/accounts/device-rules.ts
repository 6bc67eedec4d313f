/**
 * Device cookies (after OWASP's "device cookies";
 * docs/decisions/065-device-cookies-exempt-a-known-browser-from-the-username-s-back-off.md), pure: a browser that
 * completed a sign-in (two-factor included) keeps a signed cookie naming the username and a random nonce. The
 * per-username wait does not apply to it; failures from it are counted under its nonce instead. One cookie holds
 * the last few usernames signed in on that browser, newest first.
 */
export interface KnownDevice {
  /** The username, trimmed and lower-cased as the attempt limits key it. */
  username: string;
  /** Random, base64url: keys this browser's own failures. */
  nonce: string;
}

export const DEVICE_COOKIE_NAME = "__vendboard_device";
/** How long a browser stays known without signing in again: a year. */
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;
/** Usernames remembered by one browser (a shared till computer). */
export const MAX_KNOWN_USERNAMES = 5;

export const deviceUsername = (username: string) => username.trim().toLowerCase();

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/** The entries of a (verified) cookie value; anything malformed is left out. */
export function knownDevices(value: unknown): KnownDevice[] {
  if (!Array.isArray(value)) return [];
  const found: KnownDevice[] = [];
  for (const entry of value.slice(0, MAX_KNOWN_USERNAMES)) {
    if (!entry || typeof entry !== "object") continue;
    const { u, n } = entry as { u?: unknown; n?: unknown };
    if (typeof u === "string" && u.length > 0 && u.length <= 64 && typeof n === "string" && NONCE.test(n))
      found.push({ username: deviceUsername(u), nonce: n });
  }
  return found;
}

/** This browser's nonce for `username`, or null: a cookie for another username does not count. */
export function deviceNonceFor(value: unknown, username: string): string | null {
  const wanted = deviceUsername(username);
  return knownDevices(value).find((d) => d.username === wanted)?.nonce ?? null;
}

/** The cookie's value after `username` signs in here: its entry first (its nonce kept), the oldest dropped. */
export function rememberDevice(value: unknown, username: string, newNonce: string): { u: string; n: string }[] {
  const name = deviceUsername(username);
  const known = knownDevices(value);
  const nonce = known.find((d) => d.username === name)?.nonce ?? newNonce;
  return [{ username: name, nonce }, ...known.filter((d) => d.username !== name)]
    .slice(0, MAX_KNOWN_USERNAMES)
    .map((d) => ({ u: d.username, n: d.nonce }));
}
