/**
 * GET /api/partners/{id}/statement?from=YYYY-MM-DD&to=YYYY-MM-DD: the fee-paying partner's statement
 * of account as a PDF download (admin, or the partner itself). From defaults to the account's first
 * entry, to to today; 400 for a bad date or from after to, 409 for a partner who is not fee-paying.
 */
import { statementPdf } from "#domain/receivables/account-service.ts";
import { statementPeriodSchema } from "#domain/receivables/account-schemas.ts";
import { api, pdfResponse, requireApiPartnerAccess, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiUser(request);
  const id = idParam(params.id, "Partner not found");
  await requireApiPartnerAccess(request, id);
  const url = new URL(request.url);
  const period = statementPeriodSchema.parse({
    from: url.searchParams.get("from") ?? undefined,
    to: url.searchParams.get("to") ?? undefined,
  });
  return pdfResponse(await statementPdf(db, id, period));
});
