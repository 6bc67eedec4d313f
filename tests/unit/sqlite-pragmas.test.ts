import { describe, expect, it } from "vitest";
import { applyPragmas } from "#db/sqlite-pragmas.ts";

const busy = () => Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });

describe("applyPragmas", () => {
  it("sets the busy timeout first, then WAL, foreign keys and synchronous", () => {
    const run: string[] = [];
    applyPragmas((pragma) => void run.push(pragma));
    expect(run).toEqual(["busy_timeout = 5000", "journal_mode = WAL", "foreign_keys = ON", "synchronous = NORMAL"]);
  });

  it("tries a pragma again while the file is busy, then goes on", () => {
    const run: string[] = [];
    let refusals = 2;
    applyPragmas((pragma) => {
      if (pragma === "journal_mode = WAL" && refusals-- > 0) throw busy();
      run.push(pragma);
    });
    expect(refusals).toBe(-1);
    expect(run).toEqual(["busy_timeout = 5000", "journal_mode = WAL", "foreign_keys = ON", "synchronous = NORMAL"]);
  });

  it("lets any other error through at once", () => {
    let calls = 0;
    expect(() =>
      applyPragmas(() => {
        calls += 1;
        throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" });
      }),
    ).toThrow("disk I/O error");
    expect(calls).toBe(1);
  });
});
