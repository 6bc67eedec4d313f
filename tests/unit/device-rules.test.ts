/** Device cookies (docs/decisions/065-*.md): which nonce a browser has for a username, and what signing in remembers. */
import { describe, expect, it } from "vitest";
import { deviceNonceFor, knownDevices, rememberDevice } from "#domain/accounts/device-rules.ts";

const N1 = "a".repeat(43);
const N2 = "b".repeat(43);

describe("deviceNonceFor", () => {
  it("finds the username's nonce, case and spaces aside", () => {
    expect(deviceNonceFor([{ u: "sam", n: N1 }], " SAM ")).toBe(N1);
  });
  it("ignores a cookie for another username", () => {
    expect(deviceNonceFor([{ u: "alex", n: N1 }], "sam")).toBeNull();
  });
  it.each([[null], ["sam"], [{ u: "sam", n: N1 }], [[{ u: "sam", n: "short" }]], [[{ u: "sam" }]], [[null, 3]]])(
    "ignores a malformed value %j",
    (value) => {
      expect(deviceNonceFor(value, "sam")).toBeNull();
    },
  );
});

describe("rememberDevice", () => {
  it("puts the username first and keeps its nonce", () => {
    expect(
      rememberDevice(
        [
          { u: "alex", n: N2 },
          { u: "sam", n: N1 },
        ],
        "Sam",
        "c".repeat(43),
      ),
    ).toEqual([
      { u: "sam", n: N1 },
      { u: "alex", n: N2 },
    ]);
  });
  it("starts a cookie with the new nonce", () => {
    expect(rememberDevice(undefined, "sam", N1)).toEqual([{ u: "sam", n: N1 }]);
  });
  it("keeps at most five usernames, dropping the oldest", () => {
    const many = ["a", "b", "c", "d", "e"].map((u) => ({ u, n: N1 }));
    const next = rememberDevice(many, "f", N2);
    expect(next.map((d) => d.u)).toEqual(["f", "a", "b", "c", "d"]);
    expect(knownDevices(next)).toHaveLength(5);
  });
});

describe("knownDevices", () => {
  const entry = (u: unknown, n: unknown = N1) => ({ u, n });

  it("keeps a username of 1 to 64 characters with a nonce of 16 to 64 URL-safe characters", () => {
    expect(knownDevices([entry("s"), entry("x".repeat(64), "c".repeat(16))])).toEqual([
      { username: "s", nonce: N1 },
      { username: "x".repeat(64), nonce: "c".repeat(16) },
    ]);
  });

  it.each([
    ["an empty username", entry("")],
    ["a username of 65 characters", entry("x".repeat(65))],
    ["a username that is not text", entry(["sam"])],
    ["a nonce that is a number, even one whose digits would pass", entry("sam", 12345678901234567890)],
    ["a nonce of 15 characters", entry("sam", "c".repeat(15))],
  ])("leaves out %s", (_why, value) => {
    expect(knownDevices([value, entry("alex", N2)])).toEqual([{ username: "alex", nonce: N2 }]);
  });

  it("reads the first five entries only, as rememberDevice writes them", () => {
    const six = ["a", "b", "c", "d", "e", "f"].map((u) => entry(u));
    expect(knownDevices(six).map((d) => d.username)).toEqual(["a", "b", "c", "d", "e"]);
  });
});
