/**
 * /partners/:partnerId/edit: the partner edit dialog's fields as a page, for a browser without
 * JavaScript (the Edit buttons link here until the scripts have loaded). Each field is a form of its
 * own posting intent partner-update here; Disable sign-in asks on a confirmation card; Delete
 * Partner links to its page. A success comes back here with its toast (a deletion goes to the dashboard).
 */
import { Box, Button, Card } from "@radix-ui/themes";
import { ArrowLeftIcon } from "@radix-ui/react-icons";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { announceAnswer, ConfirmationCard, FailureCallout, skipRevalidationWhenGone } from "#app/components/forms.tsx";
import { Page } from "#app/components/page.tsx";
import { editPartnerText } from "#app/components/partners/edit-partner-dialog.tsx";
import { EditPartnerFields } from "#app/components/partners/edit-partner-fields.tsx";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { runIntent } from "#app/utils/actions.server.ts";
import { partnerOfPage } from "#app/utils/form-pages.server.ts";
import { accountIntents } from "#app/utils/intents/accounts.server.ts";
import { partnerIntents } from "#app/utils/intents/partners.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? editPartnerText(data.partner).title : "Edit partner"} · Vendboard` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { partner: await partnerOfPage(params.partnerId) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, { ...partnerIntents(request, admin, context), ...accountIntents(request, admin, context) });
}

export const shouldRevalidate = skipRevalidationWhenGone;

export default function EditPartnerPage() {
  const { partner } = useLoaderData<typeof loader>();
  const reply = useActionData<ActionReply>();
  const navigate = useNavigate();
  const text = editPartnerText(partner);
  return (
    <Page
      title={text.title}
      description={text.description}
      actions={
        <Button asChild variant="soft" color="gray">
          <Link to={`/partners/${partner.id}`}>
            <ArrowLeftIcon /> Back to partner
          </Link>
        </Button>
      }
    >
      <ConfirmationCard reply={reply} />
      <FailureCallout reply={reply} />
      <Box maxWidth="720px">
        <Card size="3">
          <EditPartnerFields partner={partner} onDeleted={() => navigate("/admin")} />
        </Card>
      </Box>
    </Page>
  );
}

export const clientAction = announceAnswer;
