/**
 * The popovers and badge in a month's row of the performance history (performance-table.tsx): how a
 * month's commission under a written agreement is worked out, the commission's status, and the
 * month's import receipt.
 */
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { Badge, DataList, IconButton, Popover, Text } from "@radix-ui/themes";
import { InfoCircledIcon } from "@radix-ui/react-icons";
import { formatDate, formatMonth } from "#domain/shared/dates.ts";
import type { MachineRecord } from "#domain/machines/machine-service.ts";

/** How a month's commission under a written agreement is worked out: its terms and this machine's lines. */
export function AgreementWorkings({ record }: { record: MachineRecord }) {
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

export function CommissionStatusBadge({ commission }: { commission: MachineRecord["commission"] }) {
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

export function Receipt({ record }: { record: MachineRecord }) {
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
