/** /partners/:partnerId: partner detail. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "#app/components/page.tsx";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Partner · Vendboard" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { partnerId: params.partnerId };
}

export default function PartnerDetail() {
  const { partnerId } = useLoaderData<typeof loader>();
  return <Page title={`Partner ${partnerId}`} />;
}
