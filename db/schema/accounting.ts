/** The tables of accounting exports: the packages' account codes and tax types, and the log of exports. */
import type { ColumnType, Generated } from "kysely";
import type { CreatedAt } from "./columns.ts";

/** One row (id 1): JSON checked by domain/accounting/accounting-settings.ts. */
export interface AccountingSettingsTable {
  id: ColumnType<number, 1, never>;
  settings: string;
  updatedAt: ColumnType<string, string | undefined, string>;
  updatedBy: number | null;
}

/** An export written (a download, or the CLI's file): what it carried, by whom. */
export interface AccountingExportsTable {
  id: Generated<number>;
  month: string;
  kind: "sales" | "bills" | "payments";
  format: "xero" | "quickbooks" | "sage";
  /** JSON: [{number, base, fingerprint, document}], each document as sent. */
  documents: string;
  exportedBy: number | null;
  exportedAt: CreatedAt;
}
