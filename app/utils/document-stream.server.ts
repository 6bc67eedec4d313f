/**
 * The document's body stream: React's renderer writes a page in 2 KB pieces and calls `flush()` (the
 * convention zlib streams follow) each time it has written all it can for now. Passing each piece on
 * as it came cost a web-stream chunk and a socket write per 2 KB (a dashboard page is about thirty);
 * this stream holds the pieces and passes them on as one chunk at each flush and at the end. A page
 * that streams in parts (a deferred table after its shell) still goes out part by part.
 */
import { Transform, type TransformCallback } from "node:stream";

export class FlushedChunks extends Transform {
  #held: Buffer[] = [];
  #heldBytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.#held.push(chunk);
    this.#heldBytes += chunk.length;
    done();
  }

  /** React's renderer calls this once it has written what is ready: what is held goes on as one chunk. */
  flush() {
    if (!this.#held.length) return;
    const chunk = this.#held.length === 1 ? this.#held[0] : Buffer.concat(this.#held, this.#heldBytes);
    this.#held = [];
    this.#heldBytes = 0;
    this.push(chunk);
  }

  override _flush(done: TransformCallback) {
    this.flush();
    done();
  }
}
