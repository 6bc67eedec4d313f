/** redirectTo: a path on this site only, parsed as a URL, control characters refused. */
import { describe, expect, it } from "vitest";
import { sameOriginPath } from "#app/utils/safe-redirect.ts";

const ORIGIN = "http://localhost:3000";

describe("sameOriginPath", () => {
  it.each([
    ["/partners/7?page=2", "/partners/7?page=2"],
    ["/admin#top", "/admin#top"],
    ["/a/../admin", "/admin"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
  ])("keeps %j as %j", (asked, path) => {
    expect(sameOriginPath(asked, ORIGIN)).toBe(path);
  });

  it.each([
    ["tab", "/\t/evil.example"],
    ["newline", "/\n/evil.example"],
    ["carriage return", "/\r\n/evil.example"],
    ["NUL", "/\u0000/evil"],
    ["DEL", "/\u007f/evil"],
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["absolute", "https://evil.example/"],
    ["scheme", "javascript:alert(1)"],
    ["encoded slashes first", "%2F%2Fevil.example"],
    ["relative", "evil"],
    ["empty", ""],
    ["not text", 7],
    ["too long", `/${"a".repeat(2048)}`],
  ])("refuses %s", (_, asked) => {
    expect(sameOriginPath(asked, ORIGIN)).toBeNull();
  });
});
