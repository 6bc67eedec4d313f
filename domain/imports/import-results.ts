/**
 * The answers of an import, built from a file's report and its booking plan: what it leaves out and
 * why (with revenue), each machine's month, a receipt's reasons and the whole file's result. Pure:
 * the same for a preview and for a written file.
 */
import {
  describeOutsideMonth,
  machineNamesOf,
  normaliseMachineName,
  type BookingPlan,
  type PlannedGroup,
} from "./booking-rules.ts";
import { formatMonth } from "../shared/dates.ts";
import type { PaidMonthChange } from "../commissions/correction-words.ts";
import { DATE_REASONS, footerCheck, rangeText, SKIP_REASONS, type ParsedSalesReport } from "./telemetry-export.ts";
import type { LeftOut } from "./import-words.ts";
import { costSourcesOf, NO_COST_REASON } from "./cost-list-rules.ts";
import { listWords, machineLabel, sharedNames, type SharedName } from "./machine-names.ts";
import type {
  Exclusion,
  FileImportResult,
  ImportFile,
  ImportGroupResult,
  ImportMode,
  Machines,
} from "./import-types.ts";

/** Plain-language skip reasons for receipts and previews. */
export function describeSkipped(
  skipped: ParsedSalesReport["skipped"],
  revenue: ParsedSalesReport["skippedRevenuePence"] = {},
): Exclusion[] {
  return Object.entries(skipped).map(([reason, count]) => ({
    reason: SKIP_REASONS[reason as keyof typeof SKIP_REASONS],
    count: count ?? 0,
    revenuePence: revenue[reason as keyof typeof SKIP_REASONS] ?? 0,
  }));
}

/**
 * The file's rows left out that need the user's confirmation: those left out for their date, and
 * sales neither the file nor the product cost list gives a cost for.
 */
export function confirmLeftOut(report: ParsedSalesReport): LeftOut[] {
  const noCost: LeftOut[] = report.noCost
    ? [{ kind: "cost", reason: NO_COST_REASON, ...report.noCost, needsConfirmation: true }]
    : [];
  return [...dateLeft(report), ...noCost];
}

function dateLeft(report: ParsedSalesReport): LeftOut[] {
  return (Object.keys(DATE_REASONS) as (keyof typeof DATE_REASONS)[]).flatMap((key) => {
    const tally = report.dateExcluded[key];
    if (!tally) return [];
    const reason =
      key === "outsideRange" && report.dates.range
        ? `${DATE_REASONS[key]} (${rangeText(report.dates.range)})`
        : DATE_REASONS[key];
    return [
      { kind: "date" as const, reason, count: tally.count, revenuePence: tally.revenuePence, needsConfirmation: true },
    ];
  });
}

const reported = (kind: LeftOut["kind"], reason: string, count: number, revenuePence: number): LeftOut[] =>
  count ? [{ kind, reason, count, revenuePence, needsConfirmation: false }] : [];

/** Everything a file leaves out, each reason with its rows and revenue: those needing confirmation first. */
function fileLeftOut(
  report: ParsedSalesReport,
  plan: BookingPlan,
  groups: ImportGroupResult[],
  shared: readonly SharedName[],
): LeftOut[] {
  const sharedBy = new Map(shared.map((s) => [s.name, s.machines]));
  const describeMonth = describeOutsideMonth(plan.outsideMonth);
  const months = [...plan.outsideMonth.keys()].sort((a, b) => (a ?? "").localeCompare(b ?? ""));
  return [
    ...confirmLeftOut(report),
    ...describeSkipped(report.skipped, report.skippedRevenuePence).flatMap((s) =>
      reported("skipped", `skipped, ${s.reason}`, s.count, s.revenuePence ?? 0),
    ),
    ...months.flatMap((month, i) =>
      reported(
        "month",
        describeMonth[i].reason,
        plan.outsideMonth.get(month) ?? 0,
        plan.outsideMonthRevenuePence.get(month) ?? 0,
      ),
    ),
    ...[...plan.unmapped, ...plan.ambiguous].flatMap(([name, count]) =>
      reported("machine", unroutedReason(name, sharedBy.get(name)), count, plan.unroutedRevenuePence.get(name) ?? 0),
    ),
    // Several machines' months: each reason says whose it is.
    ...groups.flatMap((g) =>
      g.leftOut.map((l) =>
        groups.length > 1 ? { ...l, reason: `${l.reason} (${g.location}, ${formatMonth(g.month)})` } : l,
      ),
    ),
  ];
}

/** Why a name's rows have no machine: none answers to it yet, or several do (each named). */
function unroutedReason(name: string, answering: SharedName["machines"] | undefined): string {
  if (!answering?.length) return `naming '${name}', which no machine answers to yet`;
  const all = answering.length === 2 ? "both" : "all";
  return `naming '${name}', which ${listWords(answering.map(machineLabel))} ${all} answer to`;
}

