/**
 * /admin/payouts?month=YYYY-MM: a month's commission payout. The partners
 * who can be paid (chosen by default), their commission and bank line; the total chosen; Download
 * payment file (the bank's CSV, GET /api/commissions/payouts/file) and Mark batch as paid (after a
 * confirmation naming the count and total; each partner is emailed a remittance). The partners left
 * out say why. Plain forms: all of it works before the scripts have loaded.
 */
import { Badge, Button, Callout, Card, Flex, Grid, Heading, Table, Text } from "@radix-ui/themes";
import { ArrowLeftIcon, DownloadIcon, EnvelopeClosedIcon } from "@radix-ui/react-icons";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { payoutCandidates } from "#domain/payouts/payout-service.ts";
import { unsentRemittances } from "#domain/payouts/remittance-service.ts";
import { payoutReference } from "#domain/commissions/bacs-rules.ts";
import { payoutLineFigures, type PayoutLine } from "#domain/payouts/payout-rules.ts";
import { parseMonth, previousMonth, recentMonths } from "#domain/shared/dates.ts";
import { formatCount, formatMonth, formatPence, formatSortCode, maskAccountNumber } from "#domain/shared/format.ts";
import { ConfirmButton } from "#app/components/confirm-button.tsx";
import { ConfirmationCard, FailureCallout, useFailureToast, useHydrated } from "#app/components/forms.tsx";
import { Page } from "#app/components/page.tsx";
import { batchQuestion } from "#app/components/payouts/payout-questions.ts";
import { ScrollTable } from "#app/components/scroll-table.tsx";
import { StatCard } from "#app/components/stat-card.tsx";
import { UrlSelect } from "#app/components/url-select.tsx";
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

function PayeeTable({
  month,
  lines,
  chosen,
  onToggle,
}: {
  month: string;
  lines: PayoutLine[];
  chosen: Set<number>;
  onToggle: (id: number, on: boolean) => void;
}) {
  return (
    <ScrollTable label="Partners to pay" size="2">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Partner</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Payee (as the bank gets it)</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Bank</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Sort code</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Account</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Commission</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((line) => (
          <Table.Row key={line.partnerId} align="center">
            <Table.RowHeaderCell>
              <Flex asChild align="center" gap="2">
                <label>
                  <input
                    type="checkbox"
                    name="partnerIds"
                    value={line.partnerId}
                    defaultChecked={chosen.has(line.partnerId)}
                    onChange={(e) => onToggle(line.partnerId, e.currentTarget.checked)}
                    className="vb-checkbox"
                  />
                  <Text weight="medium">{line.partnerName}</Text>
                </label>
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell>
              <Text className="vb-figure">{line.payeeName}</Text>
            </Table.Cell>
            <Table.Cell>{line.bankName ?? <Text color="gray">Not provided</Text>}</Table.Cell>
            <Table.Cell className="vb-figure">{formatSortCode(line.sortCode)}</Table.Cell>
            <Table.Cell className="vb-figure">{maskAccountNumber(line.accountNumber)}</Table.Cell>
            <Table.Cell justify="end" className="vb-figure">
              {formatPence(line.amountPence)}
              {line.adjustmentsPence ? (
                <Text as="div" size="1" color="gray">
                  includes {line.adjustmentsPence > 0 ? "+" : "−"}
                  {formatPence(Math.abs(line.adjustmentsPence))} adjustment
                </Text>
              ) : null}
              {line.alreadyPaidPence ? (
                <Text as="div" size="1" color="orange">
                  Top-up ({line.reference}): {payoutLineFigures(line, month)}
                </Text>
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

function Batch({ month, lines, leftOut }: { month: string; lines: PayoutLine[]; leftOut: number }) {
  const [chosen, setChosen] = useState(() => new Set(lines.map((l) => l.partnerId)));
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "mark-batch-paid";
  const selected = lines.filter((l) => chosen.has(l.partnerId));
  const totalPence = selected.reduce((sum, l) => sum + l.amountPence, 0);
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const question = batchQuestion(month, selected.length, totalPence);
  const markPaid = (
    <Button
      type={hydrated ? "button" : "submit"}
      name="intent"
      value="mark-batch-paid"
      disabled={!selected.length}
      loading={paying}
    >
      Mark batch as paid
    </Button>
  );

  return (
    <form method="post" ref={form} aria-label="Payout batch">
      <input type="hidden" name="month" value={month} />
      <Grid columns={{ initial: "1", sm: "3" }} gap="3" mb="4">
        <StatCard
          label="Selected total"
          value={<span className="vb-figure">{formatPence(totalPence)}</span>}
          note={`${selected.length} of ${formatCount(lines.length, "partner")} chosen`}
        />
        <StatCard
          label="Payment reference"
          value={<span className="vb-figure">{payoutReference(month)}</span>}
          note="on each payment and remittance"
        />
        <StatCard label="Left out" value={leftOut} note="partners who cannot be paid yet: see below why" />
      </Grid>
      <Card size="1" mb="4">
        <PayeeTable month={month} lines={lines} chosen={chosen} onToggle={toggle} />
      </Card>
      <Flex gap="3" wrap="wrap" justify="end" className="vb-toolbar">
        <Button
          type="submit"
          variant="soft"
          formMethod="get"
          formAction="/api/commissions/payouts/file"
          disabled={!selected.length}
        >
          <DownloadIcon /> Download payment file
        </Button>
        {hydrated ? (
          <ConfirmButton
            trigger={markPaid}
            {...question}
            color="green"
            onConfirm={() => {
              const data = new FormData(form.current!);
              data.set("intent", "mark-batch-paid");
              data.set("confirmed", "yes");
              submit(data, { method: "post", preventScrollReset: true });
            }}
          />
        ) : (
          markPaid
        )}
      </Flex>
    </form>
  );
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
          <ScrollTable label="Partners left out" size="2">
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
                  <Table.Cell justify="end" className="vb-figure">
                    {formatPence(l.amountPence)}
                  </Table.Cell>
                  <Table.Cell>
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
