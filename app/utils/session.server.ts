/**
 * The cookie session and the user it names; guards for pages (redirects) and API routes (401/403).
 * Sessions are rows: the signed cookie holds only a random token, the `sessions` row
 * (keyed by the token's SHA-256) says whose it is and whether it still counts.
 */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { toPublicUser, type PublicUser } from "#domain/accounts/user-service.ts";
import { SESSION_LIFETIME_MS, cookieIsSecure, sessionLimits } from "#domain/accounts/session-rules.ts";
import {
  createSession,
  endSession,
  logOutEverywhere,
  pruneSessions,
  readSession,
  type StoredSession,
} from "#domain/accounts/session-service.ts";
import { db } from "./db.server.ts";
import { env } from "./env.server.ts";

/** The idle limit from SESSION_IDLE_HOURS (default 12); the 7-day lifetime is fixed. */
export const SESSION_LIMITS = sessionLimits(env.SESSION_IDLE_HOURS);

const storage = createCookieSessionStorage<{ token: string }>({
  cookie: {
    name: "__vendboard_session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [env.SESSION_SECRET],
    maxAge: SESSION_LIFETIME_MS / 1000,
  },
});

/** Whether this request's cookies carry Secure: always in production unless COOKIE_SECURE=false (session-rules.ts). */
export function isHttps(request: Request): boolean {
  return cookieIsSecure({
    production: env.NODE_ENV === "production",
    cookieSecure: env.COOKIE_SECURE,
    trustProxy: env.TRUST_PROXY === "1",
    protocol: new URL(request.url).protocol,
    forwardedProto: request.headers.get("x-forwarded-proto"),
  });
}

interface RequestSession {
  user: PublicUser;
  session: StoredSession;
  /** The sign-in before this one (the avatar menu's "Last signed in"). */
  previousSignInAt: string | null;
}

/**
 * A page's loaders (the root's and the route's) share one Request: its session is read once. Only
 * reads (GET, HEAD) share it, so an action that changes the session is never answered from before it.
 */
const sessionsOfRequest = new WeakMap<Request, Promise<RequestSession | null>>();

function sessionOf(request: Request): Promise<RequestSession | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return readRequestSession(request);
  let found = sessionsOfRequest.get(request);
  if (!found) sessionsOfRequest.set(request, (found = readRequestSession(request)));
  return found;
}

export async function getUser(request: Request): Promise<PublicUser | null> {
  return (await sessionOf(request))?.user ?? null;
}

/** When the request's user signed in before this session (read with the user, no second query), for the avatar menu. */
export async function lastSignInOf(request: Request): Promise<string | null> {
  return (await sessionOf(request))?.previousSignInAt ?? null;
}

/** The row id (the token's hash) of the request's session, to mark "this device" in a list. */
export async function currentSessionId(request: Request): Promise<string | null> {
  return (await sessionOf(request))?.session.id ?? null;
}

async function tokenOf(request: Request): Promise<string | null> {
  const session = await storage.getSession(request.headers.get("Cookie"));
  const token = session.get("token");
  // Cookies from before sessions were rows (docs/decisions/047-sessions-are-rows-the-cookie-holds-a-token-whose-hash-keys-t.md) carry no token: their holders sign in again.
  return typeof token === "string" && token.length > 0 ? token : null;
}

async function readRequestSession(request: Request): Promise<RequestSession | null> {
  const token = await tokenOf(request);
  if (!token) return null;
  const found = await readSession(db, token, SESSION_LIMITS);
  if (!found) return null;
  return { user: toPublicUser(found.user), session: found.session, previousSignInAt: found.user.previousSignInAt };
}

/** A fresh session (never the old one: rotated at login) for this device; answers the Set-Cookie value. */
export async function commitNewSession(request: Request, userId: number): Promise<string> {
  // Sign-ins are rare: a good moment to sweep sessions that ended by age or idleness and were never read again.
  await pruneSessions(db, SESSION_LIMITS);
  // The cookie this request came with (if any) ends: a sign-in never keeps a session it replaces.
  const previous = await tokenOf(request);
  if (previous) await endSession(db, previous);
  const { token } = await createSession(db, userId, { userAgent: request.headers.get("user-agent") });
  const session = await storage.getSession();
  session.set("token", token);
  return storage.commitSession(session, { secure: isHttps(request) });
}

/** Logging out ends this device's session only; the user's other devices stay signed in. */
export async function destroySession(request: Request): Promise<string> {
  const token = await tokenOf(request);
  if (token) await endSession(db, token);
  return storage.destroySession(await storage.getSession(), { secure: isHttps(request) });
}

/**
 * "Log out everywhere": every session of the request's user ends (audited), this one included.
 * Answers the Set-Cookie value clearing this device's cookie, and how many sessions ended; null when
 * the request is not signed in.
 */
export async function destroyAllSessions(request: Request): Promise<{ cookie: string; ended: number } | null> {
  const user = await getUser(request);
  if (!user) return null;
  const ended = await logOutEverywhere(db, user.id);
  return { cookie: await storage.destroySession(await storage.getSession(), { secure: isHttps(request) }), ended };
}

export function homeFor(user: PublicUser): string {
  return user.isAdmin ? "/admin" : "/";
}

/** Pages: anonymous visitors go to /auth. */
export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw redirect("/auth");
  return user;
}

/** Pages: partners asking for admin pages go to /. */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect("/");
  return user;
}
