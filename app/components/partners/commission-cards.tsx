/**
 * Partner detail, profit-sharing types: Commission Due (with how its figure is worked out, folded
 * away), the Monthly Commission Report and its payment status.
 */
import { Badge, Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { CheckCircledIcon, DownloadIcon, EnvelopeClosedIcon } from "@radix-ui/react-icons";
import type { CommissionPaymentStatus } from "#domain/commissions/partner-month.ts";
import { formatDate, formatMonth } from "#domain/shared/dates.ts";
import { formatPence } from "#domain/shared/money.ts";
import { reportsText } from "#domain/commissions/money-status-rules.ts";
import type { MoneyPaid } from "#domain/commissions/correction-words.ts";
import { ConfirmPost } from "../confirm-button.tsx";
import { MoneyText } from "../money-text.tsx";
import { markPaidQuestion, reopenQuestion, sendReportQuestion } from "./commission-questions.ts";
import { Working, type CommissionWorking } from "./commission-working.tsx";
import "./agreement.css";

export interface CommissionMonth {
  month: string;
  commissionPence: number;
  complete: boolean;
  submittedReports: number;
  activeMachines: number;
  payment: { status: CommissionPaymentStatus; paidDate: string | null; amountPence: number | null };
  /** Each adjustment the month includes, and what happened to its money (correction-rules.ts paymentNotes). */
  notes: string[];
  /** Money already paid for the month while it is open again (Reset Month): Mark as Paid pays the difference. */
  moneyPaid: MoneyPaid | null;
}

/**
 * The cards' forms post to the page's action (commissionIntents: mark-paid, reset-month with the
 * partner, send-report), which answers its toast; Download Report is a plain link to
 * /resources/partners/{id}/report, which answers the PDF or goes back with 'Failed to download report'.
 */
export function CommissionCards({
  partnerId,
  partnerName,
  data,
  working,
}: {
  partnerId: number;
  partnerName: string;
  data: CommissionMonth;
  working?: CommissionWorking;
}) {
  const month = formatMonth(data.month);
  const paid = data.payment.status === "completed";
  // A paid month states what was paid; until then the figure follows the records.
  const amountPence = paid && data.payment.amountPence !== null ? data.payment.amountPence : data.commissionPence;
  const amount = formatPence(amountPence);
  const fields = { partnerId, month: data.month };

  return (
    <Grid columns={{ initial: "1", md: "3" }} gap="4" mb="6">
      <Card
        size="3"
        style={{ boxShadow: `inset 0 0 0 2px var(--${data.complete ? "green" : "red"}-8)` }}
        aria-label="Commission Due"
      >
        <Flex justify="between" align="center" mb="1">
          <Heading as="h2" size="4">
            Commission Due
          </Heading>
          {data.complete ? (
            <CheckCircledIcon width={20} height={20} color="var(--green-9)" aria-label="All machine reports are in" />
          ) : null}
        </Flex>
        <Text as="p" size="7" weight="bold">
          {amount}
        </Text>
        {paid ? (
          <Text as="p" size="2" color="green">
            Paid on {formatDate(data.payment.paidDate)}: {amount} for {month}
          </Text>
        ) : (
          <Text as="p" size="2" color={data.complete ? "green" : "red"}>
            {data.complete ? `All machine reports are in for ${month}` : "Waiting for all machine reports"}
          </Text>
        )}
        {data.notes.length ? (
          <ul className="vb-working-lines" aria-label={`What ${month} includes and what was paid`}>
            {data.notes.map((note, i) => (
              <li key={i}>
                <Text size="2">
                  <MoneyText text={note} />
                </Text>
              </li>
            ))}
          </ul>
        ) : null}
        <Text as="p" size="1" color="gray" mt="1">
          {reportsText(data.activeMachines, data.submittedReports, data.month)}
        </Text>
        {working ? <Working working={working} month={month} /> : null}
      </Card>
      <Card size="3">
        <Heading as="h2" size="4" mb="1">
          Monthly Commission Report
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          One PDF for {month} with every machine, the totals and the payment status.
        </Text>
        <Flex gap="2" wrap="wrap">
          {data.complete ? (
            <Button asChild>
              <a
                href={`/resources/partners/${partnerId}/report?month=${data.month}`}
                download="consolidated-report.pdf"
              >
                <DownloadIcon /> Download Report
              </a>
            </Button>
          ) : (
            <Button disabled>
              <DownloadIcon /> Download Report
            </Button>
          )}
          <ConfirmPost
            intent="send-report"
            fields={fields}
            trigger={
              <Button variant="soft" disabled={!data.complete}>
                <EnvelopeClosedIcon /> Send Report
              </Button>
            }
            {...sendReportQuestion(partnerName, data.month, amount)}
            color="indigo"
          />
        </Flex>
        {!data.complete ? (
          <Text as="p" size="1" color="gray" mt="2">
            Available once every active machine has its {month} report.
          </Text>
        ) : null}
      </Card>
      <Card size="3">
        <Heading as="h2" size="4" mb="1">
          Commission Payment Status
        </Heading>
        <Flex align="center" gap="2" my="2">
          {paid ? (
            <Badge highContrast color="green" size="2">
              Paid
            </Badge>
          ) : (
            <Badge highContrast color="orange" size="2">
              Pending
            </Badge>
          )}
          <Text size="2" color="gray">
            {paid ? `on ${formatDate(data.payment.paidDate)}` : month}
          </Text>
        </Flex>
        <Flex gap="2" wrap="wrap">
          {paid ? (
            <ConfirmPost
              intent="reset-month"
              fields={fields}
              trigger={
                <Button variant="soft" color="red">
                  Reset Month
                </Button>
              }
              {...reopenQuestion(partnerName, data.month, amount, data.payment.paidDate)}
            />
          ) : (
            <ConfirmPost
              intent="mark-paid"
              fields={fields}
              trigger={<Button disabled={!data.complete}>Mark as Paid</Button>}
              {...markPaidQuestion(
                partnerName,
                data.month,
                amount,
                data.moneyPaid ? { monthPence: data.commissionPence, paid: data.moneyPaid } : null,
              )}
              color="green"
            />
          )}
        </Flex>
      </Card>
    </Grid>
  );
}
