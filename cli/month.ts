/** --month YYYY-MM, checked once for every command (cli/options.ts). */
import { monthFlag, parseOptions } from "./options.ts";

export function monthOption(value: string | undefined): string {
  return parseOptions(monthFlag, value);
}
