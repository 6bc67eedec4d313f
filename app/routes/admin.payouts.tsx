/**
 * /admin/payouts?month=YYYY-MM: a month's commission payout. The partners
 * who can be paid (chosen by default), their commission and bank line; the total chosen; Download
 * payment file (the bank's CSV, GET /api/commissions/payouts/file) and Mark batch as paid (after a
 * confirmation naming the count and total; each partner is emailed a remittance). The partners left
 * out say why. Plain forms: all of it works before the scripts have loaded.
 */
import { Badge, Button, Callout, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { ArrowLeftIcon, EnvelopeClosedIcon } from "@radix-ui/react-icons";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { payoutCandidates } from "#domain/payouts/payout-service.ts";
import { unsentRemittances } from "#domain/payouts/remittance-service.ts";
import { parseMonth, previousMonth, recentMonths } from "#domain/shared/dates.ts";
import { formatCount, formatMonth, formatPence } from "#domain/shared/format.ts";
import { announceAnswer, ConfirmationCard, FailureCallout, useFailureToast } from "#app/components/forms.tsx";
import { Page } from "#app/components/page.tsx";
import { ScrollTable } from "#app/components/scroll-table.tsx";
import { UrlSelect } from "#app/components/url-select.tsx";
import { Batch } from "#app/components/payouts/payout-batch.tsx";
import { runIntent } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { payoutIntents } from "#app/utils/intents/payouts.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Commission Payouts · Vendboard" }];

/** The ended months a payout can be for: last month and the 11 before it. */
const payoutMonths = () => recentMonths(previousMonth(), 12);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const asked = parseMonth(new URL(request.url).searchParams.get("month"));
  const months = payoutMonths();
  const month = asked && months.includes(asked) ? asked : previousMonth();
  const [plan, unsent] = await Promise.all([payoutCandidates(db, month), unsentRemittances(db, month)]);
  return {
    months,
    plan,
    unsent: unsent.map((r) => ({
      id: r.id,
      partnerName: r.name ?? r.username,
      amountPence: r.amountPence,
      status: r.status,
      error: r.error,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, payoutIntents(request, admin));
}

export default function PayoutsPage() {
  const { months, plan, unsent } = useLoaderData<typeof loader>();
  const reply = useActionData<ActionReply>();
  useFailureToast(reply);

  return (
    <Page
      title="Commission Payouts"
      description={`Pay ${formatMonth(plan.month)}'s commission by bank transfer: download the payment file for your bank, then mark the batch paid. Each partner is emailed a remittance.`}
      actions={
        <>
          <Button asChild variant="soft" color="gray">
            <Link to={`/admin/commissions?month=${plan.month}`}>
              <ArrowLeftIcon /> Commission Summary
            </Link>
          </Button>
          <UrlSelect
            name="month"
            label="Month"
            value={plan.month}
            options={months.map((m) => ({ value: m, label: formatMonth(m) }))}
          />
        </>
      }
    >
      <ConfirmationCard reply={reply} />
      <FailureCallout reply={reply} />
      {unsent.length ? (
        <Callout.Root color="amber" mb="4" role="status">
          <Callout.Icon>
            <EnvelopeClosedIcon />
          </Callout.Icon>
          <Callout.Text>
            {formatCount(unsent.length, "remittance")} for {formatMonth(plan.month)} not sent yet:{" "}
            {unsent.map((r) => `${r.partnerName}${r.error ? ` (${r.error})` : ""}`).join(", ")}. The payments stand.
          </Callout.Text>
          <Form method="post">
            <input type="hidden" name="intent" value="retry-remittances" />
            <input type="hidden" name="month" value={plan.month} />
            <Button type="submit" size="1" variant="soft" color="amber">
              Send again
            </Button>
          </Form>
        </Callout.Root>
      ) : null}

      <Heading as="h2" size="4" mb="3">
        Ready to pay
      </Heading>
      {plan.eligible.length ? (
        <Batch
          key={plan.month}
          month={plan.month}
          reference={plan.reference}
          lines={plan.eligible}
          leftOut={plan.leftOut.filter((l) => l.reason.code !== "already_paid").length}
        />
      ) : (
        <Card size="2" mb="4">
          <Text as="p" color="gray">
            No partner can be paid for {formatMonth(plan.month)}: see below why each is left out.
          </Text>
        </Card>
      )}

      <Heading as="h2" size="4" mt="6" mb="3">
        Left out
      </Heading>
      <Card size="1">
        {plan.leftOut.length ? (
          <ScrollTable label="Partners left out" size="2" cards>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Partner</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Commission</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Why</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {plan.leftOut.map((l) => (
                <Table.Row key={l.partnerId} align="center">
                  <Table.RowHeaderCell>
                    <Link to={`/partners/${l.partnerId}`} style={{ color: "var(--accent-11)", fontWeight: 500 }}>
                      {l.partnerName}
                    </Link>
                  </Table.RowHeaderCell>
                  <Table.Cell justify="end" className="vb-figure" data-label="Commission">
                    {formatPence(l.amountPence)}
                  </Table.Cell>
                  <Table.Cell data-label="Why" className="vb-card-wide">
                    <Flex align="center" gap="2" wrap="wrap">
                      <Badge
                        highContrast
                        color={
                          l.reason.code === "already_paid"
                            ? "green"
                            : l.reason.code.startsWith("bank")
                              ? "red"
                              : "orange"
                        }
                      >
                        {l.reason.code === "already_paid"
                          ? "Paid"
                          : l.reason.code.startsWith("bank")
                            ? "Bank details"
                            : l.reason.code === "incomplete"
                              ? "Reports"
                              : "Nothing due"}
                      </Badge>
                      <Text size="2">{l.reason.message}</Text>
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        ) : (
          <Text as="p" color="gray" align="center" my="4">
            Every profit-sharing partner is ready to pay.
          </Text>
        )}
      </Card>
    </Page>
  );
}

export const clientAction = announceAnswer;
