/**
 * Disable and Enable sign-in for an account: on /admin/users per admin, and in a
 * partner's edit dialog. Both post to the page's own action (intents account-disable and
 * account-enable, app/utils/intents/accounts.server.ts). Disable asks for the admin's own password
 * in a dialog; before the scripts load it is a plain post that the page asks on a confirmation card.
 */
import { AlertDialog, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { isFailure, ScriptField, useActionReply, useFailureToast, useHydrated } from "./forms.tsx";

interface Account {
  id: number;
  name: string | null;
  username: string;
}

/** Disable sign-in: a dialog asking for the admin's own password (after hydration); before, a plain post asked on a card. */
export function DisableButton({
  account,
  label = "Disable",
  size = "1",
}: {
  account: Account;
  label?: string;
  size?: "1" | "2";
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const fetcher = useFetcher<ActionReply>();
  useFailureToast(fetcher.data);
  useActionReply(fetcher.data, () => setOpen(false));
  useEffect(() => {
    if (isFailure(fetcher.data)) setPassword("");
  }, [fetcher.data]);
  const name = account.name ?? account.username;
  if (!hydrated) {
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="account-disable" />
        <input type="hidden" name="id" value={account.id} />
        <Button type="submit" size={size} style={{ whiteSpace: "nowrap", flexShrink: 0 }} variant="soft" color="red">
          {label}
        </Button>
      </Form>
    );
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger>
        <Button
          size={size}
          style={{ whiteSpace: "nowrap", flexShrink: 0 }}
          variant="soft"
          color="red"
          aria-label={label === "Disable" ? `Disable ${name}` : undefined}
        >
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Disable sign-in for {name}?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {name} will no longer be able to sign in, and every session of theirs ends now. Their history stays. Confirm
          with your password.
        </AlertDialog.Description>
        <fetcher.Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="account-disable" />
          <input type="hidden" name="id" value={account.id} />
          <input type="hidden" name="confirmed" value="yes" />
          <ScriptField />
          <Flex direction="column" gap="2" mt="4">
            <Text as="label" size="2" weight="medium" htmlFor={`disable-password-${account.id}`}>
              Your password
            </Text>
            <TextField.Root
              id={`disable-password-${account.id}`}
              name="password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              autoFocus
            />
          </Flex>
          <Flex gap="3" justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" color="red" loading={fetcher.state !== "idle"} disabled={!password}>
              Disable sign-in
            </Button>
          </Flex>
        </fetcher.Form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

export function EnableButton({
  account,
  label = "Enable",
  size = "1",
}: {
  account: Account;
  label?: string;
  size?: "1" | "2";
}) {
  const fetcher = useFetcher<ActionReply>();
  useFailureToast(fetcher.data);
  useActionReply(fetcher.data);
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="account-enable" />
      <ScriptField />
      <input type="hidden" name="id" value={account.id} />
      <Button
        type="submit"
        size={size}
        style={{ whiteSpace: "nowrap", flexShrink: 0 }}
        variant="soft"
        loading={fetcher.state !== "idle"}
        aria-label={label === "Enable" ? `Enable ${account.name ?? account.username}` : undefined}
      >
        {label}
      </Button>
    </fetcher.Form>
  );
}
