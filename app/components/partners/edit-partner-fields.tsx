/**
 * The body of the partner edit dialog (edit-partner-dialog.tsx), a chunk of its own fetched when
 * the dialog opens: four sections of fields edited one at a time (each posts intent partner-update
 * with the one field to the page's action), and the Danger Zone.
 */
import { Box, Callout, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { PAYMENT_PERIODS, paymentPeriodLabel } from "#domain/invoices/invoice-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import { PARTNER_TYPES, partnerTypeLabel } from "#domain/partners/partner-rules.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { DeletePartnerDialog } from "./delete-partner-dialog.tsx";
import { DisableButton, EnableButton } from "../account-buttons.tsx";
import { formatDate, formatPlainAmount, formatSortCode } from "#domain/shared/format.ts";
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

export function EditPartnerFields({
  partner,
  onDeleted,
}: {
  partner: PublicUser & { signInDisabledAt?: string | null };
  onDeleted: () => void;
}) {
  const fields = { intent: "partner-update", id: partner.id };
  return (
    <Flex direction="column" gap="5">
      <Section title="Basic Information">
        <EditableField
          label="Name"
          display={partner.name ?? ""}
          initial={partner.name ?? ""}
          name="name"
          fields={fields}
        />
        <EditableField
          label="Username"
          display={partner.username}
          initial={partner.username}
          name="username"
          fields={fields}
        />
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
            display={partner.monthlyFeePence === null ? "" : formatPence(partner.monthlyFeePence)}
            initial={partner.monthlyFeePence === null ? "" : formatPlainAmount(partner.monthlyFeePence)}
            type="number"
            step={0.01}
            name="monthlyFee"
            fields={fields}
          />
        ) : null}
      </Section>
      <Section title="Contact Information">
        <EditableField
          label="Email"
          display={partner.email ?? ""}
          initial={partner.email ?? ""}
          type="email"
          name="email"
          fields={fields}
        />
        <EditableField
          label="Billing Address"
          display={partner.billingAddress ?? ""}
          initial={partner.billingAddress ?? ""}
          name="billingAddress"
          fields={fields}
        />
      </Section>
      <Section title="Banking Details">
        <EditableField
          label="Bank Name"
          display={partner.bankName ?? ""}
          initial={partner.bankName ?? ""}
          name="bankName"
          fields={fields}
        />
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
        <EditableField
          label="Sort Code"
          display={partner.sortCode ? formatSortCode(partner.sortCode) : ""}
          initial={partner.sortCode ? formatSortCode(partner.sortCode) : ""}
          name="sortCode"
          fields={fields}
        />
        <EditableField
          label="Roll Number"
          display={partner.rollNumber ?? ""}
          initial={partner.rollNumber ?? ""}
          name="rollNumber"
          fields={fields}
        />
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
      <Callout.Root color="gray" variant="surface">
        <Flex
          direction={{ initial: "column", sm: "row" }}
          justify="between"
          align={{ initial: "start", sm: "center" }}
          gap="3"
          width="100%"
        >
          <Box>
            <Heading as="h3" size="3">
              Sign-in
            </Heading>
            <Text as="p" size="2">
              {partner.signInDisabledAt
                ? `Sign-in disabled since ${formatDate(partner.signInDisabledAt)}: the partner's history stays, but they cannot sign in.`
                : "A partner that leaves keeps their history; disabling sign-in ends their sessions."}
            </Text>
          </Box>
          {partner.signInDisabledAt ? (
            <EnableButton account={partner} label="Enable sign-in" size="2" />
          ) : (
            <DisableButton account={partner} label="Disable sign-in" size="2" />
          )}
        </Flex>
      </Callout.Root>
      <Callout.Root color="red" variant="surface">
        <Flex
          direction={{ initial: "column", sm: "row" }}
          justify="between"
          align={{ initial: "start", sm: "center" }}
          gap="3"
          width="100%"
        >
          <Box>
            <Heading as="h3" size="3" color="red">
              Danger Zone
            </Heading>
            <Text as="p" size="2">
              Deleting a partner removes all of their machines, records and payments.
            </Text>
          </Box>
          <DeletePartnerDialog partner={partner} onDeleted={onDeleted} />
        </Flex>
      </Callout.Root>
    </Flex>
  );
}
