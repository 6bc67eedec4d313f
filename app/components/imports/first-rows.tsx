/** Map columns: the kept file's first rows as they are, numbered as a spreadsheet numbers them, the header row marked. */
import { Badge, Table, Text } from "@radix-ui/themes";
import { ScrollTable } from "#app/components/scroll-table.tsx";

export function FirstRows({ fileName, rows, headerRow }: { fileName: string; rows: string[][]; headerRow: number }) {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return (
    <ScrollTable label={`First rows of ${fileName}`} size="1" variant="surface" minWidth={Math.min(1200, 120 * width)}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell style={{ whiteSpace: "nowrap" }}>Row</Table.ColumnHeaderCell>
          {Array.from({ length: width }, (_, i) => (
            <Table.ColumnHeaderCell key={i} style={{ whiteSpace: "nowrap" }}>
              {columnLetter(i)}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((cells, r) => (
          <Table.Row key={r} style={r + 1 === headerRow ? { background: "var(--accent-a3)" } : undefined}>
            <Table.RowHeaderCell style={{ whiteSpace: "nowrap" }}>
              {r + 1}
              {r + 1 === headerRow ? (
                <Badge ml="2" color="indigo">
                  Headers
                </Badge>
              ) : null}
            </Table.RowHeaderCell>
            {cells.map((cell, c) => (
              <Table.Cell key={c} style={{ whiteSpace: "nowrap" }}>
                <Text weight={r + 1 === headerRow ? "medium" : "regular"}>{cell}</Text>
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

/** A, B, … Z, AA: the spreadsheet's own column names. */
function columnLetter(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
