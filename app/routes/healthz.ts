/**
 * GET /healthz for load balancers: 200 {status:"ok", pid}, or 503 {status:"unavailable", reason, pid}.
 * No session needed. `pid` names the server process that answered (one of several workers).
 */
import { checkHealth } from "#app/utils/health.server.ts";
import { db } from "#app/utils/db.server.ts";

export async function loader() {
  const health = await checkHealth(db);
  return Response.json(
    { ...health, pid: process.pid },
    { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
