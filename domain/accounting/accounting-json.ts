/** An accounting export as the CLI's --json and the API answer it (no money: the files hold it). */
import type { AccountingExport } from "./accounting-service.ts";

export function accountingExportJson(e: AccountingExport) {
  return {
    month: e.month,
    format: e.format,
    kind: e.kind,
    unsupported: e.unsupported,
    importNote: e.importNote,
    files: e.files.map((f) => ({ path: f.name, documents: f.documents })),
    changed: e.changed,
    leftOut: e.leftOut,
  };
}
