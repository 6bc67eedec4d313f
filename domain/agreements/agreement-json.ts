/**
 * Commission agreements at the edges, both ways (the API, the CLI and the editor share them): the
 * request an admin sends to write one (agreementInputSchema's fields plus `adjustPaidMonths`), and
 * the agreements, preview and adjustments in pounds and fractions (pence inside, pounds in every
 * answer: ARCHITECTURE.md 4).
 * Pure: the service's types are imported as types only.
 */
import { z } from "zod";
import { bpToFraction } from "../shared/commission-rules.ts";
import { penceToPounds } from "../shared/money.ts";
import { isCountBasis } from "./agreement-rules.ts";
import { agreementInputSchema, termsJson, type TermsJson } from "./agreement-schemas.ts";
import type { AgreementPreview, AgreementView, PartnerAgreements, SetAgreementResult } from "./agreement-service.ts";
import type { PaidMonthDifference, PreviewLine } from "./agreement-difference-service.ts";

const ADJUST_MESSAGE = "adjustPaidMonths must be true or false";

/** A yes/no of a JSON body, or of a form ("true"/"false", a checkbox's "on"). */
const adjustFlag = z
  .union([z.boolean(), z.enum(["true", "false", "on"]).transform((value) => value !== "false")], {
    error: ADJUST_MESSAGE,
  })
  .optional();

/**
 * What `POST /api/partners/{id}/agreements` (and its preview) take, and `vendboard agreements set
 * --file` reads: the agreement (agreementInputSchema) and whether to add the differences of paid
 * months it reaches to the next open month.
 */
export const agreementRequestSchema = z.intersection(agreementInputSchema, z.object({ adjustPaidMonths: adjustFlag }));

export type AgreementRequest = z.output<typeof agreementRequestSchema>;

/** An agreement version as answered: its terms in pounds and fractions. */
export interface AgreementViewJson extends Omit<AgreementView, "terms"> {
  terms: TermsJson | null;
}

export function agreementViewJson(view: AgreementView): AgreementViewJson {
  return {
    id: view.id,
    effectiveMonth: view.effectiveMonth,
    kind: view.kind,
    terms: view.terms && termsJson(view.terms),
    description: view.description,
    createdAt: view.createdAt,
    createdBy: view.createdBy,
  };
}

/** GET /api/partners/{id}/agreements (and `agreements show --json`): the one in force and every version. */
export function partnerAgreementsJson(agreements: PartnerAgreements) {
  return {
    partnerId: agreements.partnerId,
    partnerType: agreements.partnerType,
    applicable: agreements.applicable,
    current: agreements.current && agreementViewJson(agreements.current),
    history: agreements.history.map(agreementViewJson),
  };
}

/** A commission line in pounds: a money quantity and the commission, a count basis' rate per unit in pounds, a money basis' as a fraction. */
export interface LineJson {
  kind: PreviewLine["kind"];
  machine: string | null;
  basis: PreviewLine["basis"];
  quantity: number;
  rate: string | number;
  commission: number;
  text: string;
}

export function lineJson(line: PreviewLine): LineJson {
  const count = isCountBasis(line.basis);
  return {
    kind: line.kind,
    machine: line.machine,
    basis: line.basis,
    quantity: count ? line.quantity : penceToPounds(line.quantity),
    rate: count ? penceToPounds(line.rate) : bpToFraction(line.rate),
    commission: penceToPounds(line.commissionPence),
    text: line.text,
  };
}

/**
 * A paid month the agreement reaches, in pounds: what it paid, its commission under the terms it was
 * paid under and under the new ones, what earlier agreements already added for it, the difference
 * still to add (proposed − previous − adjusted) and where it goes.
 */
export interface AdjustmentJson {
  month: string;
  paid: number;
  previous: number;
  proposed: number;
  adjusted: number;
  difference: number;
  targetMonth: string;
}

export function adjustmentJson(d: PaidMonthDifference): AdjustmentJson {
  return {
    month: d.month,
    paid: penceToPounds(d.paidPence),
    previous: penceToPounds(d.previousPence),
    proposed: penceToPounds(d.proposedPence),
    adjusted: penceToPounds(d.adjustedPence),
    difference: penceToPounds(d.differencePence),
    targetMonth: d.targetMonth,
  };
}

/** One side of a preview: last month's commission under some terms, the terms in words and the arithmetic line by line. */
export interface PreviewSideJson {
  commission: number;
  description: string[];
  lines: LineJson[];
}

/** The preview as answered: last month under the terms in force and under the proposed ones, and the paid months the proposal reaches. */
export interface AgreementPreviewJson {
  month: string;
  current: PreviewSideJson;
  proposed: PreviewSideJson;
  paidMonths: AdjustmentJson[];
}

function sideJson(side: AgreementPreview["current"]): PreviewSideJson {
  return {
    commission: penceToPounds(side.commissionPence),
    description: side.description,
    lines: side.lines.map(lineJson),
  };
}

export function previewJson(preview: AgreementPreview): AgreementPreviewJson {
  return {
    month: preview.month,
    current: sideJson(preview.current),
    proposed: sideJson(preview.proposed),
    paidMonths: preview.paidMonths.map(adjustmentJson),
  };
}

/** What writing an agreement answers: the version written and the adjustments added, in pounds. */
export function setAgreementJson(result: SetAgreementResult): {
  agreement: AgreementViewJson;
  adjustments: AdjustmentJson[];
} {
  return { agreement: agreementViewJson(result.agreement), adjustments: result.adjustments.map(adjustmentJson) };
}
