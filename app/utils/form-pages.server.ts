/**
 * What the dialogs' own pages (a form posted without JavaScript) load: the partner or the machine
 * their URL names (or a 404), and the terms Edit agreement starts from.
 */
import { seedTerms, type AgreementTerms } from "#domain/agreements/agreement-rules.ts";
import { fractionToBp } from "#domain/shared/commission-rules.ts";
import { findUserById, toPublicUser, type PublicUser } from "#domain/accounts/user-service.ts";
import { machineForUser } from "#domain/machines/machine-service.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { apiError } from "./api.server.ts";
import { db } from "./db.server.ts";
import { idParam } from "./params.server.ts";

/** The partner of `/partners/:partnerId/…`, with when their sign-in was disabled (the edit form shows it). */
export async function partnerOfPage(partnerId: string | undefined) {
  const user = await findUserById(db, idParam(partnerId, "Partner not found"));
  if (!user || user.isAdmin) throw apiError(404, "Partner not found");
  return { ...toPublicUser(user), signInDisabledAt: user.disabledAt };
}

/** The machine of `/machines/:machineId/…`, as its forms show it. */
export async function machineOfPage(admin: PublicUser, machineId: string | undefined) {
  try {
    const machine = await machineForUser(db, admin, idParam(machineId, "Machine not found"));
    const { id, partnerId, location, imageUrl, status } = machine;
    return { id, partnerId, location, imageUrl, status };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw apiError(404, error.message);
    throw error;
  }
}

/**
 * The terms the Edit agreement form starts from: the agreement in force, else the terms the
 * partner's type and rate stand for (none for a type without commission).
 */
export function agreementStartTerms(
  partner: Pick<PublicUser, "partnerType" | "commissionPercentage">,
  current: { terms: AgreementTerms | null } | null,
): AgreementTerms | null {
  return current?.terms ?? seedTerms(partner.partnerType, fractionToBp(partner.commissionPercentage) ?? 0);
}
