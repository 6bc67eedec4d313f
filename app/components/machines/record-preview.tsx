/** What an export contains (Preview) and the date-order question, for Add Monthly Record's form. */
import { Badge, Button, Callout, DataList, Flex, Table, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon, InfoCircledIcon } from "@radix-ui/react-icons";
import { MoneyText } from "../money-text.tsx";
import { formatMonth } from "#domain/shared/dates.ts";
import { formatPence } from "#domain/shared/money.ts";
import { formatCount, formatUnits } from "#domain/shared/format.ts";
import type { UploadResult } from "#domain/imports/import-service.ts";
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { costSourceWords } from "#domain/imports/cost-list-rules.ts";
import { footerSentence } from "#domain/imports/telemetry-export.ts";
import { readExportDate, type DateOrder } from "#domain/imports/export-dates.ts";

/** `monthHas`: what the chosen month already holds on the machine, said before what the file adds. */
export function PreviewSummary({ preview, monthHas }: { preview: UploadResult; monthHas?: string | null }) {
  // Every row the file leaves out, with its revenue, but those the badges above already count.
  const leftOut = preview.leftOut.filter((l) => l.kind !== "duplicate" && l.kind !== "booked");
  return (
    <Flex direction="column" gap="3" aria-label="File contents">
      {monthHas ? (
        <Callout.Root color="gray" size="1" role="status">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            <MoneyText text={monthHas} />
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {preview.warnings.map((warning) => (
        <Callout.Root key={warning} color="amber" size="1">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{warning}</Callout.Text>
        </Callout.Root>
      ))}
      {preview.excluded.length ? (
        <Callout.Root color={preview.imported ? "amber" : "red"} size="1" role="status">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            Not imported: {preview.excluded.join("; ")}.
            {preview.imported ? "" : " Nothing in this file would be added."}
          </Callout.Text>
        </Callout.Root>
      ) : !preview.imported ? (
        <Callout.Root color="gray" size="1" role="status">
          <Callout.Text>Every transaction in this file is already imported: nothing would be added.</Callout.Text>
        </Callout.Root>
      ) : null}
      {preview.footer ? (
        <Text size="2" color={preview.footer.agrees ? "gray" : "amber"}>
          {footerSentence(preview.footer).replace(/^the/, "The")}.
        </Text>
      ) : null}
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label minWidth="140px">Units</DataList.Label>
          <DataList.Value>{formatUnits(preview.units)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">Revenue</DataList.Label>
          <DataList.Value>{formatPence(preview.revenuePence)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">COGS</DataList.Label>
          <DataList.Value>
            {formatPence(preview.cogsPence)}
            {/* Where the costs came from: the file's cost column, or the product cost list. */}
            {preview.costFrom?.length ? ` (cost from ${costSourceWords(preview.costFrom)})` : ""}
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">Transactions</DataList.Label>
          <DataList.Value>
            <Flex gap="2" wrap="wrap">
              <Badge highContrast color="green">
                {preview.imported} new
              </Badge>
              {preview.duplicates ? (
                <Badge highContrast color="gray">
                  {preview.duplicates} already imported
                </Badge>
              ) : null}
              {preview.refunds ? (
                <Badge highContrast color="amber">
                  {formatCount(preview.refunds, "refund")}
                </Badge>
              ) : null}
              {preview.outsideMonth ? (
                <Badge highContrast color="amber">
                  {preview.outsideMonth} dated outside the month
                </Badge>
              ) : null}
              {preview.alreadyBooked.map((b) => (
                <Badge key={b.reason} highContrast color="red">
                  {b.count} {b.reason}
                </Badge>
              ))}
            </Flex>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">Rows left out</DataList.Label>
          <DataList.Value>{leftOut.length ? leftOut.map(leftOutSentence).join("; ") : "none"}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {preview.topProducts.length ? (
        <Table.Root size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Top products</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Sold</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {preview.topProducts.map((p) => (
              <Table.Row key={p.name}>
                <Table.Cell>{p.name}</Table.Cell>
                <Table.Cell justify="end" className="vb-figure">
                  {formatUnits(p.count)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </Flex>
  );
}

/** "Dates in this file are: day/month or month/day", each choice showing what the file's example becomes. */
export function DateOrderQuestion({ example, onChoose }: { example: string; onChoose: (order: DateOrder) => void }) {
  const reading = (order: DateOrder) => {
    const iso = readExportDate(example, { order });
    // In words ("5 October 2026"): a date written in numbers would ask the same question again.
    return iso ? `${Number(iso.slice(8, 10))} ${formatMonth(iso.slice(0, 7))}` : null;
  };
  return (
    <Callout.Root color="amber" role="group" aria-label="Date order">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        <Callout.Text>
          The dates in this file{example ? ` (such as ${example})` : ""} can be read either way, and nothing in the file
          says which. Nothing is guessed:
        </Callout.Text>
        <Text size="2" weight="medium">
          Dates in this file are:
        </Text>
        <Flex gap="2" wrap="wrap">
          {(
            [
              ["dmy", "day/month"],
              ["mdy", "month/day"],
            ] as const
          ).map(([order, label]) => (
            <Button key={order} type="button" variant="soft" onClick={() => onChoose(order)}>
              {label}
              {reading(order) ? ` (${reading(order)})` : ""}
            </Button>
          ))}
        </Flex>
      </Flex>
    </Callout.Root>
  );
}
