/** What the production server's answers carry (server/http-policy.js): headers once, no-store, 403 for cross-site writes. */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SECURITY_HEADERS,
  isCrossSiteWrite,
  noStore,
  refuseCrossSiteWrites,
  securityHeaders,
} from "../../server/http-policy.js";

describe("isCrossSiteWrite", () => {
  const write = {
    method: "POST",
    origin: null,
    secFetchSite: null,
    host: "vendboard.example",
    forwardedHost: null,
    trustProxy: false,
  };

  it("lets reads through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(isCrossSiteWrite({ ...write, method, origin: "https://evil.example" })).toBe(false);
  });

  it("refuses a write whose Origin is another host, is null or is not a URL", () => {
    expect(isCrossSiteWrite({ ...write, origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite({ ...write, origin: "https://vendboard.example:8443" })).toBe(true);
    expect(isCrossSiteWrite({ ...write, origin: "null" })).toBe(true);
    expect(isCrossSiteWrite({ ...write, origin: "::" })).toBe(true);
    expect(isCrossSiteWrite({ ...write, origin: "https://vendboard.example" })).toBe(false);
  });

  it("without an Origin, refuses only what the browser marks cross-site", () => {
    expect(isCrossSiteWrite({ ...write, secFetchSite: "cross-site" })).toBe(true);
    expect(isCrossSiteWrite({ ...write, secFetchSite: "same-origin" })).toBe(false);
    expect(isCrossSiteWrite(write)).toBe(false); // curl, the CLI's HTTP clients
  });

  it("believes X-Forwarded-Host only behind a trusted proxy, and then it is the host to match", () => {
    const proxied = { ...write, host: "127.0.0.1:3000", forwardedHost: "vendboard.example" };
    expect(isCrossSiteWrite({ ...proxied, origin: "https://vendboard.example", trustProxy: true })).toBe(false);
    expect(isCrossSiteWrite({ ...proxied, origin: "https://vendboard.example" })).toBe(true);
    expect(isCrossSiteWrite({ ...proxied, origin: "http://127.0.0.1:3000", trustProxy: true })).toBe(true);
    // A proxy that keeps Host and also sends X-Forwarded-Host: the same host either way.
    expect(
      isCrossSiteWrite({ ...write, forwardedHost: "vendboard.example", origin: "https://vendboard.example" }),
    ).toBe(false);
    expect(isCrossSiteWrite({ ...write, forwardedHost: "evil.example", origin: "https://evil.example" })).toBe(true);
  });
});

describe("the server's answer policy", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-policy-"));
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log('hi');\n");
    // The same chain as server.js, with a handler that answers the way Remix's adapter does (res.append).
    const app = express();
    app.use(compression());
    app.use(securityHeaders);
    app.use("/assets", express.static(path.join(dir, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(noStore);
    app.use(refuseCrossSiteWrites({ trustProxy: false }));
    app.all("*", (req, res) => {
      if (req.path === "/download") res.append("Cache-Control", "private, no-store").append("X-Frame-Options", "DENY");
      res.append("Content-Type", "text/plain").status(200).end(`answered ${req.method} ${req.path}`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Each header's raw lines, so a header sent twice shows up twice. */
  function rawHeaders(target: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    return new Promise<{ status: number; lines: Record<string, string[]>; body: string }>((resolve, reject) => {
      const req = http.request(`${base}${target}`, { method: init.method ?? "GET", headers: init.headers }, (res) => {
        const lines: Record<string, string[]> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          (lines[res.rawHeaders[i].toLowerCase()] ??= []).push(res.rawHeaders[i + 1]);
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, lines, body }));
      });
      req.on("error", reject);
      req.end(init.body);
    });
  }

  it("sends each security header once, on pages, downloads and static files", async () => {
    for (const target of ["/", "/download", "/assets/app-abc123.js"]) {
      const { lines } = await rawHeaders(target);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(lines[name.toLowerCase()], `${name} on ${target}`).toEqual([value]);
    }
  });

  it("marks every answer past the static files no-store, keeping a route's own Cache-Control", async () => {
    expect((await rawHeaders("/partners/3")).lines["cache-control"]).toEqual(["no-store"]);
    expect((await rawHeaders("/download")).lines["cache-control"]).toEqual(["private, no-store"]);
    expect((await rawHeaders("/assets/missing.js")).lines["cache-control"]).toEqual(["no-store"]);
  });

  it("keeps the long cache on hashed assets", async () => {
    expect((await rawHeaders("/assets/app-abc123.js")).lines["cache-control"]).toEqual([
      "public, max-age=31536000, immutable",
    ]);
  });

  it("refuses a cross-site write with 403 before any handler: JSON for the API, text for pages", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" };
    const page = await rawHeaders("/auth", { method: "POST", headers: form, body: "username=a&password=b" });
    expect(page.status).toBe(403);
    expect(page.lines["content-type"]).toEqual(["text/plain; charset=utf-8"]);
    expect(page.body).toBe("Cross-origin request refused: this form was sent from another site.\n");
    expect(page.lines["cache-control"]).toEqual(["no-store"]);
    const api = await rawHeaders("/api/login", {
      method: "POST",
      headers: { ...form, "content-type": "application/json" },
      body: "{}",
    });
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body)).toEqual({ message: "Cross-origin request refused" });
    const same = await rawHeaders("/auth", { method: "POST", headers: { ...form, origin: base }, body: "username=a" });
    expect(same.body).toBe("answered POST /auth");
  });
});
