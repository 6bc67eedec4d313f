/**
 * /auth/reset/<token>: the emailed link. A usable link asks for the new password twice; using it sets
 * the password, spends every open link of the user, ends their other sessions and signs them in here.
 * A used, expired or unknown link says so and leads back to /auth/forgot.
 */
import { Button, Callout, Card, Flex, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LINK_EXPIRED, newPasswordProblem } from "#domain/accounts/reset-rules.ts";
import { findUsableReset, resetPasswordWithToken } from "#domain/accounts/reset-service.ts";
import { toPublicUser } from "#domain/accounts/user-service.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { AuthShell } from "#app/components/auth-shell.tsx";
import { NewPasswordFields } from "#app/components/new-password-fields.tsx";
import { textField } from "#app/utils/action-reply.ts";
import { db } from "#app/utils/db.server.ts";
import { assertSameOrigin } from "#app/utils/security.server.ts";
import { commitNewSession, homeFor } from "#app/utils/session.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

export const meta: MetaFunction = () => [
  { title: "Choose a new password · Vendboard" },
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  return { usable: Boolean(await findUsableReset(db, params.token ?? "")) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const problem = newPasswordProblem(textField(form, "newPassword"), textField(form, "repeatPassword"));
  if (problem) return data({ error: problem, expired: false }, { status: 400 });
  try {
    const user = await resetPasswordWithToken(db, params.token ?? "", textField(form, "newPassword"));
    const headers = new Headers({ "Set-Cookie": await commitNewSession(request, user.id) });
    return redirectWithToast(
      request,
      homeFor(toPublicUser(user)),
      { title: "Password changed", description: "You are signed in with your new password." },
      { headers },
    );
  } catch (error) {
    if (error instanceof DomainError && error.message === LINK_EXPIRED)
      return data({ error: LINK_EXPIRED, expired: true }, { status: 400 });
    throw error;
  }
}

function Expired() {
  return (
    <>
      <Callout.Root color="red" mb="4" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{LINK_EXPIRED}</Callout.Text>
      </Callout.Root>
      <Flex gap="3" wrap="wrap">
        <Button asChild size="3">
          <Link to="/auth/forgot">Ask for a new link</Link>
        </Button>
        <Button asChild size="3" variant="soft">
          <Link to="/auth">Back to sign in</Link>
        </Button>
      </Flex>
    </>
  );
}

export default function ResetPasswordPage() {
  const { usable } = useLoaderData<typeof loader>();
  const result = useActionData<{ error: string; expired: boolean }>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  if (!usable || result?.expired) {
    return (
      <AuthShell title="Choose a new password">
        <Expired />
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title="Choose a new password"
      intro="The link works once. Once saved, you are signed in here and signed out everywhere else."
    >
      <Card size="3">
        <Form method="post" replace>
          <Flex direction="column" gap="4">
            <NewPasswordFields error={result?.error} />
            <Button type="submit" size="3" loading={pending} disabled={pending}>
              Save new password
            </Button>
          </Flex>
        </Form>
      </Card>
      <Text as="p" size="2" mt="4" color="gray">
        <Link to="/auth">Back to sign in</Link>
      </Text>
    </AuthShell>
  );
}
