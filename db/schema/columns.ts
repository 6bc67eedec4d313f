/** Column types the tables share. */
import type { ColumnType } from "kysely";

/** Written by the database's default on insert, never updated. */
export type CreatedAt = ColumnType<string, string | undefined, never>;
