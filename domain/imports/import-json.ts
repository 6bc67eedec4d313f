/**
 * Import answers as the JSON API and `vendboard import --json` give them: what was left out, with a
 * count and its revenue in pounds, and the footer check in pounds (ARCHITECTURE.md sections 10 and
 * 13: pence inside, pounds at the edge). The other fields keep the shape they always had.
 */
import { penceToPounds } from "../shared/money.ts";
import type { LeftOut } from "./import-words.ts";
import type { FileOutcome, FileImportResult, UploadResult } from "./import-service.ts";
import type { FooterCheck, FooterFigure } from "./telemetry-export.ts";
import type { PaidMonthChange } from "../commissions/correction-words.ts";

/** A paid month that late data changed: money in pounds. */
export function paidMonthChangeJson(c: PaidMonthChange) {
  return {
    partnerId: c.partnerId,
    partnerName: c.partnerName,
    month: c.month,
    paid: penceToPounds(c.paidPence),
    paidDate: c.paidDate,
    before: penceToPounds(c.beforePence),
    after: penceToPounds(c.afterPence),
    difference: penceToPounds(c.differencePence),
    targetMonth: c.targetMonth,
  };
}

export interface LeftOutJson {
  reason: string;
  count: number;
  /** Pounds: the settlement values of those rows, refunds netted. */
  revenue: number;
  needsConfirmation: boolean;
}

/** Rows left out for one reason (skipped, already booked): their revenue in pounds where known. */
export const exclusionsJson = (items: readonly { reason: string; count: number; revenuePence?: number }[]) =>
  items.map(({ revenuePence, ...rest }) =>
    revenuePence === undefined ? rest : { ...rest, revenue: penceToPounds(revenuePence) },
  );

export const leftOutJson = (items: readonly LeftOut[]): LeftOutJson[] =>
  items.map(({ reason, count, revenuePence, needsConfirmation }) => ({
    reason,
    count,
    revenue: penceToPounds(revenuePence),
    needsConfirmation,
  }));

const money = (figure: FooterFigure | null) =>
  figure
    ? {
        footer: penceToPounds(figure.footer),
        rows: penceToPounds(figure.rows),
        difference: penceToPounds(figure.difference),
      }
    : null;

/** The footer's units and money beside the rows' and the difference; money in pounds. */
export function footerJson(check: FooterCheck | null) {
  if (!check) return null;
  return {
    agrees: check.agrees,
    units: check.units,
    cost: money(check.costPence),
    settlement: money(check.settlementPence),
  };
}

export function uploadJson(result: UploadResult) {
  return {
    ...result,
    skipped: exclusionsJson(result.skipped),
    alreadyBooked: exclusionsJson(result.alreadyBooked),
    leftOut: leftOutJson(result.leftOut),
    footer: footerJson(result.footer),
    paidMonths: result.paidMonths.map(paidMonthChangeJson),
  };
}

function fileJson(result: FileImportResult) {
  return {
    ...result,
    leftOut: leftOutJson(result.leftOut),
    footer: footerJson(result.footer),
    skipped: exclusionsJson(result.skipped),
    groups: result.groups.map((g) => ({
      ...g,
      alreadyBooked: exclusionsJson(g.alreadyBooked),
      leftOut: leftOutJson(g.leftOut),
    })),
    paidMonths: result.paidMonths.map(paidMonthChangeJson),
  };
}

export function outcomeJson(outcome: FileOutcome) {
  if (outcome.ok) return { ...outcome, result: fileJson(outcome.result) };
  return {
    ...outcome,
    ...(outcome.leftOut ? { leftOut: leftOutJson(outcome.leftOut) } : {}),
    ...(outcome.paidMonths ? { paidMonths: outcome.paidMonths.map(paidMonthChangeJson) } : {}),
  };
}
