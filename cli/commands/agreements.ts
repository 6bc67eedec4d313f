/**
 * vendboard agreements show PARTNER [--json]
 * vendboard agreements set PARTNER --from YYYY-MM --basis B [--rate F | --amount X] [--tier UPTO:RATE ...]
 *   [--minimum X] [--cap X] [--product "MATCH=BASIS:RATE" ...] [--adjust-paid-months] [--preview] [--json]
 * vendboard agreements set PARTNER --file terms.json [--from YYYY-MM] [--adjust-paid-months] [--preview] [--json]
 *
 * A partner's commission agreements: the flags are turned into the API's body
 * (POST /api/partners/{id}/agreements) and validated by the same schema (agreement-json.ts).
 */
import fs from "node:fs";
import Table from "cli-table3";
import {
  agreementRequestSchema,
  partnerAgreementsJson,
  previewJson,
  setAgreementJson,
} from "#domain/agreements/agreement-json.ts";
import {
  partnerAgreements,
  previewAgreement,
  setAgreement,
  type AgreementPreview,
  type AgreementView,
} from "#domain/agreements/agreement-service.ts";
import { BASES, isCountBasis, type Basis } from "#domain/agreements/agreement-rules.ts";
import { FIRST_MONTH } from "#domain/shared/commission-rules.ts";
import { findUserByUsername } from "#domain/accounts/user-service.ts";
import { partnerTypeLabel } from "#domain/partners/partner-rules.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { formatDate, formatMonth } from "#domain/shared/dates.ts";
import { formatPence, formatSignedPence as signed } from "#domain/shared/format.ts";
import type { DB } from "#db/database.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { UsageError } from "../errors.ts";
import { MONTH_PATTERN, parseOptions } from "../options.ts";
import { z } from "zod";

/** A partner named by username (any case) or id; anything else is a usage error (exit 2), as `--partner` elsewhere. */
async function findPartner(db: DB, ref: string) {
  const byName = await findUserByUsername(db, ref);
  const partner =
    byName ??
    (/^\d+$/.test(ref) && Number.isSafeInteger(Number(ref))
      ? await db.selectFrom("users").selectAll().where("id", "=", Number(ref)).executeTakeFirst()
      : undefined);
  if (!partner || partner.isAdmin) throw new UsageError(`partner ${ref} does not exist`);
  return partner;
}

const monthText = (month: string) => (month === FIRST_MONTH ? "the start" : formatMonth(month));

/* ---------- show ---------- */

export async function runShow(io: CliIO, ref: string, options: { json?: boolean }) {
  const { partner, agreements } = await withDatabase(io, async (db) => {
    const partner = await findPartner(db, ref);
    return { partner, agreements: await partnerAgreements(db, partner.id) };
  });
  if (options.json) {
    printJson(io, partnerAgreementsJson(agreements));
    return agreements;
  }
  const name = partner.name ?? partner.username;
  const lines = [`Commission agreement of ${name} (${partnerTypeLabel(partner.partnerType)})`];
  if (!agreements.applicable) lines.push("No commission for this partner type.");
  else if (agreements.current)
    lines.push(
      `In force this month (from ${monthText(agreements.current.effectiveMonth)}${agreements.current.kind === "seed" ? ", the partner type's" : ""}):`,
      ...agreements.current.description.map((d) => `  ${d}`),
    );
  const table = new Table({
    head: ["From", "Agreement", "Terms", "Set by", "Set on"],
    style: { head: [], border: [] },
  });
  for (const version of agreements.history) table.push(historyRow(version));
  io.stdout.write(`${lines.join("\n")}\nHistory, newest first:\n${table.toString()}\n`);
  return agreements;
}

function historyRow(version: AgreementView): string[] {
  return [
    monthText(version.effectiveMonth),
    version.kind === "seed" ? "partner type's" : "written",
    version.description.join("\n"),
    version.createdBy ?? "",
    formatDate(version.createdAt),
  ];
}

/* ---------- set ---------- */

export interface SetOptions {
  from?: string;
  basis?: string;
  rate?: string;
  amount?: string;
  tier?: string[];
  minimum?: string;
  cap?: string;
  product?: string[];
  file?: string;
  adjustPaidMonths?: boolean;
  preview?: boolean;
  json?: boolean;
}

const FROM_MESSAGE = "--from takes a month as YYYY-MM";
const BASIS_MESSAGE = `--basis takes one of: ${BASES.join(", ")}`;
const fromFlag = z.string({ error: FROM_MESSAGE }).regex(MONTH_PATTERN, FROM_MESSAGE);
const basisFlag = z.enum(BASES, { error: BASIS_MESSAGE });

/** A rate of a basis as the body names it: a fraction (`rate`) for money, pounds each (`amount`) for counts. */
function rateField(basis: string, value: string): { rate?: string; amount?: string } {
  return isCountBasis(basis as Basis) ? { amount: value } : { rate: value };
}

/** `--tier UPTO:RATE`: the last tier's UPTO is left empty (`:0.30`) or `*`. */
function tierOf(basis: string, text: string, index: number) {
  const colon = text.lastIndexOf(":");
  if (colon < 0) throw new UsageError(`--tier takes UPTO:RATE (tier ${index + 1} is '${text}')`);
  const upTo = text.slice(0, colon).trim();
  return { upTo: upTo === "" || upTo === "*" ? null : upTo, ...rateField(basis, text.slice(colon + 1).trim()) };
}

/** `--product "MATCH=BASIS:RATE"`: an exact product name or a `*` pattern, the rule's basis, its rate or amount each. */
function productOf(text: string, index: number) {
  const equals = text.lastIndexOf("=");
  const colon = text.indexOf(":", equals + 1);
  if (equals <= 0 || colon < 0)
    throw new UsageError(`--product takes "MATCH=BASIS:RATE" (product rule ${index + 1} is '${text}')`);
  const basis = text.slice(equals + 1, colon).trim();
  return { match: text.slice(0, equals), basis, ...rateField(basis, text.slice(colon + 1).trim()) };
}

