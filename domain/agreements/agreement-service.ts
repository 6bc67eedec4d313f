/**
 * A partner's commission agreements: the history with the terms in words, a
 * preview of last month under proposed terms, and setting an agreement from a month. A new agreement
 * (or a correction of one) applies from its month: open months follow it at once; paid months keep
 * their snapshot, and their difference under the new terms is added to the next open month as an
 * adjustment once the admin confirms it.
 */
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { currentMonth, formatMonth, previousMonth } from "../shared/dates.ts";
import { conflict, DomainError, notFound } from "../shared/errors.ts";
import { formatSignedPence } from "../shared/format.ts";
import { isProfitSharingType } from "../shared/partner-types.ts";
import { describeTerms } from "./agreement-words.ts";
import {
  headlineRateBp,
  isFlatNetProfitShare,
  seedTerms,
  versionForMonth,
  type AgreementTerms,
} from "./agreement-rules.ts";
import { readTerms, storeTerms } from "./agreement-schemas.ts";
import { agreementHistory, termsOfMonth, type StoredVersion } from "./agreement-terms.ts";
import {
  monthUnder,
  paidDifferences,
  type PaidMonthDifference,
  type PreviewLine,
} from "./agreement-difference-service.ts";

type DB = Kysely<Database>;

/** The card on the partner page that edits agreements (named by the 409 of the inline commission edit). */
export const AGREEMENT_CARD = "Commission Agreement";

export interface AgreementView {
  id: number;
  effectiveMonth: string;
  /** The seed's agreement of the partner's type (no terms written), or a written one. */
  kind: "seed" | "written";
  /** Pence and basis points (agreement-json.ts answers them in pounds and fractions). */
  terms: AgreementTerms | null;
  description: string[];
  createdAt: string;
  createdBy: string | null;
}

export interface PartnerAgreements {
  partnerId: number;
  partnerType: User["partnerType"];
  /** Whether the partner earns a commission at all (the profit-sharing types). */
  applicable: boolean;
  /** The agreement in force this month. */
  current: AgreementView | null;
  /** Every version, newest first. */
  history: AgreementView[];
}

async function requirePartner(db: DB, id: number): Promise<User> {
  const partner = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  return partner;
}

function versionTerms(partner: Pick<User, "partnerType">, version: StoredVersion): AgreementTerms | null {
  return isProfitSharingType(partner.partnerType)
    ? (version.terms ?? seedTerms(partner.partnerType, version.rateBp))
    : null;
}

function viewOf(partner: Pick<User, "partnerType">, version: StoredVersion, names: Map<number, string>): AgreementView {
  const terms = versionTerms(partner, version);
  return {
    id: version.id,
    effectiveMonth: version.effectiveMonth,
    kind: version.terms ? "written" : "seed",
    terms,
    description: describeTerms(terms),
    createdAt: version.createdAt,
    createdBy: version.createdBy === null ? null : (names.get(version.createdBy) ?? null),
  };
}

/** A partner's agreements: the one in force this month and the history, newest first. */
export async function partnerAgreements(db: DB, partnerId: number, now: Date = new Date()): Promise<PartnerAgreements> {
  const partner = await requirePartner(db, partnerId);
  const history = await agreementHistory(db, partnerId);
  const authorIds = [...new Set(history.flatMap((v) => (v.createdBy === null ? [] : [v.createdBy])))];
  const authors = authorIds.length
    ? await db.selectFrom("users").select(["id", "name", "username"]).where("id", "in", authorIds).execute()
    : [];
  const names = new Map(authors.map((a) => [a.id, a.name ?? a.username]));
  const inForce = versionForMonth(history, currentMonth(now));
  return {
    partnerId,
    partnerType: partner.partnerType,
    applicable: isProfitSharingType(partner.partnerType),
    current: inForce ? viewOf(partner, inForce, names) : null,
    history: [...history].reverse().map((v) => viewOf(partner, v, names)),
  };
}

/** Last month under the terms in force and under proposed ones, each line with its machine's location and its arithmetic in words. */
export interface AgreementPreview {
  month: string;
  current: { commissionPence: number; description: string[]; lines: PreviewLine[] };
  proposed: { commissionPence: number; description: string[]; lines: PreviewLine[] };
  paidMonths: PaidMonthDifference[];
}

function assertEarns(partner: User): void {
  if (!isProfitSharingType(partner.partnerType))
    throw new DomainError("conflict", "Commission is not applicable for this partner type");
}

/** Last month's commission under the terms in force and under proposed terms, and the paid months the proposal reaches. */
export async function previewAgreement(
  db: DB,
  partnerId: number,
  input: { effectiveMonth: string; terms: AgreementTerms },
  now: Date = new Date(),
): Promise<AgreementPreview> {
  const partner = await requirePartner(db, partnerId);
  assertEarns(partner);
  const month = previousMonth(now);
  const history = await agreementHistory(db, partnerId);
  const payment = await db
    .selectFrom("commissionPayments")
    .select(["status", "rateBp", "terms"])
    .where("partnerId", "=", partnerId)
    .where("month", "=", month)
    .executeTakeFirst();
  const currentTerms = termsOfMonth(partner, history, month, payment);
  const [current, proposed, paidMonths] = await Promise.all([
    monthUnder(db, partnerId, month, currentTerms),
    monthUnder(db, partnerId, month, input.terms),
    paidDifferences(db, partner, history, input.effectiveMonth, input.terms),
  ]);
  return {
    month,
    current: {
      commissionPence: current.result.commissionPence,
      description: describeTerms(currentTerms),
      lines: current.lines,
    },
    proposed: {
      commissionPence: proposed.result.commissionPence,
      description: describeTerms(input.terms),
      lines: proposed.lines,
    },
    paidMonths,
  };
}

