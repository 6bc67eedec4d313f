/** CLI flags go through zod schemas whose messages name the flag (cli/options.ts); a bad flag is a usage error. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PassThrough } from "node:stream";
import { EXIT_FAILURE, EXIT_USAGE, handleError, UsageError } from "#cli/errors.ts";
import { monthOption } from "#cli/month.ts";
import { dayFlag, idFlag, monthFlag, parseOptions } from "#cli/options.ts";

const schema = z.object({
  month: monthFlag,
  partner: idFlag("--partner takes a partner id").optional(),
  day: dayFlag("--day takes YYYY-MM-DD").optional(),
});

describe("parseOptions", () => {
  it("parses good flags into their types", () => {
    expect(parseOptions(schema, { month: "2026-10", partner: "12", day: "2024-02-29" })).toEqual({
      month: "2026-10",
      partner: 12,
      day: "2024-02-29",
    });
    expect(parseOptions(schema, { month: "2026-10" })).toEqual({ month: "2026-10" });
  });

  it.each([
    [{}, "--month takes a month as YYYY-MM"],
    [{ month: "2026-13" }, "--month takes a month as YYYY-MM"],
    [{ month: "2026-1" }, "--month takes a month as YYYY-MM"],
    [{ month: "2026-10", partner: "0" }, "--partner takes a partner id"],
    [{ month: "2026-10", partner: "1.5" }, "--partner takes a partner id"],
    [{ month: "2026-10", partner: "-3" }, "--partner takes a partner id"],
    [{ month: "2026-10", partner: "99999999999999999999" }, "--partner takes a partner id"],
    [{ month: "2026-10", day: "2026-02-30" }, "--day takes YYYY-MM-DD"],
  ])("%o → UsageError %s", (options, message) => {
    expect(() => parseOptions(schema, options)).toThrow(UsageError);
    expect(() => parseOptions(schema, options)).toThrow(message);
  });

  it("monthOption is the same rule for one value", () => {
    expect(monthOption("2026-01")).toBe("2026-01");
    expect(() => monthOption(undefined)).toThrow("--month takes a month as YYYY-MM");
  });
});

describe("handleError", () => {
  const run = (error: unknown) => {
    const stderr = new PassThrough();
    const code = handleError(error, stderr);
    return { code, err: String(stderr.read() ?? "") };
  };

  it("a zod error that escapes a command (recognised without importing zod): exit 1 with its messages", () => {
    const parsed = z
      .object({ a: z.string({ error: "A is wrong" }), b: z.number({ error: "B is wrong" }) })
      .safeParse({});
    expect(run(parsed.error)).toEqual({ code: EXIT_FAILURE, err: "error: A is wrong; B is wrong\n" });
  });

  it("a usage error: exit 2; anything else: exit 1 with its message", () => {
    expect(run(new UsageError("no files"))).toEqual({ code: EXIT_USAGE, err: "error: no files\n" });
    const named = Object.assign(new Error("not zod"), { name: "ZodError" });
    expect(run(named)).toEqual({ code: EXIT_FAILURE, err: "error: not zod\n" });
  });
});
