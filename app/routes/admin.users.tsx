/**
 * /admin/users: the admins: each with last sign-in and status,
 * Add admin (a password typed now, or generated and shown once), and Disable or Enable sign-in
 * per admin, a disable confirmed with the admin's own password. Every form posts to the page's own
 * action, so it works before the scripts load (a disable is then asked on a confirmation card).
 */
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Checkbox,
  Code,
  Flex,
  Grid,
  Heading,
  Table,
  Text,
  TextField,
  VisuallyHidden,
} from "@radix-ui/themes";
import { CheckCircledIcon, PlusIcon } from "@radix-ui/react-icons";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { listAdmins } from "#domain/accounts/admin-service.ts";
import { accountStatusLabel, formatSignInTime } from "#domain/shared/format.ts";
import { INVITE_LINK_HOURS, MIN_NEW_PASSWORD } from "#domain/accounts/reset-rules.ts";
import {
  announceAnswer,
  ConfirmationCard,
  FailureCallout,
  isFailure,
  useFailureToast,
} from "#app/components/forms.tsx";
import { DisableButton, EnableButton } from "#app/components/account-buttons.tsx";
import { BackToDashboard, Page } from "#app/components/page.tsx";
import { ScrollTable } from "#app/components/scroll-table.tsx";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { runIntent } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { accountIntents, type AdminCreated } from "#app/utils/intents/accounts.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Admins · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireAdmin(request);
  return { me: me.id, admins: await listAdmins(db) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, accountIntents(request, admin, context));
}

type Admin = Awaited<ReturnType<typeof loader>>["admins"][number];

const isCreated = (reply: unknown): reply is AdminCreated =>
  Boolean(reply && typeof reply === "object" && "created" in reply);

function AddAdminForm() {
  const reply = useActionData<ActionReply | AdminCreated>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "admin-create";
  const failure = isFailure(reply, "admin-create") ? reply : undefined;
  const created = isCreated(reply) ? reply.created : undefined;
  // A fresh form after each admin is added.
  const formKey = created ? `added-${created.username}` : "add";
  const field = (name: string) => failure?.fieldErrors?.[name];
  return (
    <Card size="3" mb="5">
      <Heading as="h2" size="4" mb="1">
        Add admin
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Leave the password empty to generate one, shown once here to pass on; or email the new admin a link to choose
        their own.
      </Text>
      {created ? (
        <Callout.Root color="green" mb="4" role="status">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            Admin <strong>{created.username}</strong> added.
            {created.setPasswordLinkSentTo ? (
              <>
                {" "}
                A link to choose their password was sent to <strong>{created.setPasswordLinkSentTo}</strong>. It works
                once, for {INVITE_LINK_HOURS} hours.
              </>
            ) : null}
            {created.generatedPassword ? (
              <>
                {" "}
                Their password, shown only this once:{" "}
                <Code className="vb-figure" data-testid="generated-password">
                  {created.generatedPassword}
                </Code>
              </>
            ) : null}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Form method="post" key={formKey}>
        <input type="hidden" name="intent" value="admin-create" />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          {(
            [
              ["username", "Username", "text", "off"],
              ["name", "Name", "text", "off"],
              ["email", "Email (optional)", "email", "off"],
              ["password", `Password (optional, at least ${MIN_NEW_PASSWORD} characters)`, "password", "new-password"],
            ] as const
          ).map(([name, label, type, autoComplete]) => (
            <Box key={name}>
              <Text
                as="label"
                htmlFor={`add-admin-${name}`}
                size="2"
                weight="medium"
                mb="1"
                style={{ display: "block" }}
              >
                {label}
              </Text>
              <TextField.Root
                id={`add-admin-${name}`}
                name={name}
                type={type}
                autoComplete={autoComplete}
                required={name === "username" || name === "name"}
                aria-invalid={field(name) ? true : undefined}
                aria-describedby={field(name) ? `add-admin-${name}-error` : undefined}
              />
              {field(name) ? (
                <Text as="p" id={`add-admin-${name}-error`} size="1" mt="1" color="red">
                  {field(name)}
                </Text>
              ) : null}
            </Box>
          ))}
        </Grid>
        <Text as="label" size="2" mt="3" style={{ display: "flex", gap: "var(--space-2)", alignItems: "center" }}>
          <Checkbox name="sendSetPasswordLink" value="on" /> Email a link to choose the password (needs the email; leave
          the password empty)
        </Text>
        <Flex justify="end" mt="4">
          <Button type="submit" loading={busy}>
            <PlusIcon /> Add admin
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** Emails the admin a single-use link to choose a new password (the page's own action: works without JavaScript). */
function SendLinkButton({ id, name }: { id: number; name: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "account-send-link" &&
    navigation.formData.get("id") === String(id);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="account-send-link" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="1" variant="soft" loading={busy} aria-label={`Send reset link to ${name}`}>
        Send reset link
      </Button>
    </Form>
  );
}

function AdminsTable({ admins, me }: { admins: Admin[]; me: number }) {
  return (
    <ScrollTable label="Admins" size="2" minWidth={640}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Admin</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Last sign-in (UTC)</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Two-factor</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {admins.map((a) => (
          <Table.Row key={a.id} data-testid={`admin-row-${a.username}`}>
            <Table.RowHeaderCell>
              <Text as="div" weight="medium">
                {a.name ?? a.username}
                {a.id === me ? (
                  <Text color="gray" weight="regular">
                    {" "}
                    (you)
                  </Text>
                ) : null}
              </Text>
              <Text as="div" size="1" color="gray">
                {a.username}
              </Text>
            </Table.RowHeaderCell>
            <Table.Cell>{a.email ?? "—"}</Table.Cell>
            <Table.Cell className="vb-figure">{formatSignInTime(a.lastSignInAt)}</Table.Cell>
            <Table.Cell>
              <Badge color={a.twoFactor ? "green" : "gray"} variant="soft">
                {a.twoFactor ? "On" : "Off"}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              <Badge color={a.disabledAt ? "red" : "green"} variant="soft">
                {accountStatusLabel(a.disabledAt)}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              {a.id === me ? null : (
                <Flex gap="2" wrap="wrap">
                  {a.disabledAt ? <EnableButton account={a} /> : <DisableButton account={a} />}
                  {a.email && !a.disabledAt ? <SendLinkButton id={a.id} name={a.name ?? a.username} /> : null}
                </Flex>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

export default function AdminUsersPage() {
  const { admins, me } = useLoaderData<typeof loader>();
  const reply = useActionData<ActionReply | AdminCreated>();
  useFailureToast(isFailure(reply) && reply.intent !== "admin-create" ? reply : undefined);
  return (
    <Page
      title="Admins"
      description="Who can manage the business, when each last signed in, and whether they can sign in."
      actions={<BackToDashboard />}
    >
      <FailureCallout reply={reply} />
      <ConfirmationCard reply={isCreated(reply) ? undefined : reply}>
        <Flex direction="column" gap="2" mb="4">
          <Text as="label" size="2" weight="medium" htmlFor="confirm-password">
            Your password
          </Text>
          <TextField.Root
            id="confirm-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </Flex>
      </ConfirmationCard>
      <AddAdminForm />
      <Card size="2">
        <AdminsTable admins={admins} me={me} />
      </Card>
    </Page>
  );
}

export const clientAction = announceAnswer;
