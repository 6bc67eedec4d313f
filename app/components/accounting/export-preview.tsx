/**
 * /admin/accounting's preview of an export: the import note, what changed since an earlier export,
 * what the package cannot take, the download links (one per file of a split) and the rows as the
 * file holds them (the first 100).
 */
import { Button, Callout, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { DownloadIcon, InfoCircledIcon } from "@radix-ui/react-icons";
import { formatCount, formatUnits } from "#domain/shared/format.ts";
import { ScrollTable } from "#app/components/scroll-table.tsx";

export const PREVIEW_ROWS = 100;

export interface ExportPreviewData {
  query: string;
  formatName: string;
  importNote: string;
  unsupported: string | null;
  header: readonly string[];
  rows: string[][];
  totalRows: number;
  files: { name: string; documents: number }[];
  changed: { previous: string; creditNote: string; replacement: string | null }[];
  leftOut: string[];
}

export function ExportPreview({ data }: { data: ExportPreviewData }) {
  if (data.unsupported)
    return (
      <Callout.Root color="amber" role="status">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>{data.unsupported}</Callout.Text>
      </Callout.Root>
    );
  return (
    <Flex direction="column" gap="4">
      <Callout.Root color="blue" variant="surface">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>{data.importNote}</Callout.Text>
      </Callout.Root>
      {data.changed.length ? (
        <Card>
          <Heading as="h2" size="3" mb="2">
            Changed since exported
          </Heading>
          <ul aria-label="Changed since exported" style={{ margin: 0, paddingLeft: "1.2em" }}>
            {data.changed.map((c) => (
              <li key={c.previous}>
                <Text size="2">
                  {c.previous} changed after it was exported:{" "}
                  {c.creditNote ? `credit note ${c.creditNote}` : "nothing to reverse"}
                  {c.replacement ? ` and new document ${c.replacement} to import` : ", no new document"}.
                </Text>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {data.leftOut.length ? (
        <Callout.Root color="amber" variant="surface">
          <Callout.Text>
            {data.formatName}&apos;s import takes no credit notes: enter {data.leftOut.join(", ")} by hand.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Flex gap="3" wrap="wrap" align="center">
        {data.files.length && data.totalRows ? (
          data.files.map((f, i) => (
            <Flex key={f.name} gap="2" align="center" wrap="wrap">
              <Button asChild>
                <a
                  href={`/api/accounting/export?${data.query}&part=${i + 1}`}
                  download={f.name}
                  aria-label={`Download ${f.name}`}
                >
                  <DownloadIcon /> {data.files.length > 1 ? `Download part ${i + 1}` : "Download file"}
                </a>
              </Button>
              <Text size="2" color="gray" style={{ overflowWrap: "anywhere" }}>
                {f.name}: {formatCount(f.documents, "document")}
              </Text>
            </Flex>
          ))
        ) : (
          <Text color="gray">Nothing to export for this month.</Text>
        )}
      </Flex>
      {data.totalRows ? (
        <>
          <ScrollTable label="Rows of the file" size="1">
            <Table.Header>
              <Table.Row>
                {data.header.map((h) => (
                  <Table.ColumnHeaderCell key={h} style={{ whiteSpace: "nowrap" }}>
                    {h}
                  </Table.ColumnHeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.rows.map((row, r) => (
                <Table.Row key={r}>
                  {row.map((cell, c) => (
                    <Table.Cell key={c} style={{ whiteSpace: "nowrap" }}>
                      {cell}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
          {data.totalRows > data.rows.length ? (
            <Text size="2" color="gray">
              The first {formatUnits(data.rows.length)} of {formatUnits(data.totalRows)} rows; the file holds them all.
            </Text>
          ) : null}
        </>
      ) : null}
    </Flex>
  );
}
