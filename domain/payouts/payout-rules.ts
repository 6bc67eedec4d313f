/**
 * Commission payouts, pure: who can be paid for a month, whether their bank
 * details can go in a UK bulk-payment (Bacs) file, and the file itself: a CSV with payee name, sort
 * code, account number, amount (1234.56) and a reference naming the month, names and references in
 * Bacs characters and at most 18 of them.
 */
import { isProfitSharingType, type PartnerType } from "../shared/partner-types.ts";
import { formatCount, formatDate, formatMonth, formatPence } from "../shared/format.ts";
import { monthHasEnded } from "../month-close/month-close-rules.ts";
import { paymentFiguresText, repaymentText } from "../commissions/correction-words.ts";
import { bacsText, payoutReference, topUpReference } from "../commissions/bacs-rules.ts";
import { DEFAULT_PAYOUT_PREFIX } from "../business/business-rules.ts";
import { NO_ACTIVE_MACHINES } from "../commissions/money-status-rules.ts";
import {
  bankCheckingMessage,
  normalizeAccountNumber,
  normalizeSortCode,
  type BankHold,
} from "../commissions/bank-rules.ts";

/** Why a partner is not in a month's payout. */
export type LeftOutCode =
  | "not_applicable"
  | "month_not_ended"
  | "incomplete"
  | "already_paid"
  | "no_commission"
  | "bank_missing"
  | "bank_invalid"
  | "bank_changed"
  | "payee_name";

export interface LeftOutReason {
  code: LeftOutCode;
  message: string;
}

/** What the payout needs to know of a partner's month (commission-summary.ts's figures and the partner's bank details). */
export interface PayoutPartner {
  partnerId: number;
  name: string | null;
  username: string;
  partnerType: PartnerType;
  activeMachines: number;
  submittedReports: number;
  /** What the month owes: the commission under the partner's agreement plus the month's adjustments (never below 0). */
  commissionPence: number;
  /** The adjustments included (a paid month's difference under a new agreement, a negative month carried on). */
  adjustmentsPence?: number;
  paymentStatus: "pending" | "completed" | null;
  paidDate: string | null;
  /** What a paid month paid (its snapshot). */
  paidAmountPence: number | null;
  /** Money already paid for the month (a month Reset Month reopened), and the latest day it was sent. */
  alreadyPaidPence?: number;
  alreadyPaidDate?: string | null;
  accountHolderName: string | null;
  bankName: string | null;
  sortCode: string | null;
  accountNumber: string | null;
  /** A recent change of the bank details that still holds payments (bank-rules.ts's bankHold). */
  bankHold?: BankHold | null;
}

export const partnerLabel = (p: Pick<PayoutPartner, "name" | "username">) => p.name ?? p.username;

/**
 * Whether the partner's commission for the month can be paid, and why not: profit-sharing or
 * tiered, the month has ended, every active machine has reported, not yet paid, and more than £0.
 */
export function payoutEligibility(p: PayoutPartner, month: string, now: Date = new Date()): LeftOutReason | null {
  if (!isProfitSharingType(p.partnerType))
    return { code: "not_applicable", message: "No commission for this partner type" };
  if (!monthHasEnded(month, now))
    return { code: "month_not_ended", message: `${formatMonth(month)} has not ended yet` };
  if (p.paymentStatus === "completed") {
    return {
      code: "already_paid",
      message: `Already paid${p.paidDate ? ` on ${formatDate(p.paidDate)}` : ""} (${formatPence(p.paidAmountPence ?? p.commissionPence)})`,
    };
  }
  if (p.activeMachines === 0) return { code: "incomplete", message: NO_ACTIVE_MACHINES };
  if (p.submittedReports < p.activeMachines) {
    return {
      code: "incomplete",
      message: `Waiting for machine reports: ${p.submittedReports} of ${p.activeMachines} active machines reported`,
    };
  }
  const already = p.alreadyPaidPence ?? 0;
  if (already > 0 && p.commissionPence - already <= 0) {
    const rest = p.commissionPence - already;
    return {
      code: "no_commission",
      message: `Nothing more to pay: ${repaymentText(month, p.commissionPence, { pence: already, lastPaidDate: p.alreadyPaidDate ?? null })}${rest < 0 ? ". Mark it as paid to carry the difference to the next month" : ""}`,
    };
  }
  if (p.commissionPence <= 0) return { code: "no_commission", message: "No commission to pay (£0.00)" };
  return null;
}

