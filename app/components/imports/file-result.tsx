/** One file's preview or import on /admin/import: its rows by machine and month, what it left out, or why it was not read. */
import { Badge, Box, Callout, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { costSourceWords } from "#domain/imports/cost-list-rules.ts";
import { footerSentence } from "#domain/imports/telemetry-export.ts";
import { formatMonth } from "#domain/shared/dates.ts";
import { formatPence } from "#domain/shared/money.ts";
import { formatCount, formatUnits } from "#domain/shared/format.ts";
import type { FileOutcome } from "#domain/imports/import-service.ts";
import { DATE_ORDER_PREFIX } from "#app/utils/import-fields.ts";
import { ScrollTable } from "#app/components/scroll-table.tsx";
import { MapColumnsCallout, ProfileChoice } from "./profile-callouts.tsx";

/** "Dates in this file are: day/month or month/day": the answer goes with the next Preview or Import (native radios, in the form by its id). */
function DateOrderQuestion({ fileName, value }: { fileName: string; value?: string }) {
  return (
    <Flex direction="column" gap="2" mt="2" asChild>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Text as="div" size="2" weight="medium" asChild>
          <legend>Dates in this file are:</legend>
        </Text>
        <Flex gap="4" wrap="wrap">
          {[
            ["dmy", "day/month"],
            ["mdy", "month/day"],
          ].map(([order, label]) => (
            <Text as="label" size="2" key={order}>
              <Flex gap="2" align="center">
                <input
                  type="radio"
                  form="import-form"
                  name={`${DATE_ORDER_PREFIX}${fileName}`}
                  value={order}
                  defaultChecked={value === order}
                  style={{ width: 16, height: 16 }}
                />
                {label}
              </Flex>
            </Text>
          ))}
        </Flex>
        <Text size="1" color="gray">
          Then Preview again.
        </Text>
      </fieldset>
    </Flex>
  );
}

const DECIDED_BY: Record<string, string> = {
  title: "the date range in its title",
  "unambiguous date": "a date that reads only one way",
  "AM/PM": "its AM/PM times",
  given: "your answer",
};

export function FileResult({
  outcome,
  imported,
  dateOrder,
  stored,
  profile,
}: {
  outcome: FileOutcome;
  imported: boolean;
  dateOrder?: string;
  /** The upload key the preview kept the file under (a file refused for its layout). */
  stored?: string;
  /** The import profile chosen for the file among several. */
  profile?: string;
}) {
  if (!outcome.ok && outcome.needsProfile)
    return <MapColumnsCallout fileName={outcome.fileName} error={outcome.error} stored={stored} />;
  if (!outcome.ok && outcome.profiles)
    return (
      <ProfileChoice fileName={outcome.fileName} error={outcome.error} profiles={outcome.profiles} value={profile} />
    );
  if (!outcome.ok && outcome.needsDateOrder) {
    return (
      <Callout.Root color="amber" mb="4" role="group" aria-label={`${outcome.fileName} needs its date order`}>
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Flex direction="column">
          <Callout.Text>
            <strong>{outcome.fileName}</strong>: {outcome.error}
          </Callout.Text>
          <DateOrderQuestion fileName={outcome.fileName} value={dateOrder} />
        </Flex>
      </Callout.Root>
    );
  }
  if (!outcome.ok) {
    return (
      <Callout.Root color="red" mb="4" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>
          <strong>{outcome.fileName}</strong>: {outcome.error}
        </Callout.Text>
      </Callout.Root>
    );
  }
  const { result } = outcome;
  // Every reason rows were left out, with the revenue they carry; those needing confirmation are named beside Import too.
  const notes = result.leftOut
    .filter((l) => l.kind !== "booked" && l.kind !== "closed" && l.kind !== "duplicate")
    .map(leftOutSentence);
  const decided = result.dateOrderDecidedBy ? DECIDED_BY[result.dateOrderDecidedBy] : undefined;
  return (
    <Card size="2" mb="4" asChild>
      <section aria-label={`${result.fileName} ${imported ? "imported" : "preview"}`}>
        <Flex justify="between" align="center" wrap="wrap" gap="2" mb="2">
          <Heading as="h2" size="3">
            {result.fileName}
          </Heading>
          <Badge highContrast color={imported ? "green" : "indigo"}>
            {imported ? "Imported" : "Preview"}
          </Badge>
        </Flex>
        <Text as="p" size="2" color="gray" mb="2">
          {formatCount(result.rowsRead, "row")} read.
          {decided ? ` Dates read ${result.dateOrder === "mdy" ? "month/day" : "day/month"} (from ${decided}).` : ""}
          {result.profile
            ? ` Read with import profile "${result.profile.name}" (version ${result.profile.version}).`
            : ""}
        </Text>
        {result.footer ? (
          <Text as="p" size="2" color={result.footer.agrees ? "gray" : "amber"} mb="2">
            {footerSentence(result.footer).replace(/^the/, "The")}.
          </Text>
        ) : null}
        <ScrollTable label={`Rows of ${result.fileName} by machine`} size="1" variant="surface" minWidth={800}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell style={{ whiteSpace: "nowrap" }}>Machine</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell style={{ whiteSpace: "nowrap" }}>Month</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                Units
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                Revenue
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                COGS
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                {imported ? "New" : "New (would add)"}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                Duplicate
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell style={{ whiteSpace: "nowrap" }}>Already booked</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                Late (paid month)
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {result.groups.map((g) => (
              <Table.Row key={`${g.machineId}:${g.month}`}>
                <Table.RowHeaderCell style={{ minWidth: 180 }}>
                  <Text as="div" weight="medium">
                    {g.location}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {g.partnerName}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell style={{ whiteSpace: "nowrap" }}>{formatMonth(g.month)}</Table.Cell>
                <Table.Cell justify="end" className="vb-figure">
                  {formatUnits(g.units)}
                </Table.Cell>
                <Table.Cell justify="end" style={{ whiteSpace: "nowrap" }}>
                  {formatPence(g.revenuePence)}
                </Table.Cell>
                <Table.Cell justify="end" style={{ whiteSpace: "nowrap" }}>
                  {formatPence(g.cogsPence)}
                  {g.costFrom.length ? (
                    // Where the figure's costs came from: the file's cost column or the product cost list.
                    <Text as="div" size="1" color="gray">
                      cost from {costSourceWords(g.costFrom)}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell justify="end">{g.imported}</Table.Cell>
                <Table.Cell justify="end">{g.duplicates}</Table.Cell>
                <Table.Cell>
                  {g.alreadyBooked.length ? g.alreadyBooked.map((b) => leftOutSentence(b)).join("; ") : "0"}
                </Table.Cell>
                <Table.Cell justify="end">{g.monthClosed}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
        {!result.groups.length ? (
          <Text as="p" size="2" color="gray" mt="2">
            No row of this file goes to a machine yet.
          </Text>
        ) : null}
        {notes.length ? (
          <Text as="p" size="2" weight="medium" mt="2">
            Left out:
          </Text>
        ) : null}
        {notes.length ? (
          <Box asChild mt="1">
            <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
              {notes.map((n) => (
                <li key={n}>
                  <Text size="2">{n}</Text>
                </li>
              ))}
            </ul>
          </Box>
        ) : null}
      </section>
    </Card>
  );
}
