import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { deleteRecord } from "#domain/machines/machine-service.ts";
import { importUpload, pruneUploads } from "#domain/imports/import-service.ts";
import { makeMachine, makePartner } from "#tests/factories.ts";

describe("stored uploads", () => {
  it("are kept while a receipt points to them and removed once none does", async () => {
    const partner = await makePartner(db);
    const machine = await makeMachine(db, partner.id, "Leeds Station Concourse");
    const bytes = new Uint8Array(fs.readFileSync("fixtures/single-machine-2026-10.xlsx"));
    const result = await importUpload(db, { machineId: machine.id, month: "2026-10", file: { name: "single.xlsx", bytes } }, { actorId: null, dataDir: DATA_DIR });
    const uploads = path.join(DATA_DIR, "uploads");
    expect(fs.readdirSync(uploads)).toHaveLength(1);
    expect(fs.readdirSync(uploads)[0]).toMatch(/^[0-9a-f]{64}\.xlsx$/);
    expect(await pruneUploads(db, DATA_DIR, 0)).toBe(0);
    await deleteRecord(db, result.recordId!, partner.id);
    expect(await pruneUploads(db, DATA_DIR, 60_000)).toBe(0);
    expect(await pruneUploads(db, DATA_DIR, 0)).toBe(1);
    expect(fs.readdirSync(uploads)).toEqual([]);
  });
});
