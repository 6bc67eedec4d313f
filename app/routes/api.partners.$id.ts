/** GET, PATCH, DELETE /api/partners/{id} (admin). Delete needs the admin's own password. */
import { deletePartnerSchema, partnerUpdateSchema } from "#domain/partners/partner-schemas.ts";
import { deletePartner, getPartnerDetail, updatePartner } from "#domain/partners/partner-service.ts";
import { partnerDetailJson } from "#domain/partners/partner-json.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { attemptGuard } from "#app/utils/auth.server.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR, MAIL_CONFIG } from "#app/utils/env.server.ts";
import { idParam } from "#app/utils/params.server.ts";
import { publicUserJson } from "#domain/accounts/user-json.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiAdmin(request);
  return Response.json(partnerDetailJson(await getPartnerDetail(db, idParam(params.id, "Partner not found"))));
});

export const action = api(async ({ request, params, context }) => {
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Partner not found");
  switch (request.method) {
    case "PATCH": {
      const input = await parseBody(request, partnerUpdateSchema);
      return Response.json(publicUserJson(await updatePartner(db, id, input, admin.id, new Date(), MAIL_CONFIG)));
    }
    case "DELETE": {
      const { password } = await parseBody(request, deletePartnerSchema);
      await deletePartner(db, id, admin, password, await attemptGuard(request, context), { dataDir: DATA_DIR });
      return Response.json({ deleted: id });
    }
    default:
      return methodNotAllowed();
  }
});
