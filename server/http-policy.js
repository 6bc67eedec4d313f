// What the production server's answers carry, and the writes it refuses before Remix sees them:
// each security header once, Cache-Control no-store on everything but static files, and 403 for a
// state-changing request sent from another site. The app's own same-origin check uses the same rule.

/** Sent on every answer, static files included. The CSP needs the page's nonce: entry.server.tsx sets it. */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request changes state on behalf of another site. Remix itself aborts a page's action
 * whose Origin is not X-Forwarded-Host (or Host when there is none), so a write passes only when
 * its Origin names that host, and X-Forwarded-Host counts only behind a trusted proxy.
 * @param {{ method: string, origin: string | null, secFetchSite: string | null, host: string | null, forwardedHost: string | null, trustProxy: boolean }} request
 */
export function isCrossSiteWrite({ method, origin, secFetchSite, host, forwardedHost, trustProxy }) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (!origin) return secFetchSite === "cross-site";
  let originHost;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // "null" (a sandboxed frame, a file) or garbage
  }
  const forwarded = forwardedHost?.split(",")[0]?.trim();
  if (forwarded) return originHost !== forwarded || (originHost !== host && !trustProxy);
  return originHost !== host;
}

/** Sets `headers` just before the answer's head is written, each only where the route set none. */
function setBeforeHead(res, headers) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    for (const [name, value] of Object.entries(headers)) if (!res.hasHeader(name)) res.setHeader(name, value);
    return writeHead.apply(this, args);
  };
}

/** Express middleware: the security headers, once each, on every answer. */
export function securityHeaders(_req, res, next) {
  setBeforeHead(res, SECURITY_HEADERS);
  next();
}

/**
 * Express middleware, mounted after the static files: pages, JSON answers and downloads belong to
 * whoever signed in, so no browser or proxy keeps a copy.
 */
export function noStore(_req, res, next) {
  setBeforeHead(res, { "Cache-Control": "no-store" });
  next();
}

/** A cross-site write's answer: JSON for the API, a short text for pages. */
export const CROSS_SITE_MESSAGE = "Cross-origin request refused";

/**
 * Express middleware: 403 for a cross-site write before Remix runs (Remix's own check throws, which
 * would answer 500 and log a stack trace).
 * @param {{ trustProxy: boolean }} options
 */
export function refuseCrossSiteWrites({ trustProxy }) {
  return (req, res, next) => {
    const crossSite = isCrossSiteWrite({
      method: req.method,
      origin: req.get("origin") ?? null,
      secFetchSite: req.get("sec-fetch-site") ?? null,
      host: req.get("host") ?? null,
      forwardedHost: req.get("x-forwarded-host") ?? null,
      trustProxy,
    });
    if (!crossSite) return next();
    // The body is not read: the connection closes after the answer.
    res.setHeader("Connection", "close");
    if (req.path.startsWith("/api/")) res.status(403).json({ message: CROSS_SITE_MESSAGE });
    else res.status(403).type("text/plain").send(`${CROSS_SITE_MESSAGE}: this form was sent from another site.\n`);
  };
}
