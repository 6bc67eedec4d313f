/** The partner edit dialog: four sections of fields edited one at a time, and the Danger Zone. */
import { Box, Button, Callout, Dialog, Flex, Grid, Heading, IconButton, Text } from "@radix-ui/themes";
import { Cross2Icon, Pencil2Icon } from "@radix-ui/react-icons";
import { useRevalidator } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { PAYMENT_PERIODS, paymentPeriodLabel } from "#domain/invoices.ts";
import { formatPounds } from "#domain/money.ts";
import { partnerUpdateSchema } from "#domain/partner-schemas.ts";
import { PARTNER_TYPES, partnerTypeLabel } from "#domain/partners.ts";
import type { PublicUser } from "#domain/users.ts";
import { apiRequest, errorMessage } from "#app/utils/api-client.ts";
import { useToast } from "../toaster.tsx";
import { DeletePartnerDialog } from "./delete-partner-dialog.tsx";
import { EditableField } from "./editable-field.tsx";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Heading as="h3" size="3" mb="1">
        {title}
      </Heading>
      <Grid columns={{ initial: "1", sm: "2" }} gapX="5">
        {children}
      </Grid>
    </Box>
  );
}

export function EditPartnerDialog({
  partner,
  onDeleted,
  trigger,
}: {
  partner: PublicUser;
  onDeleted: () => void;
  trigger?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const revalidator = useRevalidator();

  /** Validates one field like the server, sends it alone, and reports the outcome. */
  const save = (field: string, transform: (value: string) => unknown = (v) => v) => async (value: string) => {
    const body = { [field]: transform(value) };
    const checked = partnerUpdateSchema.safeParse(body);
    if (!checked.success) return checked.error.issues[0]?.message ?? "Invalid value";
    try {
      await apiRequest("PATCH", `/api/partners/${partner.id}`, body);
      toast({ title: "Partner updated" });
      revalidator.revalidate();
      return null;
    } catch (error) {
      const message = errorMessage(error, "Failed to update partner");
      toast({ title: "Update failed", description: message, variant: "destructive" });
      return message;
    }
  };
  const nullable = (value: string) => value.trim() || null;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        {trigger ?? (
          <Button variant="soft" color="gray">
            <Pencil2Icon /> Edit
          </Button>
        )}
      </Dialog.Trigger>
      <Dialog.Content maxWidth="720px" style={{ maxHeight: "90vh", overflowY: "auto" }}>
        <Flex justify="between" align="start" gap="3">
          <Box>
            <Dialog.Title mb="1">Edit {partner.name ?? partner.username}</Dialog.Title>
            <Dialog.Description size="2" color="gray" mb="4">
              Edit a field, then confirm or cancel. Each change is saved on its own.
            </Dialog.Description>
          </Box>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close">
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <Flex direction="column" gap="5">
          <Section title="Basic Information">
            <EditableField label="Name" display={partner.name ?? ""} initial={partner.name ?? ""} onSave={save("name")} />
            <EditableField label="Username" display={partner.username} initial={partner.username} onSave={save("username")} />
            <EditableField
              label="Partner Type"
              display={partnerTypeLabel(partner.partnerType)}
              initial={partner.partnerType}
              options={PARTNER_TYPES.map((t) => ({ value: t, label: partnerTypeLabel(t) }))}
              onSave={save("partnerType")}
            />
            {partner.partnerType === "fee-paying" ? (
              <EditableField
                label="Monthly Fee (£)"
                display={partner.monthlyFee === null ? "" : formatPounds(partner.monthlyFee)}
                initial={partner.monthlyFee === null ? "" : partner.monthlyFee.toFixed(2)}
                type="number"
                step={0.01}
                onSave={save("monthlyFee", nullable)}
              />
            ) : null}
          </Section>
          <Section title="Contact Information">
            <EditableField label="Email" display={partner.email ?? ""} initial={partner.email ?? ""} type="email" onSave={save("email")} />
            <EditableField
              label="Billing Address"
              display={partner.billingAddress ?? ""}
              initial={partner.billingAddress ?? ""}
              onSave={save("billingAddress")}
            />
          </Section>
          <Section title="Banking Details">
            <EditableField label="Bank Name" display={partner.bankName ?? ""} initial={partner.bankName ?? ""} onSave={save("bankName", nullable)} />
            <EditableField
              label="Account Holder Name"
              display={partner.accountHolderName ?? ""}
              initial={partner.accountHolderName ?? ""}
              onSave={save("accountHolderName", nullable)}
            />
            <EditableField
              label="Account Number"
              display={partner.accountNumber ?? ""}
              initial={partner.accountNumber ?? ""}
              onSave={save("accountNumber", nullable)}
            />
            <EditableField label="Sort Code" display={partner.sortCode ?? ""} initial={partner.sortCode ?? ""} onSave={save("sortCode", nullable)} />
          </Section>
          <Section title="Account Settings">
            <EditableField
              label="Password"
              display="••••••••"
              initial=""
              type="password"
              placeholder="Leave blank to keep the current password"
              onSave={async (value) => (value ? save("password")(value) : null)}
            />
            {partner.partnerType === "fee-paying" ? (
              <EditableField
                label="Payment Period"
                display={paymentPeriodLabel(partner.paymentPeriod)}
                initial={partner.paymentPeriod ?? "monthly"}
                options={PAYMENT_PERIODS.map((p) => ({ value: p, label: paymentPeriodLabel(p) }))}
                onSave={save("paymentPeriod")}
              />
            ) : null}
          </Section>
          <Callout.Root color="red" variant="surface">
            <Flex direction={{ initial: "column", sm: "row" }} justify="between" align={{ initial: "start", sm: "center" }} gap="3" width="100%">
              <Box>
                <Heading as="h3" size="3" color="red">
                  Danger Zone
                </Heading>
                <Text as="p" size="2">
                  Deleting a partner removes all of their machines, records and payments.
                </Text>
              </Box>
              <DeletePartnerDialog
                partner={partner}
                onDeleted={() => {
                  setOpen(false);
                  onDeleted();
                }}
              />
            </Flex>
          </Callout.Root>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
