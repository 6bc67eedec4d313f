/** /admin/audit: every change to money and data (who, when, what, before and after), newest first, filtered in the URL. */
import { Box, Button, Callout, Card, Flex, Table, Text, TextField } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Fragment } from "react";
import { auditChangeLines, formatAuditTime } from "#domain/audit/audit-entries.ts";
import { auditFilterSchema, type AuditFilter } from "#domain/audit/audit-schemas.ts";
import { AUDIT_PAGE_SIZE, auditSearch } from "#domain/audit/audit-search.ts";
import { auditPartnerOptions, listAudit, type AuditEntryView, type AuditPartner } from "#domain/audit/audit-service.ts";
import { formatMonth } from "#domain/shared/dates.ts";
import { formatCount } from "#domain/shared/format.ts";
import { BackToDashboard, Page } from "#app/components/page.tsx";
import { zodMessage } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";
import { ScrollTable } from "#app/components/scroll-table.tsx";

export const meta: MetaFunction = () => [{ title: "Audit Trail · Vendboard" }];

/** Changes shown per row before "+N more": the rest are in the row's title. */
const CHANGES_SHOWN = 4;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const partners = await auditPartnerOptions(db);
  const parsed = auditFilterSchema.safeParse(params);
  // The form keeps what was typed, so a bad filter can be corrected where it was made.
  const form = { partnerId: params.partnerId ?? "", month: params.month ?? "", since: params.since ?? "" };
  if (!parsed.success) {
    return data({ partners, form, error: zodMessage(parsed.error), filter: null, result: null }, { status: 400 });
  }
  return { partners, form, error: null, filter: parsed.data, result: await listAudit(db, parsed.data) };
}

const selectStyle = {
  height: "var(--space-6)",
  minWidth: 180,
  maxWidth: "100%",
  padding: "0 var(--space-2)",
  border: "1px solid var(--gray-a7)",
  borderRadius: "var(--radius-2)",
  background: "var(--color-surface)",
  color: "var(--gray-12)",
  fontSize: "var(--font-size-2)",
  fontFamily: "inherit",
} as const;

function partnerLabel(partner: AuditPartner): string {
  const name = partner.name ?? `Partner #${partner.id}`;
  return partner.exists ? name : `${name} (deleted)`;
}

function FilterForm({
  partners,
  form,
}: {
  partners: AuditPartner[];
  form: { partnerId: string; month: string; since: string };
}) {
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location?.pathname === "/admin/audit";
  const any = Boolean(form.partnerId || form.month || form.since);
  return (
    <Card size="2" mb="4">
      {/* A plain GET form: the filters live in the URL and work before any JavaScript has loaded. */}
      {/* Keyed by the filters, so the fields show the URL's values again after Clear, Back or a link. */}
      <Form
        key={`${form.partnerId}|${form.month}|${form.since}`}
        method="get"
        role="search"
        aria-label="Filter the audit trail"
      >
        <Flex gap="3" align="end" wrap="wrap">
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="audit-partner">
              Partner
            </Text>
            <select id="audit-partner" name="partnerId" defaultValue={form.partnerId} style={selectStyle}>
              <option value="">All partners</option>
              {partners.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {partnerLabel(p)}
                </option>
              ))}
            </select>
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="audit-month">
              Business month
            </Text>
            <TextField.Root
              id="audit-month"
              name="month"
              type="month"
              placeholder="YYYY-MM"
              defaultValue={form.month}
              style={{ minWidth: 170 }}
            />
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="audit-since">
              Changed since
            </Text>
            <TextField.Root
              id="audit-since"
              name="since"
              type="date"
              defaultValue={form.since}
              style={{ minWidth: 170 }}
            />
          </Flex>
          <Flex gap="2">
            <Button type="submit" loading={filtering}>
              Apply
            </Button>
            {any ? (
              <Button asChild variant="soft" color="gray">
                <Link to="/admin/audit">Clear</Link>
              </Button>
            ) : null}
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

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

function Pagination({ filter, total }: { filter: AuditFilter; total: number }) {
  const pages = Math.max(1, Math.ceil(total / filter.pageSize));
  const { page } = filter;
  return (
    <Flex asChild align="center" justify="between" gap="3" mt="4" wrap="wrap">
      <nav aria-label="Audit trail pages">
        {page > 1 ? (
          <Button asChild variant="soft">
            <Link to={`/admin/audit${auditSearch(filter, Math.min(page - 1, pages))}`} rel="prev">
              Previous
            </Link>
          </Button>
        ) : (
          <Button variant="soft" disabled>
            Previous
          </Button>
        )}
        <Text size="2" color="gray">
          Page {page} of {pages}
        </Text>
        {page < pages ? (
          <Button asChild variant="soft">
            <Link to={`/admin/audit${auditSearch(filter, page + 1)}`} rel="next">
              Next
            </Link>
          </Button>
        ) : (
          <Button variant="soft" disabled>
            Next
          </Button>
        )}
      </nav>
    </Flex>
  );
}

function AuditTable({ entries }: { entries: AuditEntryView[] }) {
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

export default function AuditTrailPage() {
  const { partners, form, error, filter, result } = useLoaderData<typeof loader>();
  const filtered = Boolean(filter && (filter.partnerId || filter.month || filter.since));
  return (
    <Page
      title="Audit Trail"
      description="Every change to money and data: who made it, when (UTC), what changed, and the values before and after. Newest first."
      actions={<BackToDashboard />}
    >
      <FilterForm partners={partners} form={form} />
      {error ? (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : null}
      {filter && result ? (
        <>
          <Text as="p" size="2" color="gray" mb="2">
            {formatCount(result.total, "change")}
            {filtered ? (result.total === 1 ? " matches these filters" : " match these filters") : " recorded"}
            {result.pageSize !== AUDIT_PAGE_SIZE ? `, ${result.pageSize} a page` : ""}.
          </Text>
          <Card size="1">
            {result.entries.length ? (
              <>
                <Box display={{ initial: "block", md: "none" }} px="2" pb="2">
                  <Text size="1" color="gray">
                    Scroll sideways to see the whole row.
                  </Text>
                </Box>
                <AuditTable entries={result.entries} />
              </>
            ) : (
              <Text as="p" color="gray" align="center" my="5">
                {result.total
                  ? `Page ${filter.page} is past the last page.`
                  : filtered
                    ? "No changes match these filters."
                    : "No changes have been recorded yet."}
              </Text>
            )}
          </Card>
          <Pagination filter={filter} total={result.total} />
        </>
      ) : null}
    </Page>
  );
}
