/** Server rendering with a per-request CSP nonce (server.js sends the other security headers). */
import { randomBytes } from "node:crypto";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./nonce.tsx";
import { contentSecurityPolicy } from "./utils/security.server.ts";
import { log } from "./utils/log.server.ts";
import { FlushedChunks } from "./utils/document-stream.server.ts";
import { db } from "./utils/db.server.ts";
import { warmLogo } from "#domain/business/business-service.ts";

// server.js closes the database on shutdown through the build's entry module.
export { closeDatabase } from "./utils/db.server.ts";

/** What server.js does once it listens, in the background: the stored logo prepared for the first PDF (true when there is one). */
export async function warmCaches(): Promise<boolean> {
  return warmLogo(db);
}

const ABORT_DELAY = 5_000;

/**
 * Every error a loader, action or render throws (other than a Response) is logged here with its
 * stack and the request's id; the browser sees only the error boundary's text.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log().error({ err: error, method: request.method, path: new URL(request.url).pathname }, "Request failed");
};
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = randomBytes(16).toString("base64");
  const bot = isbot(request.headers.get("user-agent") || "");
  // The Vite dev server injects inline scripts of its own, so the CSP is enforced only in production.
  if (process.env.NODE_ENV === "production")
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const abortTimer: { id?: ReturnType<typeof setTimeout> } = {};
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new FlushedChunks();
          // Rendered to the end: the abort timer has nothing left to guard (left running, it kept every
          // page's render alive for 5 s, which under load is hundreds of pages of garbage to carry).
          body.once("finish", () => clearTimeout(abortTimer.id));
          responseHeaders.set("Content-Type", "text/html");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer.id);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log().error({ err: error }, "Rendering failed");
        },
      },
    );
    abortTimer.id = setTimeout(abort, ABORT_DELAY);
  });
}
