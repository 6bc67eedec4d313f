/** /admin/payouts' batch of a month: its payees with their bank details and amounts, and the bank file, Mark as Paid and remittance actions. */
import { Button, Card, Flex, Grid, Table, Text } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import { useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import { payoutLineFigures, type PayoutLine } from "#domain/payouts/payout-rules.ts";
import { formatCount, formatPence, formatSortCode, maskAccountNumber } from "#domain/shared/format.ts";
import { ConfirmButton } from "#app/components/confirm-button.tsx";
import { useHydrated } from "#app/components/forms.tsx";
import { batchQuestion } from "#app/components/payouts/payout-questions.ts";
import { ScrollTable } from "#app/components/scroll-table.tsx";
import { StatCard } from "#app/components/stat-card.tsx";

function PayeeTable({
  month,
  lines,
  chosen,
  onToggle,
}: {
  month: string;
  lines: PayoutLine[];
  chosen: Set<number>;
  onToggle: (id: number, on: boolean) => void;
}) {
  return (
    <ScrollTable label="Partners to pay" size="2" cards>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Partner</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Payee (as the bank gets it)</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Bank</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Sort code</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Account</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Commission</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((line) => (
          <Table.Row key={line.partnerId} align="center">
            <Table.RowHeaderCell>
              <Flex asChild align="center" gap="2">
                <label>
                  <input
                    type="checkbox"
                    name="partnerIds"
                    value={line.partnerId}
                    defaultChecked={chosen.has(line.partnerId)}
                    onChange={(e) => onToggle(line.partnerId, e.currentTarget.checked)}
                    className="vb-checkbox"
                  />
                  <Text weight="medium">{line.partnerName}</Text>
                </label>
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell data-label="Payee (as the bank gets it)" className="vb-card-wide">
              <Text className="vb-figure">{line.payeeName}</Text>
            </Table.Cell>
            <Table.Cell data-label="Bank">{line.bankName ?? <Text color="gray">Not provided</Text>}</Table.Cell>
            <Table.Cell data-label="Sort code" className="vb-figure">
              {formatSortCode(line.sortCode)}
            </Table.Cell>
            <Table.Cell data-label="Account" className="vb-figure">
              {maskAccountNumber(line.accountNumber)}
            </Table.Cell>
            <Table.Cell justify="end" className="vb-figure" data-label="Commission">
              {formatPence(line.amountPence)}
              {line.adjustmentsPence ? (
                <Text as="div" size="1" color="gray">
                  includes {line.adjustmentsPence > 0 ? "+" : "−"}
                  {formatPence(Math.abs(line.adjustmentsPence))} adjustment
                </Text>
              ) : null}
              {line.alreadyPaidPence ? (
                <Text as="div" size="1" color="orange">
                  Top-up ({line.reference}): {payoutLineFigures(line, month)}
                </Text>
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

export function Batch({
  month,
  reference,
  lines,
  leftOut,
}: {
  month: string;
  /** The month's reference, "<PREFIX> COMM YYYY-MM" (the plan's). */
  reference: string;
  lines: PayoutLine[];
  leftOut: number;
}) {
  const [chosen, setChosen] = useState(() => new Set(lines.map((l) => l.partnerId)));
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "mark-batch-paid";
  const selected = lines.filter((l) => chosen.has(l.partnerId));
  const totalPence = selected.reduce((sum, l) => sum + l.amountPence, 0);
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const question = batchQuestion(month, selected.length, totalPence);
  const markPaid = (
    <Button
      type={hydrated ? "button" : "submit"}
      name="intent"
      value="mark-batch-paid"
      disabled={!selected.length}
      loading={paying}
    >
      Mark batch as paid
    </Button>
  );

  return (
    <form method="post" ref={form} aria-label="Payout batch">
      <input type="hidden" name="month" value={month} />
      <Grid columns={{ initial: "1", sm: "3" }} gap="3" mb="4">
        <StatCard
          label="Selected total"
          value={<span className="vb-figure">{formatPence(totalPence)}</span>}
          note={`${selected.length} of ${formatCount(lines.length, "partner")} chosen`}
        />
        <StatCard
          label="Payment reference"
          value={<span className="vb-figure">{reference}</span>}
          note="on each payment and remittance"
        />
        <StatCard label="Left out" value={leftOut} note="partners who cannot be paid yet: see below why" />
      </Grid>
      <Card size="1" mb="4">
        <PayeeTable month={month} lines={lines} chosen={chosen} onToggle={toggle} />
      </Card>
      <Flex gap="3" wrap="wrap" justify="end" className="vb-toolbar">
        <Button
          type="submit"
          variant="soft"
          formMethod="get"
          formAction="/api/commissions/payouts/file"
          disabled={!selected.length}
        >
          <DownloadIcon /> Download payment file
        </Button>
        {hydrated ? (
          <ConfirmButton
            trigger={markPaid}
            {...question}
            color="green"
            onConfirm={() => {
              const data = new FormData(form.current!);
              data.set("intent", "mark-batch-paid");
              data.set("confirmed", "yes");
              submit(data, { method: "post", preventScrollReset: true });
            }}
          />
        ) : (
          markPaid
        )}
      </Flex>
    </form>
  );
}
