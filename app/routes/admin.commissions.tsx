/** /admin/commissions: the commission summary. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Page } from "#app/components/page.tsx";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Commission Summary · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function CommissionSummary() {
  return <Page title="Commission Summary" />;
}
