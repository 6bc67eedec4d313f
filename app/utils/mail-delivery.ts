/**
 * What became of an email, in the one toast that reports it: sent to the address, or, with no mail
 * server configured (SMTP_URL unset: development and the demo), kept in the outbox and not delivered.
 */
export function mailDelivery(to: string, mail: { smtpUrl?: string }): string {
  return mail.smtpUrl
    ? `Sent to ${to}.`
    : `No mail server is set up (SMTP_URL), so the email to ${to} was kept in the server's outbox instead of being delivered.`;
}
