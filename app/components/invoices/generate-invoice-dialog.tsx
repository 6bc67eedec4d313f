/**
 * The fee section's Generate Invoice (fee-section.tsx): the trigger and the dialog; its body, the
 * term chosen and its quote then a post to the partner page's action (intent invoice-generate), is
 * its own chunk, generate-invoice-form.tsx, fetched when the dialog opens.
 */
import { Button, Dialog, Flex, Text } from "@radix-ui/themes";
import { PlusIcon } from "@radix-ui/react-icons";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { PAYMENT_PERIODS, paymentPeriodLabel, type PaymentPeriod } from "#domain/invoices/invoice-rules.ts";
import { useHydrated } from "../forms.tsx";
import { DialogPart, lazyPart, preloadOn } from "../lazy-part.tsx";
import type { FeePartner } from "./fee-partner.ts";

const GenerateInvoiceForm = lazyPart(() => import("./generate-invoice-form.tsx").then((m) => m.GenerateInvoiceForm));

/**
 * Generate Invoice: the term chosen, its quote read from the API (GET, nothing saved), then the
 * page's action raises it. Before the scripts have loaded: the browser's select and a submit, and
 * the action shows the quote as its question.
 */
export function GenerateInvoiceDialog({ partner }: { partner: Pick<FeePartner, "id" | "paymentPeriod"> }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const period: PaymentPeriod = partner.paymentPeriod ?? "monthly";

  if (!hydrated) {
    return (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="invoice-generate" />
        <input type="hidden" name="partnerId" value={partner.id} />
        <Flex gap="2" align="center">
          <select
            name="requestedPaymentPeriod"
            defaultValue={period}
            aria-label="Payment period"
            className="vb-native-select"
          >
            {PAYMENT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {paymentPeriodLabel(p)}
              </option>
            ))}
          </select>
          <label>
            <Text size="1" color="gray" mr="1">
              Starts
            </Text>
            <input
              type="date"
              name="periodStart"
              aria-label="Period starts"
              title="Period starts (blank: the day after the latest invoice, else today)"
            />
          </label>
          <Button type="submit">
            <PlusIcon /> Generate Invoice
          </Button>
        </Flex>
      </Form>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger {...preloadOn(GenerateInvoiceForm.preload)}>
        <Button>
          <PlusIcon /> Generate Invoice
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Generate Invoice</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          The next period starts the day after the latest invoice ends, or on the day you choose (it may not overlap
          another invoice). Longer terms are discounted.
        </Dialog.Description>
        <DialogPart>
          <GenerateInvoiceForm partner={partner} onDone={() => setOpen(false)} />
        </DialogPart>
      </Dialog.Content>
    </Dialog.Root>
  );
}
