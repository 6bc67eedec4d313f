/**
 * /machines/:machineId/records/new: Add Monthly Record as a page, the dialog's form for a browser
 * without JavaScript (the card's button links here until the scripts have loaded). It posts the
 * export (multipart) with intent record-preview or record-add here; a saved record goes back to the
 * partner's page with its toast.
 */
import { Box, Card } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { addRecordText } from "#app/components/machines/add-record-dialog.tsx";
import { AddRecordForm } from "#app/components/machines/add-record-form.tsx";
import { Page } from "#app/components/page.tsx";
import { runIntent } from "#app/utils/actions.server.ts";
import { env } from "#app/utils/env.server.ts";
import { machineOfPage } from "#app/utils/form-pages.server.ts";
import { machineIntents } from "#app/utils/intents/machines.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";
import { announceAnswer } from "#app/components/forms.tsx";

export const meta: MetaFunction = () => [{ title: "Add Monthly Record · Vendboard" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { machine: await machineOfPage(admin, params.machineId), uploadMaxMb: env.UPLOAD_MAX_MB };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, machineIntents(request, admin));
}

export default function AddRecordPage() {
  const { machine, uploadMaxMb } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const back = `/partners/${machine.partnerId}`;
  return (
    <Page title="Add Monthly Record" description={addRecordText(machine.location)}>
      <Box maxWidth="620px">
        <Card size="3">
          <AddRecordForm machine={machine} uploadMaxMb={uploadMaxMb} backTo={back} onSaved={() => navigate(back)} />
        </Card>
      </Box>
    </Page>
  );
}

export const clientAction = announceAnswer;
