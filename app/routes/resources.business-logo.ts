/**
 * GET /resources/business-logo: the business's logo (the settings page's preview), as the PNG or
 * JPEG it was checked to be; 404 when there is none. Admins only, like the settings page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBusinessLogo } from "#domain/business/business-service.ts";
import { db } from "#app/utils/db.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const logo = await getBusinessLogo(db);
  if (!logo) return new Response("No logo", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(Buffer.from(logo.bytes), {
    headers: {
      "Content-Type": logo.type,
      "Content-Length": String(logo.bytes.length),
      "Cache-Control": "private, no-cache",
      "Content-Disposition": "inline",
    },
  });
}
