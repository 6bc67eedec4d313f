/**
 * The partner page's Download Report link (/resources/partners/{id}/report?month=): the month's
 * consolidated PDF, or back to the partner's page with 'Failed to download report' and the reason
 * (never an error body saved as a PDF).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/resources.partners.$id.report.ts";
import { db } from "#app/utils/db.server.ts";
import { currentMonth, previousMonth } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
let partnerCookie: string;
let partner: { id: number; username: string };
let other: { id: number };
const get = (id: number, query: string, cookie: string | null) =>
  call(loader, `/resources/partners/${id}/report${query}`, { cookie, params: { id: String(id) } });

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  partner = await makePartner(db);
  other = await makePartner(db);
  partnerCookie = await loginCookie(partner.username);
  await makeRecord(db, (await makeMachine(db, partner.id)).id, previousMonth(), {
    totalSales: 3,
    revenuePence: 1_000,
    cogsPence: 400,
  });
});

describe("Download Report", () => {
  it("answers the month's PDF as an attachment, to the admin and to the partner", async () => {
    for (const cookie of [adminCookie, partnerCookie]) {
      const response = await get(partner.id, `?month=${previousMonth()}`, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="consolidated-report.pdf"');
      expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    }
  });

  it("a month in progress goes back to the partner's page with 'Failed to download report' and the reason", async () => {
    const response = await get(partner.id, `?month=${currentMonth()}`, adminCookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/partners/${partner.id}`);
    const toast = await flashedToast(response);
    expect(toast).toMatchObject({ title: "Failed to download report", variant: "destructive" });
    expect(toast?.description).toMatch(/month to date|has not ended|ends/i);
  });

  it("a bad month says so; anonymous visitors sign in; another partner's report is not theirs", async () => {
    expect(await flashedToast(await get(partner.id, "?month=soon", adminCookie))).toMatchObject({
      title: "Failed to download report",
      description: "Month must be YYYY-MM or an ISO date",
    });
    expect((await get(partner.id, "", null)).headers.get("location")).toBe("/auth");
    const theirs = await get(other.id, `?month=${previousMonth()}`, partnerCookie);
    expect(theirs.status).toBe(302);
    expect(theirs.headers.get("location")).toBe("/");
  });
});
