/**
 * Issue 33 point 3, machine names that route: adding or editing a machine whose location or
 * telemetry name another machine answers to succeeds with `warnings` naming it (API 201 kept; the
 * forms' pages show it and offer a telemetry name), and an import naming a location two machines
 * share names both machines on the web, the API's answers and the CLI.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action as machinesAction } from "#app/routes/api.machines.ts";
import { action as machineAction } from "#app/routes/api.machines.$id.ts";
import { action as newMachinePage } from "#app/routes/partners.$partnerId_.machines.new.tsx";
import { action as editMachinePage } from "#app/routes/machines.$machineId.edit.tsx";
import { action as importPage } from "#app/routes/admin.import.tsx";
import { db } from "#app/utils/db.server.ts";
import { setTelemetryName } from "#domain/machines/machine-service.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { BASE, call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { runCli } from "./cli-run.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures");
const THREE = "three-machines-2026-09.xlsx";

let adminCookie: string;
let partnerCookie: string;
let northId: number;
let southId: number;

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  const north = await makePartner(db, { name: "North Sites" });
  northId = north.id;
  partnerCookie = await loginCookie(north.username);
  southId = (await makePartner(db, { name: "South Sites" })).id;
  await makeMachine(db, northId, "Leeds Station Concourse");
  await makeMachine(db, northId, "York Hospital Atrium");
  await makeMachine(db, northId, "Central Library, Bradford");
  const pier = await makeMachine(db, northId, "Pier Lobby");
  await setTelemetryName(db, pier.id, "WHITBY-01", null);
});

const create = (json: unknown, cookie: string | null = adminCookie) =>
  call(machinesAction, "/api/machines", { method: "POST", json, cookie });

describe("POST /api/machines: warnings", () => {
  it("401 signed out, 403 for a partner, 400 without a location", async () => {
    expect((await create({ partnerId: southId, location: "X" }, null)).status).toBe(401);
    expect((await create({ partnerId: southId, location: "X" }, partnerCookie)).status).toBe(403);
    const bad = await create({ partnerId: southId, location: " " });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Location is required" });
  });

  it("a location no other machine answers to: 201 with no warnings", async () => {
    const res = await create({ partnerId: southId, location: "Scarborough Spa Kiosk" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ partnerId: southId, location: "Scarborough Spa Kiosk", status: "active" });
    expect(body.warnings).toEqual([]);
    expect(body).not.toHaveProperty("clashes");
  });

  it("another machine's location: 201, saved, with a warning naming that machine", async () => {
    const res = await create({ partnerId: southId, location: "  york hospital ATRIUM " });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.location).toBe("york hospital ATRIUM");
    expect(body.warnings).toEqual([
      "'york hospital ATRIUM' is also the location of York Hospital Atrium (North Sites): exports naming it go to neither machine until one of them has it as its telemetry name",
    ]);
    await db.deleteFrom("machines").where("id", "=", body.id).execute();
  });

  it("another machine's telemetry name: 201 with a warning that its exports go there", async () => {
    const body = await (await create({ partnerId: southId, location: "whitby-01" })).json();
    expect(body.warnings).toEqual([
      "'whitby-01' is the telemetry name of Pier Lobby (North Sites): exports naming it go to that machine, not this one",
    ]);
    await db.deleteFrom("machines").where("id", "=", body.id).execute();
  });
});

describe("PATCH /api/machines/{id}: warnings", () => {
  it("401, 403, 400, and 200 with the warning when the new location clashes", async () => {
    const machine = await makeMachine(db, southId, "Filey Arcade");
    const patch = (json: unknown, cookie: string | null = adminCookie) =>
      call(machineAction, `/api/machines/${machine.id}`, {
        method: "PATCH",
        json,
        cookie,
        params: { id: String(machine.id) },
      });
    expect((await patch({ location: "Leeds Station Concourse" }, null)).status).toBe(401);
    expect((await patch({ location: "Leeds Station Concourse" }, partnerCookie)).status).toBe(403);
    expect((await patch({})).status).toBe(400);
    const quiet = await patch({ status: "inactive" });
    expect(quiet.status).toBe(200);
    expect((await quiet.json()).warnings).toEqual([]);
    const res = await patch({ location: "Leeds Station Concourse" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: machine.id, location: "Leeds Station Concourse" });
    expect(body.warnings).toEqual([
      "'Leeds Station Concourse' is also the location of Leeds Station Concourse (North Sites): exports naming it go to neither machine until one of them has it as its telemetry name",
    ]);
    await db.deleteFrom("machines").where("id", "=", machine.id).execute();
  });
});

describe("the forms' pages show the warning and offer a telemetry name", () => {
  it("Add New Machine without JavaScript: answered as a page with the clash (no redirect)", async () => {
    const res = await call(newMachinePage, `/partners/${southId}/machines/new`, {
      method: "POST",
      cookie: adminCookie,
      params: { partnerId: String(southId) },
      form: { intent: "machine-create", partnerId: String(southId), location: "Pier Lobby", redirectTo: "/x" },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ intent: "machine-create", saved: true, machine: { location: "Pier Lobby" } });
    expect(body.clashes.map((c: { other: { location: string } }) => c.other.location)).toEqual(["Pier Lobby"]);
    // The offer: giving the new machine a telemetry name of its own, from the edit page too.
    const named = await call(editMachinePage, `/machines/${body.machine.id}/edit`, {
      method: "POST",
      cookie: adminCookie,
      params: { machineId: String(body.machine.id) },
      form: { intent: "machine-telemetry-name", id: String(body.machine.id), telemetryName: "SCAR-02" },
    });
    expect(named.status).toBe(302);
    const row = await db.selectFrom("machines").selectAll().where("id", "=", body.machine.id).executeTakeFirstOrThrow();
    expect(row.telemetryName).toBe("SCAR-02");
    // Edit Machine with the same location again: still the warning, now the other way round is settled by names.
    const edited = await call(editMachinePage, `/machines/${row.id}/edit`, {
      method: "POST",
      cookie: adminCookie,
      params: { machineId: String(row.id) },
      form: { intent: "machine-update", id: String(row.id), location: "Pier Lobby" },
    });
    expect((await edited.json()).clashes[0].message).toContain("Pier Lobby (North Sites)");
    await db.deleteFrom("machines").where("id", "=", row.id).execute();
  });
});

describe("an import naming a location two machines answer to", () => {
  let twinId: number;
  beforeAll(async () => {
    twinId = (await makeMachine(db, southId, "York Hospital Atrium")).id;
  });

  it("/admin/import: the preview names both machines, not 'no machine answers'", async () => {
    const form = new FormData();
    form.set("intent", "preview");
    form.append("files", new File([new Uint8Array(fs.readFileSync(path.join(FIXTURES, THREE)))], THREE));
    const request = new Request(`${BASE}/admin/import`, {
      method: "POST",
      body: form,
      headers: { cookie: adminCookie },
    });
    const result = await importPage({ request, params: {}, context: {} });
    expect(result.unmapped).toContain("York Hospital Atrium");
    expect(result.shared).toEqual([
      {
        name: "York Hospital Atrium",
        machines: [
          expect.objectContaining({ location: "York Hospital Atrium", partnerName: "North Sites" }),
          expect.objectContaining({ id: twinId, location: "York Hospital Atrium", partnerName: "South Sites" }),
        ],
      },
    ]);
    const outcome = result.outcomes[0];
    if (!outcome.ok) throw new Error(outcome.error);
    const reasons = outcome.result.leftOut.map((l) => l.reason);
    expect(reasons).toContain(
      "naming 'York Hospital Atrium', which York Hospital Atrium (North Sites) and York Hospital Atrium (South Sites) both answer to",
    );
    expect(reasons.join("\n")).not.toContain("'York Hospital Atrium', which no machine answers to");
  });

  it("vendboard import: a dry run lists both machines; the import refuses naming both", async () => {
    const file = path.join(FIXTURES, THREE);
    const dry = await runCli(["import", file, "--dry-run"]);
    expect(dry.out + dry.err).toContain(
      "naming 'York Hospital Atrium', which York Hospital Atrium (North Sites) and York Hospital Atrium (South Sites) both answer to",
    );
    const run = await runCli(["import", file]);
    expect(run.code).toBe(1);
    expect(run.err).toContain(
      "2 machines answer to 'York Hospital Atrium': York Hospital Atrium (North Sites) and York Hospital Atrium (South Sites). Give one of them that name as its telemetry name (map it to a machine on /admin/import, or import with --map \"NAME=ID\")",
    );
  });

  it("a telemetry name of its own leaves the location shared; the shared name as one's telemetry name routes it", async () => {
    const file = path.join(FIXTURES, THREE);
    const shared =
      "naming 'York Hospital Atrium', which York Hospital Atrium (North Sites) and York Hospital Atrium (South Sites) both answer to";
    await setTelemetryName(db, twinId, "YHA-SOUTH", null);
    expect((await runCli(["import", file, "--dry-run"])).err).toContain(shared);
    const north = await db
      .selectFrom("machines")
      .select("id")
      .where("location", "=", "York Hospital Atrium")
      .where("partnerId", "=", northId)
      .executeTakeFirstOrThrow();
    // The offer on the form's page: the shared name given to the north machine.
    const named = await call(editMachinePage, `/machines/${north.id}/edit`, {
      method: "POST",
      cookie: adminCookie,
      params: { machineId: String(north.id) },
      form: { intent: "machine-telemetry-name", id: String(north.id), telemetryName: " york hospital  atrium " },
    });
    expect(named.status).toBe(302);
    const dry = await runCli(["import", file, "--dry-run", "--json"]);
    const routed = JSON.parse(dry.out).files[0].result;
    expect(routed.shared).toEqual([]);
    expect(routed.groups.map((g: { location: string }) => g.location)).toContain("York Hospital Atrium");
    expect(JSON.stringify(routed.leftOut)).not.toContain("York Hospital Atrium");
    // The same name for the other machine is refused, naming the machine that has it.
    const taken = await call(editMachinePage, `/machines/${twinId}/edit`, {
      method: "POST",
      cookie: adminCookie,
      params: { machineId: String(twinId) },
      form: { intent: "machine-telemetry-name", id: String(twinId), telemetryName: "York Hospital Atrium" },
    });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(await taken.json())).toContain("'York Hospital Atrium' already names York Hospital Atrium");
    await db.updateTable("machines").set({ telemetryName: null }).where("id", "in", [north.id, twinId]).execute();
  });

  it("the machine's own upload preview warns that its name is shared", async () => {
    const { action: previewAction } = await import("#app/routes/api.machines.$id.records.preview.ts");
    const form = new FormData();
    form.set("month", "2026-10");
    const single = "single-machine-2026-10.xlsx";
    form.set("reportFile", new File([new Uint8Array(fs.readFileSync(path.join(FIXTURES, single)))], single));
    const leeds = await db
      .selectFrom("machines")
      .select("id")
      .where("location", "=", "Leeds Station Concourse")
      .executeTakeFirstOrThrow();
    const twin = await makeMachine(db, southId, "Leeds Station Concourse");
    const request = new Request(`${BASE}/api/machines/${leeds.id}/records/preview`, {
      method: "POST",
      body: form,
      headers: { cookie: adminCookie },
    });
    const res = await previewAction({ request, params: { id: String(leeds.id) }, context: {} });
    const body = await res.json();
    // Still this machine's rows: the upload names its machine in the URL.
    expect(body).toMatchObject({ units: 44, revenuePence: 6150 });
    expect(body.warnings).toEqual([
      "'Leeds Station Concourse' also answers to Leeds Station Concourse (South Sites): the business-wide import and vendboard import cannot route its rows until one of them has it as its telemetry name",
    ]);
    await db.deleteFrom("machines").where("id", "=", twin.id).execute();
  });
});
