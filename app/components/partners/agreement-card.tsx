/**
 * Partner detail, profit-sharing types: the Commission Agreement card. The terms in force this month
 * in words, every version with its effective month, terms, author and date (newest first), and the
 * Edit agreement dialog (agreement-dialog.tsx).
 */
import { Badge, Box, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { AgreementView } from "#domain/agreements/agreement-service.ts";
import type { AgreementTerms } from "#domain/agreements/agreement-rules.ts";
import { FIRST_MONTH } from "#domain/shared/commission-rules.ts";
import { formatDate, formatMonth } from "#domain/shared/dates.ts";
import { EditAgreementDialog } from "./agreement-dialog.tsx";
import "./agreement.css";

/** The card's data, from the page's loader. */
export interface AgreementCardData {
  /** This month and last month (UTC), YYYY-MM: the dialog's default effective month, the preview's month. */
  thisMonth: string;
  lastMonth: string;
  current: AgreementView | null;
  history: AgreementView[];
  /** The terms the dialog starts from: the agreement in force, else the partner type's standard terms. */
  startTerms: AgreementTerms | null;
}

/** "October 2026", or "the start" for the first version, which covers every month before the next. */
export function effectiveMonthText(month: string): string {
  return month === FIRST_MONTH ? "the start" : formatMonth(month);
}

/** A flat share of net profit with nothing else: the Profit Share card's inline rate still edits it. */
export function isFlatShare(terms: AgreementTerms): boolean {
  return (
    terms.basis === "net-profit" &&
    !terms.tiers.length &&
    terms.minimumPence === null &&
    terms.capPence === null &&
    !terms.products.length
  );
}

function authorText(version: AgreementView): string {
  const by = version.createdBy ? ` by ${version.createdBy}` : "";
  return version.kind === "written"
    ? `Written${by} on ${formatDate(version.createdAt)}`
    : `Standard terms, set${by} on ${formatDate(version.createdAt)}`;
}

export function AgreementCard({
  partnerId,
  partnerName,
  data,
}: {
  partnerId: number;
  partnerName: string;
  data: AgreementCardData;
}) {
  const { current, history, thisMonth } = data;
  return (
    <Card size="3" mb="6" asChild>
      <section aria-labelledby="agreement-heading">
        <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
          <Heading as="h2" size="4" id="agreement-heading">
            Commission Agreement
          </Heading>
          <EditAgreementDialog partnerId={partnerId} partnerName={partnerName} data={data} />
        </Flex>
        <Grid columns={{ initial: "1", md: "2" }} gap={{ initial: "4", md: "6" }}>
          <Box>
            <Text as="p" size="2" color="gray" mb="1">
              {current ? `In force since ${effectiveMonthText(current.effectiveMonth)}` : "No agreement yet"}
            </Text>
            {current ? (
              <ul className="vb-working-lines" aria-label="Terms in force">
                {current.description.map((line) => (
                  <li key={line}>
                    <Text size="3" weight="medium">
                      {line}
                    </Text>
                  </li>
                ))}
              </ul>
            ) : null}
            <Text as="p" size="1" color="gray" mt="2">
              A change applies from its effective month: open months follow it at once; paid months keep what they paid.
            </Text>
          </Box>
          <Box>
            <Heading as="h3" size="2" mb="2">
              History
            </Heading>
            <ul className="vb-agreement-history" aria-label="Agreement history">
              {history.map((version) => (
                <li key={version.id}>
                  <Flex align="center" gap="2" wrap="wrap">
                    <Text size="2" weight="bold">
                      From {effectiveMonthText(version.effectiveMonth)}
                    </Text>
                    {version.id === current?.id ? (
                      <Badge color="green" size="1">
                        In force
                      </Badge>
                    ) : version.effectiveMonth > thisMonth ? (
                      <Badge color="blue" size="1">
                        Upcoming
                      </Badge>
                    ) : null}
                  </Flex>
                  <Text as="p" size="2">
                    {version.description.join("; ")}
                  </Text>
                  <Text as="p" size="1" color="gray">
                    {authorText(version)}
                  </Text>
                </li>
              ))}
            </ul>
          </Box>
        </Grid>
      </section>
    </Card>
  );
}
