/**
 * A partner's remittances (GET /api/partners/{id}/remittances, the dashboard) and one as a PDF
 * (GET /api/remittances/{id}): each payment of commission money with its remittance, newest first.
 * A partner reads only their own; an admin any.
 */
import type { Kysely } from "kysely";
import type { Database, RemittanceStatus } from "#db/schema.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { forbidden, notFound } from "../shared/errors.ts";
import { remittanceAdvice } from "./remittance-advice.ts";
import { formatRemittanceId } from "../shared/format.ts";
import { remittancePdf } from "./remittance-pdf.ts";

type DB = Kysely<Database>;

export interface RemittanceListItem {
  id: number;
  month: string;
  amountPence: number;
  reference: string;
  /** The day the money was paid (its transfer's, else its payment's). */
  paidDate: string | null;
  /** What became of its email. */
  status: RemittanceStatus;
}

/** The partner's remittances, newest payment first (months newest first, then the latest payment of a month first). */
export async function partnerRemittances(db: DB, partnerId: number): Promise<RemittanceListItem[]> {
  const rows = await db
    .selectFrom("commissionRemittances as r")
    .leftJoin("commissionTransfers as t", "t.id", "r.transferId")
    .leftJoin("commissionPayments as p", "p.id", "r.commissionPaymentId")
    .select([
      "r.id",
      "r.month",
      "r.amountPence",
      "r.reference",
      "r.status",
      "t.paidDate as transferDate",
      "p.paidDate as paymentDate",
    ])
    .where("r.partnerId", "=", partnerId)
    .orderBy("r.month", "desc")
    .orderBy("r.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    month: r.month,
    amountPence: r.amountPence,
    reference: r.reference,
    paidDate: r.transferDate ?? r.paymentDate ?? null,
    status: r.status,
  }));
}

/** Whether the partner exists (a partner, not an admin): 404 `Partner not found` otherwise. */
export async function assertPartnerExists(db: DB, partnerId: number): Promise<void> {
  const partner = await db.selectFrom("users").select(["id", "isAdmin"]).where("id", "=", partnerId).executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
}

/** One remittance as a PDF: 404 when there is none, 403 for a partner asking for another's. */
export async function renderRemittance(
  db: DB,
  user: { id: number; isAdmin: boolean },
  id: number,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const row = await db.selectFrom("commissionRemittances").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Remittance not found");
  if (!user.isAdmin && row.partnerId !== user.id) throw forbidden();
  const advice = await remittanceAdvice(db, row);
  const bytes = await remittancePdf(advice, { business: await getBusinessProfile(db) });
  return { filename: `remittance-${formatRemittanceId(row.id)}-${row.month}.pdf`, bytes };
}
