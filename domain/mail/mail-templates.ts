/**
 * The product's emails as HTML with a plain-text alternative: the same words in both, the
 * business's name at the top and its details at the foot, and a link to the dashboard built from
 * APP_URL (never a request's Host). Everything a person typed (a partner's name) is escaped.
 */
import { addressLines, appLink, type BusinessProfile } from "../business/business-rules.ts";

export interface MailBody {
  /** "Dear Leeds Station Retail," */
  greeting: string;
  /** The message's paragraphs; a paragraph's lines are kept as lines. */
  paragraphs: string[];
  /** The button (HTML) and the line (text) that lead to the app. */
  action: { label: string; path: string };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML text or an attribute's value: & < > " ' escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ACCENT = "#0f766e";
const TEXT = "#1c2024";
const GREY = "#60646c";

/** The business's details for an email's foot: name, address, contact email, company and VAT numbers. */
function businessLines(business: BusinessProfile): string[] {
  return [
    ...addressLines(business.address),
    business.contactEmail ?? "",
    [
      business.companyNumber ? `Company no. ${business.companyNumber}` : "",
      business.vatNumber ? `VAT no. ${business.vatNumber}` : "",
    ]
      .filter(Boolean)
      .join(" · "),
  ].filter(Boolean);
}

/** The plain-text part: greeting, paragraphs, the link on its own line, and the business's signature. */
export function mailText(body: MailBody, business: BusinessProfile, appUrl: string): string {
  return [
    body.greeting,
    "",
    ...body.paragraphs.flatMap((p) => [p, ""]),
    `${body.action.label}: ${appLink(appUrl, body.action.path)}`,
    "",
    "--",
    business.tradingName,
    ...businessLines(business),
  ].join("\n");
}

/** The HTML part: a plain, narrow card that reads in any mail client (tables and inline styles only). */
export function mailHtml(body: MailBody, business: BusinessProfile, appUrl: string, subject: string): string {
  const url = escapeHtml(appLink(appUrl, body.action.path));
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.55;color:${TEXT};">${text.split("\n").map(escapeHtml).join("<br>")}</p>`;
  const foot = businessLines(business).map(escapeHtml).join("<br>");
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f6;font-family:${FONT};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border:1px solid #e0e4e6;">
<tr><td style="padding:20px 28px;border-bottom:3px solid ${ACCENT};">
<div style="font-size:19px;font-weight:700;color:${ACCENT};">${escapeHtml(business.tradingName)}</div>
</td></tr>
<tr><td style="padding:28px 28px 8px;">
${paragraph(body.greeting)}
${body.paragraphs.map(paragraph).join("\n")}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="border-radius:6px;background:${ACCENT};">
<a href="${url}" style="display:inline-block;padding:12px 22px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(body.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 20px;font-size:13px;line-height:1.5;color:${GREY};">Or open this address: <a href="${url}" style="color:${ACCENT};word-break:break-all;">${url}</a></p>
</td></tr>
<tr><td style="padding:16px 28px 22px;border-top:1px solid #e0e4e6;font-size:12px;line-height:1.6;color:${GREY};">
<strong style="color:${TEXT};">${escapeHtml(business.tradingName)}</strong>${foot ? `<br>${foot}` : ""}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
