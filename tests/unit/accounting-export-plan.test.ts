/**
 * The plan of an accounting export beyond accounting.test.ts's walk-through: what the log records,
 * repeated exports counted once, several deleted documents, a deleted document that comes back, and
 * a fingerprint that must never change between releases (the log keeps it).
 */
import { describe, expect, it } from "vitest";
import type { AccountingDocument, Contact } from "#domain/accounting/document-rules.ts";
import { fingerprintOf, numbersSent, planExport, reversalOf } from "#domain/accounting/export-rules.ts";

const contact: Contact = { name: "Pat", email: null, address: [], reference: "P00001" };
const doc = (netPence: number, number = "ST-202610-1"): AccountingDocument => ({
  number,
  reference: number,
  contact,
  date: "2026-10-31",
  dueDate: "2026-11-14",
  lines: [{ description: "Commission", netPence, vatPence: 114, vatRateBp: 2000 }],
});

describe("the fingerprint", () => {
  it("is the same hash in every release for the same content (the log compares against it)", () => {
    expect(fingerprintOf(doc(570))).toBe("b1d308e3f21144a29c6bd1162dba2a5e36e8d0ff31ec71f665b77fb2865b18ec");
  });

  it("does not depend on the order of the keys, nested ones included", () => {
    const reordered = {
      lines: [{ vatRateBp: 2000, vatPence: 114, netPence: 570, description: "Commission" }],
      dueDate: "2026-11-14",
      date: "2026-10-31",
      contact: { reference: "P00001", address: ["1 Quay St", "Bristol"], email: "pat@example.com", name: "Pat" },
      reference: "ST-202610-1",
      number: "ST-202610-1",
    };
    const withAddress = {
      ...doc(570),
      contact: { ...contact, address: ["1 Quay St", "Bristol"], email: "pat@example.com" },
    };
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(withAddress));
    expect(fingerprintOf(reordered)).toBe("7188f174ff76e46a01b4d420929a020c11ce32b5a9d827f8442b7f8938d72842");
  });
});

describe("reversalOf", () => {
  it("negates each line's net and VAT, refers to the document and keeps its date", () => {
    expect(reversalOf(doc(570))).toEqual({
      number: "ST-202610-1-CN",
      reference: "ST-202610-1",
      contact,
      date: "2026-10-31",
      dueDate: "2026-11-14",
      lines: [{ description: "Reverses ST-202610-1: Commission", netPence: -570, vatPence: -114, vatRateBp: 2000 }],
    });
  });
});

describe("planExport", () => {
  it("logs each document sent with its content's fingerprint", () => {
    expect(planExport([doc(570)], []).sent).toEqual([
      { number: "ST-202610-1", base: "ST-202610-1", fingerprint: fingerprintOf(doc(570)), document: doc(570) },
    ]);
  });

  it("counts a document exported unchanged several times once: its change is -R1, not -R2", () => {
    const first = planExport([doc(570)], []);
    const again = planExport([doc(570)], [first.sent]);
    const changed = planExport([doc(600)], [first.sent, again.sent]);
    expect(changed.documents.map((d) => d.number)).toEqual(["ST-202610-1-CN", "ST-202610-1-R1"]);
  });

  it("reverses several deleted documents in the order of their numbers, and logs each as withdrawn", () => {
    const first = planExport([doc(700, "ST-202610-2"), doc(570, "ST-202610-1")], []);
    const gone = planExport([], [first.sent]);
    expect(gone.documents.map((d) => d.number)).toEqual(["ST-202610-1-CN", "ST-202610-2-CN"]);
    expect(gone.sent).toEqual([
      { number: "ST-202610-1-withdrawn", base: "ST-202610-1", fingerprint: "withdrawn", document: null },
      { number: "ST-202610-2-withdrawn", base: "ST-202610-2", fingerprint: "withdrawn", document: null },
    ]);
    expect([...numbersSent([first.sent, gone.sent])].sort()).toEqual([
      "ST-202610-1",
      "ST-202610-1-CN",
      "ST-202610-2",
      "ST-202610-2-CN",
    ]);
  });

  it("sends a deleted document that comes back under a new number, with nothing left to reverse", () => {
    const first = planExport([doc(570)], []);
    const gone = planExport([], [first.sent]);
    const back = planExport([doc(570)], [first.sent, gone.sent]);
    expect(back.documents.map((d) => d.number)).toEqual(["ST-202610-1-R2"]);
    expect(back.changed).toEqual([
      { base: "ST-202610-1", previous: "ST-202610-1-withdrawn", creditNote: "", replacement: "ST-202610-1-R2" },
    ]);
  });

  it("sends and logs nothing for a number whose log holds only its withdrawal", () => {
    const withdrawal = {
      number: "ST-202610-1-withdrawn",
      base: "ST-202610-1",
      fingerprint: "withdrawn",
      document: null,
    };
    expect(planExport([], [[withdrawal]])).toEqual({ documents: [], changed: [], sent: [] });
  });
});
