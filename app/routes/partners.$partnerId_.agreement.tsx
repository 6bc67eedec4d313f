/**
 * /partners/:partnerId/agreement: Edit agreement as a page, the dialog's form for a browser without
 * JavaScript (the Commission Agreement card's button links here until the scripts have loaded). Its
 * fields post intent agreement-save here (Preview needs the scripts); a saved agreement goes back
 * to the partner's page with its toast.
 */
import { Box, Card } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { partnerAgreements } from "#domain/agreements/agreement-service.ts";
import { currentMonth } from "#domain/shared/dates.ts";
import { Page } from "#app/components/page.tsx";
import { editAgreementText } from "#app/components/partners/agreement-dialog.tsx";
import { AgreementForm } from "#app/components/partners/agreement-form.tsx";
import { runIntent } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { agreementStartTerms, partnerOfPage } from "#app/utils/form-pages.server.ts";
import { agreementIntents } from "#app/utils/intents/agreements.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";
import { announceAnswer } from "#app/components/forms.tsx";

export const meta: MetaFunction = () => [{ title: "Edit agreement · Vendboard" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const partner = await partnerOfPage(params.partnerId);
  const { current } = await partnerAgreements(db, partner.id);
  return {
    partner: { id: partner.id, name: partner.name ?? partner.username },
    data: { thisMonth: currentMonth(), startTerms: agreementStartTerms(partner, current) },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, agreementIntents(request, admin));
}

export default function EditAgreementPage() {
  const { partner, data } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const back = `/partners/${partner.id}`;
  return (
    <Page title="Edit agreement" description={editAgreementText(partner.name)}>
      <Box maxWidth="760px">
        <Card size="3">
          <AgreementForm partnerId={partner.id} data={data} backTo={back} onSaved={() => navigate(back)} />
        </Card>
      </Box>
    </Page>
  );
}

export const clientAction = announceAnswer;
