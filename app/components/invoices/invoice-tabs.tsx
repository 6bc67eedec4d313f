/** Invoices in tabs by status ('all' first): each tab shows the table for its invoices, or the empty text. */
import { Card, Tabs, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { InvoiceView } from "#domain/invoice-service.ts";
import type { InvoiceStatus } from "#domain/invoices.ts";

export type InvoiceTab = { value: "all" | InvoiceStatus; label: string };

export function InvoiceTabs({
  tabs,
  invoices,
  empty,
  framed = false,
  children,
}: {
  tabs: InvoiceTab[];
  invoices: InvoiceView[];
  empty: string;
  /** In a card of its own (a page's main list) rather than inside one already. */
  framed?: boolean;
  children: (shown: InvoiceView[]) => ReactNode;
}) {
  return (
    <Tabs.Root defaultValue="all">
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => {
        const shown = tab.value === "all" ? invoices : invoices.filter((i) => i.status === tab.value);
        const content = shown.length ? (
          children(shown)
        ) : (
          <Text as="p" color="gray" align="center" my="5">
            {empty}
          </Text>
        );
        return (
          <Tabs.Content key={tab.value} value={tab.value}>
            {framed ? (
              <Card size="1" mt="3">
                {content}
              </Card>
            ) : (
              content
            )}
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}
