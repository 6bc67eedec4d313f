/** Multipart uploads of telemetry exports: size cap (413), the spec's messages for a missing or wrong file. */
import { textField } from "./action-reply.ts";
import { parseMonth } from "#domain/shared/dates.ts";
import type { ImportFile } from "#domain/imports/import-service.ts";
import { EXPORT_NAME } from "#domain/imports/telemetry-export-reader.ts";
import { DATE_ORDERS, type DateOrder } from "#domain/imports/export-dates.ts";
import { apiError } from "./api.server.ts";
import { env } from "./env.server.ts";

/** Thrown by readMultipart when one part is over the upload limit. */
export class UploadTooLargeError extends Error {
  constructor() {
    super(`The file is too large (at most ${env.UPLOAD_MAX_MB} MB)`);
  }
}

/** Multipart framing allowed beyond UPLOAD_MAX_MB in one request (server/body-limit.js allows the same). */
const FRAMING_BYTES = 64 * 1024;

/**
 * Reads a multipart body with the runtime's own parser (undici's on Node, Deno's own): 10 to 20 times
 * quicker than Remix's JavaScript parser, which held the event loop for about 100 ms per 4 MB file
 * (three large uploads at once delayed every other request). The body is counted as it
 * streams and stopped past UPLOAD_MAX_MB plus the framing (server.js has refused a larger one already;
 * this holds under the Vite dev server too), and any file over UPLOAD_MAX_MB is refused with
 * UploadTooLargeError.
 */
export async function readMultipart(request: Request): Promise<FormData> {
  const maxPart = env.UPLOAD_MAX_MB * 1024 * 1024;
  const maxBody = maxPart + FRAMING_BYTES;
  let seen = 0;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBody) controller.error(new UploadTooLargeError());
        else controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: counted ?? null,
      duplex: "half",
    } as RequestInit).formData();
  } catch (error) {
    if (seen > maxBody) throw new UploadTooLargeError();
    throw error;
  }
  for (const value of form.values()) if (value instanceof Blob && value.size > maxPart) throw new UploadTooLargeError();
  return form;
}

export interface MonthlyUpload {
  month: string;
  file: ImportFile;
  /** `dateOrder` (dmy or mdy): how the file's text dates are written, where the file does not say. */
  dateOrder?: DateOrder;
  /** `acceptExclusions` (true): rows left out for their date may be left out. */
  acceptExclusions: boolean;
  /** `adjustPaidMonths` (true): late sales for a paid month are booked, the difference added to the next open month. */
  adjustPaidMonths: boolean;
  /** `profile`: the import profile to read the file with (else the spec's layout, or the profile its headers match). */
  profile?: string;
}

/** A form's `dateOrder`: dmy, mdy or nothing; anything else is refused. */
export function dateOrderField(form: FormData, name = "dateOrder"): DateOrder | undefined {
  const value = textField(form, name).trim().toLowerCase();
  if (!value) return undefined;
  if (!(DATE_ORDERS as readonly string[]).includes(value))
    throw apiError(400, "dateOrder must be dmy (day/month) or mdy (month/day)");
  return value as DateOrder;
}

/**
 * A confirmation flag (`acceptExclusions`, `adjustPaidMonths`) from a form field or a query
 * parameter: true, on, 1 or yes confirm; nothing, false, 0 or no do not; anything else is a 400.
 */
export function flagValue(raw: string | null | undefined, name: string): boolean {
  const value = (raw ?? "").trim().toLowerCase();
  if (!value || value === "false" || value === "0" || value === "no") return false;
  if (["true", "on", "1", "yes"].includes(value)) return true;
  throw apiError(400, `${name} must be true or false`);
}

/** A form's confirmation flag (flagValue). */
export function acceptField(form: FormData, name = "acceptExclusions"): boolean {
  return flagValue(textField(form, name), name);
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
    form = await readMultipart(request);
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw apiError(413, error.message);
    // A body that is not multipart as it claims.
    throw apiError(400, "Error processing Excel file");
  }
  return monthlyUploadFrom(form);
}

/** `month` and `reportFile` of a form already read (a page action's); the same messages as the API. */
export async function monthlyUploadFrom(form: FormData): Promise<MonthlyUpload> {
  const limit = env.UPLOAD_MAX_MB * 1024 * 1024;
  const file = form.get("reportFile");
  if (!(file instanceof Blob) || file.size === 0) throw apiError(400, "No file selected");
  const name = file.name || "report.xlsx";
  // .csv exports too; the spec's message stays for any other name.
  if (!EXPORT_NAME.test(name)) throw apiError(400, "Please select an Excel file to upload");
  if (file.size > limit) throw apiError(413, `The file is too large (at most ${env.UPLOAD_MAX_MB} MB)`);
  const month = parseMonth(textField(form, "month"));
  if (!month) throw apiError(400, "Month is required (YYYY-MM or an ISO date)");
  return {
    month,
    file: { name, bytes: new Uint8Array(await file.arrayBuffer()) },
    dateOrder: dateOrderField(form),
    acceptExclusions: acceptField(form),
    adjustPaidMonths: acceptField(form, "adjustPaidMonths"),
    profile: textField(form, "profile").trim() || undefined,
  };
}