export interface SetAgreementResult {
  agreement: AgreementView;
  /** The adjustments added for paid months the agreement reaches. */
  adjustments: PaidMonthDifference[];
}

const differenceText = (d: PaidMonthDifference) =>
  `${formatMonth(d.month)} ${formatSignedPence(d.differencePence)} to ${formatMonth(d.targetMonth)}`;

/**
 * Writes an agreement from its month (a second one for the same month corrects it). Open months follow
 * it at once. Paid months it reaches keep what they paid; their differences are added to the next open
 * month only with `adjustPaidMonths` (409 naming them otherwise, so nothing is added unseen).
 */
export async function setAgreement(
  db: DB,
  partnerId: number,
  input: { effectiveMonth: string; terms: AgreementTerms; adjustPaidMonths?: boolean },
  actorId: number | null,
  now: Date = new Date(),
): Promise<SetAgreementResult> {
  return db.transaction().execute(async (trx) => {
    const partner = await requirePartner(trx, partnerId);
    assertEarns(partner);
    const history = await agreementHistory(trx, partnerId);
    const differences = await paidDifferences(trx, partner, history, input.effectiveMonth, input.terms);
    if (differences.length && !input.adjustPaidMonths) {
      throw conflict(
        `The agreement reaches paid months, which keep what they paid; confirm adding their differences to the next open month: ${differences.map(differenceText).join("; ")}`,
      );
    }
    const replaced = history.find((v) => v.effectiveMonth === input.effectiveMonth);
    const rateBp = headlineRateBp(input.terms);
    const row = await trx
      .insertInto("commissionRates")
      .values({
        partnerId,
        rateBp,
        effectiveMonth: input.effectiveMonth,
        terms: storeTerms(input.terms),
        createdBy: actorId,
      })
      .onConflict((oc) =>
        oc
          .columns(["partnerId", "effectiveMonth"])
          .doUpdateSet({ rateBp, terms: storeTerms(input.terms), createdBy: actorId }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    // The partner's rate field follows the agreement in force this month (the spec's commissionPercentage).
    const inForce = versionForMonth(
      [...history.filter((v) => v.effectiveMonth !== input.effectiveMonth), { ...row, terms: input.terms }],
      currentMonth(now),
    );
    if (inForce?.effectiveMonth === input.effectiveMonth && partner.commissionBp !== rateBp) {
      await trx.updateTable("users").set({ commissionBp: rateBp }).where("id", "=", partnerId).execute();
    }
    const description = describeTerms(input.terms);
    await audit(trx, {
      actorId,
      action: replaced ? "agreement_corrected" : "agreement_set",
      entity: "commission_agreement",
      entityId: row.id,
      partnerId,
      month: input.effectiveMonth,
      before: replaced
        ? { effectiveMonth: replaced.effectiveMonth, description: describeTerms(versionTerms(partner, replaced)) }
        : null,
      after: { effectiveMonth: input.effectiveMonth, terms: input.terms, description },
    });
    for (const d of differences) {
      const adjustment = await trx
        .insertInto("commissionAdjustments")
        .values({
          partnerId,
          month: d.targetMonth,
          forMonth: d.month,
          amountPence: d.differencePence,
          reason: "agreement",
          createdBy: actorId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, {
        actorId,
        action: "commission_adjustment",
        entity: "commission_adjustment",
        entityId: adjustment.id,
        partnerId,
        month: d.targetMonth,
        before: null,
        after: {
          forMonth: d.month,
          amountPence: d.differencePence,
          reason: "agreement",
          paidPence: d.paidPence,
          proposedPence: d.proposedPence,
        },
      });
    }
    // The author as partnerAgreements names them: the name, else the username.
    const actor =
      actorId === null
        ? undefined
        : await trx.selectFrom("users").select(["name", "username"]).where("id", "=", actorId).executeTakeFirst();
    const names = new Map<number, string>(actorId !== null && actor ? [[actorId, actor.name ?? actor.username]] : []);
    return { agreement: viewOf(partner, { ...row, terms: readTerms(row.terms) }, names), adjustments: differences };
  });
}

/**
 * The spec's inline commission edit: allowed while the agreement in force this month is a flat share
 * of net profit (it becomes a new one from this month); any other agreement answers 409 naming the card.
 * Answers the written flat share in force (the new version keeps it, at the new rate), or null for
 * the partner type's agreement.
 */
export async function assertRateEditable(
  db: DB,
  partnerId: number,
  now: Date = new Date(),
): Promise<AgreementTerms | null> {
  const version = versionForMonth(await agreementHistory(db, partnerId), currentMonth(now));
  if (version?.terms && !isFlatNetProfitShare(version.terms)) {
    throw conflict(
      `This partner's commission follows an agreement (${describeTerms(version.terms).join("; ")}): change it on the ${AGREEMENT_CARD} card`,
    );
  }
  return version?.terms ?? null;
}
