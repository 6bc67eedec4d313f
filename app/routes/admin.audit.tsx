/** /admin/audit: every change to money and data (who, when, what, before and after), newest first, filtered in the URL. */
import { Box, Button, Callout, Card, Flex, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { auditFilterSchema, type AuditFilter } from "#domain/audit/audit-schemas.ts";
import { AUDIT_PAGE_SIZE, auditSearch } from "#domain/audit/audit-search.ts";
import { auditPartnerOptions, listAudit } from "#domain/audit/audit-service.ts";
import { formatCount } from "#domain/shared/format.ts";
import { BackToDashboard, Page } from "#app/components/page.tsx";
import { zodMessage } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";
import { FilterForm } from "#app/components/audit/audit-filter-form.tsx";
import { AuditTable } from "#app/components/audit/audit-table.tsx";

export const meta: MetaFunction = () => [{ title: "Audit Trail · Vendboard" }];

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
