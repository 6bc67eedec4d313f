/** GET /api/records/{id}/transactions: the transactions behind a record, as .xlsx (or ?format=json). */
import { formatMonth } from "#domain/shared/dates.ts";
import { recordForUser, transactionsOfRecord } from "#domain/machines/machine-service.ts";
import { transactionsWorkbook } from "#domain/shared/workbooks.ts";
import { api, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const record = await recordForUser(db, user, idParam(params.id, "Record not found"));
  const lines = await transactionsOfRecord(db, record.id);
  if (new URL(request.url).searchParams.get("format") === "json") return Response.json(lines);
  const bytes = transactionsWorkbook(`${record.location}: transactions for ${formatMonth(record.month)}`, lines);
  const name = `transactions-${record.location.replace(/[^\w-]+/g, "-").toLowerCase()}-${record.month}.xlsx`;
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${name}"`,
    },
  });
});
