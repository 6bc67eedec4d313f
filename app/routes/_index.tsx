/** /: the partner dashboard. Admins are sent to /admin. */
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "#app/components/page.tsx";
import { requireUser } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Dashboard · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.isAdmin) throw redirect("/admin");
  return { user };
}

export default function PartnerDashboard() {
  const { user } = useLoaderData<typeof loader>();
  return <Page title="Dashboard" description={`Welcome, ${user.name ?? user.username}`} />;
}
