/** POST /api/logout-everywhere: ends every session of the signed-in user (audited); 401 signed out. */
import { api, apiError, methodNotAllowed } from "#app/utils/api.server.ts";
import { destroyAllSessions } from "#app/utils/session.server.ts";

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const ended = await destroyAllSessions(request);
  if (!ended) return apiError(401, "Not authenticated");
  return Response.json({ ok: true, sessionsEnded: ended.ended }, { headers: { "Set-Cookie": ended.cookie } });
});

export const loader = api(async () => methodNotAllowed());
