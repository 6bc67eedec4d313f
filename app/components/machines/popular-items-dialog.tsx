/** Popular Items: the machine's ten best sellers by units. */
import { Button, Callout, Dialog, Flex, ScrollArea, Spinner, Table, Text } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { MachineDialogData } from "#app/routes/resources.machines.$id.$view.ts";

export function PopularItemsDialog({ machine }: { machine: { id: number; location: string } }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<MachineDialogData>({ key: `machine-${machine.id}-popular` });
  const loading = fetcher.state === "loading";
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const data = fetcher.data && "popular" in fetcher.data ? fetcher.data.popular : null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) fetcher.load(`/resources/machines/${machine.id}/popular`);
      }}
    >
      <Dialog.Trigger>
        <Button variant="soft" size="2">
          Popular Items
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>Popular Items</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {machine.location}
        </Dialog.Description>
        <ScrollArea type="auto" scrollbars="vertical" style={{ height: 500 }}>
          {loading && !data ? (
            <Flex justify="center" p="6">
              <Spinner size="3" />
            </Flex>
          ) : error ? (
            <Callout.Root color="red">
              <Callout.Text>Failed to fetch popular products: {error}</Callout.Text>
            </Callout.Root>
          ) : !data?.length ? (
            <Flex direction="column" gap="1" p="4" align="center">
              <Text weight="medium">No product data available for this machine.</Text>
              <Text size="2" color="gray">
                Product data is gathered from monthly sales reports.
              </Text>
            </Flex>
          ) : (
            <Table.Root size="2">
              <caption style={{ captionSide: "bottom", paddingTop: 8, fontSize: "var(--font-size-1)", color: "var(--gray-11)" }}>
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
                    <Table.Cell justify="end">{item.product.currentPrice.toFixed(2)}</Table.Cell>
                    <Table.Cell justify="end">{item.totalSales}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </ScrollArea>
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
