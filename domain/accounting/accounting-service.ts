/**
 * Accounting exports (docs/accounting.md): the month's documents read through the same domain
 * functions as the screens and PDFs, written in a package's import layout, and the log of each export
 * written (audited). Settings are in accounting-settings-service.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { assertMonthEnded } from "../month-close/month-close-rules.ts";
import { nextMonth } from "../shared/dates.ts";
import { loadPartnerMonth } from "../commissions/commission-service.ts";
import { isProfitSharingType } from "../shared/partner-types.ts";
import { getAccountingSettings } from "./accounting-settings-service.ts";
import { type AccountingFormat, type AccountingKind } from "./accounting-settings.ts";
import {
  billDocument,
  contactsOf,
  creditNoteDocument,
  invoiceDocument,
  type AccountingDocument,
  type Contact,
} from "./document-rules.ts";
import { planExport, type ChangedDocument, type SentDocument } from "./export-rules.ts";
import { layoutOf, takesDocument, unsupportedReason } from "./format-rules.ts";
import { cellText, csvText, partNames, splitByDocuments, type Cell } from "./csv-rules.ts";
import { PAYMENTS_HEADER, paymentRows, readPayments } from "./payments-export.ts";

type DB = Kysely<Database>;

export interface ExportRequest {
  month: string;
  format: AccountingFormat;
  kind: AccountingKind;
  /** Only the documents no earlier export carried (the credit notes and new documents of a change, new invoices). */
  newOnly?: boolean;
}

export interface ExportFile {
  name: string;
  csv: string;
  documents: number;
}

export interface AccountingExport extends ExportRequest {
  /** Null when the package has no import for the kind (then `unsupported` says so). */
  unsupported: string | null;
  importNote: string;
  header: readonly string[];
  /** Every row as text, for the preview. */
  rows: string[][];
  files: ExportFile[];
  documents: AccountingDocument[];
  changed: ChangedDocument[];
  /** Documents the package's import cannot take (QuickBooks' credit notes), by number. */
  leftOut: string[];
  sent: SentDocument[];
}

/** Every partner's contact (names unique across all partners, so they never change with the month). */
async function contacts(db: DB): Promise<Map<number, Contact>> {
  const partners = await db
    .selectFrom("users")
    .select(["id", "name", "username", "email", "billingAddress"])
    .where("isAdmin", "=", 0)
    .orderBy("id")
    .execute();
  return contactsOf(partners);
}

/** The fee invoices and credit notes issued in the month. */
export async function salesDocuments(db: DB, month: string): Promise<AccountingDocument[]> {
  const from = `${month}-01`;
  const to = `${nextMonth(month)}-01`;
  const people = await contacts(db);
  const invoices = await db
    .selectFrom("feePayments")
    .select([
      "id",
      "partnerId",
      "createdAt",
      "dueDate",
      "periodStart",
      "periodEnd",
      "paymentPeriod",
      "amountPence",
      "vatRateBp",
    ])
    .where("createdAt", ">=", from)
    .where("createdAt", "<", to)
    .orderBy("id")
    .execute();
  const notes = await db
    .selectFrom("creditNotes as c")
    .innerJoin("feePayments as f", "f.id", "c.invoiceId")
    .select([
      "c.id",
      "c.invoiceId",
      "c.partnerId",
      "c.issuedOn",
      "c.amountPence",
      "c.reason",
      "c.kind",
      "f.amountPence as invoiceAmountPence",
      "f.vatRateBp",
    ])
    .where("c.issuedOn", ">=", from)
    .where("c.issuedOn", "<", to)
    .orderBy("c.id")
    .execute();
  return [
    ...invoices.map((i) => invoiceDocument(i, people.get(i.partnerId)!)),
    ...notes.map((n) =>
      creditNoteDocument(
        { ...n, invoice: { amountPence: n.invoiceAmountPence, vatRateBp: n.vatRateBp } },
        people.get(n.partnerId)!,
      ),
    ),
  ];
}

