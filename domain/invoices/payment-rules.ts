/** What a Mark as Paid records, checked alike by its dialog and the service: a paid date and an optional payment reference (no zod, so the dialog's bundle stays small). */

export const PAYMENT_REFERENCE_MAX = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const PAID_DATE_FORMAT = "Paid date must be a date (YYYY-MM-DD)";

/** A YYYY-MM-DD that names a day of the calendar (not 2027-02-30). */
export function isRealDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The paid date's rules, for the dialog and the service alike: a real day, not after today. Null when it is fine. */
export function paidDateProblem(paidDate: string, today: string): string | null {
  if (!isRealDay(paidDate)) return PAID_DATE_FORMAT;
  if (paidDate > today) return "Paid date cannot be in the future";
  return null;
}

/** The payment reference's rules: one line of at most 100 characters. Null when it is fine. */
export function paymentReferenceProblem(reference: string): string | null {
  const text = reference.trim();
  // Control characters (a newline included) would break the one-line PDF and table cells.
  if (/[\u0000-\u001f\u007f]/.test(text)) return "Payment reference must be one line of text";
  if (text.length > PAYMENT_REFERENCE_MAX)
    return `Payment reference must be at most ${PAYMENT_REFERENCE_MAX} characters`;
  return null;
}
