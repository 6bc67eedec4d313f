/** The two upload stores behind one interface: files with SQLite, rows with PostgreSQL. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import { onPostgres } from "#tests/databases.ts";
import {
  databaseUploadStore,
  fileUploadStore,
  isUploadKey,
  sha256,
  uploadKey,
  uploadStore,
  type UploadStore,
} from "#domain/imports/upload-store.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe.each([
  ["files", () => fileUploadStore(fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-store-")))],
  ["database", () => databaseUploadStore(db)],
] as const)("the %s store", (_kind, make: () => UploadStore) => {
  it("keeps bytes under their hash once, reads them back, lists them", async () => {
    const store = make();
    const file = { name: `March ${_kind}.XLSX`, bytes: bytes(`march ${_kind} ${Math.random()}`) };
    const key = await store.put(file);
    expect(key).toBe(`uploads/${sha256(file.bytes)}.xlsx`);
    expect(await store.put(file)).toBe(key);
    expect(await store.get(key)).toEqual(file.bytes);
    const old = { name: "old.xls", bytes: bytes(`old ${_kind} ${Math.random()}`) };
    expect(await store.put(old)).toMatch(/\.xls$/);
    const listed = await store.list();
    expect(listed).toEqual(expect.arrayContaining([{ key, size: file.bytes.length }]));
    expect(listed.filter((l) => l.key === key)).toHaveLength(1);
  });

  it("reads nothing that is not an upload key", async () => {
    const store = make();
    expect(await store.get(`uploads/${"0".repeat(64)}.xlsx`)).toBeNull();
    for (const key of ["../../etc/passwd", "uploads/../../secret.xlsx", "uploads/x.xlsx", "/etc/hosts"])
      expect(await store.get(key)).toBeNull();
  });

  it("prunes what no receipt uses, once out of its grace", async () => {
    const store = make();
    const kept = await store.put({ name: "a.xlsx", bytes: bytes(`kept ${_kind} ${Math.random()}`) });
    const dropped = await store.put({ name: "b.xlsx", bytes: bytes(`dropped ${_kind} ${Math.random()}`) });
    const everything = new Set((await store.list()).map((l) => l.key));
    everything.delete(dropped);
    expect(await store.prune(everything, 60_000)).toBe(0);
    expect(await store.prune(everything, -1)).toBe(1);
    expect(await store.get(dropped)).toBeNull();
    expect(await store.get(kept)).not.toBeNull();
  });
});

describe("the deployment's store", () => {
  it(`is ${onPostgres ? "rows of the database on PostgreSQL" : "the data directory's files on SQLite"}`, () => {
    expect(uploadStore(db, os.tmpdir()).kind).toBe(onPostgres ? "database" : "files");
  });

  it("keys name a SHA-256 and an Excel kind", () => {
    const file = { name: "x.xls", bytes: bytes("x") };
    expect(isUploadKey(uploadKey(file))).toBe(true);
    expect(isUploadKey("uploads\\" + uploadKey(file).slice(8))).toBe(true);
  });
});
