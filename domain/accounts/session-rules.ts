/**
 * Sessions, pure: when a session is over and when its last-seen
 * time is worth writing. Times are milliseconds since the epoch; the caller brings the clock.
 */
export const SESSION_LIFETIME_DAYS = 7;
/** The fixed lifetime from sign-in, whatever the activity (also the cookie's Max-Age). */
export const SESSION_LIFETIME_MS = SESSION_LIFETIME_DAYS * 24 * 60 * 60_000;
export const DEFAULT_SESSION_IDLE_HOURS = 12;
/** last_seen_at is rewritten only once it is older than this: most requests write nothing. */
export const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface SessionLimits {
  /** A session not seen for this long is over (SESSION_IDLE_HOURS). */
  idleMs: number;
}

export function sessionLimits(idleHours: number = DEFAULT_SESSION_IDLE_HOURS): SessionLimits {
  return { idleMs: idleHours * 60 * 60_000 };
}

export function sessionExpiresAt(createdAtMs: number): number {
  return createdAtMs + SESSION_LIFETIME_MS;
}

/**
 * A session counts before its fixed end and while it was seen within the idle limit. Both limits
 * are exclusive, like a reset link's 30 minutes: at exactly 7 days, or exactly 12 hours idle, it
 * is over. Since last_seen_at is written at most every 5 minutes, idleness is measured from the
 * last recorded sighting, which may be up to 5 minutes before the last request.
 */
export function isSessionAlive(
  session: { lastSeenAtMs: number; expiresAtMs: number },
  now: number,
  limits: SessionLimits,
): boolean {
  return now < session.expiresAtMs && now - session.lastSeenAtMs < limits.idleMs;
}

/** Write last_seen_at only when the stored value is more than 5 minutes old (at exactly 5 minutes, not yet). */
export function shouldTouch(lastSeenAtMs: number, now: number): boolean {
  return now - lastSeenAtMs > TOUCH_INTERVAL_MS;
}

export interface CookieContext {
  production: boolean;
  /** COOKIE_SECURE: "false" turns the production default off; anything else leaves it. */
  cookieSecure?: string;
  /** TRUST_PROXY=1: X-Forwarded-Proto is then believed. */
  trustProxy: boolean;
  /** The request URL's protocol as the server saw it ("https:" only when it served TLS itself). */
  protocol: string;
  forwardedProto: string | null;
}

/**
 * Whether cookies carry Secure: always in production unless COOKIE_SECURE=false;
 * otherwise only when the request came over HTTPS, directly or through a proxy that is trusted
 * (TRUST_PROXY=1). An untrusted X-Forwarded-Proto never decides.
 */
export function cookieIsSecure(c: CookieContext): boolean {
  if (c.production && c.cookieSecure !== "false") return true;
  if (c.protocol === "https:") return true;
  return c.trustProxy && c.forwardedProto?.split(",")[0].trim().toLowerCase() === "https";
}
