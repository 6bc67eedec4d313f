/** Self-billing in the API's JSON: amounts in pounds, the VAT rate as a percent (20, 17.5). */
import { penceToPounds } from "../shared/money.ts";
import type { SelfBillingView } from "./self-billing-service.ts";

export function selfBillingJson(view: SelfBillingView) {
  const a = view.agreement;
  return {
    agreement: a && {
      startDate: a.startDate,
      reviewDate: a.reviewDate,
      vatNumber: a.vatNumber,
      vatRate: a.vatRateBp / 100,
    },
    state: view.state,
    message: view.stateText,
    invoices: view.invoices.map((i) => ({
      number: i.number,
      month: i.month,
      issuedOn: i.issuedOn,
      vatNumber: i.vatNumber,
      vatRate: i.vatRateBp / 100,
      amountExVat: penceToPounds(i.exVatPence),
      vat: penceToPounds(i.vatPence),
      total: penceToPounds(i.totalPence),
    })),
  };
}
