/** A label/value list where an empty value reads 'Not provided'; and the bank details as one. */
import { DataList } from "@radix-ui/themes";
import { formatSortCode } from "#domain/shared/format.ts";

export function DetailsList({
  rows,
  labelWidth = "120px",
  size = "2",
}: {
  rows: [string, string | null][];
  labelWidth?: string;
  size?: "1" | "2";
}) {
  return (
    <DataList.Root
      size={size}
      orientation={{ initial: "vertical", sm: "horizontal" }}
      style={size === "1" ? { rowGap: 4 } : undefined}
    >
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.Label minWidth={labelWidth}>{label}</DataList.Label>
          <DataList.Value>{value || "Not provided"}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export function bankRows(p: {
  bankName: string | null;
  accountHolderName: string | null;
  accountNumber: string | null;
  sortCode: string | null;
  rollNumber?: string | null;
}): [string, string | null][] {
  return [
    ["Bank Name", p.bankName],
    ["Account Holder", p.accountHolderName],
    ["Account Number", p.accountNumber],
    // Stored as 6 digits, shown 12-34-56 (details kept from before sort codes were checked show as they are).
    ["Sort Code", p.sortCode && formatSortCode(p.sortCode)],
    // A building society's roll number only when there is one.
    ...(p.rollNumber ? [["Roll Number", p.rollNumber] as [string, string]] : []),
  ];
}
