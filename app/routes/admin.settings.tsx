/**
 * /admin/settings: the business profile. What invoices, statements and emails say about
 * the business: trading name, address, company and VAT numbers, the VAT rate, the bank details
 * partners pay into, the logo, the contact email and the payout reference prefix. One form posted to the page's own action
 * (intent business-update), so it works without JavaScript; refused fields say why beneath them.
 */
import { Box, Button, Callout, Flex, Grid, Spinner, Text, TextArea, TextField } from "@radix-ui/themes";
import { InfoCircledIcon } from "@radix-ui/react-icons";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { getBusinessProfile } from "#domain/business/business-service.ts";
import { hasBankDetails, logoProblem, payoutPrefixOf } from "#domain/business/business-rules.ts";
import { formatDate, formatIban } from "#domain/shared/format.ts";
import { announceAnswer, FailureCallout, isFailure, useFailureToast } from "#app/components/forms.tsx";
import { BackToDashboard, Page } from "#app/components/page.tsx";
import { runIntent } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { businessIntents, type SettingsFailure } from "#app/utils/intents/business.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";
import { LogoSection } from "#app/components/business/logo-section.tsx";
import { Section, SettingField } from "#app/components/business/settings-section.tsx";
import { PayoutPrefixSection } from "#app/components/business/payout-prefix-section.tsx";
import { AccountingSection } from "#app/components/business/accounting-section.tsx";
import { accountingIntents } from "#app/utils/intents/accounting.server.ts";
import { getAccountingSettings } from "#domain/accounting/accounting-settings-service.ts";

