/**
 * /partners/:partnerId/delete: Delete Partner's password confirmation as a page, for a browser
 * without JavaScript (the Danger Zone's button links here until the scripts have loaded). It posts
 * intent partner-delete here; a success goes to the dashboard with its toast, a refusal (a wrong
 * password, attempt-limited) comes back here with its message.
 */
import { Box, Card, Text } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { announceAnswer, skipRevalidationWhenGone } from "#app/components/forms.tsx";
import { Page } from "#app/components/page.tsx";
import { DeletePartnerForm, deletePartnerText } from "#app/components/partners/delete-partner-dialog.tsx";
import { editPartnerPage } from "#app/components/partners/edit-partner-dialog.tsx";
import { runIntent } from "#app/utils/actions.server.ts";
import { partnerOfPage } from "#app/utils/form-pages.server.ts";
import { partnerIntents } from "#app/utils/intents/partners.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Delete partner · Vendboard" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { id, name, username } = await partnerOfPage(params.partnerId);
  return { partner: { id, name, username } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, partnerIntents(request, admin, context));
}

export const shouldRevalidate = skipRevalidationWhenGone;

export default function DeletePartnerPage() {
  const { partner } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const text = deletePartnerText(partner);
  return (
    <Page title={text.title}>
      <Box maxWidth="440px">
        <Card size="3">
          <Text as="p" size="2">
            {text.description}
          </Text>
          <DeletePartnerForm
            partner={partner}
            backTo={editPartnerPage(partner.id)}
            onDeleted={() => navigate("/admin")}
          />
        </Card>
      </Box>
    </Page>
  );
}

export const clientAction = announceAnswer;
