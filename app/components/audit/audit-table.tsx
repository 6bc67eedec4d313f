/** /admin/audit's table: each entry's time, who, partner, what and its changed values. */
import { Box, Flex, Table, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { auditChangeLines, formatAuditTime } from "#domain/audit/audit-entries.ts";
import type { AuditEntryView, AuditPartner } from "#domain/audit/audit-service.ts";
import { formatMonth } from "#domain/shared/dates.ts";
import { ScrollTable } from "#app/components/scroll-table.tsx";
import { partnerLabel } from "./audit-filter-form.tsx";

/** Changes shown per row before "+N more": the rest are in the row's title. */
const CHANGES_SHOWN = 4;

function PartnerCell({ partner }: { partner: AuditPartner | null }) {
  if (!partner) return <Text color="gray">—</Text>;
  if (!partner.exists) return <Text color="gray">{partnerLabel(partner)}</Text>;
  return (
    <Link to={`/partners/${partner.id}`} style={{ color: "var(--accent-11)" }}>
      {partnerLabel(partner)}
    </Link>
  );
}

function ChangesCell({ entry }: { entry: AuditEntryView }) {
  const lines = auditChangeLines(entry);
  if (!lines.length) return <Text color="gray">—</Text>;
  const shown = lines.slice(0, CHANGES_SHOWN);
  return (
    <Flex direction="column" gap="1" title={lines.length > CHANGES_SHOWN ? lines.join("\n") : undefined}>
      {shown.map((line, i) => (
        <Text key={i} size="1" style={{ fontVariantNumeric: "tabular-nums" }}>
          {line}
        </Text>
      ))}
      {lines.length > CHANGES_SHOWN ? (
        <Text size="1" color="gray">
          +{lines.length - CHANGES_SHOWN} more
        </Text>
      ) : null}
    </Flex>
  );
}

export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  return (
    <ScrollTable label="Audit log" size="2">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>
            When
            <Box as="span" display={{ initial: "inline", sm: "none" }}>
              {" "}
              / Who
            </Box>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell className="vb-audit-who">Who</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell style={{ minWidth: 200 }}>What</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell style={{ minWidth: 150 }}>Partner</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Month</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell style={{ minWidth: 240 }}>Before → After</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map((entry) => (
          <Table.Row key={entry.id}>
            <Table.Cell style={{ fontVariantNumeric: "tabular-nums" }}>
              {/* Date and time may go on two lines when the screen is narrow, never inside either. */}
              <time dateTime={entry.at}>
                {formatAuditTime(entry.at)
                  .split(" ")
                  .map((part, i) => (
                    <Fragment key={i}>
                      {i ? " " : ""}
                      <span style={{ whiteSpace: "nowrap" }}>{part}</span>
                    </Fragment>
                  ))}
              </time>
              {/* On small screens the Who column gives its room to What: the actor shows here instead. */}
              <Box display={{ initial: "block", sm: "none" }}>
                <Text size="1" color="gray">
                  by {entry.actor}
                </Text>
              </Box>
            </Table.Cell>
            <Table.Cell className="vb-audit-who" style={{ whiteSpace: "nowrap" }}>
              {entry.actorId === null ? <Text color="gray">{entry.actor}</Text> : entry.actor}
            </Table.Cell>
            <Table.RowHeaderCell style={{ fontWeight: "normal" }}>{entry.description}</Table.RowHeaderCell>
            <Table.Cell>
              <PartnerCell partner={entry.partner} />
            </Table.Cell>
            <Table.Cell style={{ whiteSpace: "nowrap" }}>
              {entry.month ? formatMonth(entry.month) : <Text color="gray">—</Text>}
            </Table.Cell>
            <Table.Cell>
              <ChangesCell entry={entry} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}
