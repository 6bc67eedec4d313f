/**
 * Partner accounts for admins: the list with its figures, stats, detail, create, update, delete.
 * Over 250 lines on purpose: the partner views (list, detail, machines) are shared by several
 * features and built from one set of queries here, next to the changes that invalidate them.
 */
import { sql, type Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { containsText, lowerText, oneIf } from "#db/dialect.ts";
import { audit } from "../shared/audit-writer.ts";
import { limitedAttempt } from "../accounts/attempt-service.ts";
import { TOO_MANY_CONFIRMATIONS, type AttemptLimits } from "../accounts/attempt-rules.ts";
import { closedMonthError } from "../month-close/month-close-rules.ts";
import { closedMonths } from "../month-close/month-close-service.ts";
import { owingOfPartner } from "../commissions/balance-service.ts";
import { owingDeleteMessage } from "../commissions/balance-rules.ts";
import { listInvoices, type InvoiceView } from "../invoices/invoice-queries.ts";
import {
  accountState,
  accountStateOf,
  formatInvoiceId,
  paymentPeriodOf,
  type AccountStatus,
  type InvoiceSummary,
  type PaymentPeriod,
} from "../invoices/invoice-rules.ts";
import { netProfitPence } from "../shared/commission-rules.ts";
import { recordsWithTerms } from "../agreements/agreement-terms.ts";
import { monthSums } from "../commissions/month-sums.ts";
import { assertRateEditable } from "../agreements/agreement-service.ts";
import { storeTerms } from "../agreements/agreement-schemas.ts";
import { netProfitPenceSql } from "../commissions/commission-sql.ts";
import { clampPage, offsetOf, pageInfo, type PageInfo, type PageRequest } from "../shared/paging.ts";
import { currentMonth, previousMonth } from "../shared/dates.ts";
import { DomainError, conflict, notFound } from "../shared/errors.ts";
import { formatGBP, penceToPounds } from "../shared/money.ts";
import { pruneUploads } from "../imports/upload-store.ts";
import type { UploadsAt } from "../machines/machine-service.ts";
import { groupBy, recordViews, type MachineView, type RecordView } from "../machines/machine-views.ts";

export type { MachineView, RecordView };
import { termsForType, type PartnerCreateInput, type PartnerUpdateInput } from "./partner-schemas.ts";
import { isProfitSharingType } from "./partner-rules.ts";
import { hashPassword, verifyPassword } from "../accounts/password.ts";
import { endAllSessions } from "../accounts/session-service.ts";
import {
  createUser,
  findUserById,
  findUserByUsername,
  toPublicUser,
  type PublicUser,
} from "../accounts/user-service.ts";

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
  /** When the partner's sign-in was disabled; null: they can sign in. */
  signInDisabledAt: string | null;
}

/**
 * A fee-paying partner's account state from their invoices (accountState): its status, and as
 * nextPaymentDue the earliest unpaid invoice's due date, else the next period's start.
 */
