/** The Self-billing card's confirmation, one source for its dialog and the action's question without JavaScript. */
export const endSelfBillingQuestion = {
  title: "End self-billing",
  description:
    "Commission not yet paid is then paid without VAT and no more self-billed invoices are issued. The invoices already issued stay.",
  confirmLabel: "End self-billing",
};
