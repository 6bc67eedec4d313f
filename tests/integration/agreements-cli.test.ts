/**
 * vendboard agreements show|set on the test file's database: a partner named by username
 * or id, the flags turned into the API's body and checked by its schema (a bad flag exits 2, a bad
 * --file exits 1), --preview saving nothing and printing what the API's preview answers, and the
 * paid months a past start reaches (exit 1 without --adjust-paid-months, an adjustment with it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action as previewAction } from "#app/routes/api.partners.$id.agreements.preview.ts";
import { loader as agreementsLoader } from "#app/routes/api.partners.$id.agreements.ts";
import { db } from "#app/utils/db.server.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { formatMonth, previousMonth } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { cliDatabase, runCli } from "./cli-run.ts";

const PREV = previousMonth();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-agreements-"));

let adminCookie: string;
let admin: { id: number; username: string };
let partner: { id: number; username: string };

beforeAll(async () => {
  admin = await makeAdmin(db);
  adminCookie = await loginCookie(admin.username);
  partner = await makePartner(db, { name: "Harbour Vending Co", commissionBp: 1000 });
  await makeRecord(db, (await makeMachine(db, partner.id, "Quay Kiosk")).id, PREV, {
    totalSales: 40,
    revenuePence: 10_000,
    cogsPence: 4_000,
  });
  await makeRecord(db, (await makeMachine(db, partner.id, "Pier Lobby")).id, PREV, {
    totalSales: 20,
    revenuePence: 5_000,
    cogsPence: 1_000,
  });
});

const vendboard = (...args: string[]) => runCli(args);
const versions = (partnerId: number) =>
  db
    .selectFrom("commissionRates")
    .select(["effectiveMonth", "rateBp", "terms"])
    .where("partnerId", "=", partnerId)
    .orderBy("effectiveMonth")
    .execute();

function writeJson(name: string, value: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}

describe("vendboard agreements show", () => {
  it("by username (any case) or id: the terms in force and the history", async () => {
    for (const ref of [partner.username.toUpperCase(), String(partner.id)]) {
      const { code, out, err } = await vendboard("agreements", "show", ref);
      expect(err).toBe("");
      expect(code).toBe(0);
      expect(out).toContain("Commission agreement of Harbour Vending Co (Profit Sharing)");
      expect(out).toContain("In force this month (from the start, the partner type's):\n  10% of net profit");
      expect(out).toContain("History, newest first:");
    }
  });

  it("--json prints what GET /api/partners/{id}/agreements answers", async () => {
    const { code, out } = await vendboard("agreements", "show", partner.username, "--json");
    expect(code).toBe(0);
    const api = await call(agreementsLoader, `/api/partners/${partner.id}/agreements`, {
      cookie: adminCookie,
      params: { id: String(partner.id) },
    });
    expect(JSON.parse(out)).toEqual({ database: cliDatabase(), ...(await api.json()) });
  });

  it("a name that is not a partner's exits 2", async () => {
    for (const ref of ["nobody-here", admin.username, "999999"]) {
      const { code, err } = await vendboard("agreements", "show", ref);
      expect(code).toBe(2);
      expect(err).toBe(`error: partner ${ref} does not exist\n`);
    }
  });

  it("is listed in --help", async () => {
    const { code, out } = await vendboard("--help");
    expect(code).toBe(0);
    expect(out).toContain("agreements");
  });
});

describe("vendboard agreements set", () => {
  it("--preview: last month under both terms, as the API's preview; nothing saved", async () => {
    const flags = ["--from", PREV, "--basis", "per-item", "--amount", "0.05", "--minimum", "5"];
    const text = await vendboard("agreements", "set", partner.username, ...flags, "--preview");
    expect(text.code).toBe(0);
    expect(text.out).toContain(`Preview for Harbour Vending Co, ${formatMonth(PREV)} (nothing saved`);
    expect(text.out).toContain(
      "In force: 10% of net profit\n  Pier Lobby: Net profit: £38.50 × 10% = £3.85\n  Quay Kiosk: Net profit: £57.01 × 10% = £5.70\n  Commission: £9.55",
    );
    expect(text.out).toContain(
      "Proposed: £0.05 per item sold; Minimum £5.00 a month\n  Pier Lobby: Per item sold: 20 items × £0.05 = £1.00\n  Quay Kiosk: Per item sold: 40 items × £0.05 = £2.00\n  Minimum for the month: + £2.00\n  Commission: £5.00",
    );
    const json = await vendboard("agreements", "set", partner.username, ...flags, "--preview", "--json");
    expect(json.code).toBe(0);
    const api = await call(previewAction, `/api/partners/${partner.id}/agreements/preview`, {
      json: { effectiveMonth: PREV, basis: "per-item", amount: "0.05", minimum: "5" },
      cookie: adminCookie,
      params: { id: String(partner.id) },
    });
    expect(JSON.parse(json.out)).toEqual({ database: cliDatabase(), ...(await api.json()) });
    expect(await versions(partner.id)).toHaveLength(1);
  });

  it("from flags: tiers, a product rule, a minimum and a cap; audited with no actor", async () => {
    const { code, out, err } = await vendboard(
      "agreements",
      "set",
      partner.username,
      "--from",
      "2025-03",
      "--basis",
      "gross-sales",
      "--tier",
      "100:0.05",
      "--tier",
      "500:0.10",
      "--tier",
      ":0.20",
      "--product",
      "Coca*=per-item:0.10",
      "--minimum",
      "5",
      "--cap",
      "100",
    );
    expect(out).toBe("");
    expect(code).toBe(0);
    expect(err).toBe(
      "Set the commission agreement of Harbour Vending Co from March 2025: Tiers on gross sales: 5% of the first £100.00, 10% of £100.01–£500.00, 20% above £500.00; Coca*: £0.10 per item sold; Minimum £5.00 a month; Cap £100.00 a month.\n",
    );
    const stored = (await versions(partner.id)).find((v) => v.effectiveMonth === "2025-03");
    expect(JSON.parse(stored!.terms!)).toEqual({
      basis: "gross-sales",
      rate: 0,
      tiers: [
        { upTo: 10_000, rate: 500 },
        { upTo: 50_000, rate: 1000 },
        { upTo: null, rate: 2000 },
      ],
      minimumPence: 500,
      capPence: 10_000,
      products: [{ match: "Coca*", basis: "per-item", rate: 10 }],
    });
    const audit = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("entity", "=", "commission_agreement")
      .where("partnerId", "=", partner.id)
      .execute();
    expect(audit).toMatchObject([{ actorId: null, action: "agreement_set", month: "2025-03" }]);
  });

  it("--json prints the API's answer; the month's version is corrected in place", async () => {
    const { code, out } = await vendboard(
      "agreements",
      "set",
      String(partner.id),
      "--from",
      "2025-03",
      "--basis",
      "per-machine",
      "--amount",
      "25",
      "--json",
    );
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      agreement: {
        effectiveMonth: "2025-03",
        kind: "written",
        terms: { basis: "per-machine", amount: 25, rate: null },
        description: ["£25.00 per machine"],
        createdBy: null,
      },
      adjustments: [],
    });
    expect((await versions(partner.id)).map((v) => v.effectiveMonth)).toEqual(["0000-01", "2025-03"]);
  });

  const BAD_FLAGS: [string, string[], string][] = [
    ["no --from", ["--basis", "net-profit", "--rate", "0.1"], "--from takes a month as YYYY-MM"],
    [
      "a --from that is not YYYY-MM",
      ["--from", "March", "--basis", "net-profit", "--rate", "0.1"],
      "--from takes a month as YYYY-MM",
    ],
    [
      "an unknown basis",
      ["--from", "2025-04", "--basis", "cash", "--rate", "0.1"],
      "--basis takes one of: net-profit, gross-sales, gross-profit, per-item, per-machine",
    ],
    [
      "a rate of 1.5",
      ["--from", "2025-04", "--basis", "net-profit", "--rate", "1.5"],
      "The agreement's rate must be a fraction between 0 and 1 (0.10 is 10%)",
    ],
    [
      "--rate and --amount",
      ["--from", "2025-04", "--basis", "per-item", "--rate", "0.1", "--amount", "0.05"],
      "give --rate (a fraction, for money bases) or --amount (pounds each, for per-item and per-machine), not both",
    ],
    [
      "tiers out of order",
      ["--from", "2025-04", "--basis", "gross-sales", "--tier", "300:0.1", "--tier", "100:0.2", "--tier", ":0.3"],
      "Tier 2's upper limit must be above the tier before it",
    ],
    [
      "a tier without a colon",
      ["--from", "2025-04", "--basis", "gross-sales", "--tier", "0.1"],
      "--tier takes UPTO:RATE (tier 1 is '0.1')",
    ],
    [
      "a product rule without a basis",
      ["--from", "2025-04", "--basis", "net-profit", "--rate", "0.1", "--product", "Coke"],
      `--product takes "MATCH=BASIS:RATE" (product rule 1 is 'Coke')`,
    ],
    [
      "a per-machine agreement with a product rule",
      ["--from", "2025-04", "--basis", "per-machine", "--amount", "25", "--product", "Coke=per-item:0.1"],
      "A per-machine agreement has no product rules",
    ],
    [
      "a minimum above the cap",
      ["--from", "2025-04", "--basis", "per-item", "--amount", "0.05", "--minimum", "50", "--cap", "10"],
      "The minimum must not be above the cap",
    ],
  ];

  it.each(BAD_FLAGS)("%s: exit 2 with the message, nothing written", async (_name, flags, message) => {
    const { code, err } = await vendboard("agreements", "set", partner.username, ...flags);
    expect(err).toBe(`error: ${message}\n`);
    expect(code).toBe(2);
    expect((await versions(partner.id)).map((v) => v.effectiveMonth)).toEqual(["0000-01", "2025-03"]);
  });

  it("--file: the API's body; --from replaces its month; a bad file exits 1, mixing it with agreement flags exits 2", async () => {
    const file = writeJson("terms.json", { effectiveMonth: "2025-05", basis: "gross-profit", rate: "0.08", cap: 40 });
    const ok = await vendboard("agreements", "set", partner.username, "--file", file);
    expect(ok.code).toBe(0);
    expect(ok.err).toContain("from May 2025: 8% of gross profit; Cap £40.00 a month.");
    const moved = await vendboard("agreements", "set", partner.username, "--file", file, "--from", "2025-06", "--json");
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.out).agreement).toMatchObject({
      effectiveMonth: "2025-06",
      description: ["8% of gross profit", "Cap £40.00 a month"],
    });

    const invalid = writeJson("invalid.json", {
      effectiveMonth: "2025-07",
      basis: "per-item",
      amount: 0.05,
      minimum: 50,
      cap: 10,
    });
    expect(await vendboard("agreements", "set", partner.username, "--file", invalid)).toMatchObject({
      code: 1,
      err: `error: ${invalid}: The minimum must not be above the cap\n`,
    });
    const notJson = writeJson("broken.json", "{ basis:");
    expect(await vendboard("agreements", "set", partner.username, "--file", notJson)).toMatchObject({
      code: 1,
      err: `error: ${notJson}: not valid JSON\n`,
    });
    const missing = path.join(dir, "missing.json");
    expect((await vendboard("agreements", "set", partner.username, "--file", missing)).code).toBe(1);
    expect(await vendboard("agreements", "set", partner.username, "--file", file, "--basis", "per-item")).toMatchObject(
      { code: 2, err: "error: --file holds the whole agreement: leave out --basis\n" },
    );
    expect((await versions(partner.id)).map((v) => v.effectiveMonth)).toEqual([
      "0000-01",
      "2025-03",
      "2025-05",
      "2025-06",
    ]);
  });

  it("a partner type without commission: exit 1 with the domain's message", async () => {
    const hall = await makePartner(db, { name: "Community Hall", partnerType: "non-profit-sharing" });
    const { code, err } = await vendboard(
      "agreements",
      "set",
      hall.username,
      "--from",
      "2025-04",
      "--basis",
      "net-profit",
      "--rate",
      "0.1",
    );
    expect(code).toBe(1);
    expect(err).toBe("error: Commission is not applicable for this partner type\n");
  });
});

describe("vendboard agreements set across a paid month", () => {
  let docks: { id: number; username: string };

  beforeAll(async () => {
    docks = await makePartner(db, { name: "Dated Docks", commissionBp: 1000 });
    const machine = await makeMachine(db, docks.id, "Dock Machine");
    await makeRecord(db, machine.id, "2025-01", { totalSales: 100, revenuePence: 20_000, cogsPence: 8_000 });
    await makeRecord(db, machine.id, "2025-02", { totalSales: 50, revenuePence: 10_000, cogsPence: 3_000 });
    // 10% of (£200.00 − £80.00 − £5.98) = £11.40.
    expect((await markCommissionPaid(db, docks.id, "2025-01", null, "2025-02-10")).amountPence).toBe(1140);
  });

  it("without --adjust-paid-months: exit 1 naming the paid month and the flag; nothing written", async () => {
    const { code, err } = await vendboard(
      "agreements",
      "set",
      docks.username,
      "--from",
      "2025-01",
      "--basis",
      "per-item",
      "--amount",
      "0.15",
    );
    expect(code).toBe(1);
    expect(err).toContain("January 2025 +£3.60 to February 2025");
    expect(err).toContain("Add them with --adjust-paid-months (see them first with --preview)");
    expect(await versions(docks.id)).toHaveLength(1);
  });

  it("--preview lists the paid month it reaches", async () => {
    const { code, out } = await vendboard(
      "agreements",
      "set",
      docks.username,
      "--from",
      "2025-01",
      "--basis",
      "per-item",
      "--amount",
      "0.15",
      "--preview",
    );
    expect(code).toBe(0);
    expect(out).toContain("  January 2025: paid £11.40, under the new terms £15.00, +£3.60 to February 2025");
  });

  it("with --adjust-paid-months: the adjustment is added to the next open month and said so", async () => {
    const { code, err } = await vendboard(
      "agreements",
      "set",
      docks.username,
      "--from",
      "2025-01",
      "--basis",
      "per-item",
      "--amount",
      "0.15",
      "--adjust-paid-months",
    );
    expect(code).toBe(0);
    expect(err).toContain("Added +£3.60 to February 2025 for January 2025 (paid £11.40; under the new terms £15.00).");
    const adjustments = await db
      .selectFrom("commissionAdjustments")
      .select(["month", "forMonth", "amountPence", "reason"])
      .where("partnerId", "=", docks.id)
      .execute();
    expect(adjustments).toEqual([{ month: "2025-02", forMonth: "2025-01", amountPence: 360, reason: "agreement" }]);
  });
});
