/**
 * A partner's month as every screen shows it (machines, totals, the agreement's lines, adjustments,
 * payment and money paid), assembled from what the database holds: pure. Reading it is
 * commission-service.ts (loadPartnerMonths).
 */
import type { AdjustmentReason, User } from "#db/schema.ts";
import type { TieredCommission } from "../shared/commission-rules.ts";
import { monthCommission, type MonthCommission } from "../agreements/month-commission-rules.ts";
import { type AgreementRecord, type AgreementTerms, type CommissionLine } from "../agreements/agreement-rules.ts";
import { dueOf, type MonthAdjustment } from "../agreements/agreement-terms.ts";
import { reportsComplete } from "../month-close/month-close-rules.ts";
import type { MoneyPaid } from "./correction-words.ts";
import { moneyPaidFrom } from "./correction-rules.ts";
import { monthVat, type MonthVat } from "../agreements/self-billing-rules.ts";

export type CommissionPaymentStatus = "completed" | "pending" | "not_applicable";

export interface MachineLine {
  machineId: number;
  location: string;
  status: "active" | "inactive";
  /** Null when the machine has no record for the month. */
  recordId: number | null;
  units: number;
  revenuePence: number;
  cogsPence: number;
  cardFeePence: number;
  netProfitPence: number;
  commissionPence: number;
}

export interface PartnerMonth {
  partner: Pick<User, "id" | "username" | "name" | "email" | "billingAddress" | "partnerType">;
  month: string;
  rateBp: number;
  machines: MachineLine[];
  activeMachines: number;
  submittedReports: number;
  /** Every active machine has a record for the month (and there is at least one). */
  complete: boolean;
  totals: {
    units: number;
    revenuePence: number;
    cogsPence: number;
    cardFeePence: number;
    netProfitPence: number;
    commissionPence: number;
  };
  tiers: TieredCommission | null;
  /** The agreement's terms for the month (null: no commission), its lines, and the adjustments added to the month. */
  terms: AgreementTerms | null;
  lines: CommissionLine[];
  adjustments: MonthAdjustment[];
  /** The commission under the agreement before adjustments (totals.commissionPence is what the month owes, VAT included). */
  agreementPence: number;
  /** A self-billed month's VAT on top of the commission and its adjustments (absent when none). */
  vat?: MonthVat;
  payment: {
    status: CommissionPaymentStatus;
    paidDate: string | null;
    amountPence: number | null;
    rateBp: number | null;
  };
  /** Money already paid for the month (kept when Reset Month reopens it), and each payment of it. */
  moneyPaid: MoneyPaid;
  transfers: { amountPence: number; paidDate: string; reference: string }[];
  /** What the month sent on to later months once paid (late sales, deleted records, agreements, carried rests), less what Reset Month took back. */
  sentOn: { month: string; amountPence: number; reason: AdjustmentReason }[];
}

/** Pure assembly of a partner's month from its machines, records, terms and payment. */
export function partnerMonthFrom(
  partner: Pick<User, "id" | "username" | "name" | "email" | "billingAddress" | "partnerType">,
  month: string,
  machines: { id: number; location: string; status: "active" | "inactive" }[],
  records: ({
    id: number;
    machineId: number;
    totalSales: number;
    revenuePence: number;
    cogsPence: number;
  } & Partial<AgreementRecord>)[],
  agreement: { terms: AgreementTerms | null; rateBp: number },
  payment: {
    status: "pending" | "completed";
    paidDate: string | null;
    amountPence: number | null;
    rateBp: number | null;
  } | null,
  adjustments: MonthAdjustment[] = [],
  paid: Pick<PartnerMonth, "transfers" | "sentOn"> = { transfers: [], sentOn: [] },
  /** The VAT rate of a self-billed month (self-billing-rules.ts vatRateOfMonth), null without. */
  vatRateBp: number | null = null,
): PartnerMonth {
  const { terms, rateBp } = agreement;
  const result: MonthCommission = monthCommission(terms, records);
  const applied = result.applicable ? adjustments : [];
  const byMachine = new Map(records.map((r, i) => [r.machineId, { record: r, figures: result.records[i] }]));
  const lines: MachineLine[] = machines.map((m) => {
    const hit = byMachine.get(m.id);
    return {
      machineId: m.id,
      location: m.location,
      status: m.status,
      recordId: hit?.record.id ?? null,
      units: hit?.record.totalSales ?? 0,
      revenuePence: hit?.record.revenuePence ?? 0,
      cogsPence: hit?.record.cogsPence ?? 0,
      cardFeePence: hit?.figures.cardFeePence ?? 0,
      netProfitPence: hit?.figures.netProfitPence ?? 0,
      commissionPence: hit?.figures.commissionPence ?? 0,
    };
  });
  const active = machines.filter((m) => m.status === "active");
  const submitted = active.filter((m) => byMachine.has(m.id)).length;
  const sum = (key: keyof MachineLine) => lines.reduce((s, l) => s + (l[key] as number), 0);
  const due = result.applicable ? dueOf(result.commissionPence, applied) : 0;
  const vat = result.applicable ? monthVat(due, vatRateBp) : null;
  return {
    partner,
    month,
    rateBp,
    machines: lines,
    activeMachines: active.length,
    submittedReports: submitted,
    complete: reportsComplete(active.length, submitted),
    totals: {
      units: sum("units"),
      revenuePence: sum("revenuePence"),
      cogsPence: sum("cogsPence"),
      cardFeePence: sum("cardFeePence"),
      netProfitPence: sum("netProfitPence"),
      commissionPence: due + (vat?.vatPence ?? 0),
    },
    tiers: result.tiers,
    terms,
    lines: result.lines,
    adjustments: applied,
    agreementPence: result.commissionPence,
    ...(vat ? { vat } : {}),
    payment: result.applicable
      ? {
          status: payment?.status ?? "pending",
          paidDate: payment?.paidDate ?? null,
          amountPence: payment?.amountPence ?? null,
          rateBp: payment?.rateBp ?? null,
        }
      : { status: "not_applicable", paidDate: null, amountPence: null, rateBp: null },
    moneyPaid: moneyPaidFrom(paid.transfers),
    transfers: paid.transfers,
    sentOn: result.applicable ? paid.sentOn : [],
  };
}