function accountFields(
  user: PublicUser,
  invoices: FeePaymentView[],
): Pick<ListedPartner, "paymentStatus" | "nextPaymentDue"> {
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

/** Groups in one pass (machine-views' groupBy copies each group on every item: fine for one partner, slow for all). */
function groupRows<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** A record's net profit (revenue − COGS − its card fee) in SQL. */
const recordNetPence = () => netProfitPenceSql(sql.ref("r.revenuePence"), sql.ref("r.cogsPence"));

interface PartnerFigures {
  machineCount: number;
  revenuePence: number;
  netPence: number;
}

/** Machine count, all-time revenue and net profit per partner, summed in SQL: of `partnerIds`, or of everyone. */
async function partnerFigures(db: DB, partnerIds?: readonly number[]): Promise<Map<number, PartnerFigures>> {
  if (partnerIds && !partnerIds.length) return new Map();
  let query = db
    .selectFrom("machines as m")
    .leftJoin("monthlyRecords as r", "r.machineId", "m.id")
    .select((eb) => [
      "m.partnerId",
      sql<number>`count(distinct ${eb.ref("m.id")})`.as("machineCount"),
      sql<number>`coalesce(sum(${eb.ref("r.revenuePence")}), 0)`.as("revenuePence"),
      sql<number>`coalesce(sum(${recordNetPence()}), 0)`.as("netPence"),
    ])
    .groupBy("m.partnerId");
  if (partnerIds) query = query.where("m.partnerId", "in", partnerIds);
  return new Map((await query.execute()).map(({ partnerId, ...figures }) => [partnerId, figures]));
}

/** The figures a partner without machines or records has. */
const NO_FIGURES: PartnerFigures = { machineCount: 0, revenuePence: 0, netPence: 0 };

/** The list's figures of a partner, from its user row and its summed records. */
function listedFigures(user: PublicUser, figures: PartnerFigures) {
  return {
    ...user,
    machineCount: figures.machineCount,
    totalRevenue: penceToPounds(figures.revenuePence),
    totalNetProfit: penceToPounds(figures.netPence),
  };
}

/** Every partner with machine count, revenue, net profit and invoices: a fixed number of queries, the sums in SQL. */
export async function listPartners(db: DB): Promise<ListedPartner[]> {
  const [users, figures, fees] = await Promise.all([
    partnersQuery(db).selectAll().orderBy("name").orderBy("username").execute(),
    partnerFigures(db),
    feeQuery(db),
  ]);
  const feesByPartner = groupRows(fees, (f) => f.partnerId);
  return users.map((user) => {
    const publicUser = toPublicUser(user);
    const feePayments = feesByPartner.get(user.id) ?? [];
    return {
      ...listedFigures(publicUser, figures.get(user.id) ?? NO_FIGURES),
      feePayments,
      ...accountFields(publicUser, feePayments),
      signInDisabledAt: user.disabledAt,
    };
  });
}

/** A partner as /admin's cards show it: the list's figures, and in place of the invoices the payment period they follow. */
export interface PartnerSummary extends Omit<ListedPartner, "feePayments"> {
  /** The period the latest invoice follows (currentPaymentPeriod); null before the first invoice. */
  invoicePeriod: PaymentPeriod | null;
}

export interface PartnerPage {
  partners: PartnerSummary[];
  /** Partners the search matches, over every page. */
  matching: number;
  /** Every partner. */
  total: number;
  /** The page shown: one past the end shows the last. */
  page: PageInfo;
}

function partnersQuery(db: DB) {
  return db.selectFrom("users").where("isAdmin", "=", 0);
}

/**
 * matchesPartner (partner-rules.ts) in SQL: the name or username contains the query, ignoring
 * case as JavaScript's toLowerCase does (lowerText, db/dialect.ts; SQLite's lower() folds
 * ASCII only). A plain contains, not LIKE: a % or _ typed is a character, not a wildcard. Null for a blank query.
 */
function partnerMatch(db: DB, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return null;
  return sql<boolean>`(${containsText(db, lowerText(db, sql`coalesce(${sql.ref("name")}, '')`), q)} or ${containsText(db, lowerText(db, sql.ref("username")), q)})`;
}

/** The account-state facts of each partner's invoices, from one GROUP BY over `partnerIds`' invoices. */
async function invoiceSummaries(db: DB, partnerIds: readonly number[]): Promise<Map<number, InvoiceSummary>> {
  if (!partnerIds.length) return new Map();
  const unpaid = sql<boolean>`f.status in ('pending', 'overdue')`;
  const rows = await db
    .selectFrom("feePayments as f")
    .where("f.partnerId", "in", partnerIds)
    .groupBy("f.partnerId")
    .select((eb) => [
      "f.partnerId",
      eb.fn.countAll<number>().as("invoices"),
      sql<number>`sum(${oneIf(sql`f.status = 'overdue'`)})`.as("overdue"),
      sql<number>`sum(${oneIf(unpaid)})`.as("unpaid"),
      sql<string | null>`min(case when ${unpaid} then f.due_date end)`.as("earliestUnpaidDue"),
      sql<string | null>`max(case when f.status <> 'cancelled' then f.period_end end)`.as("latestPeriodEnd"),
      // The invoices are listed newest period first, then newest id (listInvoices): the first not cancelled.
      sql<PaymentPeriod | null>`(select l.payment_period from fee_payments l
        where l.partner_id = f.partner_id and l.status <> 'cancelled' order by l.period_start desc, l.id desc limit 1)`.as(
        "latestPaymentPeriod",
      ),
    ])
    .execute();
  return new Map(rows.map(({ partnerId, ...summary }) => [partnerId, summary]));
}

const NO_INVOICES: InvoiceSummary = {
  invoices: 0,
  overdue: 0,
  unpaid: 0,
  earliestUnpaidDue: null,
  latestPeriodEnd: null,
  latestPaymentPeriod: null,
};

/**
 * One page of /admin's partners, in the list's order (name, then username), optionally those the
 * search matches: the count, the page's rows and their figures, each in SQL and for the page's
 * partners only. A page past the end shows the last.
 */
export async function listPartnerPage(
  db: DB,
  { query, page }: { query: string; page: PageRequest },
): Promise<PartnerPage> {
  const match = partnerMatch(db, query);
  const counts = await partnersQuery(db)
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      (match ? sql<number>`coalesce(sum(${oneIf(match)}), 0)` : eb.fn.countAll<number>()).as("matching"),
    ])
    .executeTakeFirstOrThrow();
  const shown = clampPage(page, counts.matching);
  let rows = partnersQuery(db).selectAll();
  if (match) rows = rows.where(match);
  const users = await rows.orderBy("name").orderBy("username").limit(shown.size).offset(offsetOf(shown)).execute();
  const ids = users.map((u) => u.id);
  const [figures, invoices] = await Promise.all([partnerFigures(db, ids), invoiceSummaries(db, ids)]);
  return {
    partners: users.map((user) => {
      const publicUser = toPublicUser(user);
      const summary = invoices.get(user.id) ?? NO_INVOICES;
      return {
        ...listedFigures(publicUser, figures.get(user.id) ?? NO_FIGURES),
        ...(user.partnerType === "fee-paying"
          ? accountStateOf(summary)
          : { paymentStatus: null, nextPaymentDue: publicUser.nextPaymentDue }),
        invoicePeriod: paymentPeriodOf(summary, user.paymentPeriod),
        signInDisabledAt: user.disabledAt,
      };
    }),
    matching: counts.matching,
    total: counts.total,
    page: pageInfo(shown, counts.matching),
  };
}

