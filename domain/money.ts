/** Money: integer pence inside, pounds only at the edges (JSON numbers, £ display). */

/** Integer division rounded half away from zero ("half-up" on magnitudes). */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0) {
    throw new RangeError(`divRoundHalfUp needs integers and a positive divisor: ${numerator}/${denominator}`);
  }
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.floor((Math.abs(numerator) * 2 + denominator) / (denominator * 2));
  return sign * magnitude || 0;
}

const MONEY_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Parses a money amount in pounds ("£1,234.56", "12.3", 12.345, "-0.5") into pence, rounding
 * half-up at the third decimal. Returns null for anything that is not a number.
 */
export function parsePence(input: unknown): number | null {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return null;
    // toFixed gives the decimal expansion without exponent notation.
    text = input.toFixed(6);
  } else if (typeof input === "string") {
    text = input.replace(/[£,\s]/g, "");
    if (text.startsWith("(") && text.endsWith(")")) text = `-${text.slice(1, -1)}`;
  } else {
    return null;
  }
  const match = MONEY_TEXT.exec(text);
  if (!match) return null;
  const [, minus, whole, fraction = ""] = match;
  const digits = (fraction + "000").slice(0, 3);
  const thousandths = Number(whole) * 1000 + Number(digits);
  const pence = divRoundHalfUp(thousandths, 10);
  return minus ? -pence || 0 : pence;
}

const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** £1,234.56 */
export function formatGBP(pence: number): string {
  return GBP.format(penceToPounds(pence));
}

/** Pounds as a JSON number rounded to the penny. */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

/** £1,234.56 from pounds as the API answers them. */
export function formatPounds(pounds: number): string {
  return formatGBP(Math.round(pounds * 100));
}

/** Whether a money amount in pounds is exact to the penny ("12.34", 12.3, "12.340"), unlike 12.345. */
export function isWholePence(input: unknown): boolean {
  const text = typeof input === "number" ? (Number.isFinite(input) ? input.toFixed(6) : "") : typeof input === "string" ? input.replace(/[£,\s]/g, "") : "";
  const match = /^-?\(?\d+(?:\.(\d+))?\)?$/.exec(text);
  return match !== null && /^0*$/.test((match[1] ?? "").slice(2));
}
