/** GET /api/audit?partnerId=&month=&since=&page=&pageSize=: the audit trail, newest first, a page at a time (admin). */
import { auditFilterSchema } from "#domain/audit/audit-schemas.ts";
import { listAudit } from "#domain/audit/audit-service.ts";
import { api, apiError, requireApiAdmin, zodMessage } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  const filter = auditFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!filter.success) return apiError(400, zodMessage(filter.error));
  return Response.json(await listAudit(db, filter.data), { headers: { "Cache-Control": "no-store" } });
});
