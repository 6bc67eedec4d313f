/** A payout's lines as the JSON API and the CLI's --json answer them: pounds at the edge, the account number masked. */
import { maskAccountNumber } from "../shared/format.ts";
import { penceToPounds } from "../shared/money.ts";
import type { LeftOutPartner, PayoutLine } from "./payout-rules.ts";

export function payoutLineJson(l: PayoutLine) {
  return {
    partnerId: l.partnerId,
    partnerName: l.partnerName,
    payeeName: l.payeeName,
    bankName: l.bankName,
    sortCode: l.sortCode,
    accountNumber: maskAccountNumber(l.accountNumber),
    amount: penceToPounds(l.amountPence),
    monthAmount: penceToPounds(l.monthPence),
    alreadyPaid: penceToPounds(l.alreadyPaidPence),
    reference: l.reference,
  };
}

export function leftOutJson(l: LeftOutPartner) {
  return {
    partnerId: l.partnerId,
    partnerName: l.partnerName,
    amount: penceToPounds(l.amountPence),
    reason: l.reason.code,
    message: l.reason.message,
  };
}
