/**
 * Partner accounts for admins: create, update, delete. The lists with their figures are read in
 * partner-list-service.ts, the detail page and the stats in partner-detail-service.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { guardedAttempt, limitedAttempt, type AttemptGuard } from "../accounts/attempt-service.ts";
import { TOO_MANY_CONFIRMATIONS } from "../accounts/attempt-rules.ts";
import { closedMonthError } from "../month-close/month-close-rules.ts";
import { closedMonths } from "../month-close/month-close-service.ts";
import { owingOfPartner } from "../commissions/balance-service.ts";
import { owingDeleteMessage } from "../commissions/balance-rules.ts";
import { formatInvoiceId } from "../invoices/invoice-rules.ts";
import { assertRateEditable } from "../agreements/agreement-service.ts";
import { storeTerms } from "../agreements/agreement-schemas.ts";
import { currentMonth } from "../shared/dates.ts";
import { DomainError, badInput, conflict } from "../shared/errors.ts";
import { formatPence } from "../shared/money.ts";
import { pruneUploads } from "../imports/upload-store.ts";
import type { UploadsAt } from "../machines/machine-service.ts";
export type { MachineView, RecordView } from "../machines/machine-views.ts";
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
import { requirePartner } from "./partner-detail-service.ts";
import { BANK_FIELDS, holderProblem, maskBankValue, type BankField } from "../commissions/bank-rules.ts";
import type { MailConfig } from "../mail/mail-service.ts";
import { recordPartnerChanges, sendChangeNotices } from "./bank-change-service.ts";

// The lists, the detail and the stats are their own modules; callers keep importing them from here.
export {
  listPartnerPage,
  listPartners,
  type FeePaymentView,
  type ListedPartner,
  type PartnerPage,
  type PartnerSummary,
} from "./partner-list-service.ts";
export { getPartnerDetail, getStats, type PartnerDetail, type Stats } from "./partner-detail-service.ts";

type DB = Kysely<Database>;

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
      rollNumber: input.rollNumber ?? null,
      ...terms,
    },
    actorId,
  );
  return toPublicUser(user);
}

/**
 * Applies the given fields only; a new rate is recorded from this month on. A change of the bank
 * details is guarded (bank-change-service.ts); with `mail`, the old address is emailed after the commit.
 */
export async function updatePartner(
  db: DB,
  id: number,
  input: PartnerUpdateInput,
  actorId: number,
  now: Date = new Date(),
  mail?: MailConfig,
): Promise<PublicUser> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const { user, notices } = await db.transaction().execute(async (trx) => {
    const current = await requirePartner(trx, id);
    const saved = <K extends BankField>(key: K) => (input[key] !== undefined ? input[key] : current[key]) ?? null;
    // Checked when the bank details are edited, so an older partner without a holder can still change other fields.
    const bankEdited = (["sortCode", "accountNumber", "accountHolderName"] as const).some(
      (k) => input[k] !== undefined,
    );
    const holder =
      bankEdited &&
      holderProblem({
        sortCode: saved("sortCode"),
        accountNumber: saved("accountNumber"),
        accountHolderName: saved("accountHolderName"),
      });
    if (holder) throw badInput(holder);
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
      rollNumber: input.rollNumber,
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
    // The changed fields' values, never the password hash (a new password is only named in details); bank numbers masked.
    const shown = changed.filter((key) => key !== "passwordHash");
    const value = (user: object, key: string) => {
      const v = (user as Record<string, unknown>)[key];
      return (BANK_FIELDS as readonly string[]).includes(key) ? maskBankValue(key as BankField, v as string | null) : v;
    };
    await audit(trx, {
      actorId,
      action: "update",
      entity: "user",
      entityId: id,
      partnerId: id,
      before: Object.fromEntries(shown.map((key) => [key, value(current, key)])),
      after: Object.fromEntries(shown.map((key) => [key, value(updated, key)])),
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
    return { user: toPublicUser(updated), notices: await recordPartnerChanges(trx, current, updated, actorId, now) };
  });
  if (mail) await sendChangeNotices(db, mail, notices);
  return user;
}

export { TOO_MANY_CONFIRMATIONS };

/** Deletes a partner and everything of theirs, once the admin has confirmed with their own password. */
export async function deletePartner(
  db: DB,
  id: number,
  admin: { id: number },
  adminPassword: string,
  /** The attempt limits of sign-in, applied to the password confirmation (by the caller's address). */
  guard?: AttemptGuard,
  /** Where the files only this partner's imports named are pruned after the delete. */
  uploads: UploadsAt = {},
): Promise<void> {
  const actor = await findUserById(db, admin.id);
  const check = async () => (actor && (await verifyPassword(adminPassword, actor.passwordHash)) ? true : null);
  const confirmed = guard
    ? await limitedAttempt(
        db,
        guardedAttempt("confirm", actor?.username ?? `#${admin.id}`, guard),
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
        `${partner.name ?? partner.username} cannot be deleted: ${formatPence(Number(sent!.pence))} of commission was paid to them, and money paid is kept`,
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
