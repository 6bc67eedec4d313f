/** Money: integer pence inside, pounds only at the edges (JSON numbers, £ display). */

/** Integer division rounded half away from zero ("half-up" on magnitudes). */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0) {
    throw new RangeError(`divRoundHalfUp needs integers and a positive divisor: ${numerator}/${denominator}`);
  }
  const magnitude = Math.floor((Math.abs(numerator) * 2 + denominator) / (denominator * 2));
  return Math.sign(numerator) * magnitude || 0;
}

const MONEY_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A money amount as text MONEY_TEXT can read: a number's decimal expansion (toFixed gives it
 * without exponent notation; NaN and the infinities give words), or the string without £, commas
 * and spaces, an accounting negative "(2.50)" written "-2.50". Empty for any other type.
 */
function moneyText(input: unknown): string {
  if (typeof input === "number") return input.toFixed(6);
  // Stryker disable next-line StringLiteral: any text MONEY_TEXT refuses would do; "" is the plainest.
  if (typeof input !== "string") return "";
  const text = input.replace(/[£,\s]/g, "");
  return text.startsWith("(") && text.endsWith(")") ? `-${text.slice(1, -1)}` : text;
}

/**
 * Parses a money amount in pounds ("£1,234.56", "12.3", 12.345, "-0.5", "(2.50)") into pence,
 * rounding half-up at the third decimal. Returns null for anything that is not a number, including
 * a parenthesis without its pair ("(12.50", "12.50)").
 */
export function parsePence(input: unknown): number | null {
  const match = MONEY_TEXT.exec(moneyText(input));
  if (!match) return null;
  const [, minus, whole, fraction = ""] = match;
  const digits = (fraction + "000").slice(0, 3);
  const thousandths = Number(whole) * 1000 + Number(digits);
  const pence = divRoundHalfUp(thousandths, 10);
  return minus ? -pence || 0 : pence;
}

let gbp: Intl.NumberFormat | undefined;

/** £1,234.56 (the formatter is made on first use, so a bad option fails in the call, not at import). */
export function formatPence(pence: number): string {
  gbp ??= new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
  return gbp.format(penceToPounds(pence));
}

/** A pounds figure (a JSON answer's, a form's number) as whole pence, rounded to the penny. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** Pounds as a JSON number rounded to the penny. */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

/** 1234.56 from pence: a bank file's amount (no £, no thousands separator, always two decimals). */
export function formatPlainAmount(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Not a whole number of pence: ${pence}`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Whether a money amount in pounds is exact to the penny ("12.34", 12.3, "12.340"), unlike 12.345. */
export function isWholePence(input: unknown): boolean {
  const match = MONEY_TEXT.exec(moneyText(input));
  return match !== null && /^0*$/.test((match[3] ?? "").slice(2));
}
