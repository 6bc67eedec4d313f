/**
 * Select Month: months January–December and years 2020 to now, applied with a button. With
 * JavaScript a popover of two selects calls `onApply`; before the scripts have loaded it is a GET
 * form of the browser's selects (`monthOfYear`, `year`, the page's other search parameters kept),
 * which the page's loader turns into `?month=` with `pickedMonth`.
 */
import { Button, Flex, Popover, Select, Text } from "@radix-ui/themes";
import { CalendarIcon } from "@radix-ui/react-icons";
import { Form, useLocation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { pickerYears } from "#domain/products/product-rules.ts";
import { useHydrated } from "./forms.tsx";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The fields the form without JavaScript sends. */
const FORM_FIELDS = ["monthOfYear", "year"] as const;

/**
 * The month a picker's form sent (`?monthOfYear=9&year=2026` → "2026-09"), and the same search
 * without those fields, `month` set: the address to redirect to. Null when the form was not sent or
 * names a month or year the picker does not offer.
 */
export function pickedMonth(params: URLSearchParams, now: Date = new Date()): { month: string; search: string } | null {
  const monthOfYear = Number(params.get("monthOfYear"));
  const year = Number(params.get("year"));
  if (!params.has("monthOfYear") || !params.has("year")) return null;
  if (!Number.isInteger(monthOfYear) || monthOfYear < 1 || monthOfYear > 12 || !pickerYears(now).includes(year))
    return null;
  const month = `${year}-${String(monthOfYear).padStart(2, "0")}`;
  const next = new URLSearchParams(params);
  for (const field of FORM_FIELDS) next.delete(field);
  next.set("month", month);
  return { month, search: `?${next}` };
}

export function MonthPicker({
  month,
  onApply,
  trigger,
}: {
  month: string;
  onApply: (month: string) => void;
  trigger?: ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(month.slice(0, 4));
  const [monthIndex, setMonthIndex] = useState(String(Number(month.slice(5, 7))));
  if (!hydrated) return <MonthPickerForm month={month} />;
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

/** Before the scripts have loaded: the browser's selects in a GET form. */
function MonthPickerForm({ month }: { month: string }) {
  const location = useLocation();
  const others = [...new URLSearchParams(location.search)].filter(
    ([key]) => key !== "month" && key !== "index" && !(FORM_FIELDS as readonly string[]).includes(key),
  );
  return (
    <Form method="get" aria-label="Select Month">
      {others.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      <Flex gap="2" align="center">
        <select
          name="monthOfYear"
          defaultValue={String(Number(month.slice(5, 7)))}
          aria-label="Month of the year"
          className="vb-native-select"
        >
          {MONTHS.map((name, i) => (
            <option key={name} value={String(i + 1)}>
              {name}
            </option>
          ))}
        </select>
        <select name="year" defaultValue={month.slice(0, 4)} aria-label="Year" className="vb-native-select">
          {pickerYears().map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
        <Button type="submit" variant="soft">
          Apply
        </Button>
      </Flex>
    </Form>
  );
}
