/**
 * Issue 31, point 5: payout references read "<PREFIX> COMM YYYY-MM". The prefix is "VB" while no
 * trading name is saved, then the trading name's initials without Ltd, Limited or PLC, or what
 * Settings saves (1 to 5 Bacs characters, refused with a message naming the field). Checked where a
 * reference goes: GET /api/commissions/payouts, the bank file, a batch marked paid, the remittance
 * received over SMTP, the payouts page, and the CLI's output and file. Runs in order: each step
 * pays its own ended month.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/admin.settings.tsx";
import { loader as candidatesLoader } from "#app/routes/api.commissions.payouts.ts";
import { loader as fileLoader } from "#app/routes/api.commissions.payouts.file.ts";
import { action as markPaidAction } from "#app/routes/api.commissions.payouts.mark-paid.ts";
import { loader as payoutsPageLoader } from "#app/routes/admin.payouts.tsx";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { getBusinessProfile } from "#domain/business/business-service.ts";
import { PAYOUT_PREFIX_MESSAGE } from "#domain/business/business-schemas.ts";
import { remittanceSubject } from "#domain/payouts/remittance-service.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { BASE, call } from "./http.ts";
import { runCli } from "./cli-run.ts";
import { startMailServer, stopMailServer, subjectOf, textBody, type ReceivedMail } from "./mail.ts";
import { loginCookie } from "./session.ts";

const M_DEFAULT = "2026-04";
const M_INITIALS = "2026-05";
const M_SAVED = "2026-06";

const received: ReceivedMail[] = [];
let server: SMTPServer;
let port: number;
let adminCookie: string;
let partnerCookie: string;
let savedSmtp: string | undefined;

/** The settings form as the browser posts it (multipart, no logo). */
async function postSettings(fields: Record<string, string>, cookie: string | null = adminCookie) {
  const body = new FormData();
  body.set("intent", "business-update");
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("logo", new File([], "", { type: "application/octet-stream" }));
  const headers = new Headers({ origin: BASE });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${BASE}/admin/settings`, { method: "POST", body, headers });
  try {
    const result = await settingsAction({ request, params: {}, context: {} });
    if (result instanceof Response) return result;
    const { data, init } = result as unknown as { data: unknown; init?: ResponseInit };
    return Response.json(data, init);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const settingsPage = async () =>
  (await (await call(settingsLoader, "/admin/settings", { cookie: adminCookie })).json()) as {
    defaultPrefix: string;
    values: { payoutPrefix: string | null };
  };
const candidates = async (month: string) =>
  (await (await call(candidatesLoader, `/api/commissions/payouts?month=${month}`, { cookie: adminCookie })).json()) as {
    eligible: { reference: string }[];
  };
const bankFile = async (month: string) =>
  (await call(fileLoader, `/api/commissions/payouts/file?month=${month}`, { cookie: adminCookie })).text();
const markPaid = async (month: string, partnerIds: number[]) =>
  call(markPaidAction, "/api/commissions/payouts/mark-paid", {
    json: { month, partnerIds },
    cookie: adminCookie,
  });
const remittanceText = (month: string) => {
  const mail = received.find((m) => m.to.includes("pay@example.com") && subjectOf(m.raw) === remittanceSubject(month));
  return mail ? textBody(mail.raw) : "";
};

let payeeId: number;

beforeAll(async () => {
  ({ server, port } = await startMailServer((mail) => received.push(mail)));
  savedSmtp = MAIL_CONFIG.smtpUrl;
  MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${port}`;
  const admin = await makeAdmin(db);
  adminCookie = await loginCookie(admin.username);
  // 10% of net 57.01 (100.00 − 40.00 − card fee) = £5.70 a month.
  const partner = await makePartner(db, {
    name: "Prefix Kiosk",
    email: "pay@example.com",
    commissionBp: 1000,
    bankName: "Yorkshire Bank",
    sortCode: "05-01-23",
    accountNumber: "41234567",
  });
  payeeId = partner.id;
  const machine = await makeMachine(db, partner.id, "Prefix machine");
  for (const month of [M_DEFAULT, M_INITIALS, M_SAVED])
    await makeRecord(db, machine.id, month, { revenuePence: 10_000, cogsPence: 4_000 });
  partnerCookie = await loginCookie((await makePartner(db, { name: "Nosy" })).username);
});

afterAll(async () => {
  MAIL_CONFIG.smtpUrl = savedSmtp;
  await stopMailServer(server);
});

