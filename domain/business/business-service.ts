/**
 * The business profile in the database (one row, id 1): read with its defaults until it is first
 * saved, updated in one transaction with its audit entry, and its logo checked by its bytes and by
 * pdf-lib (so an invoice never fails to draw it).
 */
import type { Kysely } from "kysely";
import { PDFDocument } from "pdf-lib";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { badInput } from "../shared/errors.ts";
import {
  DEFAULT_PROFILE,
  logoForDocuments,
  logoProblem,
  logoType,
  payoutPrefixOf,
  type BusinessLogo,
  type BusinessProfile,
} from "./business-rules.ts";
import type { BusinessProfileInput } from "./business-schemas.ts";
import { prepareLogo } from "./logo-embed.ts";

type DB = Kysely<Database>;

/** The profile as saved, or the defaults while it has never been saved. */
export async function getBusinessProfile(db: DB): Promise<BusinessProfile> {
  const row = await db.selectFrom("businessProfile").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return DEFAULT_PROFILE;
  return {
    tradingName: row.tradingName,
    address: row.address,
    companyNumber: row.companyNumber,
    vatNumber: row.vatNumber,
    vatRateBp: row.vatRateBp,
    bankAccountName: row.bankAccountName,
    bankSortCode: row.bankSortCode,
    bankAccountNumber: row.bankAccountNumber,
    bankIban: row.bankIban,
    contactEmail: row.contactEmail,
    website: row.website,
    logo: row.logo && row.logoType ? { bytes: new Uint8Array(row.logo), type: row.logoType } : null,
    payoutPrefix: row.payoutPrefix,
    updatedAt: row.updatedAt,
  };
}

/** What commission payout references start with now ("VB", the trading name's initials, or the prefix saved). */
export async function getPayoutPrefix(db: DB): Promise<string> {
  const row = await db
    .selectFrom("businessProfile")
    .select(["tradingName", "payoutPrefix", "updatedAt"])
    .where("id", "=", 1)
    .executeTakeFirst();
  return payoutPrefixOf(row ?? DEFAULT_PROFILE);
}

/** The logo alone (the settings page's preview). */
export async function getBusinessLogo(db: DB): Promise<BusinessLogo | null> {
  const row = await db
    .selectFrom("businessProfile")
    .select(["logo", "logoType"])
    .where("id", "=", 1)
    .executeTakeFirst();
  return row?.logo && row.logoType ? { bytes: new Uint8Array(row.logo), type: row.logoType } : null;
}

/** A logo as uploaded: a PNG or JPEG by its bytes, within the size limit, that pdf-lib can draw (400 otherwise). */
export async function checkLogo(bytes: Uint8Array): Promise<BusinessLogo> {
  const problem = logoProblem(bytes);
  if (problem) throw badInput(problem);
  const type = logoType(bytes)!;
  try {
    const doc = await PDFDocument.create();
    const image = type === "image/png" ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    if (!image.width || !image.height) throw new Error("empty image");
  } catch {
    throw badInput(`The logo could not be read as a ${type === "image/png" ? "PNG" : "JPEG"} image`);
  }
  return { bytes, type };
}

/** What the audit trail keeps of a profile: its fields, and the logo as its type and size (never its bytes). */
function auditSnapshot(profile: BusinessProfile) {
  const { logo, updatedAt: _updatedAt, ...fields } = profile;
  return {
    ...fields,
    logo: logo ? `${logo.type === "image/png" ? "PNG" : "JPEG"}, ${Math.ceil(logo.bytes.length / 1024)} KB` : null,
  };
}

export type LogoChange = { keep: true } | { remove: true } | { upload: Uint8Array };

/** Saves the profile (every field as given) and the logo change, with one audit entry; answers the saved profile. */
export async function updateBusinessProfile(
  db: DB,
  input: BusinessProfileInput,
  logoChange: LogoChange,
  actorId: number | null,
): Promise<BusinessProfile> {
  const upload = "upload" in logoChange ? await checkLogo(logoChange.upload) : null;
  const saved = await db.transaction().execute(async (trx) => {
    const before = await getBusinessProfile(trx);
    const saved = await trx.selectFrom("businessProfile").select("id").where("id", "=", 1).executeTakeFirst();
    const logo = upload ?? ("remove" in logoChange ? null : before.logo);
    const values = {
      tradingName: input.tradingName,
      address: input.address,
      companyNumber: input.companyNumber,
      vatNumber: input.vatNumber,
      vatRateBp: input.vatRate,
      bankAccountName: input.bankAccountName,
      bankSortCode: input.bankSortCode,
      bankAccountNumber: input.bankAccountNumber,
      bankIban: input.bankIban,
      contactEmail: input.contactEmail,
      website: input.website,
      payoutPrefix: input.payoutPrefix,
      logo: logo?.bytes ?? null,
      logoType: logo?.type ?? null,
      updatedAt: new Date().toISOString(),
      updatedBy: actorId,
    };
    if (saved) await trx.updateTable("businessProfile").set(values).where("id", "=", 1).execute();
    else
      await trx
        .insertInto("businessProfile")
        .values({ id: 1, ...values })
        .execute();
    const after = await getBusinessProfile(trx);
    await audit(trx, {
      actorId,
      action: "update",
      entity: "business_profile",
      entityId: 1,
      before: saved ? auditSnapshot(before) : null,
      after: auditSnapshot(after),
    });
    return after;
  });
  // Its documents' logo is prepared now, so that the next PDF does not wait for it (logo-embed.ts).
  const logo = logoForDocuments(saved.logo);
  if (upload && logo) await prepareLogo(logo);
  return saved;
}

/** Prepares the stored logo for documents (the server does this once it listens); false when there is none. */
export async function warmLogo(db: DB): Promise<boolean> {
  const logo = logoForDocuments(await getBusinessLogo(db));
  if (logo) await prepareLogo(logo);
  return logo !== null;
}
