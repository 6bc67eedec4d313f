/**
 * The performance history's table (performance-history.tsx): a row per month with its figures, the
 * commission columns on a profit-sharing partner's page, and the month's documents; an admin's
 * Delete posts intent record-delete to the page's action.
 */
import { Flex, IconButton, Table, Text, Tooltip } from "@radix-ui/themes";
import { DownloadIcon, FileTextIcon, ReaderIcon, TrashIcon } from "@radix-ui/react-icons";
import { formatRate, fractionToBp } from "#domain/shared/commission-rules.ts";
import { formatMonth } from "#domain/shared/dates.ts";
import { MONTH_TO_DATE, monthHasEnded } from "#domain/month-close/month-close-rules.ts";
import { ConfirmPost } from "../confirm-button.tsx";
import type { MachineRecord } from "#domain/machines/machine-service.ts";
import { formatPence } from "#domain/shared/money.ts";
import { formatUnits } from "#domain/shared/format.ts";
import type { PartnerType } from "#domain/partners/partner-rules.ts";
import { deleteRecordQuestion } from "./machine-questions.ts";
import { ScrollTable } from "../scroll-table.tsx";
import { AgreementWorkings, CommissionStatusBadge, Receipt } from "./performance-popovers.tsx";

export function profitShareLabel(
  partnerType: PartnerType,
  commissionPercentage: string,
  records: readonly Pick<MachineRecord, "agreement">[] = [],
): string {
  // Months under a written agreement say how each figure is worked out beside it.
  if (records.some((r) => r.agreement)) return "Commission";
  return partnerType === "tiered-profit-sharing"
    ? "Tiered Commission"
    : `Profit Share (${formatRate(fractionToBp(commissionPercentage) ?? 0)})`;
}

export function PerformanceTable({
  machine,
  partnerType,
  commissionPercentage,
  canDelete,
  profitSharing,
  records,
}: {
  machine: { location: string };
  partnerType: PartnerType;
  commissionPercentage: string;
  canDelete: boolean;
  profitSharing: boolean;
  records: MachineRecord[];
}) {
  return (
    <ScrollTable label="Monthly records" size="1" variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Month</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Sales (Units)</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Revenue</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">COGS</Table.ColumnHeaderCell>
          {profitSharing ? (
            <>
              <Table.ColumnHeaderCell justify="end">Card Commission</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Net Profit</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                {profitShareLabel(partnerType, commissionPercentage, records)}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Commission Status</Table.ColumnHeaderCell>
            </>
          ) : null}
          <Table.ColumnHeaderCell>Documents</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {records.map((record) => (
          <Table.Row key={record.id}>
            <Table.RowHeaderCell className="vb-figure">
              {formatMonth(record.month)}
              {monthHasEnded(record.month) ? null : (
                <Text as="div" size="1" color="amber">
                  {MONTH_TO_DATE}
                </Text>
              )}
            </Table.RowHeaderCell>
            <Table.Cell justify="end" className="vb-figure">
              {formatUnits(record.totalSales)}
            </Table.Cell>
            <Table.Cell justify="end" className="vb-figure">
              {formatPence(record.revenuePence)}
            </Table.Cell>
            <Table.Cell justify="end" className="vb-figure">
              {formatPence(record.cogsPence)}
            </Table.Cell>
            {profitSharing ? (
              <>
                <Table.Cell justify="end" className="vb-figure">
                  {formatPence(record.cardFeePence)}
                </Table.Cell>
                <Table.Cell justify="end" className="vb-figure">
                  {formatPence(record.netProfitPence)}
                </Table.Cell>
                <Table.Cell justify="end" className="vb-figure">
                  <Flex gap="1" align="center" justify="end">
                    {formatPence(record.profitSharePence)}
                    <AgreementWorkings record={record} />
                  </Flex>
                </Table.Cell>
                <Table.Cell>
                  <CommissionStatusBadge commission={record.commission} />
                </Table.Cell>
              </>
            ) : null}
            <Table.Cell>
              <Flex gap="2" align="center">
                {record.receipts.length ? (
                  <Tooltip content="Open the monthly report">
                    <IconButton size="1" variant="ghost" asChild>
                      <a
                        href={`/api/records/${record.id}/report`}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={`Monthly report for ${formatMonth(record.month)}`}
                      >
                        <FileTextIcon />
                      </a>
                    </IconButton>
                  </Tooltip>
                ) : null}
                {profitSharing && monthHasEnded(record.month) ? (
                  <Tooltip content="Open the statement (PDF)">
                    <IconButton size="1" variant="ghost" asChild>
                      <a
                        href={`/api/records/${record.id}/statement`}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={`Statement for ${formatMonth(record.month)}`}
                      >
                        <ReaderIcon />
                      </a>
                    </IconButton>
                  </Tooltip>
                ) : null}
                <Tooltip content="Download the transactions (.xlsx)">
                  <IconButton size="1" variant="ghost" asChild>
                    <a
                      href={`/api/records/${record.id}/transactions`}
                      aria-label={`Transactions for ${formatMonth(record.month)}`}
                    >
                      <DownloadIcon />
                    </a>
                  </IconButton>
                </Tooltip>
                <Receipt record={record} />
                {canDelete ? (
                  <ConfirmPost
                    intent="record-delete"
                    // The dialog says a paid month's difference becomes an adjustment: confirming it confirms that.
                    fields={
                      record.commission?.status === "completed"
                        ? { recordId: record.id, adjustPaidMonths: "yes" }
                        : { recordId: record.id }
                    }
                    trigger={
                      <IconButton
                        size="1"
                        variant="ghost"
                        color="red"
                        aria-label={`Delete the ${formatMonth(record.month)} record`}
                      >
                        <TrashIcon />
                      </IconButton>
                    }
                    {...deleteRecordQuestion(machine.location, record)}
                  />
                ) : null}
              </Flex>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}
