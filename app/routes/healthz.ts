/** GET /healthz for load balancers: 200 {status:"ok"}, or 503 {status:"unavailable", reason}. No session needed. */
import { checkHealth } from "#app/utils/health.server.ts";
import { db } from "#app/utils/db.server.ts";

export async function loader() {
  const health = await checkHealth(db);
  return Response.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
