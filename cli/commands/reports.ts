/** vendboard reports export --month YYYY-MM [--partner ID] --out DIR [--send] [--json] */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { mailConfig } from "#db/config.ts";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import { formatMonth } from "#domain/shared/dates.ts";
import { formatCount, formatUnits } from "#domain/shared/format.ts";
import { assertMonthEnded } from "#domain/month-close/month-close-rules.ts";
import { isProfitSharingType } from "#domain/partners/partner-rules.ts";
import { consolidatedReport, reportAlreadySent, sendReport } from "#domain/commissions/statement-service.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { EXIT_FAILURE, EXIT_OK, UsageError } from "../errors.ts";
import { idFlag, monthFlag, parseOptions } from "../options.ts";

const exportOptions = z.object({
  month: monthFlag,
  out: z.string({ error: "--out DIR is required" }).min(1, "--out DIR is required"),
  partner: idFlag("--partner takes a partner id").optional(),
});

export interface ExportOutcome {
  partnerId: number;
  partner: string;
  status: "written" | "skipped" | "failed";
  file?: string;
  reason?: string;
  email?: { emailSent: boolean; details: string; error: string | null };
}

export async function runExport(
  io: CliIO,
  options: { month?: string; partner?: string; out?: string; send?: boolean; resend?: boolean; json?: boolean },
): Promise<number> {
  const { month, out, partner: partnerId } = parseOptions(exportOptions, options);
  // A month in progress is never sent as a statement (exit 1 with the month and the day it ends).
  assertMonthEnded(month);
  fs.mkdirSync(out, { recursive: true });
  // Emails link to APP_URL (required when NODE_ENV is production): read only when there is mail to send.
  const mail = options.send ? mailConfig(io.env) : null;

  const outcomes = await withDatabase(io, async (db) => {
    let query = db
      .selectFrom("users")
      .select(["id", "name", "username", "partnerType"])
      .where("isAdmin", "=", 0)
      .orderBy("name");
    if (partnerId !== undefined) query = query.where("id", "=", partnerId);
    const partners = await query.execute();
    if (partnerId !== undefined && !partners.length) throw new UsageError(`partner ${partnerId} does not exist`);
    const results: ExportOutcome[] = [];
    for (const p of partners) {
      const name = p.name ?? p.username;
      if (!isProfitSharingType(p.partnerType)) {
        results.push({
          partnerId: p.id,
          partner: name,
          status: "skipped",
          reason: "no commission for this partner type",
        });
        continue;
      }
      const pm = await partnerMonth(db, p.id, month);
      if (!pm.complete) {
        results.push({
          partnerId: p.id,
          partner: name,
          status: "skipped",
          reason: `${formatUnits(pm.submittedReports)} of ${formatCount(pm.activeMachines, "active machine")} reported`,
        });
        continue;
      }
      try {
        const report = await consolidatedReport(db, p.id, month);
        const file = path.join(out, `${month}-${p.id}-${p.username.replace(/[^\w-]+/g, "-")}.pdf`);
        fs.writeFileSync(file, report.bytes);
        const outcome: ExportOutcome = { partnerId: p.id, partner: name, status: "written", file };
        if (options.send) {
          // A rerun of the monthly job does not email partners twice, unless --resend says so.
          outcome.email =
            !options.resend && (await reportAlreadySent(db, p.id, month))
              ? { emailSent: false, error: null, details: "already sent for this month (use --resend to send again)" }
              : await sendReport(db, mail!, p.id, month);
        }
        results.push(outcome);
      } catch (error) {
        results.push({
          partnerId: p.id,
          partner: name,
          status: "failed",
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return results;
  });

  if (options.json) printJson(io, { month, reports: outcomes });
  else {
    for (const o of outcomes) {
      const line =
        o.status === "written"
          ? `wrote   ${o.partner}: ${o.file}${o.email ? ` (${emailNote(o.email)})` : ""}`
          : `${o.status === "skipped" ? "skipped" : "FAILED "} ${o.partner}: ${o.reason}`;
      io.stdout.write(`${line}\n`);
    }
    io.stderr.write(
      `${formatCount(outcomes.filter((o) => o.status === "written").length, "report")} for ${formatMonth(month)} in ${out}\n`,
    );
  }
  return outcomes.some((o) => o.status === "failed") ? EXIT_FAILURE : EXIT_OK;
}

function emailNote(email: NonNullable<ExportOutcome["email"]>): string {
  if (email.emailSent) return email.details;
  return email.details.startsWith("Report processed")
    ? "not emailed: no email address"
    : `not emailed: ${email.details}`;
}
