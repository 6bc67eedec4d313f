/**
 * /resources/partners/{id}/report?month=: the Download Report link of the partner page's commission
 * cards. The month's consolidated PDF as an attachment (the same domain call as GET
 * /api/partners/{id}/consolidated-report); a refusal (a month in progress, a bad month) goes back to
 * the partner's page with the spec's toast instead of a download of the error.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { consolidatedReport } from "#domain/commissions/statement-service.ts";
import { parseMonth, previousMonth } from "#domain/shared/dates.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { pdfResponse } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { requireUser } from "#app/utils/session.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = Number(params.id);
  if (!/^\d+$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id <= 0 || (!user.isAdmin && user.id !== id))
    throw redirect("/");
  const back = user.isAdmin ? `/partners/${id}` : "/";
  const asked = new URL(request.url).searchParams.get("month");
  const month = asked ? parseMonth(asked) : previousMonth();
  const fail = (message: string) =>
    redirectWithToast(request, back, {
      title: "Failed to download report",
      description: message || "Failed to generate consolidated report",
      variant: "destructive",
    });
  if (!month) return fail("Month must be YYYY-MM or an ISO date");
  try {
    const report = await consolidatedReport(db, id, month);
    return pdfResponse({ filename: "consolidated-report.pdf", bytes: report.bytes });
  } catch (error) {
    if (error instanceof DomainError) return fail(error.message);
    throw error;
  }
}
