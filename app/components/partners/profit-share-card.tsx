/**
 * The partner page's terms card (ProfitShareCard) and its inline commission rate editor, split from
 * app/routes/partners.$partnerId.tsx.
 */
import { Card, Flex, Heading, IconButton, Table, Text, TextField } from "@radix-ui/themes";
import { CheckIcon, Cross2Icon, Pencil1Icon } from "@radix-ui/react-icons";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { TIERS, formatRate, fractionToBp } from "#domain/shared/commission-rules.ts";
import { partnerTermsHeading } from "#domain/partners/partner-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import type { PartnerDetailPage } from "#domain/partners/partner-page.ts";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { isFailure, ScriptField, useActionReply, useFailureToast } from "../forms.tsx";
import { bandLabel } from "../tier-breakdown.tsx";
import { effectiveMonthText, isFlatShare, type AgreementCardData } from "./agreement-card.tsx";

/**
 * The partner's terms: the flat rate (edited inline), the tiers, the monthly fee they pay, or none.
 * A written agreement that is not a flat share of net profit (or, for a tiered partner, not the
 * standard tiers) is shown in words; it is edited on the Commission Agreement card.
 */
export function ProfitShareCard({
  partner,
  agreement,
}: {
  partner: PartnerDetailPage;
  agreement: AgreementCardData | null;
}) {
  const bp = fractionToBp(partner.commissionPercentage) ?? 0;
  const current = agreement?.current;
  const written =
    current?.kind === "written" &&
    !(partner.partnerType === "profit-sharing" && current.terms && isFlatShare(current.terms));
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {partnerTermsHeading(partner.partnerType)}
      </Heading>
      {written ? (
        <>
          <Flex direction="column" gap="1">
            {current.description.map((line) => (
              <Text key={line} size="3" weight="medium">
                {line}
              </Text>
            ))}
          </Flex>
          <Text as="p" size="1" color="gray" mt="2">
            From the agreement in force since {effectiveMonthText(current.effectiveMonth)}; change it on the Commission
            Agreement card.
          </Text>
        </>
      ) : partner.partnerType === "profit-sharing" ? (
        <>
          <CommissionRateEditor partnerId={partner.id} bp={bp} />
          <Text as="p" size="1" color="gray" mt="2">
            Share of each machine&apos;s monthly net profit (revenue − COGS − 2.99% card fee). A change applies from
            this month.
          </Text>
        </>
      ) : partner.partnerType === "tiered-profit-sharing" ? (
        <>
          <Text as="p" size="2" mb="2">
            Tiered Commission on the month&apos;s total net profit:
          </Text>
          <Table.Root size="1">
            <Table.Body>
              {TIERS.map((band) => (
                <Table.Row key={band.fromPence}>
                  <Table.Cell>{bandLabel(band)}</Table.Cell>
                  <Table.Cell justify="end">{formatRate(band.rateBp)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      ) : partner.partnerType === "fee-paying" ? (
        <Flex direction="column" gap="1">
          <Text size="6" weight="bold">
            {partner.monthlyFeePence === null ? "Not set" : formatPence(partner.monthlyFeePence)}
          </Text>
          <Text size="2" color="gray">
            Paid by the partner each month, invoiced; no profit share.
          </Text>
        </Flex>
      ) : (
        <Flex direction="column" gap="1">
          <Text size="6" weight="bold">
            None
          </Text>
          <Text size="2" color="gray">
            Non-profit-sharing partners earn no commission and pay no fee.
          </Text>
        </Flex>
      )}
    </Card>
  );
}

/**
 * Inline edit of the flat commission rate: a percent 0–100 (step 0.01) posted (intent
 * partner-commission) to the page's action, which sends it as a fraction with the type, as the API's PATCH.
 * The rule's messages show under the field; any other failure is the toast.
 */
function CommissionRateEditor({ partnerId, bp }: { partnerId: number; bp: number }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(String(bp / 100));
  const fetcher = useFetcher<ActionReply>();
  const saving = fetcher.state !== "idle";
  const failure = isFailure(fetcher.data) ? fetcher.data : undefined;
  const [dismissed, setDismissed] = useState<unknown>(undefined);
  const error = !saving && failure !== dismissed ? failure?.fieldErrors?.commissionPercent : undefined;
  useFailureToast(failure?.fieldErrors ? undefined : failure, { describe: false });
  useActionReply(fetcher.data, () => setEditing(false));
  const cancel = () => {
    setEditing(false);
    setDismissed(fetcher.data);
  };

  if (!editing) {
    return (
      <Flex align="center" gap="3">
        <Text size="7" weight="bold">
          {formatRate(bp)}
        </Text>
        <IconButton
          variant="ghost"
          aria-label="Edit commission rate"
          onClick={() => {
            setDraft(String(bp / 100));
            setDismissed(fetcher.data);
            setEditing(true);
          }}
        >
          <Pencil1Icon />
        </IconButton>
      </Flex>
    );
  }
  return (
    <fetcher.Form method="post" preventScrollReset noValidate>
      <input type="hidden" name="intent" value="partner-commission" />
      <ScriptField />
      <input type="hidden" name="id" value={partnerId} />
      <Flex align="center" gap="2">
        <TextField.Root
          name="commissionPercent"
          aria-label="Commission rate (%)"
          type="number"
          min={0}
          max={100}
          step={0.01}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") cancel();
          }}
          autoFocus
          style={{ width: 110 }}
        >
          <TextField.Slot side="right">%</TextField.Slot>
        </TextField.Root>
        <IconButton type="submit" aria-label="Save commission rate" color="green" variant="soft" loading={saving}>
          <CheckIcon />
        </IconButton>
        <IconButton
          type="button"
          aria-label="Cancel commission rate"
          color="gray"
          variant="soft"
          onClick={cancel}
          disabled={saving}
        >
          <Cross2Icon />
        </IconButton>
      </Flex>
      {error ? (
        <Text as="p" size="1" color="red" mt="1" role="alert">
          {error}
        </Text>
      ) : null}
    </fetcher.Form>
  );
}
