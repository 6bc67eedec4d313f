/**
 * The partner page (/partners/:id) as an admin reads it: the profile, the invoices and the account
 * state they give, the machines' totals summed in SQL, and one page of machines (`?page=`, by
 * location) with only those machines' figures. GET /api/partners/{id} keeps getPartnerDetail (every
 * machine with its records), as the spec's call answers it.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { findUserById, toPublicUser, type PublicUser } from "../accounts/user-service.ts";
import { listInvoices, type InvoiceView } from "../invoices/invoice-queries.ts";
import { accountState, type AccountStatus } from "../invoices/invoice-rules.ts";
import { machinePageOfPartner, partnerMachineTotals, type PartnerMachineTotals } from "../machines/machine-service.ts";
import type { MachineSummary } from "../machines/machine-views.ts";
import { notFound } from "../shared/errors.ts";
import { partnerReceivables, type PartnerReceivables } from "../receivables/receivables-queries.ts";
import type { PageInfo, PageRequest } from "../shared/paging.ts";

export interface PartnerDetailPage extends PublicUser, PartnerMachineTotals {
  feePayments: InvoiceView[];
  /** Fee-paying partners: "Overdue", "Payment due" or "Up to date" from their invoices; null for other types. */
  paymentStatus: AccountStatus | null;
  /** The page's machines. */
  machines: MachineSummary[];
  machinesPage: PageInfo;
  /** Fee-paying partners: each invoice's balance, the payments and credit notes; null for other types. */
  receivables: PartnerReceivables | null;
  /** When the partner's sign-in was disabled; null: they can sign in. */
  signInDisabledAt: string | null;
}

export async function partnerDetailPage(
  db: Kysely<Database>,
  id: number,
  machines: PageRequest,
  now: Date = new Date(),
): Promise<PartnerDetailPage> {
  const user = await findUserById(db, id);
  if (!user || user.isAdmin) throw notFound("Partner not found");
  const [feePayments, totals, page] = await Promise.all([
    listInvoices(db, { partnerId: id }),
    partnerMachineTotals(db, id, now),
    machinePageOfPartner(db, id, machines),
  ]);
  const publicUser = toPublicUser(user);
  const receivables =
    user.partnerType === "fee-paying" ? await partnerReceivables(db, id, now.toISOString().slice(0, 10)) : null;
  return {
    ...publicUser,
    ...(user.partnerType === "fee-paying"
      ? accountState(feePayments)
      : { paymentStatus: null, nextPaymentDue: publicUser.nextPaymentDue }),
    ...totals,
    feePayments,
    machines: page.machines,
    machinesPage: page.page,
    receivables,
    signInDisabledAt: user.disabledAt,
  };
}
