/**
 * Documents as issued (decision 67): an invoice's and a credit note's PDF are kept, byte for byte,
 * when first issued and served unchanged afterwards, so a new logo, address or VAT number never
 * alters a document a partner already holds. A document issued before the store existed is kept on
 * its first request.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, IssuedDocumentsTable } from "#db/schema.ts";

type Tx = Kysely<Database> | Transaction<Database>;
export type IssuedKind = IssuedDocumentsTable["kind"];
export interface IssuedDocument {
  filename: string;
  bytes: Uint8Array;
}

/** The stored document, or null. */
export async function storedDocument(db: Tx, kind: IssuedKind, documentId: number): Promise<IssuedDocument | null> {
  const row = await db
    .selectFrom("issuedDocuments")
    .select(["filename", "bytes"])
    .where("kind", "=", kind)
    .where("documentId", "=", documentId)
    .executeTakeFirst();
  return row ? { filename: row.filename, bytes: new Uint8Array(row.bytes) } : null;
}

/**
 * The document as first issued: the stored one, else `render()` stored now. Two first requests at
 * once both render; the first stored wins and both answer it.
 */
export async function issuedDocument(
  db: Tx,
  kind: IssuedKind,
  documentId: number,
  render: () => Promise<IssuedDocument>,
): Promise<IssuedDocument> {
  const stored = await storedDocument(db, kind, documentId);
  if (stored) return stored;
  const made = await render();
  await db
    .insertInto("issuedDocuments")
    .values({ kind, documentId, filename: made.filename, bytes: made.bytes, issuedAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["kind", "documentId"]).doNothing())
    .execute();
  return (await storedDocument(db, kind, documentId)) ?? made;
}

/** Forgets a document that was never sent (a deleted, never-sent invoice's PDF). */
export async function forgetDocument(db: Tx, kind: IssuedKind, documentId: number): Promise<void> {
  await db.deleteFrom("issuedDocuments").where("kind", "=", kind).where("documentId", "=", documentId).execute();
}
