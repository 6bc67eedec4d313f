/**
 * /admin/partners/new: Add Partner as a page, the dialog's form for a browser without JavaScript
 * (the dashboard's Add Partner links here until the scripts have loaded). It posts intent
 * partner-create here, and a success goes back to the dashboard with its toast.
 */
import { Box, Card } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useNavigate } from "@remix-run/react";
import { announceAnswer, FailureCallout } from "#app/components/forms.tsx";
import { BackToDashboard, Page } from "#app/components/page.tsx";
import { ADD_PARTNER_TEXT, AddPartnerForm } from "#app/components/partners/add-partner-dialog.tsx";
import { runIntent } from "#app/utils/actions.server.ts";
import { partnerIntents } from "#app/utils/intents/partners.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Add Partner · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, partnerIntents(request, admin, context));
}

export default function AddPartnerPage() {
  const navigate = useNavigate();
  return (
    <Page title={ADD_PARTNER_TEXT.title} description={ADD_PARTNER_TEXT.description} actions={<BackToDashboard />}>
      <FailureCallout reply={useActionData()} />
      <Box maxWidth="620px">
        <Card size="3">
          <AddPartnerForm backTo="/admin" onCreated={() => navigate("/admin")} />
        </Card>
      </Box>
    </Page>
  );
}

export const clientAction = announceAnswer;
