/**
 * A machine's monthly records: read with their commission payment, agreement lines and import
 * receipts, scoped to who asks; deleted (with the product rollup and any paid month's adjustment);
 * and the file and transactions behind one.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { addCorrections, paidMonthChanges, paidMonthsBefore } from "../commissions/correction-service.ts";
import { paidMonthChangeText, type PaidMonthChange } from "../commissions/correction-words.ts";
import { describeTerms, lineText } from "../agreements/agreement-words.ts";
import { isSeedTerms } from "../agreements/agreement-rules.ts";
import { monthCommission } from "../agreements/month-commission-rules.ts";
import { conflict, DomainError, notFound } from "../shared/errors.ts";
import { trialWrite } from "../shared/trial.ts";
import type { RecordView } from "./machine-views.ts";
import { unitsOf } from "../imports/sales-writer.ts";
import { pruneUploads } from "../imports/upload-store.ts";
import type { PublicUser } from "../accounts/user-service.ts";

import { partnerRecords } from "./machine-totals-service.ts";
import { receiptView, type ReceiptView } from "./receipt-views.ts";

type DB = Kysely<Database>;

export interface CommissionStatus {
  status: "completed" | "pending";
  paidDate: string | null;
}

export interface MachineRecord extends RecordView {
  /** The partner's commission payment for the record's month; null when none is recorded. */
  commission: CommissionStatus | null;
  receipts: ReceiptView[];
  /** A month under a written agreement: its terms in words and this machine's lines (null under the seed's). */
  agreement: { description: string[]; lines: string[] } | null;
}

/** The machine's records, newest first, with the month's commission payment and the import receipts. */
export async function recordsOfMachine(db: DB, machine: { id: number; partnerId: number }): Promise<MachineRecord[]> {
  const { partner, records, termsOf, views } = await partnerRecords(db, machine.partnerId);
  const own = views.filter((v) => v.machineId === machine.id);
  const agreementOf = new Map<string, MachineRecord["agreement"]>();
  for (const month of new Set(own.map((r) => r.month))) {
    const terms = termsOf.get(month) ?? null;
    if (isSeedTerms(partner.partnerType, terms)) continue;
    const lines = monthCommission(
      terms,
      records.filter((r) => r.month === month),
    ).lines.filter((l) => l.machineId === machine.id || l.machineId === null);
    agreementOf.set(month, { description: describeTerms(terms), lines: lines.map(lineText) });
  }
  const [payments, receipts] = await Promise.all([
    db
      .selectFrom("commissionPayments")
      .select(["month", "status", "paidDate"])
      .where("partnerId", "=", machine.partnerId)
      .execute(),
    own.length
      ? db
          .selectFrom("importReceipts")
          .selectAll()
          .where(
            "recordId",
            "in",
            own.map((r) => r.id),
          )
          .orderBy("id", "desc")
          .execute()
      : Promise.resolve([]),
  ]);
  const byMonth = new Map(payments.map((p) => [p.month, { status: p.status, paidDate: p.paidDate }]));
  return own.map((record) => ({
    ...record,
    commission: byMonth.get(record.month) ?? null,
    receipts: receipts.filter((r) => r.recordId === record.id).map(receiptView),
    agreement: agreementOf.get(record.month) ?? null,
  }));
}

/** Where the deletes prune the uploaded files no receipt names any more (the data directory); none: left for a later prune. */
export interface UploadsAt {
  dataDir?: string;
}

/** The record, if `user` may see it (its machine's partner or an admin). */
export async function recordForUser(db: DB, user: PublicUser, recordId: number) {
  const record = await db
    .selectFrom("monthlyRecords as r")
    .innerJoin("machines as m", "m.id", "r.machineId")
    .select(["r.id", "r.machineId", "r.month", "m.partnerId", "m.location"])
    .where("r.id", "=", recordId)
    .executeTakeFirst();
  if (!record) throw notFound("Record not found");
  if (!user.isAdmin && record.partnerId !== user.id) throw new DomainError("forbidden", "Forbidden");
  return record;
}

/**
 * Deleting a record deletes its sales and takes them out of the product rollup. In a paid month it
 * goes only once confirmed (`adjustPaidMonths`): the month keeps its payment and the difference
 * becomes an adjustment on the partner's next open month; unconfirmed, 409 naming the month and the
 * difference, and nothing changes.
 */
