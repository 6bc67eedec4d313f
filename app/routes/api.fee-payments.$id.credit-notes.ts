/** POST /api/fee-payments/{id}/credit-notes {amount, reason} (admin): a credit note of at most the invoice's balance. */
import { issueCreditNote } from "#domain/receivables/credit-note-service.ts";
import { creditNoteSchema } from "#domain/receivables/payment-schemas.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";
import { creditNoteJson } from "#domain/receivables/receivables-json.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Invoice not found");
  const body = await parseBody(request, creditNoteSchema);
  return Response.json(
    creditNoteJson(await issueCreditNote(db, id, { amountPence: body.amount, reason: body.reason }, admin.id)),
    {
      status: 201,
    },
  );
});

export const loader = api(async () => methodNotAllowed());
