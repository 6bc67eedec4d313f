/** Every migration, imported statically so the bundled server and the CLI carry them. */
import type { Migration } from "kysely";
import * as initial from "./2026-11-22T00-initial.ts";
import * as monthClose from "./2026-11-23T00-month-close.ts";
import * as authFailures from "./2026-11-23T01-auth-failures.ts";
import * as listIndexes from "./2026-11-24T00-list-indexes.ts";
import * as summaryIndexes from "./2026-11-24T01-summary-indexes.ts";
import * as businessProfile from "./2026-11-25T00-business-profile.ts";
import * as payments from "./2026-11-26T00-payments.ts";
import * as payouts from "./2026-11-26T01-payouts.ts";
import * as passwordResets from "./2026-11-27T00-password-resets.ts";
import * as accountStatus from "./2026-11-27T01-account-status.ts";
import * as sessions from "./2026-11-28T00-sessions.ts";
import * as twoFactor from "./2026-11-28T01-two-factor.ts";
import * as storedUploads from "./2026-11-28T02-stored-uploads.ts";
import * as commissionAgreements from "./2026-11-29T00-commission-agreements.ts";
import * as saleQuantity from "./2026-11-30T00-sale-quantity.ts";
import * as adjustmentReasons from "./2026-11-30T01-adjustment-reasons.ts";
import * as moneyPaid from "./2026-12-01T00-money-paid.ts";
import * as payoutPrefix from "./2026-12-02T00-payout-prefix.ts";
import * as bankDetails from "./2026-12-02T01-bank-details.ts";
import * as deviceCookies from "./2026-12-02T10-device-cookies.ts";
import * as issuedDocuments from "./2026-12-03T00-issued-documents.ts";
import * as importProfiles from "./2026-12-04T06-import-profiles.ts";
import * as productCosts from "./2026-12-05T02-product-costs.ts";
import * as accountingExports from "./2026-12-05T04-accounting-exports.ts";
import * as selfBilling from "./2026-12-05T06-self-billing.ts";

export const migrations: Record<string, Migration> = {
  "2026-11-22T00-initial": initial,
  "2026-11-23T00-month-close": monthClose,
  "2026-11-23T01-auth-failures": authFailures,
  "2026-11-24T00-list-indexes": listIndexes,
  "2026-11-24T01-summary-indexes": summaryIndexes,
  "2026-11-25T00-business-profile": businessProfile,
  "2026-11-26T00-payments": payments,
  "2026-11-26T01-payouts": payouts,
  "2026-11-27T00-password-resets": passwordResets,
  "2026-11-27T01-account-status": accountStatus,
  "2026-11-28T00-sessions": sessions,
  "2026-11-28T01-two-factor": twoFactor,
  "2026-11-28T02-stored-uploads": storedUploads,
  "2026-11-29T00-commission-agreements": commissionAgreements,
  "2026-11-30T00-sale-quantity": saleQuantity,
  "2026-11-30T01-adjustment-reasons": adjustmentReasons,
  "2026-12-01T00-money-paid": moneyPaid,
  "2026-12-02T00-payout-prefix": payoutPrefix,
  "2026-12-02T01-bank-details": bankDetails,
  "2026-12-02T10-device-cookies": deviceCookies,
  "2026-12-03T00-issued-documents": issuedDocuments,
  "2026-12-04T06-import-profiles": importProfiles,
  "2026-12-05T02-product-costs": productCosts,
  "2026-12-05T04-accounting-exports": accountingExports,
  "2026-12-05T06-self-billing": selfBilling,
};
