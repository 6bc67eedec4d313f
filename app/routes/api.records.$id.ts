/**
 * DELETE /api/records/{id}: removes the record and its sales (admin). A paid month's record goes only
 * with `?adjustPaidMonths=true`: the difference becomes an adjustment on the next open month (409 otherwise).
 */
import { deleteRecord } from "#domain/machines/machine-service.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { flagValue } from "#app/utils/upload.server.ts";
import { paidMonthChangeJson } from "#domain/imports/import-json.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Record not found");
  const adjustPaidMonths = flagValue(new URL(request.url).searchParams.get("adjustPaidMonths"), "adjustPaidMonths");
  const adjustments = await deleteRecord(db, id, admin.id, { adjustPaidMonths, dataDir: DATA_DIR });
  // The spec's answer; a paid month's record also says what it added to the next open month.
  const added = adjustments.filter((a) => a.differencePence).map(paidMonthChangeJson);
  return Response.json({ deleted: id, ...(added.length ? { adjustments: added } : {}) });
});

export const loader = api(async () => methodNotAllowed());
