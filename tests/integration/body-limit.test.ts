/** Request bodies are counted as they stream and refused with 413 past their route's limit (server/body-limit.js). */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT, MULTIPART_SLACK, bodyLimitFor, limitBodies } from "../../server/body-limit.js";

const refusals: { path: string; limit: number; bytesRead: number }[] = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  // Reads the body the way Remix's Express adapter does: a web stream over the request.
  const handler = async (req: express.Request, res: express.Response) => {
    const body = await new Response(createReadableStreamFromReadable(req)).arrayBuffer();
    res.json({ path: req.path, host: req.get("host"), bytes: body.byteLength });
  };
  app.all("*", limitBodies(handler, { uploadMaxMb: 1, onRefused: (r) => void refusals.push(r) }));
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A POST whose body is sent in chunks (no Content-Length) until the server answers or `total` is sent. */
function chunkedPost(path: string, total: number, chunk = 16 * 1024): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { port, path, method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    let answered = false;
    req.on("response", () => (answered = true));
    let sent = 0;
    const pump = () => {
      while (sent < total && !answered) {
        sent += chunk;
        if (!req.write(Buffer.alloc(chunk, 0x61))) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("body limits", () => {
  it("chooses the limit by route: 256 KB for JSON and forms, UPLOAD_MAX_MB (+ multipart framing) for exports", () => {
    expect(bodyLimitFor("/api/login", 10)).toBe(BODY_LIMIT);
    expect(bodyLimitFor("/auth", 10)).toBe(BODY_LIMIT);
    expect(bodyLimitFor("/api/machines/7/records", 10)).toBe(10 * 1024 * 1024 + MULTIPART_SLACK);
    expect(bodyLimitFor("/api/machines/7/records/preview", 10)).toBe(10 * 1024 * 1024 + MULTIPART_SLACK);
    expect(bodyLimitFor("/admin/import", 10)).toBe(10 * 1024 * 1024 + MULTIPART_SLACK);
    // With JavaScript, Remix posts the page's form to its single-fetch URL.
    expect(bodyLimitFor("/admin/import.data", 10)).toBe(10 * 1024 * 1024 + MULTIPART_SLACK);
  });

  it("hands a body within its limit on whole, to a reader like Remix's", async () => {
    const response = await chunkedPost("/api/login", 192 * 1024);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ path: "/api/login", host: `localhost:${port}`, bytes: 192 * 1024 });
  });

  it("refuses a chunked body past 256 KB with 413, having read no more than the limit plus 64 KB", async () => {
    refusals.length = 0;
    const response = await chunkedPost("/api/login", 20 * 1024 * 1024);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ message: "Request body too large" });
    expect(refusals).toHaveLength(1);
    expect(refusals[0].bytesRead).toBeGreaterThan(BODY_LIMIT);
    expect(refusals[0].bytesRead).toBeLessThanOrEqual(BODY_LIMIT + 64 * 1024);
  });

  it("refuses an upload past UPLOAD_MAX_MB with the file message, and a declared Content-Length at once", async () => {
    const response = await chunkedPost("/api/machines/3/records", 3 * 1024 * 1024, 64 * 1024);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ message: "The file is too large (at most 1 MB)" });
    const declared = await fetch(`http://localhost:${port}/api/login`, {
      method: "POST",
      headers: { "content-length": String(BODY_LIMIT + 1) },
      body: "x".repeat(BODY_LIMIT + 1),
    });
    expect(declared.status).toBe(413);
  });

  it("answers other requests while an oversize body is refused", async () => {
    const [big, small] = await Promise.all([
      chunkedPost("/api/login", 50 * 1024 * 1024),
      fetch(`http://localhost:${port}/api/user`, { method: "POST", body: "{}" }),
    ]);
    expect(big.status).toBe(413);
    expect(small.status).toBe(200);
  });
});
