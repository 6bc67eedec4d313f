/**
 * The accounting CSV files' small rules: the dates each package reads, and the names of a file
 * split in parts (docs/accounting.md). The quoting and the 500-document split are in accounting.test.ts.
 */
import { describe, expect, it } from "vitest";
import { partNames, sageDate, ukDate } from "#domain/accounting/csv-rules.ts";

describe("dates as the packages read them", () => {
  it("Xero, QuickBooks Online UK and the payments file: DD/MM/YYYY; Sage: DD-MM-YYYY", () => {
    expect(ukDate("2026-10-31")).toBe("31/10/2026");
    expect(sageDate("2026-10-31")).toBe("31-10-2026");
    expect(ukDate("2027-01-05")).toBe("05/01/2027");
  });
});

describe("partNames", () => {
  it("numbers each part before the extension; one part keeps its name", () => {
    expect(partNames("accounts.csv", 3)).toEqual(["accounts-1.csv", "accounts-2.csv", "accounts-3.csv"]);
    expect(partNames("accounts.csv", 1)).toEqual(["accounts.csv"]);
    expect(partNames("accounts.csv", 0)).toEqual(["accounts.csv"]);
  });

  it("numbers the end of a name with no extension, and takes a dot in a folder for no extension", () => {
    expect(partNames("accounts", 2)).toEqual(["accounts-1", "accounts-2"]);
    expect(partNames("exports.d/accounts", 2)).toEqual(["exports.d/accounts-1", "exports.d/accounts-2"]);
    expect(partNames("exports.d/accounts.tar.csv", 2)).toEqual([
      "exports.d/accounts.tar-1.csv",
      "exports.d/accounts.tar-2.csv",
    ]);
  });

  it("keeps a name that is all extension whole (a dot first), numbering its end", () => {
    expect(partNames(".csv", 2)).toEqual([".csv-1", ".csv-2"]);
  });
});