export async function deleteRecord(
  db: DB,
  recordId: number,
  actorId: number,
  options: { adjustPaidMonths?: boolean } & UploadsAt = {},
): Promise<PaidMonthChange[]> {
  const changes = await db.transaction().execute((trx) => deleteRecordIn(trx, recordId, actorId, options));
  if (options.dataDir) await pruneUploads(db, options.dataDir);
  return changes;
}

/** What deleting the record would change in a paid month (none for an open month): tried in a transaction rolled back. */
export async function recordDeleteChanges(db: DB, recordId: number, actorId: number): Promise<PaidMonthChange[]> {
  return trialWrite(db, (trx) => deleteRecordIn(trx, recordId, actorId, { adjustPaidMonths: true }));
}

async function deleteRecordIn(
  trx: DB,
  recordId: number,
  actorId: number,
  options: { adjustPaidMonths?: boolean },
): Promise<PaidMonthChange[]> {
  const record = await trx
    .selectFrom("monthlyRecords as r")
    .innerJoin("machines as m", "m.id", "r.machineId")
    .selectAll("r")
    .select(["m.partnerId", "m.location"])
    .where("r.id", "=", recordId)
    .executeTakeFirst();
  if (!record) throw notFound("Record not found");
  const paid = await paidMonthsBefore(trx, [{ partnerId: record.partnerId, month: record.month }]);
  const parts = await trx
    .selectFrom("sales")
    .select((eb) => [
      "productId",
      // As the import added them: the quantities of its sales.
      eb.fn.sum<number>(unitsOf(eb.ref("kind"), eb.ref("quantity"))).as("units"),
      eb.fn.sum<number>("settlementPence").as("revenue"),
    ])
    .where("recordId", "=", recordId)
    .groupBy("productId")
    .execute();
  for (const part of parts) {
    await trx
      .updateTable("productSalesMonthly")
      .set((eb) => ({
        units: eb("units", "-", Number(part.units)),
        revenuePence: eb("revenuePence", "-", Number(part.revenue)),
      }))
      .where("productId", "=", part.productId)
      .where("machineId", "=", record.machineId)
      .where("month", "=", record.month)
      .execute();
  }
  await trx
    .deleteFrom("productSalesMonthly")
    .where("machineId", "=", record.machineId)
    .where("month", "=", record.month)
    .where("units", "<=", 0)
    .where("revenuePence", "=", 0)
    .execute();
  await trx.deleteFrom("monthlyRecords").where("id", "=", recordId).execute();
  const changes = await paidMonthChanges(trx, paid);
  // Unconfirmed, the transaction rolls back with the 409.
  if (changes.length && !options.adjustPaidMonths) {
    throw conflict(
      `Deleting ${record.location}'s record would change a paid month, which keeps what it paid: ${changes.map(paidMonthChangeText).join("; ")}. Confirm adding the difference to the next open month (adjustPaidMonths) to delete it.`,
    );
  }
  await addCorrections(trx, changes, "record_deleted", actorId, { recordId, location: record.location });
  await audit(trx, {
    actorId,
    action: "delete",
    entity: "monthly_record",
    entityId: recordId,
    partnerId: record.partnerId,
    month: record.month,
    before: {
      machineId: record.machineId,
      location: record.location,
      units: record.totalSales,
      revenuePence: record.revenuePence,
      cogsPence: record.cogsPence,
    },
  });
  return changes;
}

/** The latest uploaded file of a record. */
export async function latestReportFile(db: DB, recordId: number) {
  const receipt = await db
    .selectFrom("importReceipts")
    .select(["fileName", "storedPath", "profile"])
    .where("recordId", "=", recordId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!receipt) throw notFound("This record has no uploaded report");
  return receipt;
}

/** The transactions behind a record, for partners to check their figures (costPence per unit; a sale's units are its quantity). */
export async function transactionsOfRecord(db: DB, recordId: number) {
  return db
    .selectFrom("sales as s")
    .innerJoin("products as p", "p.id", "s.productId")
    .select([
      "s.transactionId",
      "s.saleDate",
      "p.name as productName",
      "s.quantity",
      "s.pricePence",
      "s.settlementPence",
      "s.costPence",
      "s.kind",
    ])
    .where("s.recordId", "=", recordId)
    .orderBy("s.saleDate")
    .execute();
}
