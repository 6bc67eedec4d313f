/**
 * Guarding a change of a partner's bank details (mandate fraud's classic route): the change is kept
 * masked in bank_detail_changes and the audit trail, the address on record before it is emailed,
 * paying the partner waits 72 hours (bank-rules.ts), and another admin than the one who changed them
 * can end the hold early by confirming the details and saying how they verified them.
 */
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { badInput, conflict, forbidden } from "../shared/errors.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { sendMail, type MailConfig } from "../mail/mail-service.ts";
import { mailHtml, mailText, type MailBody } from "../mail/mail-templates.ts";
import { DEFAULT_APP_URL } from "#db/config.ts";
import {
  bankCheckingMessage,
  bankHold,
  changedBankFields,
  formatBankTime,
  maskBankDetails,
  type BankDetails,
} from "../commissions/bank-rules.ts";
import { latestBankChanges } from "../commissions/bank-hold-service.ts";
import { requirePartner } from "./partner-detail-service.ts";

type DB = Kysely<Database>;

/** An email to send once the change has committed: to the address on record before it. */
export interface ChangeNotice {
  kind: "bank" | "email";
  to: string;
  partnerName: string;
  at: string;
  /** The new details, masked (bank), for the message. */
  masked?: Partial<Record<string, string | null>>;
}

const bankOf = (u: User): BankDetails => ({
  sortCode: u.sortCode,
  accountNumber: u.accountNumber,
  rollNumber: u.rollNumber,
  accountHolderName: u.accountHolderName,
});

/**
 * Inside updatePartner's transaction: a change of the bank details is kept (masked), its hold and
 * the change audited; answers the emails to send after the commit (the old address for a bank change
 * and for a change of the email address itself).
 */
