/**
 * Pages of a list that grows with the business (pure): the page asked for in the URL (`?page=`,
 * 1-based, anything unreadable is page 1), the rows to skip, and the page a count allows. Lists are
 * cut in SQL with `limit`/`offset`; the count comes from the same filter.
 */
import { formatUnits } from "./format.ts";

export interface PageRequest {
  /** 1-based. */
  page: number;
  size: number;
}

export interface PageInfo extends PageRequest {
  /** Rows matching the filter, over every page. */
  total: number;
  pageCount: number;
}

/** The page size of the lists that grow with the business (partners, invoices, machines, products). */
export const PAGE_SIZE = 24;

/** `?page=` read leniently: a missing, non-numeric, fractional or negative value is page 1. */
export function pageRequest(params: URLSearchParams, size = PAGE_SIZE, name = "page"): PageRequest {
  const value = Number(params.get(name));
  return { page: Number.isInteger(value) && value >= 1 ? value : 1, size };
}

export const offsetOf = (request: PageRequest): number => (request.page - 1) * request.size;

/** The page as shown: past the last page (the list shrank) shows the last one; an empty list has page 1 of 1. */
export function pageInfo(request: PageRequest, total: number): PageInfo {
  const pageCount = Math.max(1, Math.ceil(total / request.size));
  return { page: Math.min(request.page, pageCount), size: request.size, total, pageCount };
}

/** Clamps a request to the pages a count allows (what pageInfo shows, as a request to query). */
export function clampPage(request: PageRequest, total: number): PageRequest {
  return { page: pageInfo(request, total).page, size: request.size };
}

/** "25–48 of 1,000" (an en dash, thousands separated). */
export function rangeLabel(info: PageInfo): string {
  if (info.total === 0) return "0 of 0";
  const first = (info.page - 1) * info.size + 1;
  const last = Math.min(info.total, info.page * info.size);
  const n = formatUnits;
  return `${n(first)}–${n(last)} of ${n(info.total)}`;
}
