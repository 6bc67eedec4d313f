/**
 * A partner's commission balance from the database, and its write-off (the rules in
 * balance-rules.ts). The balance is the sum of the adjustments on the partner's months not paid
 * (no completed commission payment); what the partner owes is a negative balance no later month
 * will take. Shown on the admin's partner page and the partner's dashboard; a partner owing money
 * is not deleted (partner-service.ts) until it is settled or written off.
 */
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { isPostgres } from "#db/dialect.ts";
import { audit } from "../shared/audit-writer.ts";
import { conflict, notFound } from "../shared/errors.ts";
import { partnerMonth } from "./commission-service.ts";
import { nothingOwedMessage, owingOf, writeOffMonth, type Owing, type PendingAdjustment } from "./balance-rules.ts";

type DB = Kysely<Database>;

export type { Owing };

type BalancePartner = Pick<User, "id" | "partnerType" | "disabledAt">;

/** The adjustments waiting on the partner's months not paid, in the order they were made. */
export async function pendingAdjustments(db: DB, partnerId: number): Promise<PendingAdjustment[]> {
  return db
    .selectFrom("commissionAdjustments as a")
    .select(["a.month", "a.forMonth", "a.amountPence", "a.reason"])
    .where("a.partnerId", "=", partnerId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("commissionPayments as p")
            .select("p.id")
            .whereRef("p.partnerId", "=", "a.partnerId")
            .whereRef("p.month", "=", "a.month")
            .where("p.status", "=", "completed"),
        ),
      ),
    )
    .orderBy("a.id")
    .execute();
}

/**
 * Money paid over on a month Reset Month reopened: what it comes to under its agreement (its own
 * adjustments are counted with the others) minus the money already paid for it, where below 0. Until
 * the month is paid again (which carries it on as `repaid`) the overpayment waits on that month.
 */
export async function overpaidOpenMonths(db: DB, partnerId: number): Promise<PendingAdjustment[]> {
  const open = await db
    .selectFrom("commissionTransfers as t")
    .select((eb) => ["t.month", eb.fn.sum<string | number>("t.amountPence").as("paid")])
    .where("t.partnerId", "=", partnerId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("commissionPayments as p")
            .select("p.id")
            .whereRef("p.partnerId", "=", "t.partnerId")
            .whereRef("p.month", "=", "t.month")
            .where("p.status", "=", "completed"),
        ),
      ),
    )
    .groupBy("t.month")
    .orderBy("t.month")
    .execute();
  const out: PendingAdjustment[] = [];
  for (const row of open) {
    const month = await partnerMonth(db, partnerId, row.month);
    // Money paid for a self-billed month included its VAT: compare like with like.
    const rest = month.agreementPence + (month.vat?.vatPence ?? 0) - Number(row.paid);
    if (rest < 0) out.push({ month: row.month, forMonth: row.month, amountPence: rest, reason: "repaid" });
  }
  return out;
}

/**
 * What this partner owes, or null (a balance of 0 or more, or one a later month will take). Leaving
 * (a delete, a write-off) counts every negative balance: no later month will take it.
 */
export async function owingOfPartner(
  db: DB,
  partner: BalancePartner,
  options: { leaving?: boolean } = {},
): Promise<Owing | null> {
  // One after the other: inside a transaction they share one connection.
  const pending = [...(await pendingAdjustments(db, partner.id)), ...(await overpaidOpenMonths(db, partner.id))];
  const machines = await db
    .selectFrom("machines")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("partnerId", "=", partner.id)
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return owingOf(pending, {
    partnerType: partner.partnerType,
    activeMachines: Number(machines.n),
    disabled: partner.disabledAt !== null,
    leaving: options.leaving,
  });
}

async function requirePartner(db: DB, partnerId: number, lock = false): Promise<User> {
  const partner = await db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", partnerId)
    // Two write-offs at once on PostgreSQL: the second waits for the first and then finds nothing owed.
    .$if(lock && isPostgres(db), (q) => q.forUpdate())
    .executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  return partner;
}

/** What the partner owes, or null; 404 for an unknown partner. */
export async function partnerOwing(db: DB, partnerId: number): Promise<Owing | null> {
  return (await partnerBalance(db, partnerId)).owing;
}

/** The partner's name (as the questions and messages name them) and what they owe, or null; 404 for an unknown partner. */
export async function partnerBalance(db: DB, partnerId: number): Promise<{ partnerName: string; owing: Owing | null }> {
  const partner = await requirePartner(db, partnerId);
  return { partnerName: partner.name ?? partner.username, owing: await owingOfPartner(db, partner) };
}

export interface WriteOff {
  writtenOffPence: number;
  /** The month the written_off adjustment sits on (and is for). */
  month: string;
  adjustmentId: number;
}

/**
 * Writes off what the partner owes, in one transaction: one adjustment (reason `written_off`) of
 * +owed on the month where the latest negative adjustment waits, for that same month, audited
 * ("Wrote off £2.15 owed"). 404 for an unknown partner; 409 when nothing is owed.
 */
export async function writeOffBalance(db: DB, partnerId: number, actorId: number | null): Promise<WriteOff> {
  return db.transaction().execute(async (trx) => {
    const partner = await requirePartner(trx, partnerId, true);
    // Any negative balance can be written off (a partner about to be deleted whose next month would have taken it).
    const owing = await owingOfPartner(trx, partner, { leaving: true });
    const month = owing && writeOffMonth(owing.months);
    if (!owing || !month) throw conflict(nothingOwedMessage(partner.name ?? partner.username));
    const row = await trx
      .insertInto("commissionAdjustments")
      .values({
        partnerId,
        month,
        forMonth: month,
        amountPence: owing.owingPence,
        reason: "written_off",
        sourcePaymentId: null,
        createdBy: actorId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actorId,
      action: "commission_adjustment",
      entity: "commission_adjustment",
      entityId: row.id,
      partnerId,
      month,
      before: null,
      after: { forMonth: month, amountPence: owing.owingPence, reason: "written_off" },
      details: { why: owing.why },
    });
    return { writtenOffPence: owing.owingPence, month, adjustmentId: row.id };
  });
}
