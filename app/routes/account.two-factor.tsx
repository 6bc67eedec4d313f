/**
 * /account/two-factor: an admin turns two-factor sign-in on (QR code, first code, ten recovery codes
 * shown once), gets new recovery codes, or turns it off. Renewing and turning
 * off ask for the admin's password; with REQUIRE_ADMIN_2FA=1 it cannot be turned off.
 * Forms posted to the page's own action: it works without JavaScript.
 */
import { Badge, Box, Button, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { confirmAdminPassword } from "#domain/accounts/admin-service.ts";
import { RateLimitedError } from "#domain/accounts/attempt-service.ts";
import {
  INVALID_CODE,
  enrolmentInProgress,
  pendingEnrolment,
  renewRecoveryCodes,
  turnOffTwoFactor,
  twoFactorStatus,
} from "#domain/accounts/two-factor-service.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { formatCount, formatSignInTime } from "#domain/shared/format.ts";
import { Page } from "#app/components/page.tsx";
import { Enrolment, RecoveryCodes } from "#app/components/two-factor.tsx";
import { textField } from "#app/utils/action-reply.ts";
import { attemptGuard, clientAddress } from "#app/utils/auth.server.ts";
import { db } from "#app/utils/db.server.ts";
import { env } from "#app/utils/env.server.ts";
import { assertSameOrigin } from "#app/utils/security.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { confirmFirstCode, qrSvg } from "#app/utils/two-factor.server.ts";

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const status = await twoFactorStatus(db, admin.id);
  const enrolment = status.enabled ? null : await enrolmentInProgress(db, admin.id);
  return {
    status,
    required: env.REQUIRE_ADMIN_2FA,
    enrolment: enrolment ? { secret: enrolment.secret, qr: await qrSvg(enrolment.uri) } : null,
  };
}

type Reply = { intent: string; error: string } | { intent: string; codes: string[] };

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = textField(form, "intent");
  const address = clientAddress(context);
  const fail = (error: string, status = 400, headers?: HeadersInit) =>
    data<Reply>({ intent, error }, { status, headers });
  try {
    switch (intent) {
      case "start":
        await pendingEnrolment(db, admin.id);
        return redirect("/account/two-factor");
      case "confirm": {
        const code = textField(form, "code").trim();
        if (!code) return fail("Enter the code from your authenticator app");
        const codes = await confirmFirstCode(admin, code, address);
        return codes ? data<Reply>({ intent, codes }) : fail(INVALID_CODE);
      }
      case "renew":
      case "off": {
        const password = textField(form, "password");
        if (!password) return fail("Password is required");
        await confirmAdminPassword(db, admin.id, password, await attemptGuard(request, context));
        if (intent === "renew") return data<Reply>({ intent, codes: await renewRecoveryCodes(db, admin.id, admin.id) });
        await turnOffTwoFactor(db, admin.id, { requiredForAdmins: env.REQUIRE_ADMIN_2FA });
        return redirectWithToast(request, "/account/two-factor", {
          title: "Two-factor sign-in is off",
          description: "You sign in with your password alone.",
        });
      }
      default:
        return fail("Unknown action");
    }
  } catch (error) {
    if (error instanceof RateLimitedError)
      return fail(error.message, 429, { "Retry-After": String(error.retryAfterSeconds) });
    if (error instanceof DomainError) return fail(error.message, error.status);
    throw error;
  }
}

function PasswordForm({
  intent,
  label,
  color,
  error,
  pending,
}: {
  intent: string;
  label: string;
  color?: "red";
  error: string | null;
  pending: boolean;
}) {
  return (
    <Form method="post" replace>
      <input type="hidden" name="intent" value={intent} />
      <Flex direction={{ initial: "column", sm: "row" }} gap="3" align={{ initial: "stretch", sm: "end" }}>
        <label style={{ flexGrow: 1 }}>
          <Text as="div" size="2" weight="medium" mb="1">
            Your password
          </Text>
          <TextField.Root
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
          />
        </label>
        <Button type="submit" variant="soft" color={color} loading={pending} disabled={pending}>
          {label}
        </Button>
      </Flex>
      {error ? (
        <Text as="p" size="2" color="red" mt="1" role="alert">
          {error}
        </Text>
      ) : null}
    </Form>
  );
}

export default function TwoFactorPage() {
  const { status, required, enrolment } = useLoaderData<typeof loader>();
  const reply = useActionData<Reply>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errorFor = (intent: string) => (reply && "error" in reply && reply.intent === intent ? reply.error : null);

  if (reply && "codes" in reply) {
    return (
      <Page
        title="Save your recovery codes"
        description={
          reply.intent === "confirm" ? "Two-factor sign-in is on." : "Your old recovery codes no longer work."
        }
      >
        <Box maxWidth="640px">
          <RecoveryCodes codes={reply.codes}>
            <Button asChild>
              <a href="/account/two-factor">Done</a>
            </Button>
          </RecoveryCodes>
        </Box>
      </Page>
    );
  }

  return (
    <Page
      title="Two-factor sign-in"
      description="A code from your phone as well as your password whenever you sign in."
    >
      <Flex direction="column" gap="4" maxWidth="640px">
        <Card size="3">
          <Flex direction="column" gap="3">
            <Flex align="center" gap="2" wrap="wrap">
              <Heading as="h2" size="4">
                Status
              </Heading>
              {status.enabled ? <Badge color="green">On</Badge> : <Badge color="gray">Off</Badge>}
              {required ? <Badge color="amber">Required for admins</Badge> : null}
            </Flex>
            {status.enabled ? (
              <Text as="p" size="2" color="gray">
                On since {formatSignInTime(status.enabledAt)} UTC.{" "}
                {formatCount(status.recoveryCodesLeft, "recovery code")} left.
              </Text>
            ) : (
              <Text as="p" size="2" color="gray">
                Anyone with your password can sign in as you. Two-factor sign-in asks for a code from an authenticator
                app on your phone too.
              </Text>
            )}
            {!status.enabled && !enrolment ? (
              <Form method="post">
                <input type="hidden" name="intent" value="start" />
                <Button type="submit" loading={busy("start")} disabled={busy("start")}>
                  Set up two-factor sign-in
                </Button>
              </Form>
            ) : null}
          </Flex>
        </Card>
        {enrolment ? (
          <Enrolment
            qrSvg={enrolment.qr}
            secret={enrolment.secret}
            error={errorFor("confirm")}
            pending={busy("confirm")}
          />
        ) : null}
        {status.enabled ? (
          <>
            <Card size="3">
              <Heading as="h2" size="4" mb="1">
                Recovery codes
              </Heading>
              <Text as="p" size="2" color="gray" mb="3">
                New codes replace the old ones, used or not.
              </Text>
              <PasswordForm
                intent="renew"
                label="Get new recovery codes"
                error={errorFor("renew")}
                pending={busy("renew")}
              />
            </Card>
            {required ? null : (
              <Card size="3">
                <Heading as="h2" size="4" mb="1">
                  Turn off
                </Heading>
                <Text as="p" size="2" color="gray" mb="3">
                  You will sign in with your password alone.
                </Text>
                <PasswordForm
                  intent="off"
                  label="Turn off two-factor sign-in"
                  color="red"
                  error={errorFor("off")}
                  pending={busy("off")}
                />
              </Card>
            )}
          </>
        ) : null}
      </Flex>
    </Page>
  );
}