const AGREEMENT_FLAGS = ["basis", "rate", "amount", "minimum", "cap"] as const;

/** The API's body from the flags (or from --file); what it says is checked by agreementRequestSchema after. */
function bodyFromFlags(options: SetOptions): Record<string, unknown> {
  if (options.file !== undefined) {
    const mixed = [
      ...AGREEMENT_FLAGS.filter((flag) => options[flag] !== undefined).map((f) => `--${f}`),
      ...(options.tier?.length ? ["--tier"] : []),
      ...(options.product?.length ? ["--product"] : []),
    ];
    if (mixed.length) throw new UsageError(`--file holds the whole agreement: leave out ${mixed.join(", ")}`);
    let body: unknown;
    try {
      body = JSON.parse(fs.readFileSync(options.file, "utf8"));
    } catch (error) {
      throw new Error(`${options.file}: ${error instanceof SyntaxError ? "not valid JSON" : (error as Error).message}`);
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new Error(`${options.file}: not a JSON object`);
    return { ...body, ...(options.from !== undefined ? { effectiveMonth: parseOptions(fromFlag, options.from) } : {}) };
  }
  const effectiveMonth = parseOptions(fromFlag, options.from);
  const basis = parseOptions(basisFlag, options.basis);
  if (options.rate !== undefined && options.amount !== undefined)
    throw new UsageError(
      "give --rate (a fraction, for money bases) or --amount (pounds each, for per-item and per-machine), not both",
    );
  return {
    effectiveMonth,
    basis,
    ...(options.rate !== undefined ? { rate: options.rate } : {}),
    ...(options.amount !== undefined ? { amount: options.amount } : {}),
    ...(options.tier?.length ? { tiers: options.tier.map((t, i) => tierOf(basis, t, i)) } : {}),
    ...(options.minimum !== undefined ? { minimum: options.minimum } : {}),
    ...(options.cap !== undefined ? { cap: options.cap } : {}),
    ...(options.product?.length ? { products: options.product.map(productOf) } : {}),
  };
}

export async function runSet(io: CliIO, ref: string, options: SetOptions) {
  const body = bodyFromFlags(options);
  const parsed = agreementRequestSchema.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "invalid agreement";
    // A flag that does not make an agreement is a usage error (exit 2); a file that does not, a failure (exit 1).
    if (options.file !== undefined) throw new Error(`${options.file}: ${message}`);
    throw new UsageError(message);
  }
  const { effectiveMonth, terms } = parsed.data;
  const adjustPaidMonths = options.adjustPaidMonths || parsed.data.adjustPaidMonths === true;
  if (options.preview) {
    const { partner, preview } = await withDatabase(io, async (db) => {
      const partner = await findPartner(db, ref);
      return { partner, preview: await previewAgreement(db, partner.id, { effectiveMonth, terms }) };
    });
    if (options.json) printJson(io, previewJson(preview));
    else io.stdout.write(previewText(partner.name ?? partner.username, effectiveMonth, preview));
    return preview;
  }
  const { partner, result } = await withDatabase(io, async (db) => {
    const partner = await findPartner(db, ref);
    try {
      return {
        partner,
        result: await setAgreement(db, partner.id, { effectiveMonth, terms, adjustPaidMonths }, null),
      };
    } catch (error) {
      if (
        error instanceof DomainError &&
        error.status === 409 &&
        !adjustPaidMonths &&
        error.message.includes("paid months")
      ) {
        throw new DomainError(
          "conflict",
          `${error.message}. Add them with --adjust-paid-months (see them first with --preview)`,
        );
      }
      throw error;
    }
  });
  if (options.json) {
    printJson(io, setAgreementJson(result));
    return result;
  }
  const name = partner.name ?? partner.username;
  const out = [
    `Set the commission agreement of ${name} from ${monthText(result.agreement.effectiveMonth)}: ${result.agreement.description.join("; ")}.`,
  ];
  for (const a of result.adjustments)
    out.push(
      `Added ${signed(a.differencePence)} to ${formatMonth(a.targetMonth)} for ${formatMonth(a.month)} (paid ${formatPence(a.paidPence)}; under the new terms ${formatPence(a.proposedPence)}).`,
    );
  io.stderr.write(`${out.join("\n")}\n`);
  return result;
}

/** The preview as a host would check it: both sides line by line, then the paid months it reaches. */
export function previewText(partner: string, effectiveMonth: string, preview: AgreementPreview): string {
  const side = (title: string, s: AgreementPreview["current"]) => [
    `${title}: ${s.description.join("; ")}`,
    ...(s.lines.length ? s.lines.map((l) => `  ${l.text}`) : ["  (no lines)"]),
    `  Commission: ${formatPence(s.commissionPence)}`,
  ];
  const out = [
    `Preview for ${partner}, ${formatMonth(preview.month)} (nothing saved; the new agreement would apply from ${monthText(effectiveMonth)})`,
    ...side("In force", preview.current),
    ...side("Proposed", preview.proposed),
  ];
  if (preview.paidMonths.length) {
    out.push("Paid months it reaches (they keep what they paid; --adjust-paid-months adds the differences):");
    for (const p of preview.paidMonths)
      out.push(
        `  ${formatMonth(p.month)}: paid ${formatPence(p.paidPence)}, under the new terms ${formatPence(p.proposedPence)}, ${signed(p.differencePence)} to ${formatMonth(p.targetMonth)}`,
      );
  }
  return `${out.join("\n")}\n`;
}