export const meta: MetaFunction = () => [{ title: "Settings · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { logo, vatRateBp, updatedAt, ...profile } = await getBusinessProfile(db);
  return {
    // What payout references start with while the prefix is blank.
    defaultPrefix: payoutPrefixOf({ ...profile, payoutPrefix: null, updatedAt }),
    values: {
      ...profile,
      // Basis points as the percent the form speaks: 2000 → "20", 1750 → "17.5".
      vatRate: vatRateBp === null ? "" : String(vatRateBp / 100),
      bankIban: profile.bankIban && formatIban(profile.bankIban),
    },
    // A logo stored before pixels were bounded is flagged here and left out of documents.
    logo: logo ? { type: logo.type, size: logo.bytes.length, problem: logoProblem(logo.bytes) } : null,
    updatedAt,
    bankDetails: hasBankDetails(profile),
    accounting: await getAccountingSettings(db),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, { ...businessIntents(request, admin), ...accountingIntents(request, admin) });
}

type Values = Record<string, string | null>;

export default function SettingsPage() {
  const { values: saved, logo, updatedAt, bankDetails, defaultPrefix, accounting } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as SettingsFailure | undefined;
  const refused = isFailure(reply) ? reply : undefined;
  useFailureToast(refused, { describe: true });
  // Each form shows its own refusal; the other keeps what was saved.
  const accountingFailure = refused?.intent === "accounting-update" ? refused : undefined;
  const failure = accountingFailure ? undefined : refused;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "business-update";
  const errors = failure?.fieldErrors ?? {};
  // After a refusal the form shows what was sent (it comes back as a new page without JavaScript).
  const values: Values = failure?.values ?? (saved as unknown as Values);
  const value = (name: string) => values[name] ?? "";
  // A refused save takes the keyboard to the first field to correct.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (failure) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);

  return (
    <Page
      title="Settings"
      description="Your business as partners see it on invoices, statements and emails."
      actions={<BackToDashboard />}
    >
      <FailureCallout reply={failure} />
      {/* A save remounts the form: its fields show what was stored (normalised), the file input is empty again. */}
      <Form
        key={updatedAt ?? "defaults"}
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        aria-label="Business settings"
        noValidate
      >
        <input type="hidden" name="intent" value="business-update" />
        <Flex direction="column" gap="4">
          <Section
            title="Business details"
            description="The letterhead of every invoice and statement, and the signature of every email."
          >
            <Grid columns={{ initial: "1", sm: "2" }} gap="4">
              <SettingField name="tradingName" label="Trading name" error={errors.tradingName}>
                {(props) => (
                  <TextField.Root
                    {...props}
                    defaultValue={value("tradingName")}
                    autoComplete="organization"
                    required
                    maxLength={120}
                  />
                )}
              </SettingField>
              <SettingField
                name="contactEmail"
                label="Contact email"
                hint="Where partners write with questions."
                error={errors.contactEmail}
              >
                {(props) => (
                  <TextField.Root {...props} type="email" defaultValue={value("contactEmail")} autoComplete="email" />
                )}
              </SettingField>
              <Box gridRow={{ sm: "span 2" }}>
                <SettingField
                  name="address"
                  label="Address"
                  hint="Up to 6 lines, as it is printed."
                  error={errors.address}
                >
                  {(props) => (
                    <TextArea
                      {...props}
                      defaultValue={value("address")}
                      rows={4}
                      autoComplete="street-address"
                      resize="vertical"
                    />
                  )}
                </SettingField>
              </Box>
              <SettingField
                name="website"
                label="Website (optional)"
                hint="An https:// address."
                error={errors.website}
              >
                {(props) => (
                  <TextField.Root
                    {...props}
                    type="url"
                    inputMode="url"
                    defaultValue={value("website")}
                    placeholder="https://"
                  />
                )}
              </SettingField>
              <SettingField
                name="companyNumber"
                label="Company number (optional)"
                hint="8 characters, like 01234567 or SC123456."
                error={errors.companyNumber}
              >
                {(props) => (
                  <TextField.Root {...props} defaultValue={value("companyNumber")} autoCapitalize="characters" />
                )}
              </SettingField>
            </Grid>
          </Section>

          <Section
            title="VAT"
            description="Invoices raised from now on carry this rate and show net, VAT and gross; earlier invoices keep the rate they were raised at."
          >
            <Grid columns={{ initial: "1", sm: "2" }} gap="4">
              <SettingField
                name="vatNumber"
                label="VAT number (optional)"
                hint="GB and 9 digits, like GB123456789."
                error={errors.vatNumber}
              >
                {(props) => <TextField.Root {...props} defaultValue={value("vatNumber")} autoCapitalize="characters" />}
              </SettingField>
              <SettingField
                name="vatRate"
                label="VAT rate (%)"
                hint="Blank when the business charges no VAT; the monthly fee is the net."
                error={errors.vatRate}
              >
                {(props) => (
                  <TextField.Root {...props} defaultValue={value("vatRate")} inputMode="decimal" placeholder="No VAT">
                    <TextField.Slot side="right">%</TextField.Slot>
                  </TextField.Root>
                )}
              </SettingField>
            </Grid>
          </Section>

          <Section
            title="Bank details for payments"
            description="Printed on every invoice with the invoice number as the payment reference to quote."
          >
            {!bankDetails && !failure ? (
              <Callout.Root color="amber" mb="4" size="1">
                <Callout.Icon>
                  <InfoCircledIcon />
                </Callout.Icon>
                <Callout.Text>
                  Invoices ask partners to pay by bank transfer: add the account they should pay into.
                </Callout.Text>
              </Callout.Root>
            ) : null}
            <Grid columns={{ initial: "1", sm: "2" }} gap="4">
              <SettingField name="bankAccountName" label="Account name" error={errors.bankAccountName}>
                {(props) => <TextField.Root {...props} defaultValue={value("bankAccountName")} />}
              </SettingField>
              <SettingField
                name="bankSortCode"
                label="Sort code"
                hint="6 digits, like 12-34-56."
                error={errors.bankSortCode}
              >
                {(props) => <TextField.Root {...props} defaultValue={value("bankSortCode")} inputMode="numeric" />}
              </SettingField>
              <SettingField
                name="bankAccountNumber"
                label="Account number"
                hint="8 digits."
                error={errors.bankAccountNumber}
              >
                {(props) => <TextField.Root {...props} defaultValue={value("bankAccountNumber")} inputMode="numeric" />}
              </SettingField>
              <SettingField
                name="bankIban"
                label="IBAN (optional)"
                hint="For payments from abroad."
                error={errors.bankIban}
              >
                {(props) => <TextField.Root {...props} defaultValue={value("bankIban")} autoCapitalize="characters" />}
              </SettingField>
            </Grid>
          </Section>

          <PayoutPrefixSection
            value={value("payoutPrefix")}
            defaultPrefix={defaultPrefix}
            error={errors.payoutPrefix}
          />

          <LogoSection logo={logo} updatedAt={updatedAt} error={errors.logo} />

          <Flex gap="3" align="center" justify="end" wrap="wrap">
            {updatedAt ? (
              <Text size="2" color="gray">
                Last saved {formatDate(updatedAt)}
              </Text>
            ) : (
              <Text size="2" color="gray">
                Not saved yet: documents show the name Vendboard only.
              </Text>
            )}
            <Button type="submit" size="3" disabled={saving}>
              {saving ? <Spinner /> : null} Save settings
            </Button>
          </Flex>
        </Flex>
      </Form>
      <Box mt="4">
        <AccountingSection
          saved={accounting}
          sent={accountingFailure?.values}
          errors={accountingFailure?.fieldErrors ?? {}}
        />
      </Box>
    </Page>
  );
}

export const clientAction = announceAnswer;