/**
 * The business at a glance: this calendar month's figures (UTC) and all-time totals, summed in SQL
 * from the monthly records (a machine-month each, far fewer than sales). The commission is each
 * earning partner's under the agreement in force for the month (agreement-terms.ts).
 */
export async function getStats(db: DB, now: Date = new Date()): Promise<Stats> {
  const month = currentMonth(now);
  const [partners, allTime, thisMonth, commission] = await Promise.all([
    partnersQuery(db)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("monthlyRecords as r")
      .select((eb) => [
        sql<number>`coalesce(sum(${eb.ref("r.revenuePence")}), 0)`.as("revenuePence"),
        sql<number>`coalesce(sum(${recordNetPence()}), 0)`.as("netPence"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("monthlyRecords as r")
      .where("r.month", "=", month)
      .select((eb) => [
        sql<number>`coalesce(sum(${eb.ref("r.revenuePence")}), 0)`.as("revenuePence"),
        sql<number>`coalesce(sum(${recordNetPence()}), 0)`.as("netPence"),
      ])
      .executeTakeFirstOrThrow(),
    // Every partner's commission under its agreement, before adjustments (the month is not over).
    monthSums(db, month, { machines: false }),
  ]);
  return {
    totalPartners: partners.count,
    currentMonth: month,
    currentMonthRevenue: penceToPounds(thisMonth.revenuePence),
    currentMonthNetProfit: penceToPounds(thisMonth.netPence),
    currentMonthCommission: penceToPounds(commission.commissionPence),
    allTimeRevenue: penceToPounds(allTime.revenuePence),
    allTimeNetProfit: penceToPounds(allTime.netPence),
  };
}

async function requirePartner(db: DB, id: number): Promise<User> {
  const user = await findUserById(db, id);
  if (!user || user.isAdmin) throw notFound("Partner not found");
  return user;
}

export async function getPartnerDetail(db: DB, id: number, now: Date = new Date()): Promise<PartnerDetail> {
  const user = await requirePartner(db, id);
  const [machines, rows, fees] = await Promise.all([
    db.selectFrom("machines").selectAll().where("partnerId", "=", id).orderBy("location").execute(),
    recordsQuery(db).where("m.partnerId", "=", id).execute(),
    feeQuery(db, id),
  ]);
  const { records, termsOf } = await recordsWithTerms(db, user, rows);
  const views = recordViews(termsOf, records);
  const byMachine = groupBy(views, (r) => r.machineId);
  const month = currentMonth(now);
  const lastMonth = previousMonth(now);
  const inMonth = (m: string) => records.filter((r) => r.month === m);
  const publicUser = toPublicUser(user);
  return {
    ...publicUser,
    signInDisabledAt: user.disabledAt,
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
    const writtenShare =
      input.commissionPercentage !== undefined && input.commissionPercentage !== current.commissionBp
        ? await assertRateEditable(trx, id, now)
        : null;
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
    const updated = await trx
      .updateTable("users")
      .set(set)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A new password signs the partner out everywhere.
    if (passwordHash) await endAllSessions(trx, id);
    if (updated.commissionBp !== current.commissionBp) {
      // A written flat share stays written at the new rate (a seed row would mean the type's agreement: a tiered partner's tiers).
      const versionTerms =
        writtenShare && isProfitSharingType(updated.partnerType)
          ? storeTerms({ ...writtenShare, rate: updated.commissionBp })
          : null;
      await trx
        .insertInto("commissionRates")
        .values({
          partnerId: id,
          rateBp: updated.commissionBp,
          effectiveMonth: currentMonth(now),
          terms: versionTerms,
          createdBy: actorId,
        })
        .onConflict((oc) =>
          oc
            .columns(["partnerId", "effectiveMonth"])
            .doUpdateSet({ rateBp: updated.commissionBp, terms: versionTerms, createdBy: actorId }),
        )
        .execute();
    }
    const changed = Object.keys(set).filter(
      (key) =>
        key === "passwordHash" ||
        (current as Record<string, unknown>)[key] !== (updated as Record<string, unknown>)[key],
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

export { TOO_MANY_CONFIRMATIONS };

/** Deletes a partner and everything of theirs, once the admin has confirmed with their own password. */
export async function deletePartner(
  db: DB,
  id: number,
  admin: { id: number },
  adminPassword: string,
  /** The attempt limits of sign-in, applied to the password confirmation (by the caller's address). */
  guard?: { address: string; limits: AttemptLimits },
  /** Where the files only this partner's imports named are pruned after the delete. */
  uploads: UploadsAt = {},
): Promise<void> {
  const actor = await findUserById(db, admin.id);
  const check = async () => (actor && (await verifyPassword(adminPassword, actor.passwordHash)) ? true : null);
  const confirmed = guard
    ? await limitedAttempt(
        db,
        { purpose: "confirm", username: actor?.username ?? `#${admin.id}`, address: guard.address },
        guard.limits,
        TOO_MANY_CONFIRMATIONS,
        check,
      )
    : await check();
  if (!confirmed) {
    throw new DomainError("forbidden", "Incorrect password");
  }
  await db.transaction().execute(async (trx) => {
    const partner = await requirePartner(trx, id);
    // Commission paid in advance and not absorbed is settled or written off first.
    // Deleting leaves no later month to take a negative balance: any is owed.
    const owing = await owingOfPartner(trx, partner, { leaving: true });
    if (owing) throw conflict(owingDeleteMessage(partner.name ?? partner.username, owing.owingPence));
    // Money already settled stays: a paid (closed) month or a paid invoice blocks the delete.
    const [closed] = await closedMonths(trx, { partnerIds: [id] });
    if (closed) throw closedMonthError(closed, `Deleting ${closed.partnerName}`);
    const paid = await trx
      .selectFrom("feePayments")
      .select("id")
      .where("partnerId", "=", id)
      .where("status", "=", "paid")
      .orderBy("id")
      .executeTakeFirst();
    if (paid)
      throw conflict(
        `${partner.name ?? partner.username} cannot be deleted: invoice ${formatInvoiceId(paid.id)} is paid, and paid invoices are kept`,
      );
    // Commission money that left the bank is never forgotten, even for a month reopened since.
    const sent = await trx
      .selectFrom("commissionTransfers")
      .select((eb) => eb.fn.sum<string | number>("amountPence").as("pence"))
      .where("partnerId", "=", id)
      .executeTakeFirst();
    if (Number(sent?.pence ?? 0) > 0)
      throw conflict(
        `${partner.name ?? partner.username} cannot be deleted: ${formatGBP(Number(sent!.pence))} of commission was paid to them, and money paid is kept`,
      );
    // Machines, records, sales, receipts, invoices, commission payments and rates go by cascade.
    await trx.deleteFrom("users").where("id", "=", id).execute();
    await audit(trx, {
      actorId: admin.id,
      action: "delete",
      entity: "user",
      entityId: id,
      partnerId: id,
      before: {
        username: partner.username,
        name: partner.name,
        partnerType: partner.partnerType,
        email: partner.email,
      },
      after: null,
      details: { username: partner.username, name: partner.name },
    });
  });
  if (uploads.dataDir) await pruneUploads(db, uploads.dataDir);
}
