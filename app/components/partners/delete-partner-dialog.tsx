/**
 * Delete Partner: confirmed with the admin's own password, posted (intent partner-delete) to the
 * page's action, which limits the attempts like sign-in. A failure toasts and clears the password.
 * Before the scripts have loaded the button links to the form's own page (/partners/:id/delete).
 */
import { AlertDialog, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { TrashIcon } from "@radix-ui/react-icons";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { isFailure, ScriptField, useActionReply, useFailureToast, useHydrated } from "../forms.tsx";
import { CancelButton, TriggerLink, useFormReply } from "../route-forms.tsx";

interface DeletedPartner {
  id: number;
  name: string | null;
  username: string;
}

export const deletePartnerPage = (partnerId: number) => `/partners/${partnerId}/delete`;

/** What the dialog says, on the form's page too. */
export const deletePartnerText = (partner: DeletedPartner) => ({
  title: `Delete ${partner.name ?? partner.username}?`,
  description:
    "This removes the partner with all their machines, monthly records, sales, invoices and commission payments. It cannot be undone.",
});

export function DeletePartnerDialog({ partner, onDeleted }: { partner: DeletedPartner; onDeleted: () => void }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = (
    <Button color="red" variant="solid">
      <TrashIcon /> Delete Partner
    </Button>
  );
  if (!hydrated) return <TriggerLink to={deletePartnerPage(partner.id)} trigger={trigger} />;
  const text = deletePartnerText(partner);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{text.title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{text.description}</AlertDialog.Description>
        <DeletePartnerForm
          partner={partner}
          onDeleted={() => {
            setOpen(false);
            onDeleted();
          }}
        />
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/** The password and Delete, in the dialog or on the form's page (`backTo`: where Cancel goes). */
export function DeletePartnerForm({
  partner,
  onDeleted,
  backTo,
}: {
  partner: DeletedPartner;
  onDeleted: () => void;
  backTo?: string;
}) {
  const [password, setPassword] = useState("");
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionReply>();
  const deleting = fetcher.state !== "idle";
  useFailureToast(fetcher.data);
  useActionReply(fetcher.data, onDeleted);
  const reply = useFormReply(fetcher.data, "partner-delete");
  // A refused password is typed again.
  useEffect(() => {
    if (isFailure(fetcher.data)) setPassword("");
  }, [fetcher.data]);
  const refused = !hydrated && isFailure(reply) ? reply : undefined;
  return (
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
        {refused ? (
          <Text size="1" color="red" role="alert">
            {refused.error}
          </Text>
        ) : null}
      </Flex>
      <Flex gap="3" justify="end" mt="4">
        <CancelButton to={backTo} alert={!backTo} />
        <Button type="submit" color="red" loading={deleting} disabled={hydrated && !password}>
          Delete
        </Button>
      </Flex>
    </fetcher.Form>
  );
}
