/**
 * /partners/:partnerId: a partner's profile, figures and profit share, for admins. The machines are
 * cut on the server (`?page=`, 24 a page, by location); the cards' figures are SQL sums. Profit-sharing
 * types also get last month's commission with its working (partnerMonth) and the Commission Agreement
 * card (partnerAgreements).
 */
import { Button, Card, Grid, Heading, Text } from "@radix-ui/themes";
import { ArrowLeftIcon } from "@radix-ui/react-icons";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import { partnerOwing } from "#domain/commissions/balance-service.ts";
import { adjustmentText } from "#domain/agreements/agreement-words.ts";
import { monthWorking } from "#domain/commissions/month-working.ts";
import { paymentNotes } from "#domain/commissions/correction-rules.ts";
import { partnerAgreements } from "#domain/agreements/agreement-service.ts";
import { currentMonth, previousMonth } from "#domain/shared/dates.ts";
import { MONTH_TO_DATE } from "#domain/month-close/month-close-rules.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { isProfitSharingType } from "#domain/partners/partner-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import { formatUnits } from "#domain/shared/format.ts";
import { pageRequest } from "#domain/shared/paging.ts";
import { partnerDetailPage, type PartnerDetailPage } from "#domain/partners/partner-page.ts";
import { DetailsList, bankRows } from "#app/components/details-list.tsx";
import {
  announceAnswer,
  ConfirmationCard,
  FailureCallout,
  skipRevalidationWhenGone,
  useActionReply,
  useFailureToast,
} from "#app/components/forms.tsx";
import { FeeSection } from "#app/components/invoices/fee-section.tsx";
import { StatementSection } from "#app/components/receivables/statement-section.tsx";
import { statementSection } from "#domain/receivables/account-service.ts";
import { PaymentFieldsForQuestion } from "#app/components/invoices/invoice-confirm.tsx";
import { MachinesSection } from "#app/components/machines/machines-section.tsx";
import { ProfitShareCard } from "#app/components/partners/profit-share-card.tsx";
import { BackToDashboard, LoadFailedCard, MessageCard, Page } from "#app/components/page.tsx";
import { CommissionCards, type CommissionMonth } from "#app/components/partners/commission-cards.tsx";
import { OwingCallout } from "#app/components/partners/owing-callout.tsx";
import { BankHoldCallout } from "#app/components/partners/bank-hold-callout.tsx";
import { partnerBankStatus } from "#domain/partners/bank-change-service.ts";
import { AgreementCard, type AgreementCardData } from "#app/components/partners/agreement-card.tsx";
import { EditPartnerDialog } from "#app/components/partners/edit-partner-dialog.tsx";
import { PartnerTypeBadge } from "#app/components/partners/partner-type.tsx";
import { StatCard } from "#app/components/stat-card.tsx";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { runIntent } from "#app/utils/actions.server.ts";
import { agreementStartTerms } from "#app/utils/form-pages.server.ts";
import { db } from "#app/utils/db.server.ts";
import { env } from "#app/utils/env.server.ts";
import { commissionIntents } from "#app/utils/intents/commissions.server.ts";
import { agreementIntents } from "#app/utils/intents/agreements.server.ts";
import { invoiceIntents } from "#app/utils/intents/invoices.server.ts";
import { machineIntents } from "#app/utils/intents/machines.server.ts";
import { partnerIntents } from "#app/utils/intents/partners.server.ts";
import { accountIntents } from "#app/utils/intents/accounts.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";
import { selfBillingIntents } from "#app/utils/intents/self-billing.server.ts";
import { selfBillingOf } from "#domain/self-billing/self-billing-service.ts";
import { SelfBillingCard } from "#app/components/partners/self-billing-card.tsx";
import { formatRate } from "#domain/shared/commission-rules.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data && "partner" in data && data.partner ? (data.partner.name ?? data.partner.username) : "Partner not found"} · Vendboard`,
  },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = Number(params.partnerId);
  try {
    if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError("not_found", "Partner not found");
    const url = new URL(request.url);
    const partner = await partnerDetailPage(db, id, pageRequest(url.searchParams));
    // Fee-paying partners: the statement of account for `?from=&to=`.
    const statement =
      partner.partnerType === "fee-paying"
        ? await statementSection(db, id, { from: url.searchParams.get("from"), to: url.searchParams.get("to") })
        : null;
    const { commission, working, agreement, selfBilling } = isProfitSharingType(partner.partnerType)
      ? await commissionOf(partner)
      : { commission: null, working: null, agreement: null, selfBilling: null };
    // What the partner owes with no later month to take it, else null.
    const owing = await partnerOwing(db, id);
    // A change of bank details holding payments (and who may confirm it), or stored details that need checking.
    const bank = await partnerBankStatus(db, partner, admin.id);
    return {
      partner,
      commission,
      working,
      agreement,
      selfBilling,
      statement,
      owing,
      bank,
      uploadMaxMb: env.UPLOAD_MAX_MB,
    };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") {
      return data(
        {
          partner: null,
          commission: null,
          working: null,
          agreement: null,
          selfBilling: null,
          statement: null,
          owing: null,
          bank: null,
          uploadMaxMb: env.UPLOAD_MAX_MB,
        },
        { status: 404 },
      );
    }
    throw error;
  }
}

/**
 * A profit-sharing partner's last month for the commission cards, how its figure is worked out (the
 * agreement's terms, each line's arithmetic, the adjustments added), and its agreements for the
 * Commission Agreement card, with the terms its Edit dialog starts from.
 */
