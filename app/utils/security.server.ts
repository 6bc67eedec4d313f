/** Request security: same-origin check for state-changing calls and the page CSP (other headers: server.js). */
import { CROSS_SITE_MESSAGE, isCrossSiteWrite } from "../../server/http-policy.js";
import { env } from "./env.server.ts";

const refused = () => Response.json({ message: CROSS_SITE_MESSAGE }, { status: 403 });

/**
 * Non-GET calls from another site are refused with 403: the rule server.js applies to every request
 * (server/http-policy.js), kept here too for the dev server and for the route modules' own tests.
 */
export function assertSameOrigin(request: Request): void {
  const crossSite = isCrossSiteWrite({
    method: request.method,
    origin: request.headers.get("origin"),
    secFetchSite: request.headers.get("sec-fetch-site"),
    host: request.headers.get("host") ?? new URL(request.url).host,
    forwardedHost: request.headers.get("x-forwarded-host"),
    trustProxy: env.TRUST_PROXY === "1",
  });
  if (crossSite) throw refused();
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
