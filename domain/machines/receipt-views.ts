/** An import receipt as a machine's record shows it: its skips by reason and what it left out, in words. */
import type { Selectable } from "kysely";
import type { ImportReceiptsTable } from "#db/schema.ts";
import { leftOutSentence } from "../imports/import-words.ts";
import { SKIP_REASONS, type SkipReason } from "../imports/telemetry-export.ts";

export interface ReceiptView {
  id: number;
  fileName: string;
  sha256: string;
  rowsRead: number;
  imported: number;
  duplicates: number;
  /** The spec's skips by reason, with their revenue on receipts that record it (older ones do not). */
  skipped: { reason: string; count: number; revenuePence?: number }[];
  outsideMonth: number;
  /** Rows left out, as sentences: "98 rows are dated September 2026", "3 rows are already booked to …". */
  excluded: string[];
  footerAgrees: boolean | null;
  createdAt: string;
}

export function receiptView(r: Selectable<ImportReceiptsTable>): ReceiptView {
  const excluded = JSON.parse(r.excluded) as { kind?: string; reason: string; count: number; revenuePence?: number }[];
  return {
    id: r.id,
    fileName: r.fileName,
    sha256: r.sha256,
    rowsRead: r.rowsRead,
    imported: r.imported,
    duplicates: r.duplicates,
    // Newer receipts list the skipped rows with their revenue among what was left out.
    skipped: Object.entries(JSON.parse(r.skipped) as Record<string, number>).map(([key, count]) => {
      const reason = SKIP_REASONS[key as SkipReason] ?? key;
      const revenuePence = excluded.find((e) => e.kind === "skipped" && e.reason === reason)?.revenuePence;
      return revenuePence === undefined ? { reason, count } : { reason, count, revenuePence };
    }),
    outsideMonth: r.outsideMonth,
    excluded: excluded.filter((e) => e.kind !== "skipped").map(leftOutSentence),
    footerAgrees: r.footerAgrees === null ? null : r.footerAgrees === 1,
    createdAt: r.createdAt,
  };
}
