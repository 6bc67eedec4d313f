/**
 * A machine: location, status, image or placeholder, and its dialogs; admins also manage it (the
 * status switch, Edit, Delete and Add Monthly Record post to the page's action, intents machine-*).
 * Without JavaScript the switch is a form's submit button, and Edit and Add Monthly Record link to
 * their forms' own pages.
 */
import { Badge, Box, Card, Flex, IconButton, Inset, Switch, Text } from "@radix-ui/themes";
import { Pencil1Icon, TrashIcon, UploadIcon } from "@radix-ui/react-icons";
import { useEffect, useState } from "react";
import { Form, useFetcher } from "@remix-run/react";
import type { MachineView, RecordTotals } from "#domain/machines/machine-views.ts";
import type { PartnerType } from "#domain/partners/partner-rules.ts";
import { ConfirmPost } from "#app/components/confirm-button.tsx";
import { iconSprite } from "#app/components/icon-sprite.tsx";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { useActionReply, useFailureToast, useHydrated, withScript } from "../forms.tsx";
import { AddRecordDialog } from "./add-record-dialog.tsx";
import { MachineFormDialog } from "./machine-form-dialog.tsx";
import { deleteMachineQuestion } from "./machine-questions.ts";
import { PerformanceDialog } from "./performance-dialog.tsx";
import { PopularItemsDialog } from "./popular-items-dialog.tsx";

/**
 * The cards' icons, drawn once a page: a page of 24 cards repeated 61 KB of the same SVG paths.
 * Every page that shows machine cards renders <MachineCardIcons /> once.
 */
const cardIcons = iconSprite("machine-card", { edit: Pencil1Icon, delete: TrashIcon, upload: UploadIcon });
const CardIcon = cardIcons.Icon;
const VENDING = "machine-card-vending";

export function MachineCardIcons() {
  return (
    <>
      <cardIcons.Sprite />
      <svg
        width="0"
        height="0"
        aria-hidden="true"
        focusable="false"
        style={{ position: "absolute", overflow: "hidden" }}
      >
        <symbol id={VENDING} viewBox="0 0 32 32">
          <rect x="6" y="2" width="20" height="28" rx="3" fill="var(--gray-a5)" />
          <rect x="9" y="5" width="10" height="14" rx="1" fill="var(--gray-a3)" />
          <rect x="21" y="6" width="3" height="2" rx="1" fill="var(--gray-a7)" />
          <rect x="21" y="10" width="3" height="3" rx="1" fill="var(--gray-a7)" />
          <rect x="9" y="23" width="14" height="3" rx="1.5" fill="var(--gray-a7)" />
        </symbol>
      </svg>
    </>
  );
}

function VendingIcon() {
  return (
    <svg width="56" height="56" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <use href={`#${VENDING}`} />
    </svg>
  );
}

export interface MachineCardProps {
  /** The machine; admins' pages give its records' count and revenue, which the delete question names. */
  machine: Omit<MachineView, "monthlyRecords"> & { records?: RecordTotals };
  partner: { id: number; partnerType: PartnerType; commissionPercentage: string };
  /** An admin's page (its action has the machines' intents): the card's forms. A partner's dashboard only reads. */
  admin: boolean;
  /** The largest export Add Monthly Record sends (UPLOAD_MAX_MB); admins' pages only. */
  uploadMaxMb?: number;
}

export function MachineCard({ machine, partner, admin, uploadMaxMb = 10 }: MachineCardProps) {
  const [imageFailed, setImageFailed] = useState(false);
  // The status the admin's switch last sent, shown until the page has reloaded (the badge follows it).
  const [sentStatus, setSentStatus] = useState<string | null>(null);
  const status = sentStatus ?? machine.status;

  return (
    <Card size="2" asChild>
      <article aria-label={machine.location}>
        <Inset clip="padding-box" side="top" pb="current">
          <Flex align="center" justify="center" style={{ height: 140, background: "var(--gray-a2)" }}>
            {machine.imageUrl && !imageFailed ? (
              <img
                src={machine.imageUrl}
                alt={machine.location}
                onError={() => setImageFailed(true)}
                style={{ width: "100%", height: 140, objectFit: "cover" }}
              />
            ) : (
              <VendingIcon />
            )}
          </Flex>
        </Inset>
        <Flex justify="between" align="start" gap="2" mb="3">
          <Box style={{ minWidth: 0 }}>
            <Text as="p" weight="bold" size="3">
              {machine.location}
            </Text>
            <Badge highContrast color={status === "active" ? "green" : "gray"} mt="1">
              {status === "active" ? "Active" : "Inactive"}
            </Badge>
          </Box>
          {admin ? <AdminControls machine={machine} partnerId={partner.id} onStatusSent={setSentStatus} /> : null}
        </Flex>
        <Flex gap="2" wrap="wrap">
          <PerformanceDialog
            machine={machine}
            partnerType={partner.partnerType}
            commissionPercentage={partner.commissionPercentage}
            canDelete={admin}
          />
          <PopularItemsDialog machine={machine} />
          {admin ? (
            <AddRecordDialog machine={machine} uploadMaxMb={uploadMaxMb} icon={<CardIcon name="upload" />} />
          ) : null}
        </Flex>
      </article>
    </Card>
  );
}

/**
 * An admin's controls on the card: the status switch (posting intent machine-status through its own
 * fetcher), Edit and Delete. A partner's card has none, so it makes no fetcher per card.
 */
function AdminControls({
  machine,
  partnerId,
  onStatusSent,
}: {
  machine: MachineCardProps["machine"];
  partnerId: number;
  onStatusSent: (status: string | null) => void;
}) {
  const statusFetcher = useFetcher<ActionReply>();
  const hydrated = useHydrated();
  useFailureToast(statusFetcher.data);
  useActionReply(statusFetcher.data);
  const sent = statusFetcher.formData?.get("status");
  const status = sent === "active" || sent === "inactive" ? sent : machine.status;
  useEffect(() => onStatusSent(sent === "active" || sent === "inactive" ? sent : null), [sent, onStatusSent]);
  const toggle = (active: boolean) => {
    statusFetcher.submit(
      withScript({ intent: "machine-status", id: machine.id, status: active ? "active" : "inactive" }),
      { method: "post", preventScrollReset: true },
    );
  };
  return (
    <Flex gap="1" align="center">
      {hydrated ? (
        <Switch checked={status === "active"} onCheckedChange={toggle} aria-label={`${machine.location} active`} />
      ) : (
        // Before the scripts have loaded the switch is the submit button of a form that sets the other status.
        <Form method="post" preventScrollReset style={{ display: "inline-flex" }}>
          <input type="hidden" name="intent" value="machine-status" />
          <input type="hidden" name="id" value={machine.id} />
          <input type="hidden" name="status" value={status === "active" ? "inactive" : "active"} />
          <Switch type="submit" checked={status === "active"} aria-label={`${machine.location} active`} />
        </Form>
      )}
      <MachineFormDialog
        partnerId={partnerId}
        machine={machine}
        trigger={
          <IconButton variant="ghost" aria-label={`Edit ${machine.location}`}>
            <CardIcon name="edit" />
          </IconButton>
        }
      />
      <ConfirmPost
        intent="machine-delete"
        fields={{ id: machine.id }}
        trigger={
          <IconButton variant="ghost" color="red" aria-label={`Delete ${machine.location}`}>
            <CardIcon name="delete" />
          </IconButton>
        }
        {...deleteMachineQuestion(machine.location, machine.records ?? { count: 0, revenuePence: 0 })}
      />
    </Flex>
  );
}
