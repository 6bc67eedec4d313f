/**
 * Which documents an export sends, pure. A document is sent under its own number the first time;
 * sent again unchanged it is the same document, byte for byte. A document changed after it was
 * exported is never sent again under its number: the export lists it as changed and carries a credit
 * note reversing what was sent (its number with -CN) and the new document (-R1, -R2…). One no longer
 * there (a deleted invoice) is reversed the same way. The answer depends only on the documents now
 * and what earlier exports sent, so the same export twice is identical.
 */
import { createHash } from "node:crypto";
import type { AccountingDocument } from "./document-rules.ts";

/** A document as an export sent it (null: withdrawn, nothing stands under the base number any more). */
export interface SentDocument {
  number: string;
  base: string;
  fingerprint: string;
  document: AccountingDocument | null;
}

export interface ChangedDocument {
  base: string;
  /** The number it was sent under, the credit note reversing it, and the document that replaces it (null: withdrawn). */
  previous: string;
  creditNote: string;
  replacement: string | null;
}

export interface ExportPlan {
  /** In order: each base number's reversal, then its current document. */
  documents: AccountingDocument[];
  changed: ChangedDocument[];
  /** What the log records when the export is written. */
  sent: SentDocument[];
}

const WITHDRAWN = "withdrawn";

/** The document's fingerprint: SHA-256 of its content under its base number (stable key order). */
export function fingerprintOf(doc: AccountingDocument): string {
  const { number: _number, ...content } = doc;
  void _number;
  // Keys in code-unit order (sort's own order for text, as `<` compares), so the fingerprints in the log stay valid.
  const canonical = JSON.stringify(content, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, (value as Record<string, unknown>)[key]]),
        )
      : value,
  );
  return createHash("sha256").update(canonical).digest("hex");
}

/** The credit note reversing a document as it was sent: its lines negated, dated as it was. */
export function reversalOf(doc: AccountingDocument): AccountingDocument {
  return {
    ...doc,
    number: `${doc.number}-CN`,
    reference: doc.number,
    lines: doc.lines.map((l) => ({
      ...l,
      description: `Reverses ${doc.number}: ${l.description}`,
      netPence: -l.netPence,
      vatPence: -l.vatPence,
    })),
  };
}

/** Each base number's versions as sent, oldest first, a version repeated by later exports counted once. */
function chains(history: readonly (readonly SentDocument[])[]): Map<string, SentDocument[]> {
  const out = new Map<string, SentDocument[]>();
  for (const exported of history)
    for (const sent of exported) {
      const chain = out.get(sent.base) ?? [];
      if (chain.at(-1)?.fingerprint !== sent.fingerprint) chain.push(sent);
      out.set(sent.base, chain);
    }
  return out;
}

const versionNumber = (base: string, version: number) => (version === 0 ? base : `${base}-R${version}`);

/** Every number an earlier export carried: each version sent, and the credit note reversing the one before it. */
export function numbersSent(history: readonly (readonly SentDocument[])[]): Set<string> {
  const out = new Set<string>();
  for (const chain of chains(history).values())
    chain.forEach((sent, i) => {
      if (sent.document) out.add(sent.number);
      const before = chain[i - 1];
      if (before?.document) out.add(`${before.number}-CN`);
    });
  return out;
}

/**
 * The plan of an export: the current documents against what earlier exports (oldest first) sent.
 * `newOnly` leaves out what an earlier export already carried (the package refuses a number twice),
 * so a month imported before gives only its credit notes and new documents.
 */
export function planExport(
  current: readonly AccountingDocument[],
  history: readonly (readonly SentDocument[])[],
  options: { newOnly?: boolean } = {},
): ExportPlan {
  const byBase = new Map(current.map((d) => [d.number, d]));
  const sentChains = chains(history);
  // The documents in their own order, then any no longer there.
  const gone = [...sentChains.keys()].filter((b) => !byBase.has(b)).sort();
  const bases = [...byBase.keys(), ...gone];
  const plan: ExportPlan = { documents: [], changed: [], sent: [] };
  for (const base of bases) {
    const doc = byBase.get(base) ?? null;
    const chain = sentChains.get(base) ?? [];
    const fingerprint = doc ? fingerprintOf(doc) : WITHDRAWN;
    // The version standing now: the last one sent when nothing changed since, else a new one.
    const same = chain.at(-1)?.fingerprint === fingerprint;
    const version = same ? chain.length - 1 : chain.length;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: chain[-1] is undefined, read as null below
    const previous = version > 0 ? chain[version - 1] : null;
    const number = versionNumber(base, version);
    if (previous?.document) {
      plan.documents.push(reversalOf(previous.document));
      plan.changed.push({
        base,
        previous: previous.number,
        creditNote: `${previous.number}-CN`,
        replacement: doc ? number : null,
      });
    } else if (previous && doc) {
      plan.changed.push({ base, previous: previous.number, creditNote: "", replacement: number });
    }
    const renumbered = doc ? { ...doc, number } : null;
    if (renumbered) plan.documents.push(renumbered);
    if (renumbered || previous?.document)
      plan.sent.push({ number: doc ? number : `${base}-withdrawn`, base, fingerprint, document: renumbered });
  }
  if (options.newOnly) {
    const sent = numbersSent(history);
    plan.documents = plan.documents.filter((d) => !sent.has(d.number));
  }
  return plan;
}
