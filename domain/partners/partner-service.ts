/**
 * Partner accounts for admins: the list with its figures, stats, detail, create, update, delete.
 * Over 250 lines on purpose: the partner views (list, detail, machines) are shared by several
 * features and built from one set of queries here, next to the changes that invalidate them.
 */
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../audit/audit-writer.ts";
import { limitedAttempt } from "../accounts/attempt-service.ts";
import type { AttemptLimits } from "../accounts/attempt-rules.ts";
import { closedMonthError } from "../commissions/month-close-rules.ts";
import { closedMonths } from "../commissions/month-close-service.ts";
import { listInvoices, type InvoiceView } from "../invoices/invoice-service.ts";
import { accountState, formatInvoiceId, type AccountStatus } from "../invoices/invoice-rules.ts";
import { commissionForMonth, netProfitPence, rateForMonth, type RateChange } from "../commissions/commission-rules.ts";
import { currentMonth, previousMonth } from "../shared/dates.ts";
import { DomainError, conflict, notFound } from "../shared/errors.ts";
import { penceToPounds } from "../shared/money.ts";
import { groupBy, recordViews, type MachineView, type RecordView } from "../machines/machine-views.ts";

export type { MachineView, RecordView };
import { termsForType, type PartnerCreateInput, type PartnerUpdateInput } from "./partner-schemas.ts";
import { hashPassword, verifyPassword } from "../accounts/password.ts";
import { createUser, findUserById, findUserByUsername, toPublicUser, type PublicUser } from "../accounts/user-service.ts";

type DB = Kysely<Database>;

/** Invoices as the partner lists show them. */
export type FeePaymentView = InvoiceView;

export interface ListedPartner extends PublicUser {
  machineCount: number;
  totalRevenue: number;
  totalNetProfit: number;
  feePayments: FeePaymentView[];
  /** Fee-paying partners: "Overdue", "Payment due" or "Up to date" from their invoices; null for other types. */
  paymentStatus: AccountStatus | null;
}

/**
 * A fee-paying partner's account state from their invoices (accountState): its status, and as
 * nextPaymentDue the earliest unpaid invoice's due date, else the next period's start.
 */
function accountFields(user: PublicUser, invoices: FeePaymentView[]): Pick<ListedPartner, "paymentStatus" | "nextPaymentDue"> {
  if (user.partnerType !== "fee-paying") return { paymentStatus: null, nextPaymentDue: user.nextPaymentDue };
  return accountState(invoices);
}

export interface PartnerDetail extends ListedPartner {
  machines: MachineView[];
  /** Units sold in the current calendar month (UTC). */
  currentMonthSales: number;
  /** Units sold, all time. */
  totalSales: number;
  /** Revenue of the current calendar month, pounds. */
  currentMonthRevenue: number;
  /** Net profit of the previous calendar month, pounds. */
  latestMonthProfit: number;
}

export interface Stats {
  totalPartners: number;
  currentMonth: string;
  currentMonthRevenue: number;
  currentMonthNetProfit: number;
  currentMonthCommission: number;
  allTimeRevenue: number;
  allTimeNetProfit: number;
}

function recordsQuery(db: DB) {
  return db
    .selectFrom("monthlyRecords as r")
    .innerJoin("machines as m", "m.id", "r.machineId")
    .select(["r.id", "r.machineId", "m.partnerId", "r.month", "r.totalSales", "r.revenuePence", "r.cogsPence"]);
}

