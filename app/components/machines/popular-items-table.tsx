/** The body of Popular Items (popular-items-dialog.tsx), a chunk of its own fetched when the dialog opens: the machine's ten best sellers by units. */
import { DialogLoadState } from "./dialog-load-state.tsx";
import { formatAmountPence, formatUnits } from "#domain/shared/format.ts";
import { Flex, ScrollArea, Table, Text } from "@radix-ui/themes";
import type { MachineDialogData } from "#app/routes/resources.machines.$id.$view.ts";
import { ScrollTable } from "../scroll-table.tsx";

type Popular = Extract<MachineDialogData, { popular: unknown }>["popular"];

export function PopularItemsTable({
  data,
  loading,
  error,
}: {
  data: Popular | null;
  loading: boolean;
  error: string | null;
}) {
  return (
    <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 500 }}>
      <DialogLoadState loading={loading && !data} error={error} failure="Failed to fetch popular products">
        {!data?.length ? (
          <Flex direction="column" gap="1" p="4" align="center">
            <Text weight="medium">No product data available for this machine.</Text>
            <Text size="2" color="gray">
              Product data is gathered from monthly sales reports.
            </Text>
          </Flex>
        ) : (
          <ScrollTable label="Popular items" size="2" stickyFirstColumn={false}>
            <caption
              style={{ captionSide: "bottom", paddingTop: 8, fontSize: "var(--font-size-1)", color: "var(--gray-11)" }}
            >
              Most popular items based on sales history
            </caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Rank</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Product Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Price £</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Total Sales</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((item, index) => (
                <Table.Row key={item.product.id}>
                  <Table.Cell>{index + 1}</Table.Cell>
                  <Table.RowHeaderCell>{item.product.name}</Table.RowHeaderCell>
                  <Table.Cell justify="end" className="vb-figure">
                    {formatAmountPence(item.product.currentPricePence)}
                  </Table.Cell>
                  <Table.Cell justify="end" className="vb-figure">
                    {formatUnits(item.totalSales)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        )}
      </DialogLoadState>
    </ScrollArea>
  );
}
