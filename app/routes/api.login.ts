/** POST /api/login: {username, password} as JSON or a form; answers the user and sets the session cookie. */
import { z } from "zod";
import { api, methodNotAllowed, parseBody } from "#app/utils/api.server.ts";
import { clientAddress, signIn } from "#app/utils/auth.server.ts";
import { commitNewSession } from "#app/utils/session.server.ts";

const loginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

export const action = api(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const credentials = await parseBody(request, loginSchema);
  // remix-auth's FormStrategy reads a form: the JSON body is handed to it as one.
  const formRequest = new Request(request.url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(credentials),
  });
  const user = await signIn(formRequest, clientAddress(context));
  return Response.json(user, { headers: { "Set-Cookie": await commitNewSession(request, user.id) } });
});

export const loader = api(async () => methodNotAllowed());
