/**
 * /admin/accounting?month=YYYY-MM&format=xero&kind=sales: an ended month's documents as the
 * accounting package imports them (docs/accounting.md). Choose the month, the package and what to
 * export, see the rows, download the file (GET /api/accounting/export, which logs the export). A GET
 * form: it all works before the scripts have loaded. Partners see the Unauthorized card.
 */
import { Button, Card, Flex, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { buildExport } from "#domain/accounting/accounting-service.ts";
import { FORMAT_NAMES, FORMATS, KIND_NAMES, KINDS } from "#domain/accounting/accounting-settings.ts";
import { exportQuerySchema } from "#domain/accounting/accounting-schemas.ts";
import { formatMonth, previousMonth, recentMonths } from "#domain/shared/dates.ts";
import { BackToDashboard, Page, UnauthorizedCard } from "#app/components/page.tsx";
import { ExportPreview, PREVIEW_ROWS, type ExportPreviewData } from "#app/components/accounting/export-preview.tsx";
import { db } from "#app/utils/db.server.ts";
import { requireUser } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Accounting Export · Vendboard" }];

/** The ended months an export can be for: last month and the 23 before it. */
const exportMonths = () => recentMonths(previousMonth(), 24);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!user.isAdmin) return { authorized: false as const };
  const params = new URL(request.url).searchParams;
  const months = exportMonths();
  const parsed = exportQuerySchema.safeParse({
    month: params.get("month") ?? previousMonth(),
    format: params.get("format") ?? "xero",
    kind: params.get("kind") ?? "sales",
  });
  const query =
    parsed.success && months.includes(parsed.data.month)
      ? parsed.data
      : { month: previousMonth(), format: "xero" as const, kind: "sales" as const };
  const newOnly = params.get("new") === "1";
  const built = await buildExport(db, { ...query, newOnly });
  const preview: ExportPreviewData = {
    query: new URLSearchParams({
      month: query.month,
      format: query.format,
      kind: query.kind,
      ...(newOnly ? { new: "1" } : {}),
    }).toString(),
    formatName: FORMAT_NAMES[query.format],
    importNote: built.importNote,
    unsupported: built.unsupported,
    header: built.header,
    rows: built.rows.slice(0, PREVIEW_ROWS),
    totalRows: built.rows.length,
    files: built.files.map((f) => ({ name: f.name, documents: f.documents })),
    changed: built.changed,
    leftOut: built.leftOut,
  };
  return { authorized: true as const, months, query, newOnly, preview };
}

function Choice({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Flex direction="column" gap="1" style={{ minWidth: 200, flex: "1 1 200px" }}>
      <Text as="label" size="2" weight="medium" htmlFor={`accounting-${name}`}>
        {label}
      </Text>
      <select id={`accounting-${name}`} name={name} defaultValue={value} className="vb-native-select">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Flex>
  );
}

export default function AccountingPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.authorized) return <UnauthorizedCard />;
  const { months, query, newOnly, preview } = data;
  return (
    <Page
      title="Accounting Export"
      description={`${formatMonth(query.month)}'s fee invoices, commission bills and payments as your accounting package imports them: every figure as the invoices, statements and payouts show it.`}
      actions={<BackToDashboard />}
    >
      <Card mb="4">
        <Form method="get" aria-label="Choose the export">
          <Flex gap="3" wrap="wrap" align="end">
            <Choice
              name="month"
              label="Month"
              value={query.month}
              options={months.map((m) => ({ value: m, label: formatMonth(m) }))}
            />
            <Choice
              name="format"
              label="Accounting package"
              value={query.format}
              options={FORMATS.map((f) => ({ value: f, label: FORMAT_NAMES[f] }))}
            />
            <Choice
              name="kind"
              label="What to export"
              value={query.kind}
              options={KINDS.map((k) => ({ value: k, label: KIND_NAMES[k] }))}
            />
            <Text as="label" size="2" style={{ flex: "1 1 200px" }}>
              <Flex gap="2" align="center">
                <input type="checkbox" name="new" value="1" defaultChecked={newOnly} />
                Only what was not exported before
              </Flex>
            </Text>
            <Button type="submit" variant="soft">
              Preview
            </Button>
          </Flex>
        </Form>
      </Card>
      <ExportPreview data={preview} />
    </Page>
  );
}
