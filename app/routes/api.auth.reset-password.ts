/** POST /api/auth/reset-password {token, password}: uses a reset link once; 400 when it expired or was used. */
import { z } from "zod";
import { passwordSchema } from "#domain/partners/partner-schemas.ts";
import { resetPasswordWithToken } from "#domain/accounts/reset-service.ts";
import { api, methodNotAllowed, parseBody } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

const resetSchema = z.object({
  token: z.string({ error: "Token is required" }).min(1, "Token is required").max(200, "Token is too long"),
  password: passwordSchema,
});

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { token, password } = await parseBody(request, resetSchema);
  await resetPasswordWithToken(db, token, password);
  return Response.json({ message: "Password changed. Sign in with your new password." });
});

export const loader = api(async () => methodNotAllowed());
