// Production server: Remix's Express adapter with the client's address in the load context
// (for per-address login limits), static assets, compression and security headers.
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

process.env.NODE_ENV ??= "production";
const buildDir = path.resolve(process.env.VENDBOARD_BUILD_DIR ?? "build");
const build = await import(path.join(buildDir, "server/index.js"));

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY === "1" ? 1 : false);
app.use(compression());
app.use((_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  next();
});
// Bodies are small JSON or form posts, except telemetry uploads: refuse anything larger up front.
const BODY_LIMIT = 256 * 1024;
const UPLOAD_LIMIT = (Number(process.env.UPLOAD_MAX_MB ?? 10) + 1) * 1024 * 1024;
app.use((req, res, next) => {
  const length = Number(req.headers["content-length"] ?? 0);
  const limit = /^\/api\/machines\/\d+\/records(\/preview)?$/.test(req.path) ? UPLOAD_LIMIT : BODY_LIMIT;
  if (length > limit) {
    res.status(413).json({ message: "Request body too large" });
    return;
  }
  next();
});
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.all(
  "*",
  createRequestHandler({
    build,
    getLoadContext: (req) => ({ clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
app.listen(port, host, () => {
  console.log(`Vendboard is listening on http://localhost:${port}`);
});
