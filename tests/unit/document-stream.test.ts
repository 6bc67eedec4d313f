// app/utils/document-stream.server.ts: React's pieces of a page go on as one chunk per flush.
import { describe, expect, it } from "vitest";
import { FlushedChunks } from "#app/utils/document-stream.server.ts";

const collect = (stream: FlushedChunks) => {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
};

describe("FlushedChunks", () => {
  it("holds written pieces and passes them on as one chunk at each flush", async () => {
    const stream = new FlushedChunks();
    const chunks = collect(stream);
    stream.write(new TextEncoder().encode("<html>"));
    stream.write(new TextEncoder().encode("<body>"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual([]);
    stream.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["<html><body>"]);
    // A later part (a deferred table) goes on at its own flush; a flush with nothing held sends nothing.
    stream.flush();
    stream.write(Buffer.from("<table>"));
    stream.flush();
    stream.write(Buffer.from("</body></html>"));
    stream.end();
    await new Promise((resolve) => stream.once("end", resolve));
    expect(chunks).toEqual(["<html><body>", "<table>", "</body></html>"]);
  });
});