export async function recordPartnerChanges(
  trx: DB,
  before: User,
  after: User,
  actorId: number | null,
  now: Date,
): Promise<ChangeNotice[]> {
  const notices: ChangeNotice[] = [];
  const partnerName = after.name ?? after.username;
  const at = now.toISOString();
  const fields = changedBankFields(bankOf(before), bankOf(after));
  if (fields.length) {
    const pick = (u: User) => Object.fromEntries(fields.map((f) => [f, bankOf(u)[f]])) as Partial<BankDetails>;
    const masked = { before: maskBankDetails(pick(before)), after: maskBankDetails(pick(after)) };
    const notifiedTo = before.email?.trim() || null;
    const row = await trx
      .insertInto("bankDetailChanges")
      .values({
        partnerId: after.id,
        changedAt: at,
        changedBy: actorId,
        notifiedTo,
        before: JSON.stringify(masked.before),
        after: JSON.stringify(masked.after),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const hold = bankHold({ changedAt: at, changedBy: actorId, notifiedTo, confirmedAt: null }, now)!;
    await audit(trx, {
      actorId,
      action: "bank_change",
      entity: "bank_details",
      entityId: row.id,
      partnerId: after.id,
      before: masked.before,
      after: masked.after,
      details: { notifiedTo, reason: `Changed ${partnerName}'s bank details` },
    });
    await audit(trx, {
      actorId,
      action: "bank_hold",
      entity: "bank_details",
      entityId: row.id,
      partnerId: after.id,
      after: { heldFrom: at, payableFrom: hold.payableFrom },
      details: { reason: `Held ${partnerName}'s payments: ${hold.message}` },
    });
    if (notifiedTo)
      notices.push({ kind: "bank", to: notifiedTo, partnerName, at, masked: maskBankDetails(bankOf(after)) });
  }
  const oldEmail = before.email?.trim();
  if (oldEmail && (after.email ?? "").trim().toLowerCase() !== oldEmail.toLowerCase())
    notices.push({ kind: "email", to: oldEmail, partnerName, at });
  return notices;
}

function noticeMail(notice: ChangeNotice): { subject: string; body: MailBody } {
  const when = formatBankTime(notice.at);
  const greeting = `Dear ${notice.partnerName},`;
  const action = { label: "Open your dashboard", path: "/" };
  const unasked = "If you did not ask for this change, contact us straight away.";
  if (notice.kind === "email")
    return {
      subject: "Your email address was changed",
      body: {
        greeting,
        action,
        paragraphs: [`Your email address for payments was changed on ${when} (UTC).`, unasked],
      },
    };
  const m = notice.masked ?? {};
  const lines = [
    m.accountHolderName ? `Account holder: ${m.accountHolderName}` : null,
    m.sortCode ? `Sort code: ${m.sortCode}` : null,
    m.accountNumber ? `Account number: ${m.accountNumber}` : null,
    m.rollNumber ? `Roll number: ${m.rollNumber}` : null,
  ].filter(Boolean);
  return {
    subject: "Your bank details for payments were changed",
    body: {
      greeting,
      action,
      paragraphs: [
        `Your bank details for payments were changed on ${when} (UTC).`,
        ...(lines.length
          ? [`The details now on record:\n${lines.join("\n")}`]
          : ["No bank details are now on record."]),
        `${unasked} Payments to the new details wait 72 hours.`,
      ],
    },
  };
}

/** Sends the notices after the change committed; a failure is logged (email_log) and never undoes the change. */
export async function sendChangeNotices(db: DB, mail: MailConfig, notices: readonly ChangeNotice[]): Promise<void> {
  if (!notices.length) return;
  const business = await getBusinessProfile(db);
  const appUrl = mail.appUrl ?? DEFAULT_APP_URL;
  for (const notice of notices) {
    const { subject, body } = noticeMail(notice);
    try {
      await sendMail(db, mail, {
        to: notice.to,
        subject,
        text: mailText(body, business, appUrl),
        html: mailHtml(body, business, appUrl, subject),
      });
    } catch {
      // Logged as failed by sendMail; the change stands.
    }
  }
}

/**
 * Another admin confirms a partner's changed bank details, saying how they verified them: the hold
 * ends now. 403 for the admin who made the change; 409 when there is no change waiting.
 */
export async function confirmBankDetails(
  db: DB,
  partnerId: number,
  adminId: number,
  verifiedBy: string,
  now: Date = new Date(),
) {
  const how = verifiedBy.trim();
  if (!how) throw badInput("How were they verified? Say how the new details were checked");
  return db.transaction().execute(async (trx) => {
    const partner = await requirePartner(trx, partnerId);
    const name = partner.name ?? partner.username;
    const change = (await latestBankChanges(trx, [partnerId])).get(partnerId);
    if (!change || change.confirmedAt) throw conflict(`${name}'s bank details have no change waiting to be confirmed`);
    if (change.changedBy === adminId) throw forbidden("Another admin must confirm bank details: you made this change");
    const hold = bankHold(change, now);
    const at = now.toISOString();
    await trx
      .updateTable("bankDetailChanges")
      .set({ confirmedAt: at, confirmedBy: adminId, verifiedBy: how })
      .where("id", "=", change.id)
      .execute();
    await audit(trx, {
      actorId: adminId,
      action: "bank_confirm",
      entity: "bank_details",
      entityId: change.id,
      partnerId,
      after: { confirmedAt: at, verifiedBy: how },
      details: { changedBy: change.changedBy, reason: `Confirmed ${name}'s new bank details: ${how}` },
    });
    if (hold)
      await audit(trx, {
        actorId: adminId,
        action: "bank_hold_end",
        entity: "bank_details",
        entityId: change.id,
        partnerId,
        after: { endedAt: at, payableFrom: hold.payableFrom },
        details: { reason: `Ended the hold on ${name}'s payments early: confirmed by another admin` },
      });
    return { partnerId, changedAt: change.changedAt, confirmedAt: at, verifiedBy: how, holdEnded: Boolean(hold) };
  });
}

/** The partner page's bank status: the hold (with whether this admin may confirm it), and stored details that need checking. */
export interface BankStatus {
  hold: { message: string; changedAt: string; payableFrom: string | null; canConfirm: boolean } | null;
  needsChecking: string | null;
}

export async function partnerBankStatus(
  db: DB,
  partner: Pick<User, "id" | "sortCode" | "accountNumber">,
  adminId: number,
  now: Date = new Date(),
): Promise<BankStatus> {
  const change = (await latestBankChanges(db, [partner.id])).get(partner.id);
  const hold = bankHold(change, now);
  return {
    hold: hold && { ...hold, canConfirm: change!.changedBy !== adminId },
    needsChecking: bankCheckingMessage(partner),
  };
}
