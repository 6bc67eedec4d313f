/** vendboard audit [--partner ID] [--month YYYY-MM] [--since YYYY-MM-DD] [--limit N] [--json]: the audit trail, newest first. */
import Table from "cli-table3";
import { auditChangeLines, formatAuditTime } from "#domain/audit/audit-entries.ts";
import { auditFilterField, auditFilterSchema, type AuditFilter } from "#domain/audit/audit-schemas.ts";
import { listAudit } from "#domain/audit/audit-service.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { UsageError } from "../errors.ts";
import { AUDIT_DEFAULT_LIMIT } from "../program.ts";

const FLAGS: Partial<Record<keyof AuditFilter, string>> = {
  partnerId: "--partner",
  month: "--month",
  since: "--since",
  pageSize: "--limit",
};

export interface AuditOptions {
  partner?: string;
  month?: string;
  since?: string;
  limit?: string;
  json?: boolean;
}

/** The flags through the same filter schema as the page and the API; a bad one is a usage error (exit 2). */
export function auditFilterFromFlags(options: AuditOptions): AuditFilter {
  const parsed = auditFilterSchema.safeParse({
    partnerId: options.partner,
    month: options.month,
    since: options.since,
    pageSize: options.limit ?? AUDIT_DEFAULT_LIMIT,
    page: 1,
  });
  if (!parsed.success) {
    const field = auditFilterField(parsed.error);
    const flag = field ? FLAGS[field] : undefined;
    throw new UsageError(`${flag ? `${flag}: ` : ""}${parsed.error.issues[0]?.message ?? "invalid filter"}`);
  }
  return parsed.data;
}

const COLUMN_WIDTHS = [18, 13, 38, 18, 9, 36];

/** Words longer than a column (file names) go on several lines instead of being cut off with "…". */
function fitWords(text: string, column: number): string {
  const room = COLUMN_WIDTHS[column] - 2;
  return text
    .split("\n")
    .map((line) =>
      line
        .split(" ")
        .map((word) => (word.length > room ? (word.match(new RegExp(`.{1,${room}}`, "g")) ?? [word]).join("\n") : word))
        .join(" "),
    )
    .join("\n");
}

export async function runAudit(io: CliIO, options: AuditOptions) {
  const filter = auditFilterFromFlags(options);
  const result = await withDatabase(io, (db) => listAudit(db, filter));
  if (options.json) {
    printJson(io, result);
    return result;
  }
  if (!result.entries.length) {
    io.stdout.write("No audit entries found\n");
    return result;
  }
  const table = new Table({
    head: ["When (UTC)", "Who", "What", "Partner", "Month", "Before → After"],
    colWidths: COLUMN_WIDTHS,
    wordWrap: true,
    style: { head: [], border: [] },
  });
  for (const entry of result.entries) {
    const row = [
      formatAuditTime(entry.at),
      entry.actor,
      entry.description,
      entry.partner ? `${entry.partner.name ?? `#${entry.partner.id}`}${entry.partner.exists ? "" : " (deleted)"}` : "",
      entry.month ?? "",
      auditChangeLines(entry).join("\n"),
    ];
    table.push(row.map(fitWords));
  }
  io.stdout.write(`${table.toString()}\n`);
  const shown = result.entries.length;
  io.stderr.write(
    `${shown} of ${result.total} entr${result.total === 1 ? "y" : "ies"}, newest first${shown < result.total ? ` (--limit ${filter.pageSize}; more with a higher --limit)` : ""}.\n`,
  );
  return result;
}
