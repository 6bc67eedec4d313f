/** Route params: a positive integer id or a 404 with the given message. */
import { apiError } from "./api.server.ts";

export function idParam(value: string | undefined, message = "Not found"): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw apiError(404, message);
  return id;
}
