/**
 * Text in the characters a UK bulk payment (Bacs) accepts, pure: A–Z, 0–9, space and `. & / -`, at
 * most 18 of them. Here, below every feature, because the payee names and references of a payout
 * (commissions/bacs-rules.ts) and the business profile's payout reference prefix both use it.
 */

/** The UK Bacs limit on a payee name and on a payment reference. */
export const BACS_MAX = 18;

/** Words a Bacs name is shortened with before it is cut (whole words only). */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bLIMITED\b/g, "LTD"],
  [/\bCOMPANY\b/g, "CO"],
  [/\bAND\b/g, "&"],
  [/\bSAINT\b/g, "ST"],
  [/\bCENTRE\b/g, "CTR"],
];

/**
 * Text in the characters Bacs accepts (A–Z 0–9 space . & / -), at most `max` of them: accents are
 * dropped (É → E), apostrophes removed, anything else becomes a space; spaces are collapsed, common
 * words abbreviated (LIMITED → LTD, AND → &), and the text starts with a letter or digit (a leading
 * "-" or "=" would also read as a formula in a spreadsheet). Longer text is cut at `max` characters.
 */
export function bacsText(input: string, max = BACS_MAX): string {
  let text = input
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/['’‘`]/g, "")
    .replace(/[^A-Z0-9 .&/-]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[^A-Z0-9]+/, "");
  if (text.length > max) for (const [word, short] of ABBREVIATIONS) text = text.replace(word, short);
  return text.slice(0, max).trim();
}

/** Text already in Bacs characters: upper case A–Z, 0–9, space and `. & / -`, starting with a letter or digit. */
export const BACS_TEXT = /^[A-Z0-9][A-Z0-9 .&/-]*$/;
