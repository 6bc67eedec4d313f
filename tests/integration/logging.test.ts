/**
 * Errors are logged on the server with their stack and the request's id, and never reach the
 * client: the API's 500 and the pages' handleError (server/logger.js, app/utils/api.server.ts,
 * app/entry.server.tsx). The request lines themselves are checked on the real server in server.test.ts.
 */
import { describe, expect, it } from "vitest";
import { handleError } from "#app/entry.server.tsx";
import { api } from "#app/utils/api.server.ts";
import { withRequestLogger } from "#server/logger.js";
import { captureLog as capture } from "./log-capture.ts";

describe("errors are logged with their stack, on the server only", () => {
  it("an API handler that throws answers 500 'Internal server error' and logs the error with its stack and request id", async () => {
    const { lines, logger } = capture();
    const handler = api(async () => {
      throw new Error("the disk is on fire");
    });
    const answer = await withRequestLogger(logger, () =>
      handler({ request: new Request("http://localhost/api/things", { method: "GET" }), params: {}, context: {} }),
    );
    expect(answer.status).toBe(500);
    const body = await answer.text();
    expect(JSON.parse(body)).toEqual({ message: "Internal server error" });
    expect(body).not.toContain("disk is on fire");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      reqId: "test-request-id",
      method: "GET",
      path: "/api/things",
      msg: "Request failed",
    });
    expect(lines[0].err.message).toBe("the disk is on fire");
    expect(lines[0].err.stack).toMatch(/\n\s+at /);
  });

  it("a page's loader or action error goes to the log through handleError; an aborted request's does not", () => {
    const { lines, logger } = capture();
    withRequestLogger(logger, () =>
      handleError(new Error("loader broke"), {
        request: new Request("http://localhost/admin?q=x"),
        params: {},
        context: {},
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      reqId: "test-request-id",
      method: "GET",
      path: "/admin",
      msg: "Request failed",
    });
    expect(lines[0].err.stack).toContain("loader broke");

    const aborted = new AbortController();
    aborted.abort();
    withRequestLogger(logger, () =>
      handleError(new Error("client left"), {
        request: new Request("http://localhost/admin", { signal: aborted.signal }),
        params: {},
        context: {},
      }),
    );
    expect(lines).toHaveLength(1);
  });
});
