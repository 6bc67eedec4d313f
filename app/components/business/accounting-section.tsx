/**
 * /admin/settings' Accounting exports section: each package's account codes (QuickBooks Online's
 * product/service and expense account names), tax types and tracking category, as the exports on
 * /admin/accounting write them. Its own form (intent accounting-update): works without JavaScript.
 */
import { Button, Flex, Grid, Heading, TextField } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import {
  FORMAT_NAMES,
  FORMATS,
  SETTING_FIELDS,
  type AccountingSettings,
  type PackageSettings,
} from "#domain/accounting/accounting-settings.ts";
import { Section, SettingField } from "./settings-section.tsx";

const LABELS: Record<keyof PackageSettings, string> = {
  salesAccount: "Fee income account",
  billsAccount: "Commission account",
  salesTaxType: "Tax type: 20% on fees",
  billsTaxType: "Tax type: 20% on commission",
  noVatTaxType: "Tax type: no VAT",
  trackingName: "Tracking category (optional)",
  trackingOption: "Tracking option (optional)",
};

const QUICKBOOKS_LABELS: Partial<Record<keyof PackageSettings, string>> = {
  salesAccount: "Fee product/service",
  billsAccount: "Commission expense account",
  trackingOption: "Location (optional)",
};

export function AccountingSection({
  saved,
  sent,
  errors,
}: {
  saved: AccountingSettings;
  /** The values as sent when a save was refused. */
  sent?: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <Section
      title="Accounting exports"
      description="What the files for Xero, QuickBooks Online and Sage put beside each figure: the account, the tax type and a tracking category. Use the names exactly as your accounting package shows them."
    >
      <Form method="post" aria-label="Accounting settings">
        <input type="hidden" name="intent" value="accounting-update" />
        <Flex direction="column" gap="5">
          {FORMATS.map((format) => (
            <fieldset key={format} style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ padding: 0 }}>
                <Heading as="h3" size="3" mb="3">
                  {FORMAT_NAMES[format]}
                </Heading>
              </legend>
              <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="3">
                {SETTING_FIELDS.filter((f) => format !== "quickbooks" || f !== "trackingName").map((field) => {
                  const name = `${format}.${field}`;
                  return (
                    <SettingField
                      key={name}
                      name={name}
                      label={(format === "quickbooks" ? QUICKBOOKS_LABELS[field] : undefined) ?? LABELS[field]}
                      error={errors[name]}
                    >
                      {(props) => (
                        <TextField.Root
                          {...props}
                          defaultValue={sent?.[name] ?? saved[format][field]}
                          maxLength={100}
                        />
                      )}
                    </SettingField>
                  );
                })}
              </Grid>
            </fieldset>
          ))}
          <Flex justify="end">
            <Button type="submit" size="3">
              Save accounting settings
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Section>
  );
}
