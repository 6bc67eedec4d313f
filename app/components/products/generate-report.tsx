/** Products Analytics' Generate Report: the dialog with the period (with JavaScript), the workbook's link either way. */
import { Button, Dialog, Flex, Text } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import { useState } from "react";
import { formatMonth } from "#domain/shared/dates.ts";
import { formatLongDay } from "#domain/products/product-rules.ts";
import { useHydrated } from "../forms.tsx";
import { MonthPicker } from "../month-picker.tsx";
import { useToast } from "../toaster.tsx";

const reportUrl = (month: string) => `/api/products/report?month=${month}`;

/** Generate Report: the dialog with the period (with JavaScript), the workbook's link either way. */
export function GenerateReport({
  month,
  range,
  onMonth,
}: {
  month: string;
  range: { from: string; to: string };
  onMonth: (m: string) => void;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const toast = useToast();
  if (!hydrated) {
    return (
      <Button asChild>
        <a href={reportUrl(month)} download={`product-sales-${month}.xlsx`}>
          <DownloadIcon /> Generate Report
        </a>
      </Button>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button>
          <DownloadIcon /> Generate Report
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Generate Product Sales Report</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          A detailed report of product sales, per product and per machine, for the period:
        </Dialog.Description>
        <Flex align="center" justify="between" gap="3" mb="4" wrap="wrap">
          <Text weight="bold" aria-label="Report period">
            {formatLongDay(range.from)} - {formatLongDay(range.to)}
          </Text>
          <MonthPicker
            month={month}
            onApply={onMonth}
            trigger={
              <Button variant="ghost" size="1">
                Change
              </Button>
            }
          />
        </Flex>
        <Flex gap="3" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button asChild>
            {/* The browser downloads the workbook; the notice says it has been generated. */}
            <a
              href={reportUrl(month)}
              download={`product-sales-${month}.xlsx`}
              onClick={() => {
                toast({
                  title: "Report Generated",
                  description: `The product sales report for ${formatMonth(month)} has been generated.`,
                });
                setOpen(false);
              }}
            >
              Generate Report
            </a>
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
