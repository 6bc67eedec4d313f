/** POST /logout: ends this device's session and returns to /auth (the user's other devices stay signed in). */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "#app/utils/security.server.ts";
import { destroySession } from "#app/utils/session.server.ts";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return redirect("/auth", { headers: { "Set-Cookie": await destroySession(request) } });
}

export async function loader() {
  return redirect("/auth");
}
