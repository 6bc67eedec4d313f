/** Cookie session and the user it names; guards for pages (redirects) and API routes (401/403). */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { endAllSessions, findUserById, toPublicUser, type PublicUser } from "#domain/accounts/user-service.ts";
import { db } from "./db.server.ts";
import { env } from "./env.server.ts";

const MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

const storage = createCookieSessionStorage<{ userId: number; version: number; issuedAt: number }>({
  cookie: {
    name: "__vendboard_session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [env.SESSION_SECRET],
    maxAge: MAX_AGE_SECONDS,
  },
});

/** Secure cookies whenever the request reached us over HTTPS (directly or through a proxy). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}

/**
 * A page's loaders (the root's and the route's) share one Request: its user is read once. Only reads
 * (GET, HEAD) share it, so an action that changes the session is never answered from before it.
 */
const usersOfRequest = new WeakMap<Request, Promise<PublicUser | null>>();

export function getUser(request: Request): Promise<PublicUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return readUser(request);
  let user = usersOfRequest.get(request);
  if (!user) usersOfRequest.set(request, (user = readUser(request)));
  return user;
}

/** When the request's user last signed in (read with the user, no second query), for the avatar menu. */
const signInsOfRequest = new WeakMap<Request, string | null>();

export async function lastSignInOf(request: Request): Promise<string | null> {
  await getUser(request);
  return signInsOfRequest.get(request) ?? null;
}

async function readUser(request: Request): Promise<PublicUser | null> {
  const session = await storage.getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  const issuedAt = session.get("issuedAt");
  if (typeof userId !== "number" || typeof issuedAt !== "number") return null;
  // The cookie is signed, not stored: its age and the user's session version decide whether it still counts.
  if (Date.now() - issuedAt > MAX_AGE_SECONDS * 1000) return null;
  const user = await findUserById(db, userId);
  // A disabled account's sessions end (disabling also bumps the version: this is the second lock).
  if (!user || user.disabledAt || user.sessionVersion !== session.get("version")) return null;
  signInsOfRequest.set(request, user.lastSignInAt);
  return toPublicUser(user);
}

/** A fresh session (never the old one: rotated at login) holding the user id, its version and when it was issued. */
export async function commitNewSession(request: Request, userId: number): Promise<string> {
  const user = await findUserById(db, userId);
  const session = await storage.getSession();
  session.set("userId", userId);
  session.set("version", user?.sessionVersion ?? 0);
  session.set("issuedAt", Date.now());
  return storage.commitSession(session, { secure: isHttps(request) });
}

/** Logging out ends every session of the user: cookies issued before stop working. */
export async function destroySession(request: Request): Promise<string> {
  const session = await storage.getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  if (typeof userId === "number") await endAllSessions(db, userId);
  return storage.destroySession(session, { secure: isHttps(request) });
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