describe("payout references follow the business's prefix", () => {
  it("VB while no trading name is saved: the API, the file, the batch and its remittance", async () => {
    expect((await settingsPage()).defaultPrefix).toBe("VB");
    expect((await candidates(M_DEFAULT)).eligible.map((l) => l.reference)).toEqual(["VB COMM 2026-04"]);
    expect(await bankFile(M_DEFAULT)).toContain("PREFIX KIOSK,050123,41234567,5.70,VB COMM 2026-04\r\n");
    const paid = await markPaid(M_DEFAULT, [payeeId]);
    expect(paid.status).toBe(200);
    expect((await paid.json()).paid).toEqual([expect.objectContaining({ reference: "VB COMM 2026-04" })]);
    expect(remittanceText(M_DEFAULT)).toContain("Payment reference: VB COMM 2026-04");
  });

  it("a refused prefix: 400 with the message naming the field, nothing saved", async () => {
    for (const bad of ["TOOLONG", "V_B", "-VB", "VÉ"]) {
      const response = await postSettings({ tradingName: "Northern Vending Services PLC", payoutPrefix: bad });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.fieldErrors).toEqual({ payoutPrefix: PAYOUT_PREFIX_MESSAGE });
      expect(body.error).toBe(PAYOUT_PREFIX_MESSAGE);
      expect(body.values.payoutPrefix).toBe(bad);
    }
    expect(PAYOUT_PREFIX_MESSAGE).toMatch(/^Payout reference prefix must be 1 to 5 characters/);
    expect((await getBusinessProfile(db)).updatedAt).toBeNull();
  });

  it("a partner cannot save settings (sent to /)", async () => {
    const response = await postSettings({ tradingName: "Sneaky Ltd", payoutPrefix: "SN" }, partnerCookie);
    expect(response.status).toBe(302);
    expect((await getBusinessProfile(db)).updatedAt).toBeNull();
  });

  it("a trading name saved without a prefix: its initials without PLC, on the page, the file, the batch and the remittance", async () => {
    expect((await postSettings({ tradingName: "Northern Vending Services PLC", payoutPrefix: "" })).status).toBe(302);
    expect(await settingsPage()).toMatchObject({ defaultPrefix: "NVS", values: { payoutPrefix: null } });
    const page = (await (
      await call(payoutsPageLoader, `/admin/payouts?month=${M_INITIALS}`, { cookie: adminCookie })
    ).json()) as { plan: { reference: string; eligible: { reference: string }[] } };
    expect(page.plan.reference).toBe("NVS COMM 2026-05");
    expect(page.plan.eligible.map((l) => l.reference)).toEqual(["NVS COMM 2026-05"]);
    expect(await bankFile(M_INITIALS)).toContain(",5.70,NVS COMM 2026-05\r\n");
    const paid = await markPaid(M_INITIALS, [payeeId]);
    expect((await paid.json()).paid).toEqual([expect.objectContaining({ reference: "NVS COMM 2026-05" })]);
    expect(remittanceText(M_INITIALS)).toContain("Payment reference: NVS COMM 2026-05");
    const stored = await db
      .selectFrom("commissionTransfers")
      .select(["month", "reference"])
      .where("partnerId", "=", payeeId)
      .orderBy("month")
      .execute();
    // The month paid before keeps the reference it was paid with.
    expect(stored).toEqual([
      { month: M_DEFAULT, reference: "VB COMM 2026-04" },
      { month: M_INITIALS, reference: "NVS COMM 2026-05" },
    ]);
  });

  it("Limited and Ltd are left out too", async () => {
    for (const [name, prefix] of [
      ["Aire Street Snacks Limited", "ASS"],
      ["Leeds Kiosks Ltd", "LK"],
    ]) {
      expect((await postSettings({ tradingName: name })).status).toBe(302);
      expect((await settingsPage()).defaultPrefix).toBe(prefix);
      expect((await candidates(M_SAVED)).eligible.map((l) => l.reference)).toEqual([`${prefix} COMM 2026-06`]);
    }
  });

  it("a prefix saved in Settings (stored upper case): the CLI's lines, its file and the remittance", async () => {
    // A bank file made under the old prefix is not paid under the new one: made again first.
    expect(await bankFile(M_SAVED)).toContain(",5.70,LK COMM 2026-06\r\n");
    expect((await postSettings({ tradingName: "Leeds Kiosks Ltd", payoutPrefix: " vend " })).status).toBe(302);
    expect(await settingsPage()).toMatchObject({ defaultPrefix: "LK", values: { payoutPrefix: "VEND" } });
    const stale = await markPaid(M_SAVED, [payeeId]);
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe(
      "Prefix Kiosk's commission for June 2026 changed since the bank file was made: the file pays £5.70 (LK COMM 2026-06), it now comes to £5.70 (VEND COMM 2026-06). Download the bank file again before marking the batch paid.",
    );
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-prefix-")), "june.csv");
    const run = await runCli(["commissions", "payouts", "--month", M_SAVED, "--out", out, "--mark-paid"], {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    expect(run.code).toBe(0);
    expect(run.out).toContain("pay      Prefix Kiosk: £5.70 to PREFIX KIOSK 050123 ****4567 (VEND COMM 2026-06)\n");
    expect(fs.readFileSync(out, "utf8")).toBe(
      "Payee name,Sort code,Account number,Amount,Reference\r\nPREFIX KIOSK,050123,41234567,5.70,VEND COMM 2026-06\r\n",
    );
    expect(remittanceText(M_SAVED)).toContain("Payment reference: VEND COMM 2026-06");
  });
});
