/** /auth: sign-in. Admins land on /admin, partners on /. */
import { Box, Button, Card, Flex, Grid, Heading, Text, TextField } from "@radix-ui/themes";
import { LockClosedIcon, PersonIcon } from "@radix-ui/react-icons";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { RateLimitedError } from "#domain/accounts/attempt-service.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { FailureCallout } from "#app/components/forms.tsx";
import { AuthFooterLink, AuthHeading } from "#app/components/auth-shell.tsx";
import { useToast } from "#app/components/toaster.tsx";
import { attemptGuard, cookieHeaders, finishSignIn, signIn } from "#app/utils/auth.server.ts";
import { assertSameOrigin } from "#app/utils/security.server.ts";
import { getUser, homeFor } from "#app/utils/session.server.ts";
import { startSecondStep } from "#app/utils/two-factor.server.ts";

export const meta: MetaFunction = () => [{ title: "Sign in · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user) throw redirect(homeFor(user));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  try {
    const { user, next } = await signIn(request, await attemptGuard(request, context));
    if (next === "code")
      return redirect("/auth/two-factor", {
        headers: { "Set-Cookie": await startSecondStep(request, user.id, "code") },
      });
    if (next === "enrol")
      return redirect("/auth/two-factor/setup", {
        headers: { "Set-Cookie": await startSecondStep(request, user.id, "enrol") },
      });
    return redirect(homeFor(user), { headers: cookieHeaders(...(await finishSignIn(request, user))) });
  } catch (error) {
    if (error instanceof DomainError) {
      const headers: HeadersInit =
        error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
      return data({ error: error.message, at: Date.now() }, { status: error.status, headers });
    }
    throw error;
  }
}

export default function AuthPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/auth";
  const toast = useToast();

  useEffect(() => {
    if (result?.error) toast({ title: "Login failed", description: result.error, variant: "destructive" });
  }, [result, toast]);

  return (
    <Grid columns={{ initial: "1", md: "2" }} style={{ minHeight: "100vh" }}>
      <Flex align="center" justify="center" p={{ initial: "4", sm: "6" }}>
        <Box width="100%" maxWidth="400px">
          <AuthHeading
            title="Welcome back"
            intro="Sign in to your dashboard to manage vending machines, track sales and monitor performance."
          />
          {/* Without JavaScript there is no toast: the failure shows in the page. */}
          <FailureCallout
            reply={result?.error ? { intent: "login", title: "Login failed", error: result.error } : undefined}
          />
          <Card size="3">
            <Form method="post" replace>
              <Flex direction="column" gap="4">
                <label>
                  <Text as="div" size="2" weight="medium" mb="1">
                    Username
                  </Text>
                  <TextField.Root name="username" autoComplete="username" required size="3" autoFocus>
                    <TextField.Slot>
                      <PersonIcon />
                    </TextField.Slot>
                  </TextField.Root>
                </label>
                <label>
                  <Text as="div" size="2" weight="medium" mb="1">
                    Password
                  </Text>
                  <TextField.Root name="password" type="password" autoComplete="current-password" required size="3">
                    <TextField.Slot>
                      <LockClosedIcon />
                    </TextField.Slot>
                  </TextField.Root>
                </label>
                <Button type="submit" size="3" loading={pending} disabled={pending}>
                  Login
                </Button>
              </Flex>
            </Form>
          </Card>
          <AuthFooterLink to="/auth/forgot">Forgot password?</AuthFooterLink>
        </Box>
      </Flex>
      <Flex
        className="vb-auth-hero"
        direction="column"
        justify="center"
        p="9"
        display={{ initial: "none", md: "flex" }}
      >
        <Box maxWidth="460px">
          <Heading as="h2" size="8" mb="4">
            Every machine, every sale, one dashboard.
          </Heading>
          <Text as="p" size="4" color="gray">
            Monthly sales from your telemetry exports, commissions and fees worked out to the penny, and statements your
            partners can check for themselves.
          </Text>
        </Box>
      </Flex>
    </Grid>
  );
}
