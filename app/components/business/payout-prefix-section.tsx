/**
 * /admin/settings' Commission payouts section: what payout references start with ("VV COMM 2026-10"),
 * 1 to 5 Bacs characters; blank keeps the default, the saved trading name's initials ("VB" until
 * one is saved). Part of the page's one form (field payoutPrefix).
 */
import { Grid, TextField } from "@radix-ui/themes";
import { PAYOUT_PREFIX_MAX } from "#domain/business/business-rules.ts";
import { Section, SettingField } from "./settings-section.tsx";

export function PayoutPrefixSection({
  value,
  defaultPrefix,
  error,
}: {
  /** The prefix as saved or as sent ("" for the default). */
  value: string;
  /** What the references start with while the field is blank. */
  defaultPrefix: string;
  error?: string;
}) {
  return (
    <Section
      title="Commission payouts"
      description="Each commission payment's reference, in the bank file and on the remittance: the prefix, COMM and the month (VB COMM 2026-10). A top-up reads ADJ."
    >
      <Grid columns={{ initial: "1", sm: "2" }} gap="4">
        <SettingField
          name="payoutPrefix"
          label="Payout reference prefix (optional)"
          hint={`1 to ${PAYOUT_PREFIX_MAX} characters: A–Z, 0–9, space and . & / -. Blank for ${defaultPrefix}: the trading name's initials (VB until one is saved).`}
          error={error}
        >
          {(props) => (
            <TextField.Root
              {...props}
              defaultValue={value}
              placeholder={defaultPrefix}
              maxLength={PAYOUT_PREFIX_MAX}
              autoCapitalize="characters"
              spellCheck={false}
            />
          )}
        </SettingField>
      </Grid>
    </Section>
  );
}
