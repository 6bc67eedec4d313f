// Request bodies are counted as they stream, chunked or not, and refused with 413 once past their
// route's limit: before sign-in, an action or any other work reads them. A body within its limit is
// handed on whole (at most 256 KB for JSON and forms, UPLOAD_MAX_MB for exports), so nothing
// downstream can be made to read more.
import { Readable } from "node:stream";

export const BODY_LIMIT = 256 * 1024;
/** Multipart framing and the month field around an upload's file. */
export const MULTIPART_SLACK = 64 * 1024;
const UPLOAD_ROUTES = [/^\/api\/machines\/\d+\/records(\/preview)?\/?$/, /^\/admin\/import(\.data)?\/?$/];
/**
 * Pages whose action also takes a file (the partner page's Add Monthly Record, the settings page's
 * logo), as a page or Remix's `.data` post: multipart bodies only. The logo's own limit (512 KB) is
 * the settings form's to say, beside the field.
 */
const UPLOAD_PAGES = [/^\/partners\/\d+(\.data)?\/?$/, /^\/admin\/settings(\.data)?\/?$/];

/** The largest body a request to `path` (with its Content-Type) may send, in bytes. */
export function bodyLimitFor(path, uploadMaxMb, contentType = "") {
  const upload =
    UPLOAD_ROUTES.some((route) => route.test(path)) ||
    (/^multipart\/form-data\b/i.test(contentType) && UPLOAD_PAGES.some((page) => page.test(path)));
  return upload ? uploadMaxMb * 1024 * 1024 + MULTIPART_SLACK : BODY_LIMIT;
}

/** The request as the next handler sees it: the same request, its body replayed from memory. */
function withBody(req, body) {
  const replay = Readable.from(body.length ? [body] : []);
  const view = Object.create(req);
  for (const method of [
    "on",
    "once",
    "off",
    "addListener",
    "removeListener",
    "removeAllListeners",
    "pause",
    "resume",
    "destroy",
    "pipe",
    "unpipe",
    "read",
    "isPaused",
  ]) {
    view[method] = replay[method].bind(replay);
  }
  Object.defineProperty(view, "readableHighWaterMark", { get: () => replay.readableHighWaterMark });
  Object.defineProperty(view, "readable", { get: () => replay.readable });
  view[Symbol.asyncIterator] = replay[Symbol.asyncIterator].bind(replay);
  return view;
}

/**
 * Express middleware factory. `handler` is the request handler that reads bodies (Remix's);
 * `onRefused` hears of each refusal with the bytes read, for logs and tests.
 * @param {(req: any, res: any, next: any) => unknown} handler
 * @param {{ uploadMaxMb: number, onRefused?: (refusal: { method: string, path: string, limit: number, bytesRead: number }) => void }} options
 */
export function limitBodies(handler, { uploadMaxMb, onRefused = () => {} }) {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return handler(req, res, next);
    const limit = bodyLimitFor(req.path, uploadMaxMb, req.headers["content-type"]);
    const refuse = (bytesRead) => {
      onRefused({ method: req.method, path: req.path, limit, bytesRead });
      if (!res.headersSent) {
        res.setHeader("Connection", "close");
        res.status(413).json({
          message:
            limit === BODY_LIMIT ? "Request body too large" : `The file is too large (at most ${uploadMaxMb} MB)`,
        });
      }
      // Stop reading: the rest of the body is never received.
      res.once("finish", () => req.destroy());
    };
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) return refuse(0);

    const chunks = [];
    let size = 0;
    let settled = false;
    const onData = (chunk) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        settled = true;
        req.off("data", onData);
        req.pause();
        refuse(size);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("error", (error) => {
      if (settled) return;
      settled = true;
      next(error);
    });
    req.once("end", () => {
      if (settled) return;
      settled = true;
      handler(withBody(req, Buffer.concat(chunks, size)), res, next);
    });
  };
}
