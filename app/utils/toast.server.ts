/**
 * Toasts that survive a redirect: an action flashes one into a short-lived signed cookie, and the
 * root loader reads it (and clears it) on the next page, so a form posted without JavaScript gets
 * its message too (the pattern of the Epic Stack's redirectWithToast).
 */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { env } from "./env.server.ts";
import { isHttps } from "./session.server.ts";

const toastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});
export type FlashToast = z.infer<typeof toastSchema>;
export type ToastMessage = Omit<FlashToast, "id" | "variant"> & { variant?: FlashToast["variant"] };

const storage = createCookieSessionStorage({
  cookie: { name: "__vendboard_toast", httpOnly: true, sameSite: "lax", path: "/", secrets: [env.SESSION_SECRET] },
});

/** The Set-Cookie header that flashes `toast` for the next page. */
export async function toastHeaders(request: Request, toast: ToastMessage): Promise<Headers> {
  const session = await storage.getSession();
  session.flash("toast", { ...toast, id: randomUUID() } satisfies Omit<FlashToast, "variant"> & Partial<FlashToast>);
  return new Headers({ "Set-Cookie": await storage.commitSession(session, { secure: isHttps(request) }) });
}

/** A redirect (after a successful form post) that shows `toast` on the page it leads to. */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: ToastMessage,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of await toastHeaders(request, toast)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

/** The flashed toast, if any, and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers | null }> {
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get("toast"));
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: new Headers({ "Set-Cookie": await storage.destroySession(session, { secure: isHttps(request) }) }),
  };
}
