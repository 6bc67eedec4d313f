/**
 * The fee-paying partner's "Balance due" card on their dashboard: what they owe today,
 * the overdue part ("£90.00 overdue, 12 days" or "nothing overdue") and the statement of account
 * to download.
 */
import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import type { Aging } from "#domain/receivables/aging-rules.ts";
import { formatCount, formatPence } from "#domain/shared/format.ts";

/** "£90.00 overdue, 12 days" (the oldest overdue invoice's days past due), or "nothing overdue". */
export function overdueText(balance: Pick<Aging, "overduePence" | "oldestOverdueDays">): string {
  if (balance.overduePence <= 0 || balance.oldestOverdueDays === null) return "nothing overdue";
  return `${formatPence(balance.overduePence)} overdue, ${formatCount(balance.oldestOverdueDays, "day")}`;
}

/** "£115.00", or "£12.00 in credit" when the partner has paid more than is due. */
export function balanceAmount(pence: number): string {
  return pence < 0 ? `${formatPence(-pence)} in credit` : formatPence(pence);
}

export function BalanceDueCard({
  balance,
  statementUrl,
}: {
  balance: Pick<Aging, "balancePence" | "overduePence" | "oldestOverdueDays"> | null;
  statementUrl: string;
}) {
  const overdue = balance !== null && balance.overduePence > 0;
  return (
    <Card
      size="2"
      mb="4"
      aria-label="Balance due"
      style={overdue ? { boxShadow: "inset 0 0 0 2px var(--red-8)" } : undefined}
    >
      <Flex
        justify="between"
        align={{ initial: "start", sm: "center" }}
        gap="3"
        direction={{ initial: "column", sm: "row" }}
      >
        <Flex direction="column" gap="1">
          <Text size="2" color="gray" weight="medium">
            Balance due
          </Text>
          {balance === null ? (
            <Text color="red" role="alert">
              The balance could not be loaded
            </Text>
          ) : (
            <>
              <Text size={{ initial: "5", sm: "6" }} weight="bold" className="vb-figure">
                {balanceAmount(balance.balancePence)}
              </Text>
              <Text size="2" color={overdue ? "red" : "gray"} weight={overdue ? "medium" : undefined}>
                {overdueText(balance)}
              </Text>
            </>
          )}
        </Flex>
        <Button asChild variant="soft">
          <a href={statementUrl} download>
            <DownloadIcon /> Download statement
          </a>
        </Button>
      </Flex>
    </Card>
  );
}
