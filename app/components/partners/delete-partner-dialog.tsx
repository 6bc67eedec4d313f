/** Delete Partner: confirmed with the admin's own password. */
import { AlertDialog, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { TrashIcon } from "@radix-ui/react-icons";
import { useState, type FormEvent } from "react";
import { apiRequest } from "#app/utils/api-client.ts";
import { useAction } from "../use-action.ts";

export function DeletePartnerDialog({ partner, onDeleted }: { partner: { id: number; name: string | null; username: string }; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const { pending, run } = useAction();
  const deleting = pending !== null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const outcome = await run("delete", () => apiRequest("DELETE", `/api/partners/${partner.id}`, { password }), {
      success: () => ({ title: "Partner deleted", description: `${partner.name ?? partner.username} and all their data were removed.` }),
      failure: "Deletion failed",
      fallback: "Failed to delete partner",
    });
    setPassword("");
    if (!outcome.ok) return;
    setOpen(false);
    onDeleted();
  }

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
          This removes the partner with all their machines, monthly records, sales, invoices and commission payments. It cannot be undone.
        </AlertDialog.Description>
        <form onSubmit={submit}>
          <Flex direction="column" gap="2" mt="4">
            <Text as="label" size="2" weight="medium" htmlFor="delete-password">
              Your password
            </Text>
            <TextField.Root
              id="delete-password"
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
        </form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
