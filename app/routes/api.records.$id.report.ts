/**
 * GET /api/records/{id}/report: the record's latest uploaded export. Admins get the file byte for
 * byte; a partner gets a workbook of their own machine's rows of that record only, never the rows
 * of another site the same file names.
 */
import path from "node:path";
import { latestReportFile, recordForUser } from "#domain/machines/machine-service.ts";
import { bookedKeysOfRecord, readUpload } from "#domain/imports/import-service.ts";
import { exportWithRows } from "#domain/imports/telemetry-export-reader.ts";
import type { ImportProfile } from "#domain/imports/import-profile.ts";
import { api, apiError, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { idParam } from "#app/utils/params.server.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const CSV_TYPE = "text/csv; charset=utf-8";
// The uploaded CSV goes back as it came, in whatever encoding it was written (UTF-8 or Windows-1252): no charset claimed.
const TYPES: Record<string, string> = { ".xlsx": XLSX_TYPE, ".xls": "application/vnd.ms-excel", ".csv": "text/csv" };

export const loader = api(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const record = await recordForUser(db, user, idParam(params.id, "Record not found"));
  const file = await latestReportFile(db, record.id);
  const stored = await readUpload(db, DATA_DIR, file.storedPath);
  if (!stored) return apiError(404, "The uploaded file is missing from the data directory");
  const original = Buffer.from(stored);
  const safeName = file.fileName.replace(/[^\w.\- ]/g, "_");
  // The stored key's kind decides how it is read: a CSV export stays CSV, a workbook comes back as .xlsx.
  const csv = path.extname(file.storedPath) === ".csv";
  const own = user.isAdmin
    ? null
    : await exportWithRows(
        original,
        await bookedKeysOfRecord(db, record.id),
        csv ? "export.csv" : undefined,
        // A file read through an import profile is cut by the receipt's copy of it.
        file.profile ? (JSON.parse(file.profile) as ImportProfile) : undefined,
      );
  const bytes = own ? Buffer.from(own) : original;
  const name = own
    ? `${safeName.replace(/\.(xlsx|xls|csv)$/i, "")}-${record.location.replace(/[^\w-]+/g, "-").toLowerCase()}.${csv ? "csv" : "xlsx"}`
    : safeName;
  return new Response(bytes, {
    headers: {
      "Content-Type": own
        ? csv
          ? CSV_TYPE
          : XLSX_TYPE
        : (TYPES[path.extname(file.storedPath)] ?? "application/octet-stream"),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
    },
  });
});
