/**
 * Words a person would write: real plurals in the product's own sentences, the email
 * toast's one description, and the heading of a partner's terms by type.
 */
import { describe, expect, it } from "vitest";
import { dueCheckSummary } from "#domain/invoices/invoice-rules.ts";
import { partnerTermsHeading } from "#domain/partners/partner-rules.ts";
import { describeAuditEntry } from "#domain/audit/audit-entries.ts";
import { mailDelivery } from "#app/utils/mail-delivery.ts";
import { deleteRecordQuestion } from "#app/components/machines/machine-questions.ts";

describe("the due check in words: real plurals", () => {
  it.each([
    [
      { markedOverdue: 0, invoicesRaised: 0, remindersSent: 0 },
      "0 marked overdue, 0 invoices raised, 0 reminders sent",
    ],
    [{ markedOverdue: 1, invoicesRaised: 1, remindersSent: 1 }, "1 marked overdue, 1 invoice raised, 1 reminder sent"],
    [
      { markedOverdue: 2, invoicesRaised: 3, remindersSent: 1200 },
      "2 marked overdue, 3 invoices raised, 1,200 reminders sent",
    ],
  ])("%o → %s", (result, words) => {
    expect(dueCheckSummary(result)).toBe(words);
  });
});

describe("an email's toast says once where it went", () => {
  it("with a mail server: sent to the address", () => {
    expect(mailDelivery("gym@example.com", { smtpUrl: "smtp://mail.example.com:587" })).toBe(
      "Sent to gym@example.com.",
    );
  });
  it("without one (development, the demo): kept in the outbox, not delivered", () => {
    expect(mailDelivery("gym@example.com", {})).toBe(
      "No mail server is set up (SMTP_URL), so the email to gym@example.com was kept in the server's outbox instead of being delivered.",
    );
  });
});

describe("the heading of a partner's terms fits the type", () => {
  it.each([
    ["profit-sharing", "Profit Share"],
    ["tiered-profit-sharing", "Profit Share"],
    ["fee-paying", "Monthly Fee"],
    ["non-profit-sharing", "Commission"],
  ] as const)("%s → %s", (type, heading) => {
    expect(partnerTermsHeading(type)).toBe(heading);
  });
});

describe("counted nouns in the product's sentences", () => {
  it("deleting a record names its sales with a real plural", () => {
    expect(deleteRecordQuestion("Leeds", { month: "2026-10", totalSales: 1, revenuePence: 250 }).description).toMatch(
      /^Its 1 sale \(£2\.50 revenue\)/,
    );
    expect(
      deleteRecordQuestion("Leeds", { month: "2026-10", totalSales: 1270, revenuePence: 250 }).description,
    ).toMatch(/^Its 1,270 sales \(/);
  });
});

describe("the audit trail counts with real plurals (and thousands separators)", () => {
  const entry = (over: Partial<Parameters<typeof describeAuditEntry>[0]>) =>
    describeAuditEntry({
      action: "",
      entity: "",
      entityId: null,
      month: null,
      before: null,
      after: null,
      details: null,
      ...over,
    });
  it("a machine deleted with one record, and with many", () => {
    expect(entry({ action: "delete", entity: "machine", before: { location: "Leeds", records: 1 } })).toBe(
      "Deleted machine Leeds and its 1 monthly record",
    );
    expect(entry({ action: "delete", entity: "machine", before: { location: "Leeds", records: 12 } })).toBe(
      "Deleted machine Leeds and its 12 monthly records",
    );
  });
  it("an import of one row, and of 1,270", () => {
    expect(entry({ action: "import", entity: "monthly_record", after: { imported: 1 } })).toBe("Imported 1 row");
    expect(
      entry({ action: "import", entity: "monthly_record", after: { imported: 1270 }, details: { duplicates: 1 } }),
    ).toBe("Imported 1,270 rows (left out: 1 duplicate)");
  });
});
