/** The production server's limits on slow clients (server/timeouts.js). */
import { describe, expect, it } from "vitest";
import { serverTimeouts } from "../../server/timeouts.js";

describe("serverTimeouts", () => {
  it("gives headers 20 s and a whole request 120 s, checked every second", () => {
    expect(serverTimeouts({})).toEqual({
      headersTimeout: 20_000,
      requestTimeout: 120_000,
      connectionsCheckingInterval: 1_000,
    });
  });
  it("takes shorter limits for tests, never headers past the request's", () => {
    expect(serverTimeouts({ HEADERS_TIMEOUT_MS: "9000", REQUEST_TIMEOUT_MS: "4000" })).toMatchObject({
      headersTimeout: 4_000,
      requestTimeout: 4_000,
    });
    expect(serverTimeouts({ HEADERS_TIMEOUT_MS: "abc" }).headersTimeout).toBe(20_000);
  });
});
