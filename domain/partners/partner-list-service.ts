/**
 * Partners as the admin's lists show them: every partner with machine count, revenue, net profit and
 * invoices, and one page of them for /admin's cards, summed in SQL in a fixed number of queries.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { containsText, lowerText, oneIf } from "#db/dialect.ts";
import { listInvoices, type InvoiceView } from "../invoices/invoice-queries.ts";
import {
  accountState,
  accountStateOf,
  paymentPeriodOf,
  type AccountStatus,
  type InvoiceSummary,
  type PaymentPeriod,
} from "../invoices/invoice-rules.ts";
import { netProfitPenceSql } from "../commissions/commission-sql.ts";
import { clampPage, offsetOf, pageInfo, type PageInfo, type PageRequest } from "../shared/paging.ts";

import { toPublicUser, type PublicUser } from "../accounts/user-service.ts";

type DB = Kysely<Database>;

/** Invoices as the partner lists show them. */
export type FeePaymentView = InvoiceView;

export interface ListedPartner extends PublicUser {
  machineCount: number;
  totalRevenuePence: number;
  totalNetProfitPence: number;
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
export function accountFields(
  user: PublicUser,
  invoices: FeePaymentView[],
): Pick<ListedPartner, "paymentStatus" | "nextPaymentDue"> {
  if (user.partnerType !== "fee-paying") return { paymentStatus: null, nextPaymentDue: user.nextPaymentDue };
  return accountState(invoices);
}

export function recordsQuery(db: DB) {
  return db
    .selectFrom("monthlyRecords as r")
    .innerJoin("machines as m", "m.id", "r.machineId")
    .select(["r.id", "r.machineId", "m.partnerId", "r.month", "r.totalSales", "r.revenuePence", "r.cogsPence"]);
}

export function feeQuery(db: DB, partnerId?: number) {
  return listInvoices(db, partnerId === undefined ? {} : { partnerId });
}

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

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
export const recordNetPence = () => netProfitPenceSql(sql.ref("r.revenuePence"), sql.ref("r.cogsPence"));

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
    totalRevenuePence: figures.revenuePence,
    totalNetProfitPence: figures.netPence,
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

export function partnersQuery(db: DB) {
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
