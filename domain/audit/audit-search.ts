/** The audit trail's page size and the query string of its links, zod-free so the page's client code can use them (the filter's schema: audit-schemas.ts). */
import type { AuditFilter } from "./audit-schemas.ts";

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_MAX_PAGE_SIZE = 500;

/** The query string of a filter and page, for links (empty fields and the defaults left out). */
export function auditSearch(filter: Partial<AuditFilter>, page = filter.page ?? 1): string {
  const params = new URLSearchParams();
  if (filter.partnerId) params.set("partnerId", String(filter.partnerId));
  if (filter.month) params.set("month", filter.month);
  if (filter.since) params.set("since", filter.since);
  if (filter.pageSize && filter.pageSize !== AUDIT_PAGE_SIZE) params.set("pageSize", String(filter.pageSize));
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
