/**
 * /auth/two-factor/setup: with REQUIRE_ADMIN_2FA=1 an admin without two-factor sign-in sets it up
 * here, after the password and before any page. The first code confirms it and
 * signs in; the ten recovery codes are shown once, then the admin goes on to the dashboard.
 */
import { Button } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RateLimitedError } from "#domain/accounts/attempt-service.ts";
import { INVALID_CODE, pendingEnrolment } from "#domain/accounts/two-factor-service.ts";
import { toPublicUser } from "#domain/accounts/user-service.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { AuthShell } from "#app/components/auth-shell.tsx";
import { Enrolment, RecoveryCodes } from "#app/components/two-factor.tsx";
import { textField } from "#app/utils/action-reply.ts";
import { clientAddress, cookieHeaders, finishSignIn } from "#app/utils/auth.server.ts";
import { db } from "#app/utils/db.server.ts";
import { assertSameOrigin } from "#app/utils/security.server.ts";
import { homeFor } from "#app/utils/session.server.ts";
import { claimSecondStep, confirmFirstCode, endSecondStep, qrSvg, waitingUser } from "#app/utils/two-factor.server.ts";

export const meta: MetaFunction = () => [{ title: "Set up two-factor sign-in · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await waitingUser(request, "enrol");
  if (!user) throw redirect("/auth");
  const enrolment = await pendingEnrolment(db, user.id);
  return { secret: enrolment.secret, qr: await qrSvg(enrolment.uri) };
}

type Reply =
  | { error: string; codes?: undefined; home?: undefined }
  | { codes: string[]; home: string; error?: undefined };

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await waitingUser(request, "enrol");
  if (!user) throw redirect("/auth");
  const code = textField(await request.formData(), "code").trim();
  if (!code) return data<Reply>({ error: "Enter the code from your authenticator app" }, { status: 400 });
  let codes: string[] | null;
  try {
    codes = await confirmFirstCode(user, code, clientAddress(context));
  } catch (error) {
    if (error instanceof RateLimitedError)
      return data<Reply>(
        { error: error.message },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    if (error instanceof DomainError) return data<Reply>({ error: error.message }, { status: error.status });
    throw error;
  }
  if (!codes) return data<Reply>({ error: INVALID_CODE }, { status: 400 });
  if (!(await claimSecondStep(request))) throw redirect("/auth");
  const headers = cookieHeaders(await endSecondStep(request), ...(await finishSignIn(request, user)));
  return data<Reply>({ codes, home: homeFor(toPublicUser(user)) }, { headers });
}

export default function TwoFactorSetupPage() {
  const { secret, qr } = useLoaderData<typeof loader>();
  const reply = useActionData<Reply>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/auth/two-factor/setup";
  if (reply?.codes) {
    return (
      <AuthShell wide title="Save your recovery codes" intro="Two-factor sign-in is on. You are signed in.">
        <RecoveryCodes codes={reply.codes}>
          <Button asChild>
            <Link to={reply.home}>Continue to dashboard</Link>
          </Button>
        </RecoveryCodes>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      wide
      title="Set up two-factor sign-in"
      intro="Admins of this business sign in with a code from their phone as well as their password. It takes a minute."
    >
      <Enrolment qrSvg={qr} secret={secret} error={reply?.error} pending={pending} submitLabel="Turn on and sign in" />
    </AuthShell>
  );
}
