/**
 * /account/password: any signed-in user changes their own password. The current password
 * is checked under the attempt limits; on success every other session ends and this one gets a fresh
 * cookie. One form posted to the page's own action, so it works without JavaScript.
 */
import { Button, Card, Flex, Text, TextField } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { RateLimitedError } from "#domain/accounts/attempt-service.ts";
import { newPasswordProblem } from "#domain/accounts/reset-rules.ts";
import { changeOwnPassword } from "#domain/accounts/reset-service.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { NewPasswordFields } from "#app/components/new-password-fields.tsx";
import { Page } from "#app/components/page.tsx";
import { textField } from "#app/utils/action-reply.ts";
import { attemptGuard } from "#app/utils/auth.server.ts";
import { db } from "#app/utils/db.server.ts";
import { assertSameOrigin } from "#app/utils/security.server.ts";
import { commitNewSession, homeFor, requireUser } from "#app/utils/session.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

export const meta: MetaFunction = () => [{ title: "Change password · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

type Reply = { field: "current" | "new"; error: string };

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await request.formData();
  const currentPassword = textField(form, "currentPassword");
  const newPassword = textField(form, "newPassword");
  if (!currentPassword)
    return data<Reply>({ field: "current", error: "Current password is required" }, { status: 400 });
  const problem = newPasswordProblem(newPassword, textField(form, "repeatPassword"));
  if (problem) return data<Reply>({ field: "new", error: problem }, { status: 400 });
  try {
    await changeOwnPassword(db, user.id, { currentPassword, newPassword }, await attemptGuard(request, context));
  } catch (error) {
    if (error instanceof DomainError) {
      const headers: HeadersInit =
        error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
      return data<Reply>({ field: "current", error: error.message }, { status: error.status, headers });
    }
    throw error;
  }
  // Every session ended with the version bump; this one goes on with a fresh cookie.
  const headers = new Headers({ "Set-Cookie": await commitNewSession(request, user.id) });
  return redirectWithToast(
    request,
    homeFor(user),
    { title: "Password changed", description: "You were signed out on every other device." },
    { headers },
  );
}

export default function ChangePasswordPage() {
  const reply = useActionData<Reply>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/account/password";
  const currentError = reply?.field === "current" ? reply.error : null;
  return (
    <Page title="Change password" description="Changing your password signs you out on every other device.">
      <Card size="3" style={{ maxWidth: 480 }}>
        <Form method="post" replace>
          <Flex direction="column" gap="4">
            <label>
              <Text as="div" size="2" weight="medium" mb="1">
                Current password
              </Text>
              <TextField.Root
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                size="3"
                aria-invalid={currentError ? true : undefined}
              />
              {currentError ? (
                <Text as="p" size="2" color="red" mt="1" role="alert">
                  {currentError}
                </Text>
              ) : null}
            </label>
            <NewPasswordFields error={reply?.field === "new" ? reply.error : null} />
            <Flex>
              <Button type="submit" size="3" loading={pending} disabled={pending}>
                Change password
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Card>
    </Page>
  );
}
