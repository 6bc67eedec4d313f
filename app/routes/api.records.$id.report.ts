/** GET /api/records/{id}/report: the latest uploaded export of the record, byte for byte. */
import fs from "node:fs";
import path from "node:path";
import { latestReportFile, recordForUser } from "#domain/machine-service.ts";
import { api, apiError, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { idParam } from "#app/utils/params.server.ts";

const TYPES: Record<string, string> = {
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".xls": "application/vnd.ms-excel",
};

export const loader = api(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const record = await recordForUser(db, user, idParam(params.id, "Record not found"));
  const file = await latestReportFile(db, record.id);
  const uploads = path.resolve(DATA_DIR, "uploads");
  const absolute = path.resolve(DATA_DIR, file.storedPath);
  if (!absolute.startsWith(`${uploads}${path.sep}`)) return apiError(404, "The uploaded file is missing from the data directory");
  if (!fs.existsSync(absolute)) return apiError(404, "The uploaded file is missing from the data directory");
  const bytes = fs.readFileSync(absolute);
  return new Response(bytes, {
    headers: {
      "Content-Type": TYPES[path.extname(file.storedPath)] ?? "application/octet-stream",
      "Content-Disposition": `attachment; filename="${file.fileName.replace(/[^\w.\- ]/g, "_")}"`,
      "Content-Length": String(bytes.length),
    },
  });
});
