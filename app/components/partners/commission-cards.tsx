/** Partner detail, profit-sharing types: Commission Due, the Monthly Commission Report and its payment status. */
import { Badge, Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { CheckCircledIcon, DownloadIcon, EnvelopeClosedIcon } from "@radix-ui/react-icons";
import type { CommissionPaymentStatus } from "#domain/commission-service.ts";
import { formatDate, formatMonth } from "#domain/dates.ts";
import { formatGBP } from "#domain/money.ts";
import type { SendReportResult } from "#domain/report-service.ts";
import { apiRequest, downloadFile } from "#app/utils/api-client.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { useAction } from "../use-action.ts";

export interface CommissionMonth {
  month: string;
  commissionPence: number;
  complete: boolean;
  submittedReports: number;
  activeMachines: number;
  payment: { status: CommissionPaymentStatus; paidDate: string | null; amountPence: number | null };
}

export function CommissionCards({ partnerId, partnerName, data, onChanged }: { partnerId: number; partnerName: string; data: CommissionMonth; onChanged: () => void }) {
  const { pending: busy, run } = useAction<"download" | "send" | "pay" | "reset">();
  const month = formatMonth(data.month);
  const paid = data.payment.status === "completed";
  // A paid month states what was paid; until then the figure follows the records.
  const amountPence = paid && data.payment.amountPence !== null ? data.payment.amountPence : data.commissionPence;
  const amount = formatGBP(amountPence);

  const downloadReport = () =>
    run("download", () => downloadFile(`/api/partners/${partnerId}/consolidated-report?month=${data.month}`, "consolidated-report.pdf"), {
      failure: "Failed to download report",
      fallback: "Failed to generate consolidated report",
    });

  const sendReport = () =>
    run("send", () => apiRequest<SendReportResult>("POST", `/api/partners/${partnerId}/send-report`, { month: data.month }), {
      success: (result) =>
        result.emailSent
          ? { title: "Monthly report has been sent successfully", description: result.details }
          : { title: "Report processed, but no email was sent because partner has no email address" },
      failure: "Failed to send report",
    });

  const markPaid = async () => {
    const outcome = await run("pay", () => apiRequest("POST", `/api/partners/${partnerId}/commission-payment`, { status: "completed", month: data.month }), {
      success: () => ({ title: "Payment status updated", description: `${month} marked as paid.` }),
      failure: "Failed to update payment status",
      fallback: "Please try again",
    });
    if (outcome.ok) onChanged();
  };

  const reopen = async () => {
    const outcome = await run("reset", () => apiRequest("POST", "/api/partners/commissions/reset", { month: data.month, partnerId }), {
      success: () => ({ title: "Reset successful", description: `${partnerName}: ${month} is open again.` }),
      failure: "Reset failed",
    });
    if (outcome.ok) onChanged();
  };

  return (
    <Grid columns={{ initial: "1", md: "3" }} gap="4" mb="6">
      <Card size="3" style={{ boxShadow: `inset 0 0 0 2px var(--${data.complete ? "green" : "red"}-8)` }} aria-label="Commission Due">
        <Flex justify="between" align="center" mb="1">
          <Heading as="h2" size="4">
            Commission Due
          </Heading>
          {data.complete ? <CheckCircledIcon width={20} height={20} color="var(--green-9)" aria-label="All machine reports are in" /> : null}
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
        <Text as="p" size="1" color="gray" mt="1">
          {data.submittedReports} of {data.activeMachines} active machine(s) reported for {month}
        </Text>
      </Card>
      <Card size="3">
        <Heading as="h2" size="4" mb="1">
          Monthly Commission Report
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          One PDF for {month} with every machine, the totals and the payment status.
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button onClick={downloadReport} loading={busy === "download"} disabled={!data.complete}>
            <DownloadIcon /> Download Report
          </Button>
          <ConfirmButton
            trigger={
              <Button variant="soft" loading={busy === "send"} disabled={!data.complete}>
                <EnvelopeClosedIcon /> Send Report
              </Button>
            }
            title={`Send ${partnerName} the ${month} report?`}
            description={`The consolidated report for ${month}, with commission of ${amount}, is emailed to the partner.`}
            confirmLabel="Send Report"
            color="indigo"
            onConfirm={() => void sendReport()}
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
          {paid ? <Badge highContrast color="green" size="2">Paid</Badge> : <Badge highContrast color="orange" size="2">Pending</Badge>}
          <Text size="2" color="gray">
            {paid ? `on ${formatDate(data.payment.paidDate)}` : month}
          </Text>
        </Flex>
        <Flex gap="2" wrap="wrap">
          {paid ? (
            <ConfirmButton
              trigger={
                <Button variant="soft" color="red" loading={busy === "reset"}>
                  Reset Month
                </Button>
              }
              title={`Reopen ${partnerName}'s ${month}?`}
              description={`The payment of ${amount} recorded on ${formatDate(data.payment.paidDate)} is removed and the month can change again. The reset is kept in the audit trail.`}
              confirmLabel="Reset Month"
              onConfirm={() => void reopen()}
            />
          ) : (
            <ConfirmButton
              trigger={
                <Button loading={busy === "pay"} disabled={!data.complete}>
                  Mark as Paid
                </Button>
              }
              title={`Mark ${partnerName}'s ${month} commission paid?`}
              description={`${amount} is recorded as paid today, and ${month} is closed: its figures are locked until the month is reset.`}
              confirmLabel="Mark as Paid"
              color="green"
              onConfirm={() => void markPaid()}
            />
          )}
        </Flex>
      </Card>
    </Grid>
  );
}
