/** Users (admins and partners): creation, sign-in check, and the public shape without secrets. */
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { FIRST_MONTH, bpToFraction } from "../shared/commission-rules.ts";
import { conflict } from "../shared/errors.ts";
import type { PartnerType, PaymentPeriod } from "#db/enums.ts";
import { passwordSchema, usernameSchema } from "./account-schemas.ts";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password.ts";

/** The user as the API and pages see it: never the password hash. */
export interface PublicUser {
  id: number;
  username: string;
  isAdmin: boolean;
  name: string | null;
  partnerType: PartnerType;
  email: string | null;
  billingAddress: string | null;
  bankName: string | null;
  accountNumber: string | null;
  sortCode: string | null;
  accountHolderName: string | null;
  /** A building society's roll number (optional). */
  rollNumber: string | null;
  /** Fraction string with 4 decimals, "0.1000". */
  commissionPercentage: string;
  monthlyFeePence: number | null;
  paymentPeriod: PaymentPeriod | null;
  nextPaymentDue: string | null;
  lastPaymentDate: string | null;
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    isAdmin: user.isAdmin === 1,
    name: user.name,
    partnerType: user.partnerType,
    email: user.email,
    billingAddress: user.billingAddress,
    bankName: user.bankName,
    accountNumber: user.accountNumber,
    sortCode: user.sortCode,
    accountHolderName: user.accountHolderName,
    rollNumber: user.rollNumber,
    commissionPercentage: bpToFraction(user.commissionBp),
    monthlyFeePence: user.monthlyFeePence,
    paymentPeriod: user.paymentPeriod,
    nextPaymentDue: user.nextPaymentDue,
    lastPaymentDate: user.lastPaymentDate,
  };
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["username"]), "=", username.trim().toLowerCase()))
    .executeTakeFirst();
}

/** The active user whose username and password match, or null. Takes the same time either way. */
export async function verifyLogin(db: Kysely<Database>, username: string, password: string): Promise<User | null> {
  const user = await findUserByUsername(db, username);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) return null;
  // A disabled account is refused like a wrong password (no enumeration), but the refusal is audited.
  if (user.disabledAt) {
    await audit(db, {
      actorId: null,
      action: "sign-in-refused",
      entity: "user",
      entityId: user.id,
      partnerId: user.isAdmin ? null : user.id,
      details: { username: user.username, reason: "disabled" },
    });
    return null;
  }
  return user;
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("isAdmin", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewAccount {
  username: string;
  password: string;
  name?: string | null;
  isAdmin?: boolean;
  partnerType?: PartnerType;
  email?: string | null;
  billingAddress?: string | null;
  bankName?: string | null;
  accountNumber?: string | null;
  sortCode?: string | null;
  accountHolderName?: string | null;
  rollNumber?: string | null;
  commissionBp?: number;
  monthlyFeePence?: number | null;
  paymentPeriod?: PaymentPeriod | null;
}

/** Creates a user (admin or partner) with a hashed password; 409 'Username already exists'. */
export async function createUser(
  db: Kysely<Database>,
  account: NewAccount,
  actorId: number | null = null,
  options: { createdBy?: number | null } = {},
): Promise<User> {
  const username = usernameSchema.parse(account.username);
  passwordSchema.parse(account.password);
  const passwordHash = await hashPassword(account.password);
  return db.transaction().execute(async (trx) => {
    if (await findUserByUsername(trx, username)) throw conflict("Username already exists");
    const user = await trx
      .insertInto("users")
      .values({
        username,
        passwordHash,
        isAdmin: account.isAdmin ? 1 : 0,
        name: account.name?.trim() || null,
        partnerType: account.partnerType ?? "profit-sharing",
        email: account.email ?? null,
        billingAddress: account.billingAddress ?? null,
        bankName: account.bankName ?? null,
        accountNumber: account.accountNumber ?? null,
        sortCode: account.sortCode ?? null,
        accountHolderName: account.accountHolderName ?? null,
        rollNumber: account.rollNumber ?? null,
        commissionBp: account.commissionBp ?? 1000,
        monthlyFeePence: account.monthlyFeePence ?? null,
        paymentPeriod: account.paymentPeriod ?? null,
        createdBy: options.createdBy ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!user.isAdmin) {
      await trx
        .insertInto("commissionRates")
        // The first rate applies from the beginning; later changes apply from their month on.
        .values({ partnerId: user.id, rateBp: user.commissionBp, effectiveMonth: FIRST_MONTH })
        .execute();
    }
    await audit(trx, {
      actorId,
      action: "create",
      entity: "user",
      entityId: user.id,
      partnerId: user.isAdmin ? null : user.id,
      before: null,
      // Never the password hash.
      after: user.isAdmin
        ? { username: user.username, name: user.name, email: user.email, isAdmin: true }
        : {
            username: user.username,
            name: user.name,
            partnerType: user.partnerType,
            email: user.email,
            commissionBp: user.commissionBp,
            monthlyFeePence: user.monthlyFeePence,
            paymentPeriod: user.paymentPeriod,
          },
      details: { username: user.username, isAdmin: user.isAdmin === 1, partnerType: user.partnerType },
    });
    return user;
  });
}

/** Ends every session of the user (sessions are rows). */
export { endAllSessions } from "./session-service.ts";
