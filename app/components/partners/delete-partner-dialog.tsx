/**
 * Delete Partner: confirmed with the admin's own password, posted (intent partner-delete) to the
 * page's action, which limits the attempts like sign-in. A failure toasts and clears the password.
 */
import { AlertDialog, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { TrashIcon } from "@radix-ui/react-icons";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { isFailure, ScriptField, useActionReply, useFailureToast } from "../forms.tsx";

export function DeletePartnerDialog({
  partner,
  onDeleted,
}: {
  partner: { id: number; name: string | null; username: string };
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const fetcher = useFetcher<ActionReply>();
  const deleting = fetcher.state !== "idle";
  useFailureToast(fetcher.data);
  useActionReply(fetcher.data, () => {
    setOpen(false);
    onDeleted();
  });
  // A refused password is typed again.
  useEffect(() => {
    if (isFailure(fetcher.data)) setPassword("");
  }, [fetcher.data]);

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger>
        <Button color="red" variant="solid">
          <TrashIcon /> Delete Partner
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Delete {partner.name ?? partner.username}?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          This removes the partner with all their machines, monthly records, sales, invoices and commission payments. It
          cannot be undone.
        </AlertDialog.Description>
        <fetcher.Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="partner-delete" />
          <input type="hidden" name="id" value={partner.id} />
          <ScriptField />
          <Flex direction="column" gap="2" mt="4">
            <Text as="label" size="2" weight="medium" htmlFor="delete-password">
              Your password
            </Text>
            <TextField.Root
              id="delete-password"
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
            <Button type="submit" color="red" loading={deleting} disabled={!password}>
              Delete
            </Button>
          </Flex>
        </fetcher.Form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
