/** POST /logout-everywhere: the avatar menu's "Log out everywhere" ends every session of the user, this one too. */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "#app/utils/security.server.ts";
import { destroyAllSessions } from "#app/utils/session.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const ended = await destroyAllSessions(request);
  if (!ended) return redirect("/auth");
  return redirectWithToast(
    request,
    "/auth",
    { title: "Logged out everywhere", description: "Every session of your account has ended, on every device." },
    { headers: { "Set-Cookie": ended.cookie } },
  );
}

export async function loader() {
  return redirect("/auth");
}