export type BankCheck = { ok: true; sortCode: string; accountNumber: string } | { ok: false; reason: LeftOutReason };

const blank = (value: string | null | undefined) => !value || !value.trim();

/**
 * A UK account's details as a bank file takes them: the sort code is 6 digits and the account
 * number 8 (7 get a leading 0) once spaces and hyphens are removed ("05-01-23" → "050123"). Missing or otherwise → the reason.
 */
export function checkBankDetails(
  sortCode: string | null | undefined,
  accountNumber: string | null | undefined,
): BankCheck {
  const missing = [blank(sortCode) ? "sort code" : null, blank(accountNumber) ? "account number" : null].filter(
    Boolean,
  );
  if (missing.length)
    return {
      ok: false,
      reason: { code: "bank_missing", message: `Bank details missing: no ${missing.join(" and no ")}` },
    };
  const sort = normalizeSortCode(sortCode);
  const account = normalizeAccountNumber(accountNumber);
  if (!sort.ok || !account.ok)
    return {
      ok: false,
      reason: {
        code: "bank_invalid",
        message: bankCheckingMessage({ sortCode: sortCode!, accountNumber: accountNumber! })!,
      },
    };
  return { ok: true, sortCode: sort.value!, accountNumber: account.value! };
}

/** The payee: the account holder's name when the partner gave one, else the partner's name. */
export function payeeName(p: Pick<PayoutPartner, "accountHolderName" | "name" | "username">): string {
  return bacsText(blank(p.accountHolderName) ? partnerLabel(p) : p.accountHolderName!);
}

export interface PayoutLine {
  partnerId: number;
  partnerName: string;
  payeeName: string;
  bankName: string | null;
  sortCode: string;
  accountNumber: string;
  /** What the bank file sends: what the month comes to, less any money already paid for it. */
  amountPence: number;
  /** The adjustments the month includes (0 when none). */
  adjustmentsPence: number;
  /** What the month comes to, and what was already paid for it (0 unless Reset Month reopened it); the top-up's reference is "<PREFIX> ADJ YYYY-MM". */
  monthPence: number;
  alreadyPaidPence: number;
  alreadyPaidDate: string | null;
  reference: string;
}

export interface LeftOutPartner {
  partnerId: number;
  partnerName: string;
  amountPence: number;
  reason: LeftOutReason;
}

export interface PayoutPlan {
  month: string;
  eligible: PayoutLine[];
  /** Profit-sharing and tiered partners not in the payout, each with why (other types have no commission and are not listed). */
  leftOut: LeftOutPartner[];
  totalPence: number;
  /** The month's payment reference, "<PREFIX> COMM YYYY-MM" (a top-up's line carries "<PREFIX> ADJ YYYY-MM"). */
  reference: string;
}

