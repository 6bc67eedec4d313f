/** PDF statements with pdf-lib: the consolidated monthly commission report and a per-record statement. */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { DEFAULT_BUSINESS, GREY, Writer, header, type Business, type Column } from "../shared/pdf.ts";
import type { PartnerMonth } from "./commission-service.ts";
import { formatRate } from "./commission-rules.ts";
import { formatDate, formatMonth } from "../shared/dates.ts";
import { formatGBP } from "../shared/money.ts";
import { partnerTypeLabel } from "../partners/partner-rules.ts";

function monthPeriod(month: string): string {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${formatMonth(month)} (${formatDate(`${month}-01`)} – ${formatDate(`${month}-${String(last).padStart(2, "0")}`)})`;
}

function paymentLine(payment: PartnerMonth["payment"]): string {
  if (payment.status === "not_applicable") return "Commission: not applicable for this partner type";
  if (payment.status === "completed") {
    const amount = payment.amountPence === null ? "" : ` ${formatGBP(payment.amountPence)}`;
    return `Payment status: Paid${amount} on ${formatDate(payment.paidDate)}`;
  }
  return "Payment status: Pending";
}


function partnerBlock(w: Writer, pm: PartnerMonth) {
  const p = pm.partner;
  w.text(p.name ?? p.username, { size: 12, bold: true });
  w.text(partnerTypeLabel(p.partnerType), { size: 9, color: GREY });
  if (p.billingAddress) w.text(p.billingAddress, { size: 9 });
  if (p.email) w.text(p.email, { size: 9 });
  w.y -= 6;
  w.text(`Period: ${monthPeriod(pm.month)}`, { size: 10, bold: true });
  if (p.partnerType === "profit-sharing") w.text(`Profit share: ${formatRate(pm.rateBp)} of net profit (revenue - COGS - 2.99% card fee)`, { size: 9 });
  if (p.partnerType === "tiered-profit-sharing") w.text("Tiered commission on the month's total net profit: 15% of the first £150, 20% of £150.01-£300, 30% above", { size: 9 });
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
export async function consolidatedReportPdf(pm: PartnerMonth, options: { business?: Business; generatedAt?: Date } = {}): Promise<Uint8Array> {
  const business = options.business ?? DEFAULT_BUSINESS;
  const doc = await PDFDocument.create();
  doc.setTitle(`Monthly Commission Report: ${pm.partner.name ?? pm.partner.username}, ${formatMonth(pm.month)}`);
  doc.setAuthor(business.name);
  doc.setCreationDate(options.generatedAt ?? new Date());
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), `${pm.partner.name ?? pm.partner.username}: ${formatMonth(pm.month)} (continued)`);
  header(w, business, "Monthly Commission Report");
  partnerBlock(w, pm);

  const head = () => w.row(MACHINE_COLUMNS, MACHINE_COLUMNS.map((c) => c.title), { bold: true, shade: true });
  head();
  for (const line of pm.machines) {
    w.ensure(20, head);
    w.row(MACHINE_COLUMNS, [
      `${line.location}${line.status === "inactive" ? " (inactive)" : ""}${line.recordId === null ? " (no report)" : ""}`,
      String(line.units),
      formatGBP(line.revenuePence),
      formatGBP(line.cogsPence),
      formatGBP(line.cardFeePence),
      formatGBP(line.netProfitPence),
      formatGBP(line.commissionPence),
    ]);
  }
  w.ensure(24);
  w.rule();
  const t = pm.totals;
  w.row(MACHINE_COLUMNS, ["Total", String(t.units), formatGBP(t.revenuePence), formatGBP(t.cogsPence), formatGBP(t.cardFeePence), formatGBP(t.netProfitPence), formatGBP(t.commissionPence)], { bold: true });
  w.y -= 12;

  if (pm.tiers) {
    const columns: Column[] = [
      { title: "Band of net profit", width: 200, align: "left" },
      { title: "Rate", width: 70, align: "right" },
      { title: "Profit in band", width: 110, align: "right" },
      { title: "Commission", width: 110, align: "right" },
    ];
    w.ensure(110);
    w.text("Tier breakdown", { size: 11, bold: true });
    w.row(columns, columns.map((c) => c.title), { bold: true, shade: true });
    for (const band of pm.tiers.lines) {
      const label = band.toPence === null ? `Above ${formatGBP(band.fromPence)}` : band.fromPence === 0 ? `First ${formatGBP(band.toPence)}` : `${formatGBP(band.fromPence + 1)} - ${formatGBP(band.toPence)}`;
      w.row(columns, [label, formatRate(band.rateBp), formatGBP(band.basePence), formatGBP(band.commissionPence)]);
    }
    w.row(columns, ["Total", "", formatGBP(Math.max(0, pm.tiers.netPence)), formatGBP(pm.tiers.totalPence)], { bold: true });
    w.y -= 12;
  }

  w.ensure(60);
  w.text(`Commission due for ${formatMonth(pm.month)}: ${formatGBP(t.commissionPence)}`, { size: 12, bold: true });
  w.text(paymentLine(pm.payment), { size: 10 });
  w.text(`Reports received: ${pm.submittedReports} of ${pm.activeMachines} active machine(s)`, { size: 9, color: GREY });
  w.footer(`Generated ${formatDate(options.generatedAt ?? new Date())} by ${business.name}`);
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
  payment: PartnerMonth["payment"];
}

/** One machine's month: the statement behind Performance History's invoice action. */
export async function recordStatementPdf(s: RecordStatement, options: { business?: Business; generatedAt?: Date } = {}): Promise<Uint8Array> {
  const business = options.business ?? DEFAULT_BUSINESS;
  const doc = await PDFDocument.create();
  doc.setTitle(`Statement: ${s.location}, ${formatMonth(s.month)}`);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), s.location);
  header(w, business, "Monthly Statement");
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
    ["Units sold", String(s.units)],
    ["Revenue", formatGBP(s.revenuePence)],
    ["Cost of goods sold", formatGBP(s.cogsPence)],
    ["Card processing fee (2.99%)", formatGBP(s.cardFeePence)],
    ["Net profit", formatGBP(s.netProfitPence)],
    [s.commissionLabel, formatGBP(s.commissionPence)],
  ];
  lines.forEach(([label, value], i) => w.row(columns, [label, value], { bold: i === lines.length - 1, shade: i % 2 === 0, size: 10 }));
  w.y -= 12;
  w.text(paymentLine(s.payment), { size: 10 });
  w.footer(`Generated ${formatDate(options.generatedAt ?? new Date())} by ${business.name}`);
  return doc.save();
}
