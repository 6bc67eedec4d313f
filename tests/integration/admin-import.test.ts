/** /admin/import: the business-wide import's loader and action (preview, mapping, import), through the route module. */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/admin.import.tsx";
import { db } from "#app/utils/db.server.ts";
import type { ImportActionData } from "#app/utils/import.server.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { BASE, call } from "./http.ts";
import { loginCookie } from "./session.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures");
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, "expected.json"), "utf8"));
const THREE = "three-machines-2026-09.xlsx";

let adminCookie: string;
let partnerCookie: string;
let leedsId: number;
let yorkId: number;
let libraryId: number;

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  const partner = await makePartner(db, { name: "North Sites" });
  partnerCookie = await loginCookie(partner.username);
  leedsId = (await makeMachine(db, partner.id, "Leeds Station Concourse")).id;
  yorkId = (await makeMachine(db, partner.id, "York Hospital Atrium")).id;
  // Bradford's machine is known by another location: its exports' name is unmapped at first.
  libraryId = (await makeMachine(db, partner.id, "Central Library, Bradford")).id;
});

async function post(
  fields: Record<string, string>,
  files: string[] = [THREE],
  cookie: string | null = adminCookie,
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const file of files)
    form.append("files", new File([new Uint8Array(fs.readFileSync(path.join(FIXTURES, file)))], file));
  const request = new Request(`${BASE}/admin/import`, {
    method: "POST",
    body: form,
    headers: cookie ? { cookie } : {},
  });
  try {
    const result = await action({ request, params: {}, context: {} });
    return result instanceof Response ? result : Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const salesCount = async () =>
  Number(
    (
      await db
        .selectFrom("sales")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("/admin/import", () => {
  it("sends anonymous visitors to /auth and partners to /", async () => {
    expect((await call(loader, "/admin/import")).headers.get("location")).toMatch(/^\/auth/);
    expect((await call(loader, "/admin/import", { cookie: partnerCookie })).headers.get("location")).toBe("/");
    expect((await post({ intent: "preview" }, [THREE], null)).headers.get("location")).toMatch(/^\/auth/);
    expect((await post({ intent: "preview" }, [THREE], partnerCookie)).headers.get("location")).toBe("/");
  });

  it("answers clear errors for no file, a wrong type and a bad month", async () => {
    expect(((await (await post({ intent: "preview" }, [])).json()) as ImportActionData).error).toBe("No file selected");
    const form = new FormData();
    form.set("intent", "preview");
    form.append("files", new File(["a,b"], "sales.ods"));
    const wrong = await action({
      request: new Request(`${BASE}/admin/import`, { method: "POST", body: form, headers: { cookie: adminCookie } }),
      params: {},
      context: {},
    });
    expect(wrong.error).toBe("sales.ods: Please select an Excel file to upload");
    expect(((await (await post({ intent: "preview", month: "Sept" })).json()) as ImportActionData).error).toBe(
      "Month must be YYYY-MM",
    );
  });

  it("previews a three-machine export grouped by machine and month, lists the unmapped name and saves nothing", async () => {
    const preview = (await (await post({ intent: "preview" })).json()) as ImportActionData;
    expect(preview.error).toBeNull();
    expect(preview.unmapped).toEqual(["Bradford Library"]);
    const [file] = preview.outcomes;
    if (!file.ok) throw new Error(file.error);
    const machines = expected["three-machines-2026-09"].machines;
    expect(file.result.groups.map((g) => [g.location, g.month, g.units, g.revenuePence, g.imported])).toEqual([
      [
        "Leeds Station Concourse",
        "2026-09",
        machines["Leeds Station Concourse"].units,
        machines["Leeds Station Concourse"].revenuePence,
        machines["Leeds Station Concourse"].units,
      ],
      [
        "York Hospital Atrium",
        "2026-09",
        machines["York Hospital Atrium"].units,
        machines["York Hospital Atrium"].revenuePence,
        machines["York Hospital Atrium"].units,
      ],
    ]);
    expect(file.result.unmapped).toEqual([{ reason: "Bradford Library", count: 32 }]);
    expect(await salesCount()).toBe(0);
    // Import without the mapping is refused, and changes nothing.
    const refused = (await (await post({ intent: "import" })).json()) as ImportActionData;
    expect(refused.error).toBe("Map every Machine Name to a machine before importing: Bradford Library");
    expect(await salesCount()).toBe(0);
  });

  it("a preview with the mapping routes the name's rows to the chosen machine, keeps the choice on the page and saves nothing", async () => {
    const preview = (await (
      await post({ intent: "preview", "map:Bradford Library": String(libraryId), "map:Nowhere Else": String(yorkId) })
    ).json()) as ImportActionData;
    expect(preview.error).toBeNull();
    expect(preview.unmapped).toEqual([]);
    // Only names the file carries come back: a stale choice for another file's name is dropped.
    expect(preview.mappings).toEqual([{ name: "Bradford Library", machineId: libraryId }]);
    expect(preview.newRows).toBe(98);
    const [file] = preview.outcomes;
    if (!file.ok) throw new Error(file.error);
    expect(file.result.mapped).toEqual([{ reason: "Bradford Library", count: 32 }]);
    expect(file.result.groups.map((g) => [g.machineId, g.units, g.imported])).toEqual([
      [leedsId, 34, 34],
      [yorkId, 32, 32],
      [libraryId, 32, 32],
    ]);
    expect(await salesCount()).toBe(0);
    const machines = await db
      .selectFrom("machines")
      .select("telemetryName")
      .where("id", "in", [leedsId, yorkId, libraryId])
      .execute();
    expect(machines.map((m) => m.telemetryName)).toEqual([null, null, null]);
  });

  it("imports with the mapping: remembered as the machine's telemetry name, 98 rows booked once; again adds nothing", async () => {
    const done = (await (
      await post({ intent: "import", "map:Bradford Library": String(libraryId), "map:Nowhere Else": String(yorkId) })
    ).json()) as ImportActionData;
    expect(done.error).toBeNull();
    expect(done.intent).toBe("import");
    expect(done.newRows).toBe(98);
    const [file] = done.outcomes;
    if (!file.ok) throw new Error(file.error);
    expect(file.result.groups.map((g) => [g.machineId, g.units, g.imported])).toEqual([
      [leedsId, 34, 34],
      [yorkId, 32, 32],
      [libraryId, 32, 32],
    ]);
    expect(await salesCount()).toBe(98);
    const transactions = await db.selectFrom("sales").select(["transactionId", "kind"]).distinct().execute();
    expect(transactions).toHaveLength(98);
    expect(
      (await db.selectFrom("machines").select("telemetryName").where("id", "=", libraryId).executeTakeFirstOrThrow())
        .telemetryName,
    ).toBe("Bradford Library");
    expect(
      (await db.selectFrom("machines").select("telemetryName").where("id", "=", yorkId).executeTakeFirstOrThrow())
        .telemetryName,
    ).toBeNull();
    const audit = await db
      .selectFrom("auditLog")
      .select(["action", "entityId"])
      .where("action", "=", "map_telemetry_name")
      .execute();
    expect(audit).toEqual([{ action: "map_telemetry_name", entityId: String(libraryId) }]);

    const again = (await (await post({ intent: "preview" })).json()) as ImportActionData;
    expect(again.unmapped).toEqual([]);
    expect(again.newRows).toBe(0);
    const refused = (await (await post({ intent: "import" })).json()) as ImportActionData;
    expect(refused.error).toBe("Nothing to import: every row is already booked, closed or left out");
    expect(await salesCount()).toBe(98);
  });
});