/** Each profit-sharing partner's commission for the month as a bill (none where every line is zero). */
export async function billDocuments(db: DB, month: string): Promise<AccountingDocument[]> {
  const people = await contacts(db);
  const partners = await db.selectFrom("users").selectAll().where("isAdmin", "=", 0).orderBy("id").execute();
  const out: AccountingDocument[] = [];
  for (const partner of partners) {
    if (!isProfitSharingType(partner.partnerType)) continue;
    const pm = await loadPartnerMonth(db, partner, month);
    if (pm.payment.status === "not_applicable") continue;
    const doc = billDocument(pm, people.get(partner.id)!);
    if (doc.lines.some((l) => l.netPence !== 0 || l.vatPence !== 0)) out.push(doc);
  }
  return out;
}

async function history(db: DB, request: ExportRequest): Promise<SentDocument[][]> {
  const rows = await db
    .selectFrom("accountingExports")
    .select("documents")
    .where("month", "=", request.month)
    .where("kind", "=", request.kind)
    .where("format", "=", request.format)
    .orderBy("id")
    .execute();
  return rows.map((r) => JSON.parse(r.documents) as SentDocument[]);
}

const fileName = (r: ExportRequest) =>
  `${r.format}-${r.kind}-${r.month}${r.newOnly && r.kind !== "payments" ? "-new" : ""}.csv`;

/** The export of an ended month in a package's layout: its rows, its files and what changed since earlier exports. */
export async function buildExport(
  db: DB,
  request: ExportRequest,
  options: { out?: string; now?: Date } = {},
): Promise<AccountingExport> {
  assertMonthEnded(request.month, options.now);
  const name = options.out ?? fileName(request);
  if (request.kind === "payments") {
    const people = await contacts(db);
    const rows = paymentRows(await readPayments(db, request.month), people);
    const csv = csvText(PAYMENTS_HEADER, rows);
    return {
      ...request,
      unsupported: null,
      importNote: "Money received is positive, money paid out negative: match each line with the bank statement.",
      header: PAYMENTS_HEADER,
      rows: rows.map((r) => r.map(cellText)),
      files: [{ name, csv, documents: rows.length }],
      documents: [],
      changed: [],
      leftOut: [],
      sent: [],
    };
  }
  const side = request.kind;
  const layout = layoutOf(request.format, side);
  const unsupported = unsupportedReason(request.format, side);
  const empty = { header: layout.header, rows: [], files: [], documents: [], changed: [], leftOut: [], sent: [] };
  if (unsupported) return { ...request, ...empty, unsupported, importNote: layout.importNote };
  const settings = (await getAccountingSettings(db))[request.format];
  const current = side === "sales" ? await salesDocuments(db, request.month) : await billDocuments(db, request.month);
  const plan = planExport(current, await history(db, request), { newOnly: request.newOnly });
  const taken = plan.documents.filter((d) => takesDocument(request.format, d));
  const numbered = taken.flatMap((doc) => layout.rows(doc, side, settings).map((row) => ({ number: doc.number, row })));
  const parts = splitByDocuments(
    numbered.map((n) => ({ number: n.number, row: n })),
    layout.documentsPerFile ?? Number.MAX_SAFE_INTEGER,
  );
  const names = partNames(name, parts.length);
  return {
    ...request,
    unsupported: null,
    importNote: layout.importNote,
    header: layout.header,
    rows: numbered.map((n) => n.row.map(cellText)),
    files: parts.map((part, i) => ({
      name: names[i],
      csv: csvText(
        layout.header,
        part.map((p): Cell[] => p.row),
      ),
      documents: new Set(part.map((p) => p.number)).size,
    })),
    documents: plan.documents,
    changed: plan.changed,
    leftOut: plan.documents.filter((d) => !takesDocument(request.format, d)).map((d) => d.number),
    sent: plan.sent,
  };
}

/** Records an export written (a download or the CLI's file): the log row and its audit entry, one transaction. */
export async function recordExport(db: DB, exported: AccountingExport, actorId: number | null): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("accountingExports")
      .values({
        month: exported.month,
        kind: exported.kind,
        format: exported.format,
        documents: JSON.stringify(exported.sent),
        exportedBy: actorId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actorId,
      action: "export",
      entity: "accounting_export",
      entityId: id,
      month: exported.month,
      after: { kind: exported.kind, format: exported.format, files: exported.files.map((f) => f.name) },
      details: {
        documents: exported.sent.map((s) => ({ number: s.number, fingerprint: s.fingerprint })),
        changed: exported.changed,
      },
    });
    return id;
  });
}
