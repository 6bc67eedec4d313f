/**
 * Generate Invoice's body (generate-invoice-dialog.tsx): the term chosen and its quote, read from the
 * API when the dialog opens (GET, nothing saved), then the page's action raises it. A chunk of its
 * own, fetched when the dialog first opens.
 */
import { Button, DataList, Dialog, Flex, Spinner, Text, TextField } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatDate } from "#domain/shared/dates.ts";
import type { InvoiceQuote } from "#domain/invoices/invoice-generation.ts";
import { invoiceQuoteFromJson, type InvoiceQuoteJson } from "#domain/invoices/invoice-json.ts";
import { PAYMENT_PERIODS, paymentPeriodLabel, type PaymentPeriod } from "#domain/invoices/invoice-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import { formatRate, percentToBp } from "#domain/shared/commission-rules.ts";
import type { ActionReply } from "#app/utils/action-reply.ts";
// Radix Select loads when one shows.
import { Select } from "../lazy-select.tsx";
import { useActionReply, useFailureToast, withScript } from "../forms.tsx";
import type { FeePartner } from "./fee-partner.ts";

/** The quote's figures: period, fee × months, discount, amount, due date. */
function QuotePreview({ quote }: { quote: InvoiceQuote }) {
  return (
    <DataList.Root aria-label="Invoice preview">
      <DataList.Item>
        <DataList.Label minWidth="130px">Period</DataList.Label>
        <DataList.Value>
          {formatDate(quote.periodStart)} - {formatDate(quote.periodEnd)}
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label minWidth="130px">Fee</DataList.Label>
        <DataList.Value>
          {formatPence(quote.monthlyFeePence)} × {quote.months} = {formatPence(quote.grossPence)}
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label minWidth="130px">Discount</DataList.Label>
        <DataList.Value>
          {quote.discountPercent}% ({formatPence(quote.discountPence)})
        </DataList.Value>
      </DataList.Item>
      {quote.vatPercent === null ? (
        <DataList.Item>
          <DataList.Label minWidth="130px">Amount</DataList.Label>
          <DataList.Value>
            <Text weight="bold">{formatPence(quote.amountPence)}</Text>
          </DataList.Value>
        </DataList.Item>
      ) : (
        // With VAT the quote asks what the invoice will: net, the VAT at the rate in force, the total.
        <>
          <DataList.Item>
            <DataList.Label minWidth="130px">Net amount</DataList.Label>
            <DataList.Value>{formatPence(quote.amountPence)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="130px">VAT at {formatRate(percentToBp(quote.vatPercent))}</DataList.Label>
            <DataList.Value>{formatPence(quote.vatPence)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="130px">Amount</DataList.Label>
            <DataList.Value>
              <Text weight="bold">{formatPence(quote.totalPence)}</Text>
            </DataList.Value>
          </DataList.Item>
        </>
      )}
      <DataList.Item>
        <DataList.Label minWidth="130px">Due date</DataList.Label>
        <DataList.Value>{formatDate(quote.dueDate)}</DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}

export function GenerateInvoiceForm({
  partner,
  onDone,
}: {
  partner: Pick<FeePartner, "id" | "paymentPeriod">;
  onDone: () => void;
}) {
  const [period, setPeriod] = useState<PaymentPeriod>(partner.paymentPeriod ?? "monthly");
  // The first day of the period: blank follows the latest invoice (else today).
  const [start, setStart] = useState("");
  const quote = useFetcher<InvoiceQuoteJson | { message: string }>();
  const generate = useFetcher<ActionReply>();
  useFailureToast(generate.data);
  const saving = generate.state !== "idle";
  // Closed once the post has come back a success (its toast shows).
  useActionReply(generate.data, onDone);

  const loadQuote = (term: PaymentPeriod, first = start) =>
    quote.load(
      `/api/fee-payments/generate-invoice/${partner.id}?${new URLSearchParams({ requestedPaymentPeriod: term, periodStart: first })}`,
    );
  const shown = quote.state === "idle" ? quote.data : undefined;
  // Until a day is chosen the field shows the default the quote worked out (after the latest invoice, else today).
  const startShown = start || (shown && !("message" in shown) ? shown.periodStart : "");
  // The quote of the partner's term, as the dialog opens.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void loadQuote(period), []);

  return (
    <Flex direction="column" gap="3">
      <label>
        <Text as="div" size="2" weight="medium" mb="1">
          Payment period
        </Text>
        <Select.Root
          value={period}
          onValueChange={(v) => {
            setPeriod(v as PaymentPeriod);
            loadQuote(v as PaymentPeriod);
          }}
        >
          <Select.Trigger style={{ width: "100%" }} aria-label="Payment period" />
          <Select.Content position="popper">
            {PAYMENT_PERIODS.map((p) => (
              <Select.Item key={p} value={p}>
                {paymentPeriodLabel(p)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </label>
      <label>
        <Text as="div" size="2" weight="medium" mb="1">
          Period starts (optional)
        </Text>
        <TextField.Root
          type="date"
          name="periodStart"
          aria-label="Period starts"
          value={startShown}
          onChange={(e) => {
            setStart(e.target.value);
            loadQuote(period, e.target.value);
          }}
        />
      </label>
      {shown && "message" in shown ? (
        <Text color="red" size="2" role="alert">
          {shown.message || "Failed to generate invoice"}
        </Text>
      ) : shown ? (
        <QuotePreview quote={invoiceQuoteFromJson(shown)} />
      ) : (
        <Flex justify="center" p="3">
          <Spinner />
        </Flex>
      )}
      <Flex gap="3" justify="end" mt="2">
        <Dialog.Close>
          <Button variant="soft" color="gray">
            Cancel
          </Button>
        </Dialog.Close>
        <Button
          onClick={() => {
            generate.submit(
              withScript({
                intent: "invoice-generate",
                partnerId: partner.id,
                requestedPaymentPeriod: period,
                periodStart: start,
                confirmed: "yes",
              }),
              { method: "post", preventScrollReset: true },
            );
          }}
          loading={saving}
          disabled={!shown || "message" in shown}
        >
          Generate Invoice
        </Button>
      </Flex>
    </Flex>
  );
}
