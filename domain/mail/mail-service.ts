/**
 * Email with nodemailer: SMTP when SMTP_URL is set, otherwise .eml files in the outbox. Every send is
 * logged. Messages carry HTML with a plain-text alternative (domain/mail/mail-templates.ts).
 */
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "#db/schema.ts";
import { DEFAULT_APP_URL } from "#db/config.ts";
import type { BusinessProfile } from "../business/business-rules.ts";
import { DomainError } from "../shared/errors.ts";
import { mailHtml, mailText, type MailBody } from "./mail-templates.ts";

export interface MailConfig {
  smtpUrl?: string;
  from: string;
  /** Where messages are written when there is no SMTP server. */
  outboxDir: string;
  /** The app's public address for links in emails (APP_URL; http://localhost:3000 outside production). */
  appUrl?: string;
}

export interface Attachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The plain-text part (every message has one). */
  text: string;
  /** The HTML part, when the message has one (the text is then its alternative). */
  html?: string;
  attachments?: Attachment[];
}

export interface MailResult {
  result: "sent" | "written";
  /** The .eml file written, or the SMTP message id. */
  location: string;
}

export class MailError extends DomainError {
  constructor(message: string) {
    super("bad_gateway", message);
    this.name = "MailError";
  }
}

function fileSafe(value: string): string {
  return value.replace(/[^\w.-]+/g, "-").slice(0, 60);
}

export async function sendMail(db: Kysely<Database>, config: MailConfig, mail: OutgoingMail): Promise<MailResult> {
  const message = {
    from: config.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content),
      contentType: a.contentType,
    })),
  };
  try {
    let outcome: MailResult;
    if (config.smtpUrl) {
      const info = await nodemailer.createTransport(config.smtpUrl).sendMail(message);
      outcome = { result: "sent", location: info.messageId };
    } else {
      const info = await nodemailer
        .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
        .sendMail(message);
      fs.mkdirSync(config.outboxDir, { recursive: true });
      const file = path.join(
        config.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${fileSafe(mail.to)}.eml`,
      );
      fs.writeFileSync(file, info.message as Buffer);
      outcome = { result: "written", location: file };
    }
    await db
      .insertInto("emailLog")
      .values({
        toAddress: mail.to,
        subject: mail.subject,
        result: outcome.result,
        error: null,
        location: outcome.location,
      })
      .execute();
    return outcome;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .insertInto("emailLog")
      .values({ toAddress: mail.to, subject: mail.subject, result: "failed", error: reason, location: null })
      .execute();
    throw new MailError(`The email could not be sent: ${reason}`);
  }
}

/** A PDF to email to a partner, with the message's words. */
export interface DocumentMail {
  to: string;
  subject: string;
  body: MailBody;
  /** The business the message is from: its name heads the message, its details sign it. */
  business: BusinessProfile;
  document: { filename: string; bytes: Uint8Array };
}

/**
 * Emails a PDF (an invoice, a consolidated report, a remittance's report): the words as HTML with a
 * plain-text alternative and a link to the app (APP_URL), the PDF attached, logged as every send is.
 * `details` says where it went: "Sent to …" over SMTP, "Written to the outbox for …" without it.
 */
export async function sendDocument(
  db: Kysely<Database>,
  config: MailConfig,
  mail: DocumentMail,
): Promise<MailResult & { details: string }> {
  const appUrl = config.appUrl ?? DEFAULT_APP_URL;
  const outcome = await sendMail(db, config, {
    to: mail.to,
    subject: mail.subject,
    text: mailText(mail.body, mail.business, appUrl),
    html: mailHtml(mail.body, mail.business, appUrl, mail.subject),
    attachments: [{ filename: mail.document.filename, content: mail.document.bytes, contentType: "application/pdf" }],
  });
  const details = outcome.result === "sent" ? `Sent to ${mail.to}` : `Written to the outbox for ${mail.to}`;
  return { ...outcome, details };
}
