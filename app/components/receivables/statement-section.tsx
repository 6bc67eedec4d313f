/**
 * The admin partner page's "Statement of account" (fee-paying partners): the aging of the
 * balance due at the end of the period, a from/to filter kept in the URL (`?from=&to=`, a GET form
 * that works without JavaScript), the statement's lines with the running balance, and its PDF.
 */
import { Box, Button, Card, Flex, Grid, Heading, Link as RadixLink, Table, Text, TextField } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import { Form, Link, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { AGING_BUCKETS, AGING_LABELS, type Aging } from "#domain/receivables/aging-rules.ts";
import { entryDetail, entryTitle, type Statement } from "#domain/receivables/account-rules.ts";
import { formatDate, formatPence } from "#domain/shared/format.ts";
import { ScrollTable } from "../scroll-table.tsx";
import { balanceAmount, overdueText } from "./balance-due-card.tsx";

export interface StatementView extends Statement {
  aging: Aging;
}

/** The URL of the statement's PDF for the period shown. */
export function statementPdfUrl(partnerId: number, period?: { from: string; to: string }): string {
  return `/api/partners/${partnerId}/statement${period ? `?${new URLSearchParams(period).toString()}` : ""}`;
}

/** A balance in a table cell: "£40.00", or "£12.00 CR" when in credit. */
function balanceCell(pence: number): string {
  return pence < 0 ? `${formatPence(-pence)} CR` : formatPence(pence);
}

export function StatementSection({
  partnerId,
  statement,
  problem,
}: {
  partnerId: number;
  statement: StatementView | null;
  problem: string | null;
}) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const filtering =
    navigation.state !== "idle" &&
    navigation.location?.pathname === location.pathname &&
    navigation.formMethod === "GET";
  const filtered = params.has("from") || params.has("to");
  // The page's other view state (the machines' page) rides along with the filter.
  const kept = [...params.entries()].filter(([key]) => key !== "from" && key !== "to");
  const clearParams = new URLSearchParams(kept).toString();

  return (
    <Box mb="6" id="statement">
      <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
        <Heading as="h2" size="5">
          Statement of account
        </Heading>
        {statement ? (
          <Button asChild variant="soft">
            <a href={statementPdfUrl(partnerId, { from: statement.from, to: statement.to })} download>
              <DownloadIcon /> Download PDF
            </a>
          </Button>
        ) : null}
      </Flex>
      {statement === null ? (
        <Card size="2">
          <Text color="red" role="alert">
            {problem ?? "The statement of account could not be loaded"}
          </Text>
        </Card>
      ) : (
        <>
          <AgingCard aging={statement.aging} />
          <Card size="2" mb="4">
            <Form
              method="get"
              preventScrollReset
              aria-label="Statement period"
              action={`${location.pathname}#statement`}
            >
              {kept.map(([key, value]) => (
                <input key={key} type="hidden" name={key} value={value} />
              ))}
              <Flex gap="3" align="end" wrap="wrap">
                <Flex direction="column" gap="1">
                  <Text as="label" size="2" weight="medium" htmlFor="statement-from">
                    From
                  </Text>
                  <TextField.Root
                    id="statement-from"
                    name="from"
                    type="date"
                    defaultValue={statement.from}
                    style={{ minWidth: 160 }}
                  />
                </Flex>
                <Flex direction="column" gap="1">
                  <Text as="label" size="2" weight="medium" htmlFor="statement-to">
                    To
                  </Text>
                  <TextField.Root
                    id="statement-to"
                    name="to"
                    type="date"
                    defaultValue={statement.to}
                    style={{ minWidth: 160 }}
                  />
                </Flex>
                <Flex gap="2">
                  <Button type="submit" loading={filtering}>
                    Show
                  </Button>
                  {filtered ? (
                    <Button asChild variant="soft" color="gray">
                      <Link
                        to={`${location.pathname}${clearParams ? `?${clearParams}` : ""}#statement`}
                        preventScrollReset
                      >
                        All entries
                      </Link>
                    </Button>
                  ) : null}
                </Flex>
              </Flex>
              {problem ? (
                <Text as="p" size="2" color="red" mt="2" role="alert">
                  {problem}
                </Text>
              ) : null}
            </Form>
          </Card>
          <StatementTable statement={statement} />
        </>
      )}
    </Box>
  );
}

