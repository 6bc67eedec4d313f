/**
 * /auth/two-factor: the second step of an admin's sign-in. Reached only from
 * /auth with a right password (a signed cookie, ten minutes); takes a code from the authenticator
 * app or a recovery code, limited like the password. Works without JavaScript.
 */
import { Button, Card, Flex } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { RateLimitedError } from "#domain/accounts/attempt-service.ts";
import { INVALID_CODE } from "#domain/accounts/two-factor-service.ts";
import { AuthFooterLink, AuthShell } from "#app/components/auth-shell.tsx";
import { CodeField } from "#app/components/two-factor.tsx";
import { textField } from "#app/utils/action-reply.ts";
import { clientAddress, cookieHeaders, finishSignIn } from "#app/utils/auth.server.ts";
import { assertSameOrigin } from "#app/utils/security.server.ts";
import { homeFor } from "#app/utils/session.server.ts";
import { claimSecondStep, endSecondStep, secondFactorPasses, waitingUser } from "#app/utils/two-factor.server.ts";
import { toPublicUser } from "#domain/accounts/user-service.ts";

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await waitingUser(request, "code"))) throw redirect("/auth");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await waitingUser(request, "code");
  if (!user) throw redirect("/auth");
  const code = textField(await request.formData(), "code").trim();
  if (!code || code.length > 64) return data({ error: "Enter the code from your authenticator app" }, { status: 400 });
  try {
    if (!(await secondFactorPasses(user, code, clientAddress(context))))
      return data({ error: INVALID_CODE }, { status: 401 });
  } catch (error) {
    if (error instanceof RateLimitedError)
      return data(
        { error: error.message },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    throw error;
  }
  // The waiting cookie works once: a copy sent again (or racing this one) finds it spent.
  if (!(await claimSecondStep(request))) throw redirect("/auth");
  const headers = cookieHeaders(await endSecondStep(request), ...(await finishSignIn(request, user)));
  return redirect(homeFor(toPublicUser(user)), { headers });
}

export default function TwoFactorSignInPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/auth/two-factor";
  return (
    <AuthShell title="Two-factor sign-in" intro="Enter the 6-digit code from your authenticator app.">
      <Card size="3">
        <Form method="post" replace>
          <Flex direction="column" gap="4">
            <CodeField
              label="Authentication code"
              hint="Lost your phone? Enter one of your recovery codes instead."
              error={result?.error}
            />
            <Button type="submit" size="3" loading={pending} disabled={pending}>
              Verify
            </Button>
          </Flex>
        </Form>
      </Card>
      <AuthFooterLink to="/auth">Back to sign in</AuthFooterLink>
    </AuthShell>
  );
}
