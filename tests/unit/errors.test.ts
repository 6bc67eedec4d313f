import { describe, expect, it } from "vitest";
import { DomainError, badInput, conflict, forbidden, notFound, type DomainErrorCode } from "#domain/shared/errors.ts";

// ARCHITECTURE §6: errors answer JSON { message } with a fitting status.

describe("DomainError: a code, its HTTP status and the user-facing message", () => {
  it.each<[DomainErrorCode, number]>([
    ["bad_input", 400],
    ["unauthorized", 401],
    ["forbidden", 403],
    ["not_found", 404],
    ["conflict", 409],
    ["too_large", 413],
    ["rate_limited", 429],
    ["bad_gateway", 502],
  ])("%s answers %i", (code, status) => {
    const error = new DomainError(code, "Something");
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.message).toBe("Something");
  });

  it("is an Error named DomainError", () => {
    const error = new DomainError("conflict", "Taken");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("DomainError");
  });
});

describe("The helpers", () => {
  it.each([
    [badInput, "bad_input", 400],
    [notFound, "not_found", 404],
    [conflict, "conflict", 409],
    [forbidden, "forbidden", 403],
  ] as const)("%o makes a %s error (%i) with the message given", (make, code, status) => {
    const error = make("The message");
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code, status, message: "The message" });
  });

  it("forbidden says 'Forbidden' when no message is given", () => {
    expect(forbidden().message).toBe("Forbidden");
  });
});
