/** POST /api/partners/{id}/send-report {month?}: emails the consolidated report; answers {emailSent, error, details} (admin). */
import { z } from "zod";
import { MailError } from "#domain/mail/mail-service.ts";
import { sendReport } from "#domain/commissions/statement-service.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { idParam, monthParam } from "#app/utils/params.server.ts";

const schema = z.object({ month: z.string().optional() });

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  await requireApiAdmin(request);
  const id = idParam(params.id, "Partner not found");
  const { month } = await parseBody(request, schema);
  try {
    return Response.json(
      await sendReport(db, MAIL_CONFIG, id, monthParam(month ?? new URL(request.url).searchParams.get("month"))),
    );
  } catch (error) {
    if (error instanceof MailError)
      return Response.json(
        { emailSent: false, error: "Failed to send report", details: error.message, message: error.message },
        { status: 502 },
      );
    throw error;
  }
});

export const loader = api(async () => methodNotAllowed());
