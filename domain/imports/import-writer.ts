/**
 * Writes one file in one transaction: planned inside it, every machine's month written
 * (sales-writer.ts), late sales confirmed or refused, then an import receipt and an audit entry per
 * record.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { auditMany } from "../shared/audit-writer.ts";
import { insertMany } from "#db/bulk.ts";
import { describeOutsideMonth } from "./booking-rules.ts";
import { addCorrections, paidMonthChanges, paidMonthsBefore } from "../commissions/correction-service.ts";
import { footerCheck, type ParsedSalesReport } from "./telemetry-export.ts";
import { sha256, storeUpload } from "./upload-store.ts";
import { writeGroups } from "./sales-writer.ts";
import { profileCopy } from "./profile-service.ts";
import {
  ExclusionsNeedConfirmationError,
  PaidMonthsNeedConfirmationError,
  type FileImportResult,
  type ImportFile,
  type ImportMode,
  type ImportOptions,
  type Machines,
} from "./import-types.ts";
import { confirmLeftOut, exclusionsOf, fileResult, groupResult, receiptLeftOut } from "./import-results.ts";
import { assertPlanImportable, monthsWithNewRows, planFile } from "./import-plan-service.ts";

type DB = Kysely<Database>;

export async function writeFile(
  db: DB,
  machines: Machines,
  file: ImportFile,
  report: ParsedSalesReport,
  mode: ImportMode,
  options: ImportOptions,
): Promise<FileImportResult> {
  const dateLeft = confirmLeftOut(report);
  // Rows with money left out for their date (or with no cost price): the file is written only once the user has confirmed it.
  if (dateLeft.length && !options.acceptExclusions) throw new ExclusionsNeedConfirmationError(dateLeft);
  const digest = sha256(file.bytes);
  // The file is kept while its rows are planned and written; the receipts wait for its key.
  const storing = storeUpload(db, options.dataDir, file, digest);
  storing.catch(() => undefined);
  const footer = footerCheck(report);
  const agrees = footer?.agrees ?? null;
  // The receipt keeps a copy of the profile the file was read with: deleting the profile loses nothing.
  const profile = report.profile ? await profileCopy(db, report.profile) : null;
  return db.transaction().execute(async (trx) => {
    // Planned inside the transaction, so a concurrent import of the same rows cannot slip in between.
    const plan = await planFile(trx, machines, report, mode, []);
    assertPlanImportable(plan, machines);
    const outside = describeOutsideMonth(plan.outsideMonth);
    // Late sales for paid months: what those months come to before the rows are written.
    const before = await paidMonthsBefore(trx, monthsWithNewRows(machines, plan.groups));
    // Every machine's month of the file at once (sales-writer.ts), then a receipt and an audit entry each.
    const recordIds = await writeGroups(trx, plan.groups);
    const paidMonths = await paidMonthChanges(trx, before);
    // Unconfirmed, nothing of the file stays: the transaction rolls back with the 409 naming the differences.
    if (paidMonths.length && !options.adjustPaidMonths) throw new PaidMonthsNeedConfirmationError(paidMonths);
    await addCorrections(trx, paidMonths, "late_sales", options.actorId, { file: file.name, sha256: digest });
    const storedPath = await storing;
    const groups = plan.groups.map((group, i) => groupResult(machines, group, recordIds[i], mode));
    const written = groups.filter((g) => g.recordId !== null);
    const skipped = JSON.stringify(report.skipped);
    const outsideCount = outside.reduce((n, o) => n + o.count, 0);
    const result = fileResult(file, digest, report, plan, groups, exclusionsOf(plan.unmapped), paidMonths);
    await insertMany(
      trx,
      "import_receipts",
      [
        "record_id",
        "file_name",
        "sha256",
        "stored_path",
        "rows_read",
        "imported",
        "duplicates",
        "skipped",
        "outside_month",
        "excluded",
        "footer_agrees",
        "imported_by",
        "profile_name",
        "profile_version",
        "profile",
      ],
      written.map((g) => [
        g.recordId,
        file.name,
        digest,
        storedPath,
        report.rowsRead,
        g.imported,
        g.duplicates,
        skipped,
        outsideCount,
        JSON.stringify(
          receiptLeftOut(g, report, plan).map(({ kind, reason, count, revenuePence }) => ({
            kind,
            reason,
            count,
            revenuePence,
          })),
        ),
        agrees === null ? null : agrees ? 1 : 0,
        options.actorId,
        profile?.name ?? null,
        profile?.version ?? null,
        profile ? JSON.stringify(profile) : null,
      ]),
    );
    // Each entry names everything the file left out, with revenue, and whether the user confirmed it.
    const leftOut = result.leftOut.map(({ reason, count, revenuePence }) => ({ reason, count, revenuePence }));
    await auditMany(
      trx,
      written.map((g) => ({
        actorId: options.actorId,
        action: "import",
        entity: "monthly_record",
        entityId: g.recordId,
        partnerId: g.partnerId,
        month: g.month,
        after: {
          location: g.location,
          imported: g.imported,
          units: g.units,
          revenuePence: g.revenuePence,
          cogsPence: g.cogsPence,
        },
        details: {
          file: file.name,
          sha256: digest,
          duplicates: g.duplicates,
          alreadyBooked: g.alreadyBooked,
          monthClosed: g.monthClosed,
          leftOut,
          ...(dateLeft.length ? { exclusionsConfirmed: true } : {}),
          ...(report.profile ? { profile: report.profile } : {}),
          ...(report.dates.decidedBy && report.dates.decidedBy !== "not needed"
            ? { dateOrder: report.dates.order, dateOrderDecidedBy: report.dates.decidedBy }
            : {}),
        },
      })),
    );
    // A confirmed file whose every row was left out writes no record: one entry still says what it left out.
    if (!written.length && leftOut.length) {
      await auditMany(trx, [
        {
          actorId: options.actorId,
          action: "import",
          entity: "monthly_record",
          entityId: null,
          partnerId: null,
          month: null,
          after: { imported: 0 },
          details: {
            file: file.name,
            sha256: digest,
            leftOut,
            ...(dateLeft.length ? { exclusionsConfirmed: true } : {}),
          },
        },
      ]);
    }
    return result;
  });
}
