/** /admin/invoices: invoice management. Partners see the Unauthorized card rather than a redirect. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page, UnauthorizedCard } from "#app/components/page.tsx";
import { requireUser } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Invoice Management · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { authorized: user.isAdmin };
}

export default function InvoiceManagement() {
  const { authorized } = useLoaderData<typeof loader>();
  if (!authorized) return <UnauthorizedCard />;
  return <Page title="Invoice Management" />;
}
