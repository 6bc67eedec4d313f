/** --month YYYY-MM, checked once for every command. */
import { UsageError } from "./errors.ts";

export function monthOption(value: string | undefined): string {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new UsageError("--month takes a month as YYYY-MM");
  return value;
}
