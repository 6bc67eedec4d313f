/**
 * Sending the consolidated report by email: a real SMTP server (smtp-server on 127.0.0.1), the
 * outbox when there is no SMTP_URL, a partner without an address, SMTP failures (502, logged),
 * and the CLI: reports export --send, commissions summary / reset.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as sendReportAction } from "#app/routes/api.partners.$id.send-report.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR, MAIL_CONFIG } from "#app/utils/env.server.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { MailError } from "#domain/mail/mail-service.ts";
import { sendReport } from "#domain/commissions/statement-service.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { cliDatabase, runCli } from "./cli-run.ts";
import { startMailServer, stopMailServer, type ReceivedMail, pdfAttachment, pdfText } from "./mail.ts";

const MONTH = "2026-08";
const CLI_MONTH = "2026-07";
const FROM = "Vendboard <test@vendboard.local>";
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-email-"));
const OUTBOX = path.join(TMP, "outbox");

const received: ReceivedMail[] = [];
let server: SMTPServer;
let port: number;
let adminId: number;
let adminCookie: string;
let mailPartner: { id: number };
let noEmailPartner: { id: number };

beforeAll(async () => {
  ({ server, port } = await startMailServer((mail) => received.push(mail)));

  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  mailPartner = await makePartner(db, { name: "Mail Partner", email: "mail.partner@example.com", commissionBp: 1000 });
  await makeRecord(db, (await makeMachine(db, mailPartner.id, "Mail Lobby")).id, MONTH, {
    revenuePence: 10_000,
    cogsPence: 4_000,
  });
  noEmailPartner = await makePartner(db, { name: "No Address", email: null });
  await makeRecord(db, (await makeMachine(db, noEmailPartner.id, "Quiet Corner")).id, MONTH, {
    revenuePence: 10_000,
    cogsPence: 4_000,
  });
});

afterAll(async () => {
  await stopMailServer(server);
});

const smtpConfig = () => ({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outboxDir: OUTBOX });

/** A port nobody listens on: listen on 0, read the port, close. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const free = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

/** The text/plain part, decoded from quoted-printable (or base64) to UTF-8. */
function textBody(raw: string): string {
  const text = raw.replace(/\r\n/g, "\n");
  const part = text.split(/\n--[^\n]+\n/).find((p) => /^Content-Type:\s*text\/plain/im.test(p.split("\n\n")[0]));
  if (!part) throw new Error("no text/plain part");
  const [headers, ...rest] = part.split("\n\n");
  const body = rest.join("\n\n");
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

const emailLog = (to: string) =>
  db.selectFrom("emailLog").selectAll().where("toAddress", "=", to).orderBy("id").execute();

/** Runs the CLI on the test database, capturing what it prints. */
const vendboard = (args: string[], env: Record<string, string | undefined> = {}) => runCli(args, { env });

describe("sendReport over SMTP", () => {
  it("delivers one message with the subject, the recipient and the PDF attached; logs 'sent'", async () => {
    const before = received.length;
    const result = await sendReport(db, smtpConfig(), mailPartner.id, MONTH);
    expect(result).toEqual({ emailSent: true, error: null, details: "Sent to mail.partner@example.com" });
    expect(received.length).toBe(before + 1);
    const message = received.at(-1)!;
    expect(message.to).toEqual(["mail.partner@example.com"]);
    expect(message.from).toBe("test@vendboard.local");
    expect(message.raw).toMatch(/^Subject: Monthly Commission Report: August 2026\r?$/m);
    expect(message.raw).toMatch(/^To: mail\.partner@example\.com\r?$/m);
    expect(message.raw).toMatch(/^From: Vendboard <test@vendboard\.local>\r?$/m);
    // The body names the month's commission: 10000 - 4000 - 299 = 5701p at 10% → £5.70.
    expect(textBody(message.raw)).toContain("Commission for the month: £5.70.");

    const attachment = pdfAttachment(message.raw);
    expect(attachment.headers).toMatch(/Content-Type:\s*application\/pdf/i);
    expect(attachment.headers).toMatch(/filename="?consolidated-report-2026-08\.pdf"?/);
    expect(attachment.headers).toMatch(/Content-Transfer-Encoding:\s*base64/i);
    expect(attachment.base64.startsWith("JVBERi")).toBe(true);
    const text = pdfText(attachment.bytes);
    expect(text).toContain("Mail Partner");
    expect(text).toContain("August 2026");
    expect(text).toContain("Mail Lobby");

    const log = await emailLog("mail.partner@example.com");
    expect(log.at(-1)).toMatchObject({
      result: "sent",
      subject: "Monthly Commission Report: August 2026",
      toAddress: "mail.partner@example.com",
      error: null,
    });
    expect(log.at(-1)!.location).toBeTruthy();
  });

  it("a partner without an email address: emailSent false, no error, nothing sent or logged", async () => {
    const before = received.length;
    const logBefore = (await db.selectFrom("emailLog").selectAll().execute()).length;
    const result = await sendReport(db, smtpConfig(), noEmailPartner.id, MONTH);
    expect(result).toEqual({
      emailSent: false,
      error: null,
      details: "Report processed, but no email was sent because partner has no email address",
    });
    expect(received.length).toBe(before);
    expect((await db.selectFrom("emailLog").selectAll().execute()).length).toBe(logBefore);
  });

  it("an SMTP failure throws MailError (502) and logs 'failed' with the error", async () => {
    const before = received.length;
    const dead = await closedPort();
    const failing = sendReport(db, { ...smtpConfig(), smtpUrl: `smtp://127.0.0.1:${dead}` }, mailPartner.id, MONTH);
    await expect(failing).rejects.toBeInstanceOf(MailError);
    const error = (await failing.then(
      () => null,
      (e: unknown) => e,
    )) as MailError;
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/^The email could not be sent: /);
    expect(received.length).toBe(before);
    const failed = (await emailLog("mail.partner@example.com")).filter((row) => row.result === "failed");
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed.at(-1)).toMatchObject({ subject: "Monthly Commission Report: August 2026", location: null });
    expect(failed.at(-1)!.error).toBeTruthy();
  });

  it("the route answers 502 {emailSent: false, error, details} when SMTP fails", async () => {
    const dead = await closedPort();
    const saved = MAIL_CONFIG.smtpUrl;
    MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${dead}`;
    try {
      const response = await call(sendReportAction, `/api/partners/${mailPartner.id}/send-report`, {
        json: { month: MONTH },
        cookie: adminCookie,
        params: { id: String(mailPartner.id) },
      });
      expect(response.status).toBe(502);
      const body = await response.json();
      expect(body).toMatchObject({ emailSent: false, error: "Failed to send report" });
      expect(body.details).toMatch(/^The email could not be sent: /);
      expect(body.message).toBe(body.details);
    } finally {
      MAIL_CONFIG.smtpUrl = saved;
    }
  });
});

describe("POST /api/partners/{id}/send-report without SMTP_URL", () => {
  it("writes an .eml into <data dir>/outbox and answers {emailSent: true, error: null, details}", async () => {
    expect(MAIL_CONFIG.smtpUrl).toBeUndefined();
    const outbox = path.join(DATA_DIR, "outbox");
    expect(outbox).toBe(path.join(path.dirname(process.env.DATABASE_PATH!), "outbox"));
    const existing = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    const before = received.length;
    const response = await call(sendReportAction, `/api/partners/${mailPartner.id}/send-report`, {
      json: { month: MONTH },
      cookie: adminCookie,
      params: { id: String(mailPartner.id) },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      emailSent: true,
      error: null,
      details: "Written to the outbox for mail.partner@example.com",
    });
    const added = fs.readdirSync(outbox).filter((f) => !existing.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(outbox, added[0]), "utf8");
    expect(eml).toMatch(/^Subject: Monthly Commission Report: August 2026$/m);
    expect(eml).toMatch(/^To: mail\.partner@example\.com$/m);
    const attachment = pdfAttachment(eml);
    expect(attachment.headers).toMatch(/filename="?consolidated-report-2026-08\.pdf"?/);
    expect(attachment.base64.startsWith("JVBERi")).toBe(true);
    expect(received.length).toBe(before);
    expect((await emailLog("mail.partner@example.com")).at(-1)).toMatchObject({
      result: "written",
      location: path.join(outbox, added[0]),
    });
  });

  it("a partner without an address: 200 {emailSent: false, error: null, details} and no file", async () => {
    const outbox = path.join(DATA_DIR, "outbox");
    const count = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    const response = await call(sendReportAction, `/api/partners/${noEmailPartner.id}/send-report`, {
      json: { month: MONTH },
      cookie: adminCookie,
      params: { id: String(noEmailPartner.id) },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      emailSent: false,
      error: null,
      details: "Report processed, but no email was sent because partner has no email address",
    });
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0).toBe(count);
  });
});

describe("CLI: reports export --send, commissions summary and reset", () => {
  let flat: { id: number };
  let tiered: { id: number };
  let quiet: { id: number };
  let community: { id: number };
  let incomplete: { id: number };

  beforeAll(async () => {
    flat = await makePartner(db, { name: "Cli Flat", email: "cli.flat@example.com", commissionBp: 1250 });
    await makeRecord(db, (await makeMachine(db, flat.id, "Cli Flat Spot")).id, CLI_MONTH, {
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
    tiered = await makePartner(db, {
      name: "Cli Tiered",
      email: "cli.tiered@example.com",
      partnerType: "tiered-profit-sharing",
    });
    await makeRecord(db, (await makeMachine(db, tiered.id, "Cli Tiered Spot")).id, CLI_MONTH, {
      revenuePence: 50_000,
      cogsPence: 10_000,
    });
    quiet = await makePartner(db, { name: "Cli Quiet", email: null });
    await makeRecord(db, (await makeMachine(db, quiet.id, "Cli Quiet Spot")).id, CLI_MONTH, {
      revenuePence: 1_000,
      cogsPence: 100,
    });
    community = await makePartner(db, {
      name: "Cli Community",
      email: "cli.community@example.com",
      partnerType: "non-profit-sharing",
    });
    await makeRecord(db, (await makeMachine(db, community.id, "Cli Community Spot")).id, CLI_MONTH, {
      revenuePence: 1_000,
      cogsPence: 100,
    });
    incomplete = await makePartner(db, { name: "Cli Incomplete", email: "cli.incomplete@example.com" });
    await makeMachine(db, incomplete.id, "Cli Incomplete Spot");
  });

  it("delivers one message per complete profit-sharing partner with an address and lists the skipped ones with reasons", async () => {
    const out = path.join(TMP, "reports");
    const before = received.length;
    const run = await vendboard(["reports", "export", "--month", CLI_MONTH, "--out", out, "--send"], {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: FROM,
    });
    expect(run.code, run.err).toBe(0);
    const delivered = received.slice(before);
    expect(delivered.map((m) => m.to[0]).sort()).toEqual(["cli.flat@example.com", "cli.tiered@example.com"]);
    for (const message of delivered) {
      expect(message.raw).toMatch(/^Subject: Monthly Commission Report: July 2026\r?$/m);
      expect(pdfAttachment(message.raw).headers).toMatch(/filename="?consolidated-report-2026-07\.pdf"?/);
    }

    const lines = run.out.trim().split("\n");
    const line = (name: string) => lines.find((l) => l.includes(`${name}:`)) ?? "";
    expect(line("Cli Flat")).toMatch(/^wrote\s+Cli Flat: .*\(Sent to cli\.flat@example\.com\)$/);
    expect(line("Cli Tiered")).toMatch(/^wrote\s+Cli Tiered: .*\(Sent to cli\.tiered@example\.com\)$/);
    expect(line("Cli Quiet")).toMatch(/^wrote\s+Cli Quiet: .*\(not emailed: no email address\)$/);
    expect(line("Cli Community")).toBe("skipped Cli Community: no commission for this partner type");
    expect(line("Cli Incomplete")).toBe("skipped Cli Incomplete: 0 of 1 active machine reported");
    // Partners with records in August only are incomplete for July.
    expect(line("Mail Partner")).toBe("skipped Mail Partner: 0 of 1 active machine reported");
    expect(run.err).toContain("3 reports for July 2026");

    const files = fs.readdirSync(out).sort();
    expect(files).toHaveLength(3);
    for (const file of files)
      expect(fs.readFileSync(path.join(out, file)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const sent = await db
      .selectFrom("emailLog")
      .selectAll()
      .where("result", "=", "sent")
      .where("subject", "=", "Monthly Commission Report: July 2026")
      .execute();
    expect(sent.map((r) => r.toAddress).sort()).toEqual(["cli.flat@example.com", "cli.tiered@example.com"]);
  });

  it("reports export --json gives each partner's outcome", async () => {
    const run = await vendboard([
      "reports",
      "export",
      "--month",
      CLI_MONTH,
      "--out",
      path.join(TMP, "reports-json"),
      "--json",
    ]);
    expect(run.code).toBe(0);
    const outcome = JSON.parse(run.out);
    expect(outcome.month).toBe(CLI_MONTH);
    const byId = new Map(outcome.reports.map((r: { partnerId: number }) => [r.partnerId, r]));
    expect(byId.get(flat.id)).toMatchObject({ status: "written" });
    expect(byId.get(community.id)).toMatchObject({ status: "skipped", reason: "no commission for this partner type" });
    expect(byId.get(incomplete.id)).toMatchObject({ status: "skipped", reason: "0 of 1 active machine reported" });
  });

  it("commissions summary --month M --json", async () => {
    const run = await vendboard(["commissions", "summary", "--month", CLI_MONTH, "--json"]);
    expect(run.code, run.err).toBe(0);
    const summary = JSON.parse(run.out);
    expect(summary.month).toBe(CLI_MONTH);
    const row = (id: number) => summary.rows.find((r: { partnerId: number }) => r.partnerId === id);
    // 10000 - 4000 - 299 = 5701p at 12.5% = 712.625 → £7.13.
    expect(row(flat.id)).toMatchObject({
      profitShare: 7.13,
      paymentStatus: "pending",
      allReportsSubmitted: true,
      commissionPercentage: "0.1250",
    });
    // 50000 - 10000 - 1495 = 38505p: 2250 + 3000 + 8505 × 30% = 2551.5 → 2552; total 7802p.
    expect(row(tiered.id)).toMatchObject({ profitShare: 78.02, paymentStatus: "pending" });
    expect(row(community.id)).toMatchObject({ profitShare: 0, paymentStatus: "not_applicable" });
    expect(row(incomplete.id)).toMatchObject({ allReportsSubmitted: false, submittedReports: 0, totalMachines: 1 });
    // Quiet: 1000 - 100 - 30 = 870p at 10% = 87p. Due = 7.13 + 78.02 + 0.87 (+ incomplete partners' 0).
    expect(summary.totalCommissionDue).toBe(86.02);

    const table = await vendboard(["commissions", "summary", "--month", CLI_MONTH]);
    expect(table.code).toBe(0);
    expect(table.out).toContain("Commissions for July 2026");
    expect(table.out).toContain("Cli Flat");
    expect(table.out).toContain("Total commissions due: £86.02");
  });

  it("commissions reset --month M sets that month's payments back to pending, keeping the money paid (exit 0)", async () => {
    await markCommissionPaid(db, flat.id, CLI_MONTH, adminId, "2026-08-05");
    await markCommissionPaid(db, tiered.id, CLI_MONTH, adminId, "2026-08-05");
    const paidSummary = JSON.parse((await vendboard(["commissions", "summary", "--month", CLI_MONTH, "--json"])).out);
    expect(paidSummary.rows.find((r: { partnerId: number }) => r.partnerId === flat.id)).toMatchObject({
      paymentStatus: "completed",
      paidDate: "2026-08-05",
    });

    const run = await vendboard(["commissions", "reset", "--month", CLI_MONTH]);
    expect(run.code, run.err).toBe(0);
    expect(run.err).toContain(
      "Reset 2 commission payments for July 2026; money already paid stays recorded and paying again pays only the difference.",
    );
    // Money paid is kept now (this pinned "reset deletes the payments"): both go back to pending and their money paid stays.
    expect(
      (await db.selectFrom("commissionPayments").select("status").where("month", "=", CLI_MONTH).execute()).map(
        (p) => p.status,
      ),
    ).toEqual(["pending", "pending"]);
    expect(
      await db.selectFrom("commissionTransfers").select("partnerId").where("month", "=", CLI_MONTH).execute(),
    ).toHaveLength(2);
    const json = await vendboard(["commissions", "reset", "--month", CLI_MONTH, "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual({ database: cliDatabase(), month: CLI_MONTH, reset: 0 });
  });

  it("a bad or missing --month exits 2", async () => {
    for (const args of [
      ["commissions", "summary", "--month", "2026-13"],
      ["commissions", "summary", "--month", "July"],
      ["commissions", "reset", "--month", "2026-7"],
      ["commissions", "reset"],
      ["reports", "export", "--month", "2026-13", "--out", path.join(TMP, "never")],
    ]) {
      const run = await vendboard(args);
      expect(run.code, args.join(" ")).toBe(2);
    }
    const bad = await vendboard(["commissions", "summary", "--month", "2026-13"]);
    expect(bad.err).toContain("--month takes a month as YYYY-MM");
  });
});

describe("reports export --send runs once a month", () => {
  it("a rerun skips partners already sent this month's report, --resend sends again", async () => {
    const { reportAlreadySent } = await import("#domain/commissions/statement-service.ts");
    const partner = await makePartner(db, { partnerType: "profit-sharing", email: "once@example.com" });
    const machine = await makeMachine(db, partner.id);
    await makeRecord(db, machine.id, "2026-04", { revenuePence: 10_000, cogsPence: 4_000 });
    expect(await reportAlreadySent(db, partner.id, "2026-04")).toBe(false);
    await db
      .insertInto("emailLog")
      .values({
        toAddress: "once@example.com",
        subject: "Monthly Commission Report: April 2026",
        result: "written",
        error: null,
        location: "x.eml",
      })
      .execute();
    expect(await reportAlreadySent(db, partner.id, "2026-04")).toBe(true);
    expect(await reportAlreadySent(db, partner.id, "2026-05")).toBe(false);
  });
});
