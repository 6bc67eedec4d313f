/** The tables of machines and their sales: monthly records, import receipts and stored uploads, products, sales and the product rollups. */
import type { ColumnType, Generated } from "kysely";
import type { CreatedAt } from "./columns.ts";

/** Uploaded exports kept in the database (PostgreSQL), keyed by the receipts' stored path. */
export interface StoredUploadsTable {
  path: string;
  bytes: Uint8Array;
  size: number;
  storedAtMs: number;
}

export interface MachinesTable {
  id: Generated<number>;
  partnerId: number;
  location: string;
  imageUrl: string | null;
  status: ColumnType<"active" | "inactive", "active" | "inactive" | undefined, "active" | "inactive">;
  /** The Machine Name its telemetry exports use, when it differs from the location. */
  telemetryName: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
}

export interface MonthlyRecordsTable {
  id: Generated<number>;
  machineId: number;
  month: string;
  totalSales: ColumnType<number, number | undefined, number>;
  revenuePence: ColumnType<number, number | undefined, number>;
  cogsPence: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<string, string | undefined, string>;
}

export interface ImportReceiptsTable {
  id: Generated<number>;
  recordId: number;
  fileName: string;
  sha256: string;
  storedPath: string;
  rowsRead: number;
  imported: number;
  duplicates: number;
  /** JSON object: reason → count. */
  skipped: string;
  outsideMonth: ColumnType<number, number | undefined, number>;
  /** JSON list of {reason, count}: rows left out (dated outside the month, already booked elsewhere, month closed). */
  excluded: ColumnType<string, string | undefined, string>;
  /** 1 agrees, 0 disagrees, null when the file has no totals footer. */
  footerAgrees: number | null;
  importedBy: number | null;
  /** The import profile the file was read with, its version and a copy of it (JSON); null for the spec's layout. */
  profileName: ColumnType<string | null, string | null | undefined, string | null>;
  profileVersion: ColumnType<number | null, number | null | undefined, number | null>;
  profile: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
}

/** Import profiles, every version (domain/imports/import-profile.ts). */
export interface ImportProfilesTable {
  id: Generated<number>;
  name: string;
  nameKey: string;
  version: number;
  headerKey: string;
  /** JSON: the profile's definition. */
  definition: string;
  createdBy: number | null;
  createdAt: CreatedAt;
  deletedAt: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  currentPricePence: number;
  currentCostPence: number;
}

export interface SalesTable {
  id: Generated<number>;
  machineId: number;
  recordId: number;
  productId: number;
  saleDate: string;
  pricePence: number;
  /** The cost of one unit: a line's COGS is costPence × quantity (sales only). */
  costPence: number;
  settlementPence: number;
  transactionId: string;
  kind: "sale" | "refund";
  /** Units the line sold (1 to 99; 1 for lines from before quantities, migration 2026-11-30T00). Refunds are never units. */
  quantity: ColumnType<number, number | undefined, number>;
  /** Where costPence came from: the file's cost column, or the product cost list at import. */
  costSource: ColumnType<"file" | "list", "file" | "list" | undefined, "file" | "list">;
}

/** The product cost list: a product's cost of one unit (excluding VAT) from a day on. */
export interface ProductCostsTable {
  id: Generated<number>;
  productId: number;
  costPence: number;
  /** yyyy-mm-dd: sales dated that day or later take this cost, until the next entry's day. */
  effectiveFrom: string;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export interface ProductSalesMonthlyTable {
  productId: number;
  machineId: number;
  month: string;
  units: number;
  revenuePence: number;
}

/** All time per product, the sums of product_sales_monthly, kept by triggers (migration 2026-11-24T01). */
export interface ProductSalesTotalsTable {
  productId: number;
  units: number;
  revenuePence: number;
  /** Machines with a rollup row for the product: those it sold or refunded in. */
  machines: number;
}
