/** A machine: location, status, image or placeholder, and its dialogs; admins also manage it. */
import { Badge, Box, Card, Flex, IconButton, Inset, Switch, Text } from "@radix-ui/themes";
import { Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { useState } from "react";
import { formatPounds } from "#domain/money.ts";
import type { MachineView } from "#domain/partner-service.ts";
import type { PartnerType } from "#domain/partners.ts";
import { ConfirmButton } from "#app/components/confirm-button.tsx";
import { apiRequest } from "#app/utils/api-client.ts";
import { useToast } from "../toaster.tsx";
import { AddRecordDialog } from "./add-record-dialog.tsx";
import { MachineFormDialog } from "./machine-form-dialog.tsx";
import { PerformanceDialog } from "./performance-dialog.tsx";
import { PopularItemsDialog } from "./popular-items-dialog.tsx";

function VendingIcon() {
  return (
    <svg width="56" height="56" viewBox="0 0 32 32" aria-hidden="true">
      <rect x="6" y="2" width="20" height="28" rx="3" fill="var(--gray-a5)" />
      <rect x="9" y="5" width="10" height="14" rx="1" fill="var(--gray-a3)" />
      <rect x="21" y="6" width="3" height="2" rx="1" fill="var(--gray-a7)" />
      <rect x="21" y="10" width="3" height="3" rx="1" fill="var(--gray-a7)" />
      <rect x="9" y="23" width="14" height="3" rx="1.5" fill="var(--gray-a7)" />
    </svg>
  );
}

export interface MachineCardProps {
  machine: MachineView;
  partner: { id: number; partnerType: PartnerType; commissionPercentage: string };
  admin: boolean;
  onChanged: () => void;
}

export function MachineCard({ machine, partner, admin, onChanged }: MachineCardProps) {
  const toast = useToast();
  const [status, setStatus] = useState(machine.status);
  const [imageFailed, setImageFailed] = useState(false);

  async function toggle(active: boolean) {
    const next = active ? "active" : "inactive";
    setStatus(next);
    try {
      await apiRequest("PATCH", `/api/machines/${machine.id}`, { status: next });
      toast({ title: "Status updated", description: `${machine.location} is now ${next}.` });
      onChanged();
    } catch {
      setStatus(machine.status);
      toast({ title: "Failed to update status", variant: "destructive" });
    }
  }

  async function remove() {
    try {
      await apiRequest("DELETE", `/api/machines/${machine.id}`);
      toast({ title: "Machine deleted", description: machine.location });
      onChanged();
    } catch {
      toast({ title: "Failed to delete machine", variant: "destructive" });
    }
  }

  return (
    <Card size="2" asChild>
      <article aria-label={machine.location}>
        <Inset clip="padding-box" side="top" pb="current">
          <Flex align="center" justify="center" style={{ height: 140, background: "var(--gray-a2)" }}>
            {machine.imageUrl && !imageFailed ? (
              <img src={machine.imageUrl} alt={machine.location} onError={() => setImageFailed(true)} style={{ width: "100%", height: 140, objectFit: "cover" }} />
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
          {admin ? (
            <Flex gap="1" align="center">
              <Switch checked={status === "active"} onCheckedChange={toggle} aria-label={`${machine.location} active`} />
              <MachineFormDialog
                partnerId={partner.id}
                machine={machine}
                onSaved={onChanged}
                trigger={
                  <IconButton variant="ghost" aria-label={`Edit ${machine.location}`}>
                    <Pencil1Icon />
                  </IconButton>
                }
              />
              <ConfirmButton
                trigger={
                  <IconButton variant="ghost" color="red" aria-label={`Delete ${machine.location}`}>
                    <TrashIcon />
                  </IconButton>
                }
                title={`Delete ${machine.location}?`}
                description={
                  <>
                    This deletes the machine with its {machine.monthlyRecords.length} monthly record{machine.monthlyRecords.length === 1 ? "" : "s"} (
                    {formatPounds(machine.monthlyRecords.reduce((sum, r) => sum + r.revenue, 0))} revenue) and their sales. It cannot be undone, and a machine with a record in a paid month cannot be deleted until that month is reset.
                  </>
                }
                confirmLabel="Delete Machine"
                onConfirm={remove}
              />
            </Flex>
          ) : null}
        </Flex>
        <Flex gap="2" wrap="wrap">
          <PerformanceDialog machine={machine} partnerType={partner.partnerType} commissionPercentage={partner.commissionPercentage} canDelete={admin} onChanged={onChanged} />
          <PopularItemsDialog machine={machine} />
          {admin ? <AddRecordDialog machine={machine} onSaved={onChanged} /> : null}
        </Flex>
      </article>
    </Card>
  );
}
