/** Form fields of /admin/import that the page and its action (import.server.ts) share. */

/** `dateOrder:<file name>` = dmy or mdy answers "Dates in this file are: day/month or month/day". */
export const DATE_ORDER_PREFIX = "dateOrder:";

/** `stored:<file name>` = upload key: a file kept from an earlier preview (after Map columns), read when nothing is uploaded. */
export const STORED_PREFIX = "stored:";

/** `profile:<file name>` = profile name: the import profile chosen for a file that several profiles match. */
export const PROFILE_PREFIX = "profile:";

/** Map columns: `col:<field>` = the file's header that holds it ("" for none). */
export const COLUMN_PREFIX = "col:";
