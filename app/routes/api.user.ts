/** GET /api/user: the signed-in user, 401 when signed out. A fee-paying partner also gets their account state. */
import { partnerAccountState } from "#domain/invoices/invoice-queries.ts";
import { api, methodNotAllowed, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { publicUserJson } from "#domain/accounts/user-json.ts";

export const loader = api(async ({ request }) => {
  const user = await requireApiUser(request);
  if (user.isAdmin || user.partnerType !== "fee-paying") return Response.json(publicUserJson(user));
  return Response.json({ ...publicUserJson(user), ...(await partnerAccountState(db, user.id)) });
});

export const action = api(async () => methodNotAllowed());