function feeQuery(db: DB, partnerId?: number) {
  return listInvoices(db, partnerId === undefined ? {} : { partnerId });
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Every partner with machine count, revenue, net profit and invoices: a fixed number of queries. */
export async function listPartners(db: DB): Promise<ListedPartner[]> {
  const [users, records, fees] = await Promise.all([
    db
      .selectFrom("users")
      .selectAll("users")
      .select((eb) =>
        eb
          .selectFrom("machines")
          .whereRef("machines.partnerId", "=", "users.id")
          .select(eb.fn.countAll<number>().as("n"))
          .as("machineCount"),
      )
      .where("isAdmin", "=", 0)
      .orderBy("name")
      .orderBy("username")
      .execute(),
    recordsQuery(db).execute(),
    feeQuery(db),
  ]);
  const recordsByPartner = groupBy(records, (r) => r.partnerId);
  const feesByPartner = groupBy(fees, (f) => f.partnerId);
  return users.map(({ machineCount, ...user }) => {
    const own = recordsByPartner.get(user.id) ?? [];
    const publicUser = toPublicUser(user);
    const feePayments = feesByPartner.get(user.id) ?? [];
    return {
      ...publicUser,
      machineCount: Number(machineCount ?? 0),
      totalRevenue: penceToPounds(sum(own.map((r) => r.revenuePence))),
      totalNetProfit: penceToPounds(sum(own.map((r) => netProfitPence(r)))),
      feePayments,
      ...accountFields(publicUser, feePayments),
    };
  });
}

async function rateHistory(db: DB, partnerId?: number): Promise<Map<number, RateChange[]>> {
  let query = db.selectFrom("commissionRates").select(["partnerId", "rateBp", "effectiveMonth"]);
  if (partnerId !== undefined) query = query.where("partnerId", "=", partnerId);
  return groupBy(await query.execute(), (r) => r.partnerId);
}

/** The business at a glance: this calendar month's figures (UTC) and all-time totals. */
export async function getStats(db: DB, now: Date = new Date()): Promise<Stats> {
  const month = currentMonth(now);
  const [partners, records, rates] = await Promise.all([
    db.selectFrom("users").select(["id", "partnerType", "commissionBp"]).where("isAdmin", "=", 0).execute(),
    recordsQuery(db).execute(),
    rateHistory(db),
  ]);
  const thisMonth = groupBy(
    records.filter((r) => r.month === month),
    (r) => r.partnerId,
  );
  let commissionPence = 0;
  for (const partner of partners) {
    const own = thisMonth.get(partner.id) ?? [];
    if (!own.length) continue;
    const rate = rateForMonth(rates.get(partner.id) ?? [], month, partner.commissionBp);
    commissionPence += commissionForMonth(partner.partnerType, rate, own).commissionPence;
  }
  const monthRecords = [...thisMonth.values()].flat();
  return {
    totalPartners: partners.length,
    currentMonth: month,
    currentMonthRevenue: penceToPounds(sum(monthRecords.map((r) => r.revenuePence))),
    currentMonthNetProfit: penceToPounds(sum(monthRecords.map((r) => netProfitPence(r)))),
    currentMonthCommission: penceToPounds(commissionPence),
    allTimeRevenue: penceToPounds(sum(records.map((r) => r.revenuePence))),
    allTimeNetProfit: penceToPounds(sum(records.map((r) => netProfitPence(r)))),
  };
}

async function requirePartner(db: DB, id: number): Promise<User> {
  const user = await findUserById(db, id);
  if (!user || user.isAdmin) throw notFound("Partner not found");
  return user;
}

export async function getPartnerDetail(db: DB, id: number, now: Date = new Date()): Promise<PartnerDetail> {
  const user = await requirePartner(db, id);
  const [machines, records, fees, rates] = await Promise.all([
    db.selectFrom("machines").selectAll().where("partnerId", "=", id).orderBy("location").execute(),
    recordsQuery(db).where("m.partnerId", "=", id).execute(),
    feeQuery(db, id),
    rateHistory(db, id),
  ]);
  const views = recordViews(user, rates.get(id) ?? [], records);
  const byMachine = groupBy(views, (r) => r.machineId);
  const month = currentMonth(now);
  const lastMonth = previousMonth(now);
  const inMonth = (m: string) => records.filter((r) => r.month === m);
  const publicUser = toPublicUser(user);
  return {
    ...publicUser,
    machineCount: machines.length,
    totalRevenue: penceToPounds(sum(records.map((r) => r.revenuePence))),
    totalNetProfit: penceToPounds(sum(records.map((r) => netProfitPence(r)))),
    feePayments: fees,
    ...accountFields(publicUser, fees),
    machines: machines.map((m) => ({
      id: m.id,
      partnerId: m.partnerId,
      location: m.location,
      imageUrl: m.imageUrl,
      status: m.status,
      monthlyRecords: byMachine.get(m.id) ?? [],
    })),
    currentMonthSales: sum(inMonth(month).map((r) => r.totalSales)),
    totalSales: sum(records.map((r) => r.totalSales)),
    currentMonthRevenue: penceToPounds(sum(inMonth(month).map((r) => r.revenuePence))),
    latestMonthProfit: penceToPounds(sum(inMonth(lastMonth).map((r) => netProfitPence(r)))),
  };
}

export async function createPartner(db: DB, input: PartnerCreateInput, actorId: number): Promise<PublicUser> {
  const terms = termsForType(input.partnerType, {
    commissionBp: input.commissionPercentage ?? 1000,
    monthlyFeePence: input.monthlyFee ?? null,
    paymentPeriod: input.paymentPeriod ?? (input.partnerType === "fee-paying" ? "monthly" : null),
  });
  const user = await createUser(
    db,
    {
      username: input.username,
      password: input.password,
      name: input.name,
      partnerType: input.partnerType,
      email: input.email,
      billingAddress: input.billingAddress,
      bankName: input.bankName ?? null,
      accountNumber: input.accountNumber ?? null,
      sortCode: input.sortCode ?? null,
      accountHolderName: input.accountHolderName ?? null,
      ...terms,
    },
    actorId,
  );
  return toPublicUser(user);
}

/** Applies the given fields only; a new rate is recorded from this month on. */
export async function updatePartner(
  db: DB,
  id: number,
  input: PartnerUpdateInput,
  actorId: number,
  now: Date = new Date(),
): Promise<PublicUser> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction().execute(async (trx) => {
    const current = await requirePartner(trx, id);
    if (input.username && input.username.toLowerCase() !== current.username.toLowerCase()) {
      if (await findUserByUsername(trx, input.username)) throw conflict("Username already exists");
    }
    const partnerType = input.partnerType ?? current.partnerType;
    const terms = termsForType(partnerType, {
      commissionBp: input.commissionPercentage ?? current.commissionBp,
      monthlyFeePence: input.monthlyFee !== undefined ? input.monthlyFee : current.monthlyFeePence,
      paymentPeriod: input.paymentPeriod !== undefined ? input.paymentPeriod : current.paymentPeriod,
    });
    const changes = {
      username: input.username,
      name: input.name,
      partnerType: input.partnerType,
      email: input.email,
      billingAddress: input.billingAddress,
      bankName: input.bankName,
      accountNumber: input.accountNumber,
      sortCode: input.sortCode,
      accountHolderName: input.accountHolderName,
      passwordHash,
      ...terms,
    };
    const set: Record<string, unknown> = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    // A new password signs the partner out everywhere.
    if (passwordHash) set.sessionVersion = current.sessionVersion + 1;
    const updated = await trx.updateTable("users").set(set).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
    if (updated.commissionBp !== current.commissionBp) {
      await trx
        .insertInto("commissionRates")
        .values({ partnerId: id, rateBp: updated.commissionBp, effectiveMonth: currentMonth(now) })
        .onConflict((oc) => oc.columns(["partnerId", "effectiveMonth"]).doUpdateSet({ rateBp: updated.commissionBp }))
        .execute();
    }
    const changed = Object.keys(set).filter(
      (key) => key === "passwordHash" || (key !== "sessionVersion" && (current as Record<string, unknown>)[key] !== (updated as Record<string, unknown>)[key]),
    );
    // The changed fields' values, never the password hash (a new password is only named in details).
    const shown = changed.filter((key) => key !== "passwordHash");
    await audit(trx, {
      actorId,
      action: "update",
      entity: "user",
      entityId: id,
      partnerId: id,
      before: Object.fromEntries(shown.map((key) => [key, (current as Record<string, unknown>)[key]])),
      after: Object.fromEntries(shown.map((key) => [key, (updated as Record<string, unknown>)[key]])),
      details: { changed: changed.map((k) => (k === "passwordHash" ? "password" : k)) },
    });
    if (updated.commissionBp !== current.commissionBp) {
      // Its own entry, for the month the new rate takes effect from: the trail's filters find it there.
      await audit(trx, {
        actorId,
        action: "rate_change",
        entity: "user",
        entityId: id,
        partnerId: id,
        month: currentMonth(now),
        before: { rateBp: current.commissionBp },
        after: { rateBp: updated.commissionBp },
      });
    }
    return toPublicUser(updated);
  });
}

