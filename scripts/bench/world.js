// The scale benchmark's world, built through the product's own domain functions: partners of all
// four types (createPartner), their machines (createMachine), a year of sales in business-wide
// exports that each cover many machines (written by SheetJS, imported by importExports, the path
// of /admin/import and `vendboard import`), commission payments (markCommissionPaid) and invoices
// (generateInvoice, updateInvoiceStatus).
import fs from "node:fs";
import path from "node:path";
import * as XLSX from "xlsx";

/** The fast read options of ARCHITECTURE.md section 2: the floor an import is compared with. */
export const FAST_READ = {
  type: "array",
  dense: true,
  cellText: false,
  cellHTML: false,
  cellNF: false,
  cellStyles: false,
  cellFormula: false,
};

/** The twelve completed months before `now`, oldest first (YYYY-MM). */
export function pastMonths(count, now = new Date()) {
  const months = [];
  for (let back = count; back >= 1; back--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

/** A catalogue of `size` products: the sample one, then numbered variants of it. */
export function catalogueOf(base, size) {
  return Array.from({ length: size }, (_, i) => {
    const p = base[i % base.length];
    return i < base.length
      ? p
      : {
          name: `${p.name} (${Math.floor(i / base.length) + 1})`,
          price: p.price + (i % 7) * 5,
          cost: p.cost + (i % 5) * 2,
        };
  });
}

const log = (line) => process.stderr.write(`${line}\n`);

/**
 * Builds the world into `db`. Answers who is who (admin, partners with their passwords, the partner
 * with 100 machines, a partner with 10), the import's figures (rows, ms) and the files' bytes for
 * the parse-only floor.
 */
export async function buildWorld(db, lib, scale) {
  const {
    createUser,
    createPartner,
    createMachine,
    importExports,
    markCommissionPaid,
    generateInvoice,
    updateInvoiceStatus,
    buildExport,
    seededRandom,
    CATALOGUE,
    PARTNER_TYPES,
  } = lib;
  const started = performance.now();
  const admin = await createUser(db, {
    username: "bench-admin",
    password: "bench-admin-1",
    isAdmin: true,
    name: "Bench Admin",
  });
  const password = "bench-partner-1";

  // Partners, 8 at a time (scrypt runs on libuv's threads).
  const partners = [];
  for (let at = 0; at < scale.partners; at += 8) {
    const batch = [];
    for (let i = at; i < Math.min(scale.partners, at + 8); i++) {
      const partnerType = PARTNER_TYPES[i % PARTNER_TYPES.length];
      const n = String(i + 1).padStart(4, "0");
      batch.push(
        createPartner(
          db,
          {
            username: `partner-${n}`,
            password,
            name: `Site ${n} ${["Station", "Gym", "Library", "Hospital", "College"][i % 5]}`,
            partnerType,
            email: `site${n}@example.test`,
            billingAddress: `${i + 1} High Street, Leeds`,
            commissionPercentage: partnerType.includes("profit") ? 1000 + (i % 10) * 100 : undefined,
            monthlyFee: partnerType === "fee-paying" ? 15_000 + (i % 4) * 2_500 : undefined,
            paymentPeriod: partnerType === "fee-paying" ? "monthly" : undefined,
          },
          admin.id,
        ),
      );
    }
    partners.push(...(await Promise.all(batch)));
  }
  log(`  ${partners.length} partners in ${Math.round(performance.now() - started)} ms`);

  // Machines: the first profit-sharing partner has `bigPartnerMachines`, every other one `machinesPerPartner`.
  let t = performance.now();
  const machines = [];
  for (const [i, partner] of partners.entries()) {
    const count = i === 0 ? scale.bigPartnerMachines : scale.machinesPerPartner;
    for (let m = 0; m < count; m++) {
      const location = `${partner.name} #${String(m + 1).padStart(3, "0")}`;
      const machine = await createMachine(db, { partnerId: partner.id, location }, admin.id);
      machines.push({ id: machine.id, partnerId: partner.id, location });
    }
  }
  log(`  ${machines.length} machines in ${Math.round(performance.now() - t)} ms`);

  // A year of sales: per month, files of at most `rowsPerFile` rows, each naming many machines, written
  // to a folder and imported in one call as `vendboard import <folder>` does (each file loaded when its turn comes).
  const months = pastMonths(scale.months);
  const random = seededRandom(13);
  const catalogue = catalogueOf(CATALOGUE, scale.products);
  const folder = fs.mkdtempSync(path.join(scale.dataDir, "exports-"));
  let transactionId = 5_000_000_000;
  let rows = 0;
  const sources = [];
  const sampleFiles = [];
  t = performance.now();
  for (const month of months) {
    const perMachine = machines.map((m) => ({
      name: m.location,
      units: scale.minSales + Math.floor(random() * (scale.maxSales - scale.minSales + 1)),
    }));
    const files = [];
    let current = [];
    let size = 0;
    for (const part of perMachine) {
      if (size + part.units > scale.rowsPerFile && current.length) {
        files.push(current);
        current = [];
        size = 0;
      }
      current.push(part);
      size += part.units;
    }
    if (current.length) files.push(current);
    for (const [f, parts] of files.entries()) {
      const units = parts.reduce((n, p) => n + p.units, 0);
      const bytes = buildExport({
        location: "",
        machines: parts,
        month,
        units,
        firstTransactionId: transactionId,
        random,
        catalogue,
      });
      transactionId += units;
      rows += units;
      const file = path.join(folder, `export-${month}-${f + 1}.xlsx`);
      fs.writeFileSync(file, bytes);
      sources.push({ name: path.basename(file), load: () => new Uint8Array(fs.readFileSync(file)) });
      if (sampleFiles.length < scale.floorFiles) sampleFiles.push({ bytes, rows: units });
    }
  }
  const generateMs = performance.now() - t;
  log(`  ${sources.length} exports of ${rows.toLocaleString("en-GB")} rows written in ${Math.round(generateMs)} ms`);
  t = performance.now();
  const outcomes = await importExports(
    db,
    sources,
    {},
    {
      actorId: admin.id,
      dataDir: scale.dataDir,
      onFile: (file, i) => i % 4 === 0 && log(`  importing ${file.name} (${i + 1} of ${sources.length})`),
    },
  );
  const importMs = performance.now() - t;
  const failed = outcomes.filter((o) => !o.ok);
  if (failed.length) throw new Error(`Import failed: ${failed.map((o) => `${o.fileName}: ${o.error}`).join("; ")}`);
  const imported = outcomes.reduce((n, o) => n + o.result.groups.reduce((g, x) => g + x.imported, 0), 0);
  if (imported !== rows) throw new Error(`The import stored ${imported} of ${rows} rows`);
  log(`  ${imported.toLocaleString("en-GB")} rows imported in ${Math.round(importMs)} ms`);
  fs.rmSync(folder, { recursive: true, force: true });

  // Commission paid for all but the last three months of every profit-sharing type.
  t = performance.now();
  let payments = 0;
  for (const partner of partners.filter(
    (p) => p.partnerType.includes("profit") && p.partnerType !== "non-profit-sharing",
  )) {
    for (const month of months.slice(0, -3)) {
      await markCommissionPaid(db, partner.id, month, admin.id, `${nextMonthStart(month)}`);
      payments++;
    }
  }
  // Invoices: six monthly invoices per fee-paying partner, the first four paid, the fifth overdue.
  let invoices = 0;
  const feePayers = partners.filter((p) => p.partnerType === "fee-paying");
  for (const partner of feePayers) {
    for (let k = 0; k < 6; k++) {
      const issued = `${months[months.length - 6 + k]}-01`;
      const invoice = await generateInvoice(db, partner.id, "monthly", admin.id, issued);
      invoices++;
      if (k < 4)
        await updateInvoiceStatus(db, invoice.id, "paid", admin.id, undefined, {
          paidDate: invoice.dueDate < today() ? invoice.dueDate : today(),
        });
      else if (k === 4) await updateInvoiceStatus(db, invoice.id, "overdue", admin.id);
    }
  }
  log(`  ${payments} commission payments, ${invoices} invoices in ${Math.round(performance.now() - t)} ms`);

  const bigPartner = partners[0];
  const tenMachinePartner = partners[4];
  return {
    admin: { username: "bench-admin", password: "bench-admin-1" },
    bigPartner: { id: bigPartner.id, username: bigPartner.username, password },
    partner: { id: tenMachinePartner.id, username: tenMachinePartner.username, password },
    // Three more partners of 10 machines, one of each other type, for the mixed load.
    mixPartners: partners.slice(1, 4).map((p) => ({ id: p.id, username: p.username, password })),
    partners: partners.length,
    machines: machines.length,
    months,
    rows,
    importMs,
    generateMs,
    sampleFiles,
    buildMs: performance.now() - started,
  };
}

const today = () => new Date().toISOString().slice(0, 10);

function nextMonthStart(month) {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** SheetJS's read of the files on this thread with the fast options: rows per second. */
export function parseOnlyRate(files) {
  let ms = 0;
  let rows = 0;
  for (const file of files) {
    const t = performance.now();
    XLSX.read(file.bytes, FAST_READ);
    ms += performance.now() - t;
    rows += file.rows;
  }
  return { rowsPerSecond: (rows / ms) * 1000, ms, rows };
}
