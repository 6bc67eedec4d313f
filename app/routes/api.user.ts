/** GET /api/user: the signed-in user, 401 when signed out. */
import { api, methodNotAllowed, requireApiUser } from "#app/utils/api.server.ts";

export const loader = api(async ({ request }) => Response.json(await requireApiUser(request)));

export const action = api(async () => methodNotAllowed());
