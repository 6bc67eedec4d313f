/** The emails with a link to choose a password: Forgot password, an admin's reset link and a new admin's invite. */
import type { Kysely } from "kysely";
import { DEFAULT_APP_URL } from "#db/config.ts";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { sendMail, type MailConfig } from "../mail/mail-service.ts";
import { mailHtml, mailText, type MailBody } from "../mail/mail-templates.ts";
import { badInput, conflict, notFound } from "../shared/errors.ts";
import {
  DISABLED_NO_LINK,
  INVITE_LINK_HOURS,
  NO_EMAIL,
  RESET_LINK_MINUTES,
  resetExpiresAt,
  resetPath,
} from "./reset-rules.ts";
import { hashResetToken, newResetToken } from "./reset-token.ts";

type DB = Kysely<Database>;

type LinkMail = "forgot" | "admin-reset" | "invite";

export async function sendResetMail(
  db: DB,
  mail: MailConfig,
  user: User,
  to: string,
  token: string,
  kind: LinkMail = "forgot",
): Promise<void> {
  const business = await getBusinessProfile(db);
  const subject =
    kind === "invite" ? `Your ${business.tradingName} admin account` : `Reset your ${business.tradingName} password`;
  const first = {
    forgot: `Someone asked to reset the password of your account "${user.username}". If it was you, choose a new password with the link below.`,
    "admin-reset": `An administrator sent you a link to choose a new password for your account "${user.username}".`,
    invite: `An administrator account "${user.username}" was created for you. Choose your password with the link below, then sign in.`,
  }[kind];
  const second =
    kind === "invite"
      ? `The link works once, for ${INVITE_LINK_HOURS} hours. If it has expired, use "Forgot password?" on the sign-in page.`
      : `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask, ignore this email: your password stays as it is.`;
  const body: MailBody = {
    greeting: `Dear ${user.name ?? user.username},`,
    paragraphs: [first, second],
    action: { label: kind === "invite" ? "Choose your password" : "Choose a new password", path: resetPath(token) },
  };
  const appUrl = mail.appUrl ?? DEFAULT_APP_URL;
  await sendMail(db, mail, {
    to,
    subject,
    text: mailText(body, business, appUrl),
    html: mailHtml(body, business, appUrl, subject),
  });
}

/**
 * An admin sends an account (admin or partner) a single-use link to choose its password: `invite`
 * for a new admin (72 hours), `admin-reset` otherwise (30 minutes, like Forgot password). Not
 * limited (an admin asks), audited with the address it went to; the mail goes after the commit.
 * 404 unknown, 400 no email, 409 disabled.
 */
export async function sendPasswordLink(
  db: DB,
  mail: MailConfig,
  userId: number,
  options: { kind: "invite" | "admin-reset"; actorId: number | null },
  now = Date.now(),
): Promise<{ sentTo: string; expiresAt: string }> {
  const token = newResetToken();
  const { user, email, expiresAtMs } = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
    if (!user) throw notFound("User not found");
    if (user.disabledAt) throw conflict(DISABLED_NO_LINK);
    const email = user.email?.trim();
    if (!email) throw badInput(NO_EMAIL);
    const expiresAtMs = resetExpiresAt(now, options.kind === "invite" ? "invite" : "reset");
    await trx
      .insertInto("passwordResets")
      .values({
        userId,
        tokenHash: hashResetToken(token),
        expiresAtMs,
        usedAtMs: null,
        createdAtMs: now,
        requestedFrom: options.actorId === null ? "cli" : `admin #${options.actorId}`,
      })
      .execute();
    await audit(trx, {
      actorId: options.actorId,
      action: "password_link_sent",
      entity: "user",
      entityId: userId,
      partnerId: user.isAdmin ? null : userId,
      details: { kind: options.kind, to: email, username: user.username },
    });
    return { user, email, expiresAtMs };
  });
  await sendResetMail(db, mail, user, email, token, options.kind);
  return { sentTo: email, expiresAt: new Date(expiresAtMs).toISOString() };
}
