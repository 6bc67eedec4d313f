/** Consolidated reports and record statements as PDFs, and sending a report by email. */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { partnerMonth } from "./commission-service.ts";
import { type PartnerMonth } from "./partner-month.ts";
import { formatRate } from "../shared/commission-rules.ts";
import { isFlatNetProfitShare, isSeedTerms } from "../agreements/agreement-rules.ts";
import { formatMonth } from "../shared/dates.ts";
import { DomainError } from "../shared/errors.ts";
import { assertMonthEnded } from "../month-close/month-close-rules.ts";
import { sendDocument, type MailConfig, MailError } from "../mail/mail-service.ts";
import type { MailBody } from "../mail/mail-templates.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { formatCount, formatPence, formatUnits } from "../shared/format.ts";
import { consolidatedReportPdf, recordStatementPdf, workingsOf } from "./statement-pdf.ts";

type DB = Kysely<Database>;

export interface PdfFile {
  filename: string;
  bytes: Uint8Array;
}

/** The consolidated report, only when every active machine has the month's record (409 otherwise). */
export async function consolidatedReport(
  db: DB,
  partnerId: number,
  month: string,
  now: Date = new Date(),
): Promise<PdfFile & { commissionPence: number }> {
  assertMonthEnded(month, now);
  const pm = await partnerMonth(db, partnerId, month);
  if (pm.payment.status === "not_applicable") {
    throw new DomainError("conflict", "Commission reports are for profit-sharing and tiered partners only");
  }
  if (!pm.complete) {
    throw new DomainError(
      "conflict",
      pm.activeMachines === 0
        ? `The report for ${formatMonth(month)} is not available: the partner has no active machines`
        : `The report for ${formatMonth(month)} is not available yet: ${formatUnits(pm.submittedReports)} of ${formatCount(pm.activeMachines, "active machine")} reported`,
    );
  }
  // A paid month states what was paid (the snapshot).
  const commissionPence =
    pm.payment.status === "completed" && pm.payment.amountPence !== null
      ? pm.payment.amountPence
      : pm.totals.commissionPence;
  return {
    filename: `consolidated-report-${month}.pdf`,
    bytes: await consolidatedReportPdf(pm, { business: await getBusinessProfile(db) }),
    commissionPence,
  };
}

export interface SendReportResult {
  emailSent: boolean;
  error: string | null;
  details: string;
}

export const reportSubject = (month: string) => `Monthly Commission Report: ${formatMonth(month)}`;

/** Whether the month's report already went to the partner's current address (sent or written to the outbox). */
export async function reportAlreadySent(db: DB, partnerId: number, month: string): Promise<boolean> {
  const partner = await db.selectFrom("users").select("email").where("id", "=", partnerId).executeTakeFirst();
  if (!partner?.email) return false;
  const hit = await db
    .selectFrom("emailLog")
    .select("id")
    .where("toAddress", "=", partner.email)
    .where("subject", "=", reportSubject(month))
    .where("result", "in", ["sent", "written"])
    .executeTakeFirst();
  return Boolean(hit);
}

/** Emails the consolidated report; a partner without an email address gets emailSent false. */
export async function sendReport(
  db: DB,
  mail: MailConfig,
  partnerId: number,
  month: string,
): Promise<SendReportResult> {
  const report = await consolidatedReport(db, partnerId, month);
  const partner = await db
    .selectFrom("users")
    .select(["name", "username", "email"])
    .where("id", "=", partnerId)
    .executeTakeFirstOrThrow();
  if (!partner.email) {
    return {
      emailSent: false,
      error: null,
      details: "Report processed, but no email was sent because partner has no email address",
    };
  }
  const subject = reportSubject(month);
  try {
    const business = await getBusinessProfile(db);
    const body: MailBody = {
      greeting: `Dear ${partner.name ?? partner.username},`,
      paragraphs: [
        `Please find attached your commission report for ${formatMonth(month)}.\nCommission for the month: ${formatPence(report.commissionPence)}.`,
        "You can see every machine's figures, and the transactions behind them, on your dashboard.",
      ],
      action: { label: "Open your dashboard", path: "/" },
    };
    const document = { filename: report.filename, bytes: report.bytes };
    const outcome = await sendDocument(db, mail, { to: partner.email, subject, body, business, document });
    return { emailSent: true, error: null, details: outcome.details };
  } catch (error) {
    if (error instanceof MailError) throw error;
    throw new MailError(error instanceof Error ? error.message : String(error));
  }
}

/** One record's statement PDF, at the rate of its month; never for a month still in progress (409). */
export async function recordStatement(db: DB, recordId: number, now: Date = new Date()): Promise<PdfFile> {
  const record = await db
    .selectFrom("monthlyRecords as r")
    .innerJoin("machines as m", "m.id", "r.machineId")
    .innerJoin("users as u", "u.id", "m.partnerId")
    .select([
      "r.id",
      "r.machineId",
      "r.month",
      "r.totalSales",
      "r.revenuePence",
      "r.cogsPence",
      "m.location",
      "m.status",
      "m.partnerId",
    ])
    .where("r.id", "=", recordId)
    .executeTakeFirstOrThrow();
  assertMonthEnded(record.month, now);
  const partner = await db.selectFrom("users").selectAll().where("id", "=", record.partnerId).executeTakeFirstOrThrow();
  // The machine's share is worked out with the partner's whole month (tiers split across machines).
  const pm = await partnerMonth(db, partner.id, record.month);
  const line = pm.machines.find((m) => m.machineId === record.machineId)!;
  const bytes = await recordStatementPdf(
    {
      partner,
      location: record.location,
      month: record.month,
      units: line.units,
      revenuePence: line.revenuePence,
      cogsPence: line.cogsPence,
      cardFeePence: line.cardFeePence,
      netProfitPence: line.netProfitPence,
      commissionPence: line.commissionPence,
      commissionLabel: commissionLabelOf(pm, "Tiered Commission (this machine's share)"),
      workings: workingsOf(pm, record.machineId),
      payment: pm.payment,
    },
    { business: await getBusinessProfile(db) },
  );
  return { filename: `statement-${record.location.replace(/[^\w-]+/g, "-").toLowerCase()}-${record.month}.pdf`, bytes };
}

/**
 * How a month's commission is labelled: the spec's 'Profit Share (10%)' and 'Tiered Commission' for
 * the seed's agreements, 'Commission (agreement)' for any other (its lines say how).
 */
export function commissionLabelOf(
  pm: Pick<PartnerMonth, "terms" | "rateBp" | "partner">,
  tiered = "Tiered Commission",
): string {
  if (!pm.terms || isFlatNetProfitShare(pm.terms)) return `Profit Share (${formatRate(pm.terms?.rate ?? pm.rateBp)})`;
  if (isSeedTerms(pm.partner.partnerType, pm.terms)) return tiered;
  return "Commission (agreement)";
}
