/**
 * /partners/:partnerId/machines/new: Add New Machine as a page, the dialog's form for a browser
 * without JavaScript (the dialog's trigger links here until the scripts have loaded). It posts
 * intent machine-create here, and a success goes back to the partner's page with its toast.
 */
import { Box, Card } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { announceAnswer, FailureCallout } from "#app/components/forms.tsx";
import { machineFormText } from "#app/components/machines/machine-form-dialog.tsx";
import { MachineForm } from "#app/components/machines/machine-form.tsx";
import { Page } from "#app/components/page.tsx";
import { runIntent } from "#app/utils/actions.server.ts";
import { partnerOfPage } from "#app/utils/form-pages.server.ts";
import { machineIntents } from "#app/utils/intents/machines.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Add New Machine · Vendboard" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const partner = await partnerOfPage(params.partnerId);
  return { partner: { id: partner.id, name: partner.name ?? partner.username } };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, machineIntents(request, admin));
}

export default function AddMachinePage() {
  const { partner } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const back = `/partners/${partner.id}`;
  const text = machineFormText(false);
  return (
    <Page title={text.title} description={`${text.description} (${partner.name})`}>
      <FailureCallout reply={useActionData()} />
      <Box maxWidth="480px">
        <Card size="3">
          <MachineForm partnerId={partner.id} backTo={back} onSaved={() => navigate(back)} />
        </Card>
      </Box>
    </Page>
  );
}

export const clientAction = announceAnswer;