export const TOO_MANY_CONFIRMATIONS = "Too many wrong password confirmations. Please wait and try again.";

/** Deletes a partner and everything of theirs, once the admin has confirmed with their own password. */
export async function deletePartner(
  db: DB,
  id: number,
  admin: { id: number },
  adminPassword: string,
  /** The attempt limits of sign-in, applied to the password confirmation (by the caller's address). */
  guard?: { address: string; limits: AttemptLimits },
): Promise<void> {
  const actor = await findUserById(db, admin.id);
  const check = async () => (actor && (await verifyPassword(adminPassword, actor.passwordHash)) ? true : null);
  const confirmed = guard
    ? await limitedAttempt(db, { purpose: "confirm", username: actor?.username ?? `#${admin.id}`, address: guard.address }, guard.limits, TOO_MANY_CONFIRMATIONS, check)
    : await check();
  if (!confirmed) {
    throw new DomainError("forbidden", "Incorrect password");
  }
  await db.transaction().execute(async (trx) => {
    const partner = await requirePartner(trx, id);
    // Money already settled stays: a paid (closed) month or a paid invoice blocks the delete.
    const [closed] = await closedMonths(trx, { partnerIds: [id] });
    if (closed) throw closedMonthError(closed, `Deleting ${closed.partnerName}`);
    const paid = await trx.selectFrom("feePayments").select("id").where("partnerId", "=", id).where("status", "=", "paid").orderBy("id").executeTakeFirst();
    if (paid) throw conflict(`${partner.name ?? partner.username} cannot be deleted: invoice ${formatInvoiceId(paid.id)} is paid, and paid invoices are kept`);
    // Machines, records, sales, receipts, invoices, commission payments and rates go by cascade.
    await trx.deleteFrom("users").where("id", "=", id).execute();
    await audit(trx, {
      actorId: admin.id,
      action: "delete",
      entity: "user",
      entityId: id,
      partnerId: id,
      before: { username: partner.username, name: partner.name, partnerType: partner.partnerType, email: partner.email },
      after: null,
      details: { username: partner.username, name: partner.name },
    });
  });
}
