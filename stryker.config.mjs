// Mutation testing of the pure business rules: `npm run test:mutation` (README.md, Other scripts;
// docs/decisions/009-where-the-tests-live-and-how-integration-tests-run.md). Stryker changes one
// operator, condition or literal at a time in the files below and runs the unit tests (tests/unit) against each change; a change no test
// notices "survives". The run fails under a 90% score. Only pure files are listed: the
// domain/**/*-rules.ts and the words (*-words.ts), the shared money, format, date, Bacs-text and paging
// helpers, and the import's date reading, limits and column guesses. Services that use the database are covered by
// the integration tests, too slow to run once per mutant. Pure files left out, and why: the zod
// schemas (*-schemas.ts) and the JSON shapes (*-json.ts) are declarations checked through the API's
// and the forms' integration tests; the export reader (telemetry-export.ts, export-cells.ts,
// sales-report.ts, sales-totals.ts, import-results.ts) is pinned by the fixtures' expected figures
// (fixtures/expected.json) in integration tests as much as in sales-report.test.ts; the audit trail's
// sentences (domain/audit/) and the mail and PDF texts are checked by their unit tests but not yet
// mutated (the next candidates); image-size.ts and letterhead.ts read and draw binary images;
// parse-gate.ts holds a process-wide queue; password.ts and reset-token.ts wrap node:crypto.
// Iterate on one file with: npx stryker run --mutate domain/shared/money.ts
// In a checkout whose node_modules is a symbolic link (a git worktree), the sandbox finds no packages:
// give it a folder beside a link, `--tempDirName DIR` where DIR/node_modules links to the real one.
//
// Stryker's vitest runner counts a test file that fails while it is collected as no tests, so a
// mutant that makes it fail "survives": test files build their tables (it.each) without calling
// the code under test, and the rule files make objects that can throw (Intl formatters) on first
// use, not at import.
import os from "node:os";
import path from "node:path";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  mutate: [
    "domain/shared/money.ts",
    "domain/shared/commission-rules.ts",
    "domain/invoices/invoice-stamp-rules.ts",
    "domain/shared/dates.ts",
    "domain/shared/errors.ts",
    "domain/shared/format.ts",
    "domain/shared/partner-types.ts",
    "domain/shared/bacs-text.ts",
    "domain/shared/paging.ts",
    "domain/accounts/admin-rules.ts",
    "domain/accounts/attempt-rules.ts",
    "domain/accounts/device-rules.ts",
    "domain/accounts/reset-rules.ts",
    "domain/accounts/session-rules.ts",
    "domain/accounts/two-factor-rules.ts",
    "domain/agreements/agreement-rules.ts",
    "domain/agreements/agreement-commission-rules.ts",
    "domain/agreements/agreement-words.ts",
    "domain/agreements/month-commission-rules.ts",
    "domain/agreements/self-billing-rules.ts",
    "domain/business/business-rules.ts",
    "domain/commissions/bacs-rules.ts",
    "domain/commissions/balance-rules.ts",
    "domain/commissions/bank-rules.ts",
    "domain/commissions/correction-rules.ts",
    "domain/commissions/correction-words.ts",
    "domain/commissions/money-status-rules.ts",
    "domain/commissions/payables-words.ts",
    "domain/accounting/csv-rules.ts",
    "domain/accounting/document-rules.ts",
    "domain/accounting/export-rules.ts",
    "domain/accounting/format-rules.ts",
    "domain/imports/booking-rules.ts",
    "domain/imports/export-dates.ts",
    "domain/imports/profile-guess.ts",
    "domain/imports/read-limits.ts",
    "domain/imports/cost-list-rules.ts",
    "domain/imports/import-words.ts",
    "domain/imports/mapping-rules.ts",
    "domain/invoices/invoice-rules.ts",
    "domain/month-close/month-close-rules.ts",
    "domain/partners/partner-rules.ts",
    "domain/payouts/payout-rules.ts",
    "domain/products/cost-sheet-rules.ts",
    "domain/products/product-rules.ts",
    "domain/receivables/account-rules.ts",
    "domain/receivables/aging-rules.ts",
    "domain/receivables/invoice-balance-rules.ts",
    "domain/receivables/payment-rules.ts",
  ],
  testRunner: "vitest",
  vitest: { configFile: "vitest.config.ts" },
  // Only the unit tests run: the integration and e2e suites are left out of the sandbox
  // (ignorePatterns), so vitest.config.ts finds tests/unit alone. Stryker's own `testFiles` option
  // is not used: with it Stryker 9.6 activates module-level (static) mutants after the module has
  // loaded, and reports them as survivors whatever the tests say (stryker-js issue 6144).
  // The sandbox lives outside the work tree, so tsc, eslint and vitest never see its copies.
  tempDirName: path.join(os.tmpdir(), "vendboard-stryker"),
  ignorePatterns: ["build", "data", "test-results", "playwright-report", "reports", "tests/e2e", "tests/integration"],
  reporters: ["clear-text", "progress", "html"],
  // Survivors and the score table only, not every test's name.
  clearTextReporter: { logTests: false },
  htmlReporter: { fileName: "reports/mutation/index.html" },
  concurrency: 1,
  thresholds: { high: 95, low: 90, break: 90 },
};
