/**
 * GET /api/accounting/export?month=YYYY-MM&format=xero|quickbooks|sage&kind=sales|bills|payments[&part=N][&new=1]:
 * an ended month's import file for the accounting package (CSV attachment; part N of a split file),
 * logged as exported by the admin (docs/accounting.md); new=1 leaves out what an earlier export carried. 400 for a bad query, a month not ended, or a
 * kind the package cannot import (the message says so); 401 anonymous, 403 partners.
 */
import { buildExport, recordExport } from "#domain/accounting/accounting-service.ts";
import { exportQuerySchema } from "#domain/accounting/accounting-schemas.ts";
import { api, apiError, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

export const loader = api(async ({ request }) => {
  const admin = await requireApiAdmin(request);
  const query = exportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const built = await buildExport(db, { ...query, newOnly: query.new === "1" });
  if (built.unsupported) throw apiError(400, built.unsupported);
  const file = built.files[query.part - 1];
  if (!file) throw apiError(400, `This export has ${built.files.length} file${built.files.length === 1 ? "" : "s"}`);
  await recordExport(db, built, admin.id);
  return new Response(file.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "no-store",
      "X-Export-Documents": String(file.documents),
      "X-Export-Files": String(built.files.length),
    },
  });
});

export const action = api(async () => methodNotAllowed());