export function groupResult(
  machines: Machines,
  group: PlannedGroup,
  recordId: number | null,
  mode: ImportMode,
): ImportGroupResult {
  const machine = machines.byId.get(group.machineId);
  const location = machine?.location ?? `#${group.machineId}`;
  const names = machineNamesOf(group.fresh.length ? group.fresh : []);
  const ownNames = new Set([normaliseMachineName(location), normaliseMachineName(machine?.telemetryName)]);
  const mapped = new Set(
    [...(mode.mappings ?? [])].filter(([, id]) => id === group.machineId).map(([name]) => normaliseMachineName(name)),
  );
  const {
    fresh,
    alreadyBooked,
    rows,
    duplicates,
    monthClosed,
    duplicatesRevenuePence,
    alreadyBookedRevenuePence,
    monthClosedRevenuePence: _monthClosedRevenuePence,
    paidMonth,
    machineId: _machineId,
    month: _month,
    ...summary
  } = group;
  const booked = [...alreadyBooked].map(([id, count]) => ({
    reason: `already booked to ${machines.byId.get(id)?.location ?? `#${id}`}`,
    count,
    revenuePence: alreadyBookedRevenuePence.get(id) ?? 0,
  }));
  return {
    machineId: group.machineId,
    location,
    partnerId: machine?.partnerId ?? 0,
    partnerName: machine?.partnerName ?? "",
    month: group.month,
    recordId,
    rows,
    imported: fresh.length,
    duplicates,
    alreadyBooked: booked,
    monthClosed,
    leftOut: [
      ...reported("duplicate", "already imported", duplicates, duplicatesRevenuePence),
      ...booked.flatMap((b) => reported("booked", b.reason, b.count, b.revenuePence)),
    ],
    paidMonth,
    costFrom: costSourcesOf(fresh),
    // Only the per-machine upload can name a machine the rows do not: it says so.
    warnings:
      mode.machineId === undefined
        ? []
        : names
            .filter((n) => !ownNames.has(normaliseMachineName(n)) && !mapped.has(normaliseMachineName(n)))
            .map((n) => `The file names machine '${n}', not '${location}'`)
            .concat(sharedWarnings(machines, group.machineId, names)),
    ...summary,
  };
}

/** A per-machine upload naming this machine by a name another machine also answers to: each named. */
function sharedWarnings(machines: Machines, machineId: number, names: string[]): string[] {
  return sharedNames(names, machines.list)
    .filter((s) => s.machines.some((m) => m.id === machineId))
    .map(
      (s) =>
        `'${s.name}' also answers to ${listWords(s.machines.filter((m) => m.id !== machineId).map(machineLabel))}: the business-wide import and vendboard import cannot route its rows until one of them has it as its telemetry name`,
    );
}

/**
 * What a receipt lists as left out of one machine's month, with revenue: the file's rows left out
 * for their date or month or skipped, and this group's rows already booked elsewhere or in a closed
 * month (duplicates have a column of their own).
 */
export function receiptLeftOut(group: ImportGroupResult, report: ParsedSalesReport, plan: BookingPlan): LeftOut[] {
  const describeMonth = describeOutsideMonth(plan.outsideMonth);
  const months = [...plan.outsideMonth.keys()].sort((x, y) => (x ?? "").localeCompare(y ?? ""));
  return [
    ...confirmLeftOut(report),
    // The spec's skips with their revenue (the receipt's skipped column keeps their counts by key, as before).
    ...describeSkipped(report.skipped, report.skippedRevenuePence).flatMap((x) =>
      reported("skipped", x.reason, x.count, x.revenuePence ?? 0),
    ),
    ...months.flatMap((month, i) =>
      reported(
        "month",
        describeMonth[i].reason,
        plan.outsideMonth.get(month) ?? 0,
        plan.outsideMonthRevenuePence.get(month) ?? 0,
      ),
    ),
    ...group.leftOut.filter((l) => l.kind !== "duplicate"),
  ];
}

/** The whole file's answer, written or planned. */
export function fileResult(
  file: ImportFile,
  digest: string,
  report: ParsedSalesReport,
  plan: BookingPlan,
  groups: ImportGroupResult[],
  unmapped: Exclusion[],
  paidMonths: PaidMonthChange[],
  shared: SharedName[] = [],
): FileImportResult {
  const leftOut = fileLeftOut(report, plan, groups, shared);
  const footer = footerCheck(report);
  return {
    fileName: file.name,
    sha256: digest,
    rowsRead: report.rowsRead,
    skipped: describeSkipped(report.skipped, report.skippedRevenuePence),
    outsideMonth: describeOutsideMonth(plan.outsideMonth),
    unmapped,
    shared,
    mapped: exclusionsOf(plan.mapped),
    groups,
    footerAgrees: footer?.agrees ?? null,
    footer,
    leftOut,
    needsConfirmation: leftOut.some((l) => l.needsConfirmation),
    dateOrder: report.dates.order,
    dateOrderDecidedBy: report.dates.decidedBy,
    paidMonths,
    profile: report.profile ?? null,
  };
}

export const exclusionsOf = (map: ReadonlyMap<string, number>): Exclusion[] =>
  [...map].sort(([a], [b]) => a.localeCompare(b)).map(([reason, count]) => ({ reason, count }));
