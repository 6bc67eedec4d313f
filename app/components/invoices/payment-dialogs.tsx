/**
 * The partner page's payments and credit notes: Record payment (date, amount, method,
 * reference; which invoices it settles, oldest due first, shown before saving), a Credit note per
 * invoice (amount up to its balance, reason). With JavaScript each is a dialog posting through a
 * fetcher; before the scripts have loaded the button posts the form and the action asks its fields
 * on the question's page (PaymentFieldsForQuestion). Their fields are in payment-inputs.tsx, the
 * list of payments and credit notes in payments-card.tsx. Once hydrated, each dialog's working part
 * (payment-confirm.tsx: its checks, fields and post) is a chunk of its own, fetched straight away.
 */
import { Button, IconButton } from "@radix-ui/themes";
import { MinusCircledIcon, PlusIcon } from "@radix-ui/react-icons";
import { Suspense, useEffect, type ReactElement } from "react";
import { formatInvoiceId } from "#domain/shared/format.ts";
import type { PartnerReceivables } from "#domain/receivables/receivables-queries.ts";
import { ConfirmPost } from "../confirm-button.tsx";
import { lazyPart } from "../lazy-part.tsx";
import { PhoneLabel } from "../scroll-table.tsx";

const RecordPaymentConfirm = lazyPart(() => import("./payment-confirm.tsx").then((m) => m.RecordPaymentConfirm));
const CreditNoteConfirm = lazyPart(() => import("./payment-confirm.tsx").then((m) => m.CreditNoteConfirm));

/** Until the working part has arrived (fetched as the page hydrates), its trigger stands alone. */
function Working({ trigger, children }: { trigger: ReactElement; children: ReactElement }) {
  useEffect(() => void RecordPaymentConfirm.preload(), []);
  return <Suspense fallback={trigger}>{children}</Suspense>;
}

export interface RecordPaymentProps {
  partnerId: number;
  partnerName: string;
  receivables: PartnerReceivables;
  dueDates: Record<number, string>;
}

/**
 * Record payment: amount defaulting to the balance due; what it settles, oldest due first, before
 * saving. Before the scripts have loaded the button posts the form and the action asks its fields.
 */
export function RecordPaymentDialog(props: RecordPaymentProps) {
  const trigger = (
    <Button variant="soft">
      <PlusIcon /> Record payment
    </Button>
  );
  return (
    <ConfirmPost
      intent="payment-record"
      fields={{ partnerId: props.partnerId }}
      trigger={trigger}
      dialog={
        <Working trigger={trigger}>
          <RecordPaymentConfirm {...props} />
        </Working>
      }
    />
  );
}

/**
 * Credit note for one invoice: at most its balance, with a reason. Before the scripts have loaded
 * the button posts the form and the action asks its fields.
 */
export function CreditNoteDialog({ invoiceId, balancePence }: { invoiceId: number; balancePence: number }) {
  const trigger = (
    <IconButton size="1" variant="ghost" aria-label={`Credit note for ${formatInvoiceId(invoiceId)}`}>
      <MinusCircledIcon />
      <PhoneLabel>Credit note</PhoneLabel>
    </IconButton>
  );
  return (
    <ConfirmPost
      intent="credit-note-issue"
      fields={{ id: invoiceId }}
      trigger={trigger}
      dialog={
        <Working trigger={trigger}>
          <CreditNoteConfirm invoiceId={invoiceId} balancePence={balancePence} />
        </Working>
      }
    />
  );
}