/** The balance due at the end of the period, the overdue part and each aging bucket. */
function AgingCard({ aging }: { aging: Aging }) {
  const overdue = aging.overduePence > 0;
  return (
    <Card size="2" mb="4" aria-label="Aging of the balance due">
      <Flex justify="between" gap="3" wrap="wrap" mb="3" align="baseline">
        <Text size="2">
          Balance due on {formatDate(aging.asOf)}:{" "}
          <Text weight="bold" className="vb-figure">
            {balanceAmount(aging.balancePence)}
          </Text>
        </Text>
        <Text size="2" color={overdue ? "red" : "gray"} weight={overdue ? "medium" : undefined}>
          {overdueText(aging)}
        </Text>
      </Flex>
      <Grid columns={{ initial: "2", sm: "5" }} gap="3" asChild>
        <dl style={{ margin: 0 }}>
          {AGING_BUCKETS.map((bucket) => (
            <Box key={bucket} style={{ minWidth: 0 }}>
              <Text as="div" size="1" color="gray" asChild>
                <dt>{AGING_LABELS[bucket]}</dt>
              </Text>
              <Text
                as="div"
                size="3"
                weight="bold"
                className="vb-figure"
                color={bucket !== "current" && aging.buckets[bucket] > 0 ? "red" : undefined}
                asChild
              >
                <dd style={{ margin: 0 }}>{balanceCell(aging.buckets[bucket])}</dd>
              </Text>
            </Box>
          ))}
        </dl>
      </Grid>
    </Card>
  );
}

function StatementTable({ statement }: { statement: Statement }) {
  return (
    <Card size="2">
      <ScrollTable label="Statement of account" size="1" minWidth={620}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Entry</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Debit</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Credit</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Balance</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row>
            <Table.RowHeaderCell className="vb-figure">{formatDate(statement.from)}</Table.RowHeaderCell>
            <Table.Cell>
              <Text color="gray">Balance brought forward</Text>
            </Table.Cell>
            <Table.Cell />
            <Table.Cell />
            <Table.Cell justify="end" className="vb-figure">
              {balanceCell(statement.openingPence)}
            </Table.Cell>
          </Table.Row>
          {statement.lines.map((line) => (
            <Table.Row key={`${line.kind}-${line.id}`}>
              <Table.RowHeaderCell className="vb-figure">{formatDate(line.date)}</Table.RowHeaderCell>
              <Table.Cell>
                {line.kind === "invoice" ? (
                  <RadixLink href={`/api/fee-payments/${line.id}/invoice`} target="_blank" rel="noopener">
                    {entryTitle(line)}
                  </RadixLink>
                ) : (
                  <Text>{entryTitle(line)}</Text>
                )}
                <Text as="div" size="1" color="gray">
                  {entryDetail(line)}
                </Text>
              </Table.Cell>
              <Table.Cell justify="end" className="vb-figure">
                {line.debitPence ? formatPence(line.debitPence) : ""}
              </Table.Cell>
              <Table.Cell justify="end" className="vb-figure">
                {line.creditPence ? formatPence(line.creditPence) : ""}
              </Table.Cell>
              <Table.Cell justify="end" className="vb-figure">
                {balanceCell(line.balancePence)}
              </Table.Cell>
            </Table.Row>
          ))}
          {statement.lines.length === 0 ? (
            <Table.Row>
              <Table.Cell />
              <Table.Cell colSpan={4}>
                <Text color="gray">No entries in this period</Text>
              </Table.Cell>
            </Table.Row>
          ) : null}
          <Table.Row>
            <Table.RowHeaderCell className="vb-figure">
              <Text weight="bold">{formatDate(statement.to)}</Text>
            </Table.RowHeaderCell>
            <Table.Cell>
              <Text weight="bold">Closing balance</Text>
            </Table.Cell>
            <Table.Cell justify="end" className="vb-figure">
              {formatPence(statement.debitPence)}
            </Table.Cell>
            <Table.Cell justify="end" className="vb-figure">
              {formatPence(statement.creditPence)}
            </Table.Cell>
            <Table.Cell justify="end" className="vb-figure">
              <Text weight="bold">{balanceCell(statement.closingPence)}</Text>
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </ScrollTable>
    </Card>
  );
}
