/** Multipart uploads of telemetry exports: size cap (413), the spec's messages for a missing or wrong file. */
import { parseMonth } from "#domain/dates.ts";
import type { ImportFile } from "#domain/sales-import.ts";
import { apiError } from "./api.server.ts";
import { env } from "./env.server.ts";

const EXCEL = /\.(xlsx|xls)$/i;

export interface MonthlyUpload {
  month: string;
  file: ImportFile;
}

/** Reads `month` and `reportFile`; any other field a client sends (figures included) is ignored. */
export async function readMonthlyUpload(request: Request): Promise<MonthlyUpload> {
  const limit = env.UPLOAD_MAX_MB * 1024 * 1024;
  if (Number(request.headers.get("content-length") ?? 0) > limit + 64 * 1024) {
    throw apiError(413, `The file is too large (at most ${env.UPLOAD_MAX_MB} MB)`);
  }
  if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    throw apiError(400, "No file selected");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw apiError(400, "Error processing Excel file");
  }
  const file = form.get("reportFile");
  if (!(file instanceof Blob) || file.size === 0) throw apiError(400, "No file selected");
  const name = (file as File).name || "report.xlsx";
  if (!EXCEL.test(name)) throw apiError(400, "Please select an Excel file to upload");
  if (file.size > limit) throw apiError(413, `The file is too large (at most ${env.UPLOAD_MAX_MB} MB)`);
  const month = parseMonth(String(form.get("month") ?? ""));
  if (!month) throw apiError(400, "Month is required (YYYY-MM or an ISO date)");
  return { month, file: { name, bytes: new Uint8Array(await file.arrayBuffer()) } };
}
