import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { deleteRecord } from "#domain/machines/machine-service.ts";
import { importUpload, pruneUploads } from "#domain/imports/import-service.ts";
import { uploadStore } from "#domain/imports/upload-store.ts";
import { makeMachine, makePartner } from "#tests/factories.ts";

// The deployment's store: the data directory's files on SQLite, rows on PostgreSQL.
describe("stored uploads", () => {
  it("are kept while a receipt points to them and removed once none does", async () => {
    const partner = await makePartner(db);
    const machine = await makeMachine(db, partner.id, "Leeds Station Concourse");
    const bytes = new Uint8Array(fs.readFileSync("fixtures/single-machine-2026-10.xlsx"));
    const result = await importUpload(
      db,
      { machineId: machine.id, month: "2026-10", file: { name: "single.xlsx", bytes } },
      { actorId: null, dataDir: DATA_DIR },
    );
    const store = uploadStore(db, DATA_DIR);
    const kept = await store.list();
    expect(kept).toHaveLength(1);
    expect(kept[0].key).toMatch(/^uploads\/[0-9a-f]{64}\.xlsx$/);
    expect(await store.get(kept[0].key)).toEqual(bytes);
    expect(await pruneUploads(db, DATA_DIR, 0)).toBe(0);
    await deleteRecord(db, result.recordId!, partner.id);
    expect(await pruneUploads(db, DATA_DIR, 60_000)).toBe(0);
    expect(await pruneUploads(db, DATA_DIR, 0)).toBe(1);
    expect(await store.list()).toEqual([]);
  });
});
