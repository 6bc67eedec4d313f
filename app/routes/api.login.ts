/**
 * POST /api/login: {username, password} as JSON or a form; answers the user and sets the session
 * cookie. An account with two-factor sign-in gets 401 {message, twoFactorRequired: true} until the
 * same call carries a valid `code` (a TOTP code or a recovery code); an admin who must set it up
 * (REQUIRE_ADMIN_2FA=1) gets 403 {message, twoFactorSetupRequired: true}: enrolment is on the web.
 */
import { z } from "zod";
import { api, methodNotAllowed, parseBody } from "#app/utils/api.server.ts";
import { ENROLMENT_REQUIRED, INVALID_CODE, TWO_FACTOR_REQUIRED } from "#domain/accounts/two-factor-service.ts";
import { attemptGuard, cookieHeaders, finishSignIn, signIn } from "#app/utils/auth.server.ts";
import { secondFactorPasses } from "#app/utils/two-factor.server.ts";
import { publicUserJson } from "#domain/accounts/user-json.ts";

const loginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
  code: z.string().trim().max(64, "Invalid authentication code").optional(),
});

export const action = api(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const credentials = await parseBody(request, loginSchema);
  // remix-auth's FormStrategy reads a form: the JSON body is handed to it as one.
  const formRequest = new Request(request.url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: credentials.username, password: credentials.password }),
  });
  const guard = await attemptGuard(request, context);
  const { user, next } = await signIn(formRequest, guard);
  if (next === "enrol")
    return Response.json({ message: ENROLMENT_REQUIRED, twoFactorSetupRequired: true }, { status: 403 });
  if (next === "code") {
    if (!credentials.code)
      return Response.json({ message: TWO_FACTOR_REQUIRED, twoFactorRequired: true }, { status: 401 });
    if (!(await secondFactorPasses(user, credentials.code, guard.address)))
      return Response.json({ message: INVALID_CODE, twoFactorRequired: true }, { status: 401 });
  }
  return Response.json(publicUserJson(user), { headers: cookieHeaders(...(await finishSignIn(request, user))) });
});

export const loader = api(async () => methodNotAllowed());
