/** PDF statements with pdf-lib: the consolidated monthly commission report and a per-record statement. */
import { startPdf, GREY, Writer, type Column } from "../shared/pdf.ts";
import { header, registrationLine } from "../business/letterhead.ts";
import { DEFAULT_PROFILE, type BusinessProfile } from "../business/business-rules.ts";
import type { PartnerMonth } from "./partner-month.ts";
import { formatRate } from "../shared/commission-rules.ts";
import { adjustmentText, describeTerms, lineText } from "../agreements/agreement-words.ts";
import { OUTPUT_TAX_STATEMENT } from "../agreements/self-billing-rules.ts";
import { isSeedTerms } from "../agreements/agreement-rules.ts";
import { formatCount, formatDate, formatMonth, formatPence, formatUnits } from "../shared/format.ts";
import { partnerTypeLabel } from "../shared/partner-types.ts";
import { paymentNotes } from "./correction-rules.ts";

function monthPeriod(month: string): string {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${formatMonth(month)} (${formatDate(`${month}-01`)} – ${formatDate(`${month}-${String(last).padStart(2, "0")}`)})`;
}

function paymentLine(payment: PartnerMonth["payment"]): string {
  if (payment.status === "not_applicable") return "Commission: not applicable for this partner type";
  if (payment.status === "completed") {
    const amount = payment.amountPence === null ? "" : ` ${formatPence(payment.amountPence)}`;
    return `Payment status: Paid${amount} on ${formatDate(payment.paidDate)}`;
  }
  return "Payment status: Pending";
}

/**
 * The month's arithmetic in words under a written agreement: each line (machine and product lines
 * with the machine's location), the minimum or cap, the adjustments added to the month. Empty for the
 * seed's agreements, whose tables already show it.
 */
export function workingsOf(
  pm: Pick<PartnerMonth, "partner" | "terms" | "lines" | "machines" | "adjustments">,
  machineId?: number,
): string[] {
  const out: string[] = [];
  if (!isSeedTerms(pm.partner.partnerType, pm.terms)) {
    const locations = new Map(pm.machines.map((m) => [m.machineId, m.location]));
    for (const line of pm.lines) {
      if (machineId !== undefined && line.machineId !== machineId) continue;
      const location = line.machineId === null ? null : locations.get(line.machineId);
      out.push(`${location ? `${location}: ` : ""}${lineText(line)}`);
    }
    if (machineId !== undefined && pm.lines.some((l) => l.machineId === null))
      out.push(
        "This machine's share of the month's tiers, minimum or cap is split by its commission (largest remainder).",
      );
  }
  if (machineId === undefined) for (const a of pm.adjustments) out.push(adjustmentText(a));
  return out;
}

function partnerBlock(w: Writer, pm: PartnerMonth) {
  const p = pm.partner;
  w.text(p.name ?? p.username, { size: 12, bold: true });
  w.text(partnerTypeLabel(p.partnerType), { size: 9, color: GREY });
  if (p.billingAddress) w.text(p.billingAddress, { size: 9 });
  if (p.email) w.text(p.email, { size: 9 });
  w.y -= 6;
  w.text(`Period: ${monthPeriod(pm.month)}`, { size: 10, bold: true });
  if (!isSeedTerms(p.partnerType, pm.terms)) {
    w.text("Commission agreement:", { size: 9, bold: true });
    for (const line of describeTerms(pm.terms)) w.text(`- ${line}`, { size: 9 });
  } else if (p.partnerType === "profit-sharing") {
    w.text(`Profit share: ${formatRate(pm.terms?.rate ?? pm.rateBp)} of net profit (revenue - COGS - 2.99% card fee)`, {
      size: 9,
    });
  } else if (p.partnerType === "tiered-profit-sharing") {
    w.text("Tiered commission on the month's total net profit: 15% of the first £150, 20% of £150.01-£300, 30% above", {
      size: 9,
    });
  }
  w.y -= 8;
}

const MACHINE_COLUMNS: Column[] = [
  { title: "Machine", width: 149, align: "left" },
  { title: "Units", width: 44, align: "right" },
  { title: "Revenue", width: 62, align: "right" },
  { title: "COGS", width: 58, align: "right" },
  { title: "Card fee", width: 56, align: "right" },
  { title: "Net profit", width: 66, align: "right" },
  { title: "Commission", width: 64, align: "right" },
];

/** The consolidated report: every machine's month, totals, tiers and payment status. */
export async function consolidatedReportPdf(
  pm: PartnerMonth,
  options: { business?: BusinessProfile; generatedAt?: Date } = {},
): Promise<Uint8Array> {
  const business = options.business ?? DEFAULT_PROFILE;
  const w = await startPdf(
    `Monthly Commission Report: ${pm.partner.name ?? pm.partner.username}, ${formatMonth(pm.month)}`,
    business.tradingName,
    `${pm.partner.name ?? pm.partner.username}: ${formatMonth(pm.month)} (continued)`,
  );
  const { doc } = w;
  doc.setCreationDate(options.generatedAt ?? new Date());
  await header(w, business, "Monthly Commission Report");
  partnerBlock(w, pm);

  const head = () =>
    w.row(
      MACHINE_COLUMNS,
      MACHINE_COLUMNS.map((c) => c.title),
      { bold: true, shade: true },
    );
  head();
  for (const line of pm.machines) {
    w.ensure(20, head);
    w.row(MACHINE_COLUMNS, [
      `${line.location}${line.status === "inactive" ? " (inactive)" : ""}${line.recordId === null ? " (no report)" : ""}`,
      formatUnits(line.units),
      formatPence(line.revenuePence),
      formatPence(line.cogsPence),
      formatPence(line.cardFeePence),
      formatPence(line.netProfitPence),
      formatPence(line.commissionPence),
    ]);
  }
  w.ensure(24);
  w.rule();
  const t = pm.totals;
  w.row(
    MACHINE_COLUMNS,
    [
      "Total",
      formatUnits(t.units),
      formatPence(t.revenuePence),
      formatPence(t.cogsPence),
      formatPence(t.cardFeePence),
      formatPence(t.netProfitPence),
      formatPence(pm.agreementPence),
    ],
    { bold: true },
  );
  w.y -= 12;

  // A written agreement's arithmetic, line by line, so the host can check it.
  const workings = workingsOf(pm);
  if (workings.length) {
    w.ensure(40);
    w.text("How the commission is worked out", { size: 11, bold: true });
    for (const line of workings) {
      w.ensure(14);
      w.text(line, { size: 9 });
    }
    w.y -= 8;
  }

  if (pm.tiers && isSeedTerms(pm.partner.partnerType, pm.terms)) {
    const columns: Column[] = [
      { title: "Band of net profit", width: 200, align: "left" },
      { title: "Rate", width: 70, align: "right" },
      { title: "Profit in band", width: 110, align: "right" },
      { title: "Commission", width: 110, align: "right" },
    ];
    w.ensure(110);
    w.text("Tier breakdown", { size: 11, bold: true });
    w.row(
      columns,
      columns.map((c) => c.title),
      { bold: true, shade: true },
    );
    for (const band of pm.tiers.lines) {
      const label =
        band.toPence === null
          ? `Above ${formatPence(band.fromPence)}`
          : band.fromPence === 0
            ? `First ${formatPence(band.toPence)}`
            : `${formatPence(band.fromPence + 1)} - ${formatPence(band.toPence)}`;
      w.row(columns, [label, formatRate(band.rateBp), formatPence(band.basePence), formatPence(band.commissionPence)]);
    }
    w.row(columns, ["Total", "", formatPence(Math.max(0, pm.tiers.netPence)), formatPence(pm.tiers.totalPence)], {
      bold: true,
    });
    w.y -= 12;
  }

  w.ensure(60);
  if (pm.vat) {
    // A self-billed month: the commission is before VAT and the VAT is added on top (self-billing-rules.ts).
    w.text(`Commission before VAT: ${formatPence(pm.vat.exVatPence)}`, { size: 10 });
    w.text(
      `VAT at ${formatRate(pm.vat.rateBp)} (self-billed): ${formatPence(pm.vat.vatPence)}. ${OUTPUT_TAX_STATEMENT}.`,
      {
        size: 10,
      },
    );
  }
  w.text(
    `Commission due for ${formatMonth(pm.month)}${pm.vat ? " including VAT" : ""}: ${formatPence(t.commissionPence)}`,
    {
      size: 12,
      bold: true,
    },
  );
  w.text(paymentLine(pm.payment), { size: 10 });
  for (const note of paymentNotes(pm)) {
    w.ensure(14);
    w.text(note, { size: 10 });
  }
  w.text(
    `Reports received: ${formatUnits(pm.submittedReports)} of ${formatCount(pm.activeMachines, "active machine")}`,
    { size: 9, color: GREY },
  );
  if (business.contactEmail) w.text(`Questions about this report: ${business.contactEmail}`, { size: 9, color: GREY });
  w.footer(
    `Generated ${formatDate(options.generatedAt ?? new Date())} by ${business.tradingName}`,
    registrationLine(business),
  );
  return doc.save();
}

export interface RecordStatement {
  partner: PartnerMonth["partner"];
  location: string;
  month: string;
  units: number;
  revenuePence: number;
  cogsPence: number;
  cardFeePence: number;
  netProfitPence: number;
  commissionPence: number;
  commissionLabel: string;
  /** The machine's lines under a written agreement (empty for the seed's). */
  workings: string[];
  payment: PartnerMonth["payment"];
}

/** One machine's month: the statement behind Performance History's invoice action. */
export async function recordStatementPdf(
  s: RecordStatement,
  options: { business?: BusinessProfile; generatedAt?: Date } = {},
): Promise<Uint8Array> {
  const business = options.business ?? DEFAULT_PROFILE;
  const w = await startPdf(`Statement: ${s.location}, ${formatMonth(s.month)}`, business.tradingName, s.location);
  const { doc } = w;
  await header(w, business, "Monthly Statement");
  w.text(s.partner.name ?? s.partner.username, { size: 12, bold: true });
  if (s.partner.billingAddress) w.text(s.partner.billingAddress, { size: 9 });
  w.y -= 6;
  w.text(`Machine: ${s.location}`, { size: 10, bold: true });
  w.text(`Period: ${monthPeriod(s.month)}`, { size: 10 });
  w.y -= 8;
  const columns: Column[] = [
    { title: "", width: 300, align: "left" },
    { title: "", width: 190, align: "right" },
  ];
  const lines: [string, string][] = [
    ["Units sold", formatUnits(s.units)],
    ["Revenue", formatPence(s.revenuePence)],
    ["Cost of goods sold", formatPence(s.cogsPence)],
    ["Card processing fee (2.99%)", formatPence(s.cardFeePence)],
    ["Net profit", formatPence(s.netProfitPence)],
    [s.commissionLabel, formatPence(s.commissionPence)],
  ];
  lines.forEach(([label, value], i) =>
    w.row(columns, [label, value], { bold: i === lines.length - 1, shade: i % 2 === 0, size: 10 }),
  );
  w.y -= 12;
  if (s.workings.length) {
    w.text("How the commission is worked out", { size: 10, bold: true });
    for (const line of s.workings) w.text(line, { size: 9 });
    w.y -= 8;
  }
  w.text(paymentLine(s.payment), { size: 10 });
  if (business.contactEmail)
    w.text(`Questions about this statement: ${business.contactEmail}`, { size: 9, color: GREY });
  w.footer(
    `Generated ${formatDate(options.generatedAt ?? new Date())} by ${business.tradingName}`,
    registrationLine(business),
  );
  return doc.save();
}
