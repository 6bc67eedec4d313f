/** POST /api/auth/forgot-password {identifier}: always 202 with the same message; the link is mailed after the answer. */
import { z } from "zod";
import { FORGOT_ANSWER } from "#domain/accounts/reset-rules.ts";
import { api, methodNotAllowed, parseBody } from "#app/utils/api.server.ts";
import { clientAddress } from "#app/utils/auth.server.ts";
import { queuePasswordReset } from "#app/utils/password-reset.server.ts";

export const forgotSchema = z.object({
  identifier: z
    .string({ error: "Username or email is required" })
    .trim()
    .min(1, "Username or email is required")
    .max(256, "Username or email is too long"),
});

export const action = api(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { identifier } = await parseBody(request, forgotSchema);
  queuePasswordReset(identifier, clientAddress(context));
  return Response.json({ message: FORGOT_ANSWER }, { status: 202 });
});

export const loader = api(async () => methodNotAllowed());
