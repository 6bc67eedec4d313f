/** Form fields of /admin/import that the page and its action (import.server.ts) share. */

/** `dateOrder:<file name>` = dmy or mdy answers "Dates in this file are: day/month or month/day". */
export const DATE_ORDER_PREFIX = "dateOrder:";
