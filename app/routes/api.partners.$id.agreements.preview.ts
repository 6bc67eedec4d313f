/**
 * POST /api/partners/{id}/agreements/preview (admin): last month's commission under the agreement in
 * force and under the one sent (the body of POST …/agreements), line by line, and the paid months it
 * would reach with their differences, in pounds. Nothing is saved.
 */
import { agreementRequestSchema, previewJson } from "#domain/agreements/agreement-json.ts";
import { previewAgreement } from "#domain/agreements/agreement-service.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  await requireApiAdmin(request);
  const id = idParam(params.id, "Partner not found");
  const { effectiveMonth, terms } = await parseBody(request, agreementRequestSchema);
  return Response.json(previewJson(await previewAgreement(db, id, { effectiveMonth, terms })));
});

export const loader = api(async () => methodNotAllowed());