async function commissionOf(partner: PartnerDetailPage) {
  const lastMonth = previousMonth();
  const thisMonth = currentMonth();
  const [month, agreements, selfBilling] = await Promise.all([
    partnerMonth(db, partner.id, lastMonth),
    partnerAgreements(db, partner.id),
    selfBillingOf(db, partner.id),
  ]);
  const commission: CommissionMonth = {
    month: lastMonth,
    commissionPence: month.totals.commissionPence,
    complete: month.complete,
    submittedReports: month.submittedReports,
    activeMachines: month.activeMachines,
    payment: { status: month.payment.status, paidDate: month.payment.paidDate, amountPence: month.payment.amountPence },
    // The adjustments the month includes and what happened to its money, said on the card itself.
    notes: [
      ...month.adjustments.map(adjustmentText),
      ...(month.vat
        ? [
            `Includes VAT at ${formatRate(month.vat.rateBp)} on top (self-billed): ${formatPence(month.vat.vatPence)} on ${formatPence(month.vat.exVatPence)}`,
          ]
        : []),
      ...paymentNotes(month),
    ],
    moneyPaid: month.payment.status === "pending" && month.moneyPaid.pence > 0 ? month.moneyPaid : null,
  };
  const working = monthWorking(month);
  const agreement: AgreementCardData = {
    thisMonth,
    lastMonth,
    current: agreements.current,
    history: agreements.history,
    startTerms: agreementStartTerms(partner, agreements.current),
  };
  return { commission, working, agreement, selfBilling };
}

/** Every form of the page posts here with its intent: the partner, its machines and records, commission, invoices. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, {
    ...partnerIntents(request, admin, context),
    ...accountIntents(request, admin, context),
    ...machineIntents(request, admin),
    ...commissionIntents(request, admin),
    ...agreementIntents(request, admin),
    ...invoiceIntents(request, admin),
    ...selfBillingIntents(request, admin),
  });
}

export const shouldRevalidate = skipRevalidationWhenGone;

export default function PartnerDetailPage() {
  const { partner, commission, working, agreement, selfBilling, statement, owing, bank, uploadMaxMb } =
    useLoaderData<typeof loader>();
  // A form posted without JavaScript: the action's question (a confirmation page) or its failure.
  const reply = useActionData<ActionReply>();
  useFailureToast(reply);
  useActionReply(reply);
  if (!partner) {
    return (
      <MessageCard icon={null} title="Partner not found">
        <Text as="p" color="gray" size="2">
          There is no partner with this id. It may have been deleted.
        </Text>
        <Button asChild variant="soft">
          <Link to="/admin">
            <ArrowLeftIcon /> Back to Dashboard
          </Link>
        </Button>
      </MessageCard>
    );
  }
  return (
    <Page
      title={partner.name ?? partner.username}
      description={<PartnerTypeBadge type={partner.partnerType} />}
      actions={
        <>
          <BackToDashboard />
          <EditPartnerDialog partner={partner} />
        </>
      }
    >
      <ConfirmationCard reply={reply}>
        <PaymentFieldsForQuestion reply={reply} />
      </ConfirmationCard>
      <FailureCallout reply={reply} />
      {bank ? (
        <BankHoldCallout
          partnerId={partner.id}
          status={bank}
          error={reply && "fieldErrors" in reply ? reply.fieldErrors?.verifiedBy : undefined}
        />
      ) : null}
      <Grid columns={{ initial: "2", md: "4" }} gap="3" mb="5">
        <StatCard label="Total Machines" value={partner.machineCount} />
        <StatCard label="Total Revenue" value={formatPence(partner.totalRevenuePence)} />
        <StatCard
          label="Sales This Month"
          value={formatUnits(partner.currentMonthSales)}
          note={`units, ${MONTH_TO_DATE}`}
        />
        <StatCard label="Total Sales" value={formatUnits(partner.totalSales)} note="units, all time" />
      </Grid>
      <Grid columns={{ initial: "1", md: "3" }} gap="4" mb="6">
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            Contact
          </Heading>
          <DetailsList
            rows={[
              ["Name", partner.name],
              ["Username", partner.username],
              ["Email", partner.email],
              ["Billing Address", partner.billingAddress],
            ]}
          />
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            Bank Details
          </Heading>
          <DetailsList rows={bankRows(partner)} />
        </Card>
        <ProfitShareCard partner={partner} agreement={agreement} />
      </Grid>
      <OwingCallout owing={owing} to="admin" partnerId={partner.id} partnerName={partner.name ?? partner.username} />
      {commission ? (
        <CommissionCards
          partnerId={partner.id}
          partnerName={partner.name ?? partner.username}
          data={commission}
          working={working ?? undefined}
        />
      ) : null}
      {agreement ? (
        <AgreementCard partnerId={partner.id} partnerName={partner.name ?? partner.username} data={agreement} />
      ) : null}
      {selfBilling ? <SelfBillingCard partnerId={partner.id} data={selfBilling} reply={reply} /> : null}
      {partner.partnerType === "fee-paying" ? <FeeSection partner={partner} /> : null}
      {statement ? (
        <StatementSection partnerId={partner.id} statement={statement.statement} problem={statement.problem} />
      ) : null}
      <MachinesSection partner={partner} uploadMaxMb={uploadMaxMb} />
    </Page>
  );
}

export function ErrorBoundary() {
  return <LoadFailedCard title="Failed to fetch partner details" error={useRouteError()} />;
}

export const clientAction = announceAnswer;
