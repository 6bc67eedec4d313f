/** A partner on the admin dashboard: type, machines, revenue, net profit, payment status and period. */
import { Badge, Button, Card, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { ArrowRightIcon, Pencil2Icon } from "@radix-ui/react-icons";
import { Link } from "@remix-run/react";
import { formatRate } from "#domain/shared/commission-rules.ts";
import { paymentPeriodLabel } from "#domain/invoices/invoice-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import type { PartnerSummary } from "#domain/partners/partner-service.ts";
import { formatDate } from "#domain/shared/dates.ts";
import { AccountStatusBadge } from "../invoices/invoice-status.tsx";
import { fractionToBp } from "#domain/shared/commission-rules.ts";
import { iconSprite } from "../icon-sprite.tsx";
import { EditPartnerDialog } from "./edit-partner-dialog.tsx";
import { PartnerTypeBadge } from "./partner-type.tsx";
import { bankCheckingMessage, NEEDS_CHECKING } from "#domain/commissions/bank-rules.ts";

/** The cards' icons, drawn once a page (render PartnerCardIcons once where the cards are): 24 cards repeated 60 KB of the same SVG paths. */
const cardIcons = iconSprite("partner-card", { edit: Pencil2Icon, details: ArrowRightIcon });
export const PartnerCardIcons = cardIcons.Sprite;
const CardIcon = cardIcons.Icon;

export function PartnerCard({ partner }: { partner: PartnerSummary }) {
  const feePaying = partner.partnerType === "fee-paying";
  const period = partner.invoicePeriod;
  return (
    <Card size="2" asChild>
      <article aria-label={partner.name ?? partner.username}>
        <Flex direction="column" gap="3" height="100%">
          <Flex justify="between" align="start" gap="2">
            <div style={{ minWidth: 0 }}>
              <Heading as="h3" size="4" truncate>
                {partner.name ?? partner.username}
              </Heading>
              <Text size="1" color="gray">
                @{partner.username}
              </Text>
            </div>
            <Flex direction="column" align="end" gap="1">
              <PartnerTypeBadge type={partner.partnerType} />
              {bankCheckingMessage(partner) ? (
                <Badge color="amber" variant="soft" title={bankCheckingMessage(partner) ?? undefined}>
                  {NEEDS_CHECKING}
                </Badge>
              ) : null}
              {partner.signInDisabledAt ? (
                <Badge color="red" variant="soft">
                  Sign-in disabled
                </Badge>
              ) : null}
            </Flex>
          </Flex>
          <DataList.Root size="2" style={{ rowGap: 6 }}>
            <DataList.Item>
              <DataList.Label minWidth="110px">Machines</DataList.Label>
              <DataList.Value>{partner.machineCount}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="110px">Revenue</DataList.Label>
              <DataList.Value>{formatPence(partner.totalRevenuePence)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="110px">Net Profit</DataList.Label>
              <DataList.Value>{formatPence(partner.totalNetProfitPence)}</DataList.Value>
            </DataList.Item>
            {feePaying ? (
              <>
                <DataList.Item>
                  <DataList.Label minWidth="110px">Payment</DataList.Label>
                  <DataList.Value>
                    {partner.paymentStatus ? <AccountStatusBadge status={partner.paymentStatus} /> : null}
                  </DataList.Value>
                </DataList.Item>
                {partner.nextPaymentDue ? (
                  <DataList.Item>
                    <DataList.Label minWidth="110px">Next due</DataList.Label>
                    <DataList.Value>{formatDate(partner.nextPaymentDue)}</DataList.Value>
                  </DataList.Item>
                ) : null}
                <DataList.Item>
                  <DataList.Label minWidth="110px">Period</DataList.Label>
                  <DataList.Value>
                    {period ? (
                      paymentPeriodLabel(period)
                    ) : (
                      <Flex direction="column">
                        <Text weight="medium">Awaiting invoice</Text>
                        <Text size="1" color="gray">
                          No invoices have been issued yet
                        </Text>
                      </Flex>
                    )}
                  </DataList.Value>
                </DataList.Item>
              </>
            ) : (
              <DataList.Item>
                <DataList.Label minWidth="110px">Commission</DataList.Label>
                <DataList.Value>
                  {partner.partnerType === "tiered-profit-sharing"
                    ? "Tiered"
                    : formatRate(fractionToBp(partner.commissionPercentage) ?? 0)}
                </DataList.Value>
              </DataList.Item>
            )}
          </DataList.Root>
          <Flex gap="2" mt="auto" justify="end" wrap="wrap">
            <EditPartnerDialog
              partner={partner}
              trigger={
                <Button variant="soft" color="gray">
                  <CardIcon name="edit" /> Edit
                </Button>
              }
            />
            <Button asChild>
              <Link to={`/partners/${partner.id}`}>
                View Details <CardIcon name="details" />
              </Link>
            </Button>
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}
