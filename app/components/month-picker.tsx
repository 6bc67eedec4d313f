/** Select Month: months January–December and years 2020 to now, applied with a button. */
import { Button, Flex, Popover, Select, Text } from "@radix-ui/themes";
import { CalendarIcon } from "@radix-ui/react-icons";
import { useState, type ReactNode } from "react";
import { pickerYears } from "#domain/product-analytics.ts";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function MonthPicker({ month, onApply, trigger }: { month: string; onApply: (month: string) => void; trigger?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(month.slice(0, 4));
  const [monthIndex, setMonthIndex] = useState(String(Number(month.slice(5, 7))));
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setYear(month.slice(0, 4));
          setMonthIndex(String(Number(month.slice(5, 7))));
        }
      }}
    >
      <Popover.Trigger>
        {trigger ?? (
          <Button variant="soft">
            <CalendarIcon /> Select Month
          </Button>
        )}
      </Popover.Trigger>
      <Popover.Content width="280px">
        <Flex direction="column" gap="3">
          <Text size="2" weight="bold">
            Select Month
          </Text>
          <Flex gap="2">
            <Select.Root value={monthIndex} onValueChange={setMonthIndex}>
              <Select.Trigger aria-label="Month of the year" style={{ flex: 1 }} />
              <Select.Content position="popper">
                {MONTHS.map((name, i) => (
                  <Select.Item key={name} value={String(i + 1)}>
                    {name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            <Select.Root value={year} onValueChange={setYear}>
              <Select.Trigger aria-label="Year" />
              <Select.Content position="popper">
                {pickerYears().map((y) => (
                  <Select.Item key={y} value={String(y)}>
                    {y}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Button
            onClick={() => {
              onApply(`${year}-${monthIndex.padStart(2, "0")}`);
              setOpen(false);
            }}
          >
            Apply
          </Button>
        </Flex>
      </Popover.Content>
    </Popover.Root>
  );
}
