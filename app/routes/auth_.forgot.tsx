/**
 * /auth/forgot: ask for a password reset link by username or email. Works without JavaScript. The
 * answer is always the same text, at once: the link is looked up and mailed after it.
 */
import { Button, Callout, Card, Flex, Text, TextField } from "@radix-ui/themes";
import { CheckCircledIcon, PersonIcon } from "@radix-ui/react-icons";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { FORGOT_ANSWER } from "#domain/accounts/reset-rules.ts";
import { AuthFooterLink, AuthShell } from "#app/components/auth-shell.tsx";
import { textField } from "#app/utils/action-reply.ts";
import { clientAddress } from "#app/utils/auth.server.ts";
import { queuePasswordReset } from "#app/utils/password-reset.server.ts";
import { assertSameOrigin } from "#app/utils/security.server.ts";
import { getUser, homeFor } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Forgot password · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user) throw redirect(homeFor(user));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const identifier = textField(await request.formData(), "identifier").trim();
  if (!identifier || identifier.length > 256)
    return data({ error: "Enter your username or email", message: null }, { status: 400 });
  queuePasswordReset(identifier, clientAddress(context));
  return { error: null, message: FORGOT_ANSWER };
}

export default function ForgotPasswordPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/auth/forgot";
  return (
    <AuthShell
      title="Forgot password"
      intro="Give your username or the email address of your account, and we will email you a link to choose a new password."
    >
      {result?.message ? (
        <Callout.Root color="green" mb="4" role="status">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>{result.message}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Card size="3">
        <Form method="post" replace>
          <Flex direction="column" gap="4">
            <label>
              <Text as="div" size="2" weight="medium" mb="1">
                Username or email
              </Text>
              <TextField.Root
                name="identifier"
                autoComplete="username"
                required
                size="3"
                autoFocus
                aria-invalid={result?.error ? true : undefined}
              >
                <TextField.Slot>
                  <PersonIcon />
                </TextField.Slot>
              </TextField.Root>
              {result?.error ? (
                <Text as="p" size="2" color="red" mt="1" role="alert">
                  {result.error}
                </Text>
              ) : null}
            </label>
            <Button type="submit" size="3" loading={pending} disabled={pending}>
              Send reset link
            </Button>
          </Flex>
        </Form>
      </Card>
      <AuthFooterLink to="/auth">Back to sign in</AuthFooterLink>
    </AuthShell>
  );
}
