/** POST /api/logout: ends this device's session (the user's others stay; see /api/logout-everywhere). */
import { api, methodNotAllowed } from "#app/utils/api.server.ts";
import { destroySession } from "#app/utils/session.server.ts";

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  return Response.json({ ok: true }, { headers: { "Set-Cookie": await destroySession(request) } });
});

export const loader = api(async () => methodNotAllowed());
