/** Payments and credit notes as the JSON API answers them: the views' pence become pounds at this edge, with the spec's names. */
import { penceToPounds } from "../shared/money.ts";
import type { CreditNoteView, PaymentView } from "./receivables-queries.ts";

export interface PaymentJson extends Omit<PaymentView, "amountPence" | "allocations"> {
  amount: number;
  allocations: { invoiceId: number; displayId: string; amount: number }[];
}

export function paymentJson(p: PaymentView): PaymentJson {
  return {
    id: p.id,
    partnerId: p.partnerId,
    receivedOn: p.receivedOn,
    amount: penceToPounds(p.amountPence),
    method: p.method,
    reference: p.reference,
    allocations: p.allocations.map((a) => ({
      invoiceId: a.invoiceId,
      displayId: a.displayId,
      amount: penceToPounds(a.amountPence),
    })),
    createdAt: p.createdAt,
    createdBy: p.createdBy,
  };
}

export interface CreditNoteJson extends Omit<CreditNoteView, "amountPence"> {
  amount: number;
}

export function creditNoteJson(n: CreditNoteView): CreditNoteJson {
  return {
    id: n.id,
    displayId: n.displayId,
    invoiceId: n.invoiceId,
    invoiceDisplayId: n.invoiceDisplayId,
    partnerId: n.partnerId,
    issuedOn: n.issuedOn,
    amount: penceToPounds(n.amountPence),
    reason: n.reason,
    kind: n.kind,
    pdfUrl: n.pdfUrl,
    createdAt: n.createdAt,
  };
}
