/** POST /api/account/password {currentPassword, newPassword}: the signed-in user's own password; other sessions end. */
import { z } from "zod";
import { passwordSchema } from "#domain/partners/partner-schemas.ts";
import { changeOwnPassword } from "#domain/accounts/reset-service.ts";
import { api, methodNotAllowed, parseBody, requireApiUser } from "#app/utils/api.server.ts";
import { attemptGuard } from "#app/utils/auth.server.ts";
import { db } from "#app/utils/db.server.ts";
import { commitNewSession } from "#app/utils/session.server.ts";

const changeSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(256, "Password is too long"),
  newPassword: passwordSchema,
});

export const action = api(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiUser(request);
  const input = await parseBody(request, changeSchema);
  await changeOwnPassword(db, user.id, input, await attemptGuard(request, context));
  // Every session ended with the version bump; this one goes on with a fresh cookie.
  return Response.json(
    { message: "Password changed" },
    { headers: { "Set-Cookie": await commitNewSession(request, user.id) } },
  );
});

export const loader = api(async () => methodNotAllowed());
