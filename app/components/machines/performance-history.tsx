/**
 * The body of View Performance History (performance-dialog.tsx), a chunk of its own fetched when
 * the dialog opens: the 12-month chart and a table per month, with each month's documents; an
 * admin's Delete posts intent record-delete to the page's action (a partner's page only reads).
 */
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { DialogEmptyState, DialogLoadState } from "./dialog-load-state.tsx";
import { Badge, Box, DataList, Flex, IconButton, Popover, ScrollArea, Table, Text, Tooltip } from "@radix-ui/themes";
import { DownloadIcon, FileTextIcon, InfoCircledIcon, ReaderIcon, TrashIcon } from "@radix-ui/react-icons";
import { formatRate, fractionToBp } from "#domain/shared/commission-rules.ts";
import { formatDate, formatMonth, previousMonth } from "#domain/shared/dates.ts";
import { MONTH_TO_DATE, monthHasEnded } from "#domain/month-close/month-close-rules.ts";
import { ConfirmPost } from "../confirm-button.tsx";
import type { MachineRecord } from "#domain/machines/machine-service.ts";
import { formatPence } from "#domain/shared/money.ts";
import { formatUnits } from "#domain/shared/format.ts";
import { isProfitSharingType, type PartnerType } from "#domain/partners/partner-rules.ts";
import { deleteRecordQuestion } from "./machine-questions.ts";
import { SalesChart, twelveMonths } from "./sales-chart.tsx";
import { ScrollTable } from "../scroll-table.tsx";

export interface PerformanceProps {
  machine: { id: number; location: string };
  partnerType: PartnerType;
  commissionPercentage: string;
  canDelete: boolean;
}

export interface PerformanceHistoryProps extends PerformanceProps {
  /** The records once read (null before, or after a failure). */
  data: MachineRecord[] | null;
  loading: boolean;
  error: string | null;
}

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

/** How a month's commission under a written agreement is worked out: its terms and this machine's lines. */
function AgreementWorkings({ record }: { record: MachineRecord }) {
  if (!record.agreement) return null;
  return (
    <Popover.Root>
      <Popover.Trigger>
        <IconButton
          size="1"
          variant="ghost"
          aria-label={`How the ${formatMonth(record.month)} commission is worked out`}
        >
          <InfoCircledIcon />
        </IconButton>
      </Popover.Trigger>
      <Popover.Content maxWidth="360px">
        <Text as="p" weight="bold" size="2" mb="1">
          Agreement for {formatMonth(record.month)}
        </Text>
        {record.agreement.description.map((line) => (
          <Text as="p" size="1" key={line}>
            {line}
          </Text>
        ))}
        <Text as="p" weight="bold" size="2" mt="2" mb="1">
          This machine
        </Text>
        {record.agreement.lines.map((line, i) => (
          <Text as="p" size="1" key={i} className="vb-figure">
            {line}
          </Text>
        ))}
      </Popover.Content>
    </Popover.Root>
  );
}

function CommissionStatusBadge({ commission }: { commission: MachineRecord["commission"] }) {
  if (!commission)
    return (
      <Badge highContrast color="gray">
        No Record
      </Badge>
    );
  if (commission.status === "completed")
    return (
      <Badge highContrast color="green">
        Paid {formatDate(commission.paidDate)}
      </Badge>
    );
  return (
    <Badge highContrast color="orange">
      Pending
    </Badge>
  );
}

function Receipt({ record }: { record: MachineRecord }) {
  const receipt = record.receipts[0];
  if (!receipt) return null;
  const skipped = receipt.skipped;
  return (
    <Popover.Root>
      <Popover.Trigger>
        <IconButton size="1" variant="ghost" aria-label={`Import receipt for ${formatMonth(record.month)}`}>
          <InfoCircledIcon />
        </IconButton>
      </Popover.Trigger>
      <Popover.Content maxWidth="360px">
        <Text as="p" weight="bold" size="2" mb="2">
          Import receipt{record.receipts.length > 1 ? ` (latest of ${record.receipts.length})` : ""}
        </Text>
        <DataList.Root size="1">
          <DataList.Item>
            <DataList.Label>File</DataList.Label>
            <DataList.Value>{receipt.fileName}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>SHA-256</DataList.Label>
            <DataList.Value>
              <Text style={{ wordBreak: "break-all", fontFamily: "var(--code-font-family)" }}>{receipt.sha256}</Text>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Rows read</DataList.Label>
            <DataList.Value>{receipt.rowsRead}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Imported</DataList.Label>
            <DataList.Value>{receipt.imported}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Duplicates</DataList.Label>
            <DataList.Value>{receipt.duplicates}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Skipped</DataList.Label>
            <DataList.Value>
              {skipped.length
                ? skipped
                    .map((s) => (s.revenuePence === undefined ? `${s.count} ${s.reason}` : leftOutSentence(s)))
                    .join("; ")
                : "none"}
            </DataList.Value>
          </DataList.Item>
          {receipt.excluded.length ? (
            <DataList.Item>
              <DataList.Label>Left out</DataList.Label>
              <DataList.Value>{receipt.excluded.join("; ")}</DataList.Value>
            </DataList.Item>
          ) : null}
          <DataList.Item>
            <DataList.Label>Footer totals</DataList.Label>
            <DataList.Value>
              {receipt.footerAgrees === null
                ? "no footer in the file"
                : receipt.footerAgrees
                  ? "agree with the imported rows"
                  : "differ from the imported rows (see the skipped rows)"}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Imported at</DataList.Label>
            <DataList.Value>
              {formatDate(receipt.createdAt)} {receipt.createdAt.slice(11, 16)}
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Popover.Content>
    </Popover.Root>
  );
}

export function PerformanceHistory({
  machine,
  partnerType,
  commissionPercentage,
  canDelete,
  data,
  loading,
  error,
}: PerformanceHistoryProps) {
  const records = data ?? [];
  const profitSharing = isProfitSharingType(partnerType);
  // Nothing to chart or list: the message alone, in a dialog sized to it (performance-dialog.tsx).
  if (!records.length) {
    return (
      <DialogLoadState loading={loading && !data} error={error} failure="Failed to fetch machine records">
        <DialogEmptyState
          title="No monthly records yet."
          detail="A month appears here once its sales report has been imported."
        />
      </DialogLoadState>
    );
  }
  return (
    <>
      <Box mb="3">
        <SalesChart
          title={`${machine.location}: units and revenue over 12 months`}
          data={twelveMonths(
            records.map((r) => ({ month: r.month, units: r.totalSales, revenuePence: r.revenuePence })),
            records[0].month > previousMonth() ? records[0].month : previousMonth(),
          )}
        />
      </Box>
      {/* At most the spec's 600px high; the table scrolls sideways inside itself (ScrollTable). */}
      <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 600 }}>
        <Flex direction="column" gap="4" pr="3">
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
        </Flex>
      </ScrollArea>
    </>
  );
}
