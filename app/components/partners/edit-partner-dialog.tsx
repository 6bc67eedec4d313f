/**
 * The partner edit dialog: four sections of fields edited one at a time (each posts intent
 * partner-update with the one field to the page's action), and the Danger Zone.
 */
import { Box, Button, Callout, Dialog, Flex, Grid, Heading, IconButton, Text } from "@radix-ui/themes";
import { Cross2Icon, Pencil2Icon } from "@radix-ui/react-icons";
import { useState, type ReactNode } from "react";
import { PAYMENT_PERIODS, paymentPeriodLabel } from "#domain/invoices/invoice-rules.ts";
import { formatPounds } from "#domain/shared/money.ts";
import { PARTNER_TYPES, partnerTypeLabel } from "#domain/partners/partner-rules.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
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

export function EditPartnerDialog({ partner, trigger }: { partner: PublicUser; trigger?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const fields = { intent: "partner-update", id: partner.id };

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
            <EditableField label="Name" display={partner.name ?? ""} initial={partner.name ?? ""} name="name" fields={fields} />
            <EditableField label="Username" display={partner.username} initial={partner.username} name="username" fields={fields} />
            <EditableField
              label="Partner Type"
              display={partnerTypeLabel(partner.partnerType)}
              initial={partner.partnerType}
              options={PARTNER_TYPES.map((t) => ({ value: t, label: partnerTypeLabel(t) }))}
              name="partnerType"
              fields={fields}
            />
            {partner.partnerType === "fee-paying" ? (
              <EditableField
                label="Monthly Fee (£)"
                display={partner.monthlyFee === null ? "" : formatPounds(partner.monthlyFee)}
                initial={partner.monthlyFee === null ? "" : partner.monthlyFee.toFixed(2)}
                type="number"
                step={0.01}
                name="monthlyFee"
                fields={fields}
              />
            ) : null}
          </Section>
          <Section title="Contact Information">
            <EditableField label="Email" display={partner.email ?? ""} initial={partner.email ?? ""} type="email" name="email" fields={fields} />
            <EditableField
              label="Billing Address"
              display={partner.billingAddress ?? ""}
              initial={partner.billingAddress ?? ""}
              name="billingAddress"
              fields={fields}
            />
          </Section>
          <Section title="Banking Details">
            <EditableField label="Bank Name" display={partner.bankName ?? ""} initial={partner.bankName ?? ""} name="bankName" fields={fields} />
            <EditableField
              label="Account Holder Name"
              display={partner.accountHolderName ?? ""}
              initial={partner.accountHolderName ?? ""}
              name="accountHolderName"
              fields={fields}
            />
            <EditableField
              label="Account Number"
              display={partner.accountNumber ?? ""}
              initial={partner.accountNumber ?? ""}
              name="accountNumber"
              fields={fields}
            />
            <EditableField label="Sort Code" display={partner.sortCode ?? ""} initial={partner.sortCode ?? ""} name="sortCode" fields={fields} />
          </Section>
          <Section title="Account Settings">
            <EditableField
              label="Password"
              display="••••••••"
              initial=""
              type="password"
              placeholder="Leave blank to keep the current password"
              name="password"
              fields={fields}
              blankKeeps
            />
            {partner.partnerType === "fee-paying" ? (
              <EditableField
                label="Payment Period"
                display={paymentPeriodLabel(partner.paymentPeriod)}
                initial={partner.paymentPeriod ?? "monthly"}
                options={PAYMENT_PERIODS.map((p) => ({ value: p, label: paymentPeriodLabel(p) }))}
                name="paymentPeriod"
                fields={fields}
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
              <DeletePartnerDialog partner={partner} onDeleted={() => setOpen(false)} />
            </Flex>
          </Callout.Root>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
