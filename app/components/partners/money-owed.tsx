/**
 * The admin dashboard's receivables and payables, below the spec's six summary
 * cards: what fee-paying partners owe (and the part overdue), and the commission of the last ended
 * month not yet paid to the hosts (and the part ready to pay). Each card links to where the admin
 * acts on it: the overdue invoices, the month's payouts.
 */
import { ArrowRightIcon } from "@radix-ui/react-icons";
import { Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Payables } from "#domain/commissions/commission-summary.ts";
import type { ReceivablesTotals } from "#domain/receivables/account-service.ts";
import { payablesNote } from "#domain/commissions/payables-words.ts";
import { formatCount, formatMonth, formatPence } from "#domain/shared/format.ts";
import { MoneyText } from "../money-text.tsx";

function Figure({
  label,
  pence,
  children,
  action,
}: {
  label: string;
  pence: number;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card size="2">
      <Flex direction="column" gap="2" height="100%">
        <Text size="2" color="gray" weight="medium">
          {label}
        </Text>
        <Text size={{ initial: "5", sm: "6" }} weight="bold" className="vb-figure">
          {formatPence(pence)}
        </Text>
        <Text as="div" size="2" color="gray">
          {children}
        </Text>
        <Flex mt="auto" pt="1">
          {action}
        </Flex>
      </Flex>
    </Card>
  );
}

export function MoneyOwed({ receivables, payables }: { receivables: ReceivablesTotals; payables: Payables }) {
  const month = formatMonth(payables.month);
  return (
    <section aria-labelledby="money-owed">
      <Heading as="h2" size="5" id="money-owed" mb="3">
        Receivables and payables
      </Heading>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3" mb="6">
        <Figure
          label="Fees due from partners"
          pence={receivables.duePence}
          action={
            <Button asChild variant="soft" size="1">
              <Link to={receivables.overduePence ? "/admin/invoices?status=overdue" : "/admin/invoices?status=pending"}>
                {receivables.overduePence ? "Overdue invoices" : "Unpaid invoices"} <ArrowRightIcon />
              </Link>
            </Button>
          }
        >
          {receivables.duePence ? (
            <>
              {receivables.overduePence ? (
                <Text color="red" weight="medium">
                  <span className="vb-figure">{formatPence(receivables.overduePence)}</span> overdue
                </Text>
              ) : (
                "Nothing overdue"
              )}{" "}
              · {formatCount(receivables.partnersOwing, "partner")} owing
              {receivables.partnersOverdue ? `, ${receivables.partnersOverdue} overdue` : ""}
            </>
          ) : (
            "Every fee-paying partner is up to date"
          )}
        </Figure>
        <Figure
          label={`Commission unpaid for ${month}`}
          pence={payables.duePence}
          action={
            <Button asChild variant="soft" size="1">
              <Link to={`/admin/payouts?month=${payables.month}`}>
                Payouts for {month} <ArrowRightIcon />
              </Link>
            </Button>
          }
        >
          <MoneyText text={payablesNote(payables)} />
        </Figure>
      </Grid>
    </section>
  );
}
