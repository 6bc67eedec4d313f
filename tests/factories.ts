/** Test data factories: each call makes a fresh, unique record. */
import type { DB } from "#db/database.ts";
import { createUser, type NewAccount } from "#domain/accounts/user-service.ts";

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Math.random().toString(36).slice(2, 6)}`;

export const TEST_PASSWORD = "correct-horse-42";

export async function makeAdmin(db: DB, overrides: Partial<NewAccount> = {}) {
  return createUser(db, {
    username: unique("admin"),
    password: TEST_PASSWORD,
    name: "Ada Admin",
    isAdmin: true,
    ...overrides,
  });
}

export async function makePartner(db: DB, overrides: Partial<NewAccount> = {}) {
  return createUser(db, {
    username: unique("partner"),
    password: TEST_PASSWORD,
    name: "Pat Partner",
    partnerType: "profit-sharing",
    email: "pat@example.com",
    billingAddress: "1 High Street, Leeds",
    ...overrides,
  });
}

export async function makeMachine(db: DB, partnerId: number, location = unique("Machine ")) {
  return db.insertInto("machines").values({ partnerId, location }).returningAll().executeTakeFirstOrThrow();
}

/** A monthly record written directly (the import has its own tests). */
export async function makeRecord(
  db: DB,
  machineId: number,
  month: string,
  figures: { totalSales?: number; revenuePence: number; cogsPence: number },
) {
  return db
    .insertInto("monthlyRecords")
    .values({
      machineId,
      month,
      totalSales: figures.totalSales ?? 0,
      revenuePence: figures.revenuePence,
      cogsPence: figures.cogsPence,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