/** The month's payout: every partner either in it (with the line the bank file gets) or left out with the reason. */
export function planPayout(
  partners: readonly PayoutPartner[],
  month: string,
  now: Date = new Date(),
  /** What the references start with (`payoutPrefixOf` the business profile). */
  prefix: string = DEFAULT_PAYOUT_PREFIX,
): PayoutPlan {
  const eligible: PayoutLine[] = [];
  const leftOut: LeftOutPartner[] = [];
  for (const p of partners) {
    const partnerName = partnerLabel(p);
    const already = p.alreadyPaidPence ?? 0;
    // What a line would send: never below 0 (a month now below what was paid sends nothing; Mark as Paid carries the rest).
    const amountPence =
      p.paymentStatus === "completed"
        ? (p.paidAmountPence ?? p.commissionPence)
        : Math.max(0, p.commissionPence - already);
    const refusal = payoutEligibility(p, month, now);
    if (refusal) {
      if (refusal.code !== "not_applicable")
        leftOut.push({ partnerId: p.partnerId, partnerName, amountPence, reason: refusal });
      continue;
    }
    const bank = checkBankDetails(p.sortCode, p.accountNumber);
    if (!bank.ok) {
      leftOut.push({ partnerId: p.partnerId, partnerName, amountPence, reason: bank.reason });
      continue;
    }
    if (p.bankHold) {
      const reason = { code: "bank_changed" as const, message: p.bankHold.message };
      leftOut.push({ partnerId: p.partnerId, partnerName, amountPence, reason });
      continue;
    }
    const payee = payeeName(p);
    if (!payee) {
      leftOut.push({
        partnerId: p.partnerId,
        partnerName,
        amountPence,
        reason: {
          code: "payee_name",
          message: "The account holder's name has no letters or digits a bank file accepts",
        },
      });
      continue;
    }
    eligible.push({
      partnerId: p.partnerId,
      partnerName,
      payeeName: payee,
      bankName: p.bankName,
      sortCode: bank.sortCode,
      accountNumber: bank.accountNumber,
      amountPence,
      adjustmentsPence: p.adjustmentsPence ?? 0,
      monthPence: p.commissionPence,
      alreadyPaidPence: already,
      alreadyPaidDate: p.alreadyPaidDate ?? null,
      reference: already > 0 ? topUpReference(month, prefix) : payoutReference(month, prefix),
    });
  }
  return { month, eligible, leftOut, totalPence: payoutTotal(eligible), reference: payoutReference(month, prefix) };
}

/** What a line pays, in words: "£32.62", or for a top-up "October 2026: £32.62, already paid £32.15 on 27/11/2026, now £0.47". */
export function payoutLineFigures(
  line: Pick<PayoutLine, "amountPence" | "monthPence" | "alreadyPaidPence" | "alreadyPaidDate">,
  month: string,
): string {
  return paymentFiguresText(month, line.monthPence, {
    pence: line.alreadyPaidPence,
    lastPaidDate: line.alreadyPaidDate,
  });
}

/** The batch's total in pence. */
export function payoutTotal(lines: readonly Pick<PayoutLine, "amountPence">[]): number {
  return lines.reduce((sum, line) => sum + line.amountPence, 0);
}

/** What the toast and the CLI say of a run of remittances. */
export interface RemittanceResult {
  partnerName: string;
  status: "sent" | "written" | "no_email" | "failed" | "skipped";
  error: string | null;
}

/**
 * "2 remittances sent.", then what was not: kept in the outbox (no mail server), no email address,
 * failed (to send again from Payouts), already sent.
 */
export function remittanceNote(results: readonly RemittanceResult[]): string {
  const of = (status: RemittanceResult["status"]) => results.filter((r) => r.status === status);
  const names = (list: readonly RemittanceResult[]) => list.map((r) => r.partnerName).join(", ");
  const sent = of("sent").length;
  const written = of("written").length;
  const parts: string[] = [];
  if (sent || !written) parts.push(`${formatCount(sent, "remittance")} sent.`);
  if (written)
    parts.push(
      `${formatCount(written, "remittance")} kept in the server's outbox: no mail server is set up (SMTP_URL).`,
    );
  const noEmail = of("no_email");
  if (noEmail.length) parts.push(`Not sent to ${names(noEmail)}: no email address.`);
  const failed = of("failed");
  if (failed.length)
    parts.push(
      `Failed for ${failed.map((r) => `${r.partnerName} (${r.error ?? "unknown error"})`).join(", ")}: the payment stands; send it again from Payouts.`,
    );
  const skipped = of("skipped");
  if (skipped.length) parts.push(`Already sent to ${names(skipped)}.`);
  return parts.join(" ");
}
