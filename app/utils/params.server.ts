/** Route params: a positive integer id or a 404 with the given message. */
import { parseMonth, previousMonth } from "#domain/shared/dates.ts";
import { apiError } from "./api.server.ts";

export function idParam(value: string | undefined, message = "Not found"): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw apiError(404, message);
  return id;
}

/** `?month=` (or a body's month): YYYY-MM or an ISO date, defaulting to the previous calendar month. */
export function monthParam(value: unknown): string {
  if (value === undefined || value === null || value === "") return previousMonth();
  const month = parseMonth(value);
  if (!month) throw apiError(400, "Month must be YYYY-MM or an ISO date");
  return month;
}

/** An id in the path that must be a positive whole number: 400 with `message` otherwise (a missing one is 404). */
export function strictIdParam(value: string | undefined, message: string): number {
  if (!value) throw apiError(404, "Not found");
  const id = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw apiError(400, message);
  return id;
}
