/**
 * A trial write: runs `fn` in a transaction that is always rolled back, and answers what it found.
 * For previews that must be exact (what late sales or a record delete would change in a paid month):
 * the real code path writes, the figures are read back, and nothing stays.
 */
import type { Kysely, Transaction } from "kysely";

class TrialRollback<T> extends Error {
  constructor(readonly value: T) {
    super("trial write rolled back");
  }
}

export async function trialWrite<DB, T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    await db.transaction().execute(async (trx) => {
      throw new TrialRollback(await fn(trx));
    });
  } catch (error) {
    if (error instanceof TrialRollback) return error.value as T;
    throw error;
  }
  throw new Error("unreachable: a trial write always rolls back");
}
