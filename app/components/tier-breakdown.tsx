/** The tier breakdown of a month's tiered commission: each band's share of net profit and its commission. */
import { Table } from "@radix-ui/themes";
import { formatRate, type TieredCommission } from "#domain/shared/commission-rules.ts";
import { formatPence } from "#domain/shared/money.ts";

export function bandLabel(band: { fromPence: number; toPence: number | null }): string {
  if (band.toPence === null) return `Above ${formatPence(band.fromPence)}`;
  if (band.fromPence === 0) return `First ${formatPence(band.toPence)}`;
  return `${formatPence(band.fromPence + 1)} – ${formatPence(band.toPence)}`;
}

export function TierBreakdown({ tiers }: { tiers: TieredCommission }) {
  return (
    <Table.Root size="1" variant="surface" aria-label="Tier breakdown">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Band of net profit</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Rate</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Profit in band</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Commission</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {tiers.lines.map((line) => (
          <Table.Row key={line.fromPence}>
            <Table.RowHeaderCell>{bandLabel(line)}</Table.RowHeaderCell>
            <Table.Cell justify="end">{formatRate(line.rateBp)}</Table.Cell>
            <Table.Cell justify="end">{formatPence(line.basePence)}</Table.Cell>
            <Table.Cell justify="end">{formatPence(line.commissionPence)}</Table.Cell>
          </Table.Row>
        ))}
        <Table.Row>
          <Table.RowHeaderCell>
            <strong>Total</strong>
          </Table.RowHeaderCell>
          <Table.Cell />
          <Table.Cell justify="end">
            <strong>{formatPence(Math.max(0, tiers.netPence))}</strong>
          </Table.Cell>
          <Table.Cell justify="end">
            <strong>{formatPence(tiers.totalPence)}</strong>
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}
