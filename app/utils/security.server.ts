/** Request security: same-origin check for state-changing calls, CSP and security headers. */
import { env } from "./env.server.ts";

const refused = () => Response.json({ message: "Cross-origin request refused" }, { status: 403 });

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Non-GET calls whose Origin is another site are refused with 403. */
export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const origin = request.headers.get("origin");
  if (!origin) {
    if (request.headers.get("sec-fetch-site") === "cross-site") throw refused();
    return;
  }
  const url = new URL(request.url);
  // X-Forwarded-Host is believed only behind a trusted proxy.
  const forwarded = env.TRUST_PROXY === "1" ? request.headers.get("x-forwarded-host") : null;
  const hosts = new Set([url.host, request.headers.get("host"), forwarded].filter((h): h is string => Boolean(h)));
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw refused();
  }
  if (!hosts.has(originHost)) throw refused();
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

export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};
