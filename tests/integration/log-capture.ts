/** A logger whose JSON lines a test can read: run the code under test inside withRequestLogger(logger, …). */
import { Writable } from "node:stream";
import pino from "pino";

export function captureLog() {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: "info" }, stream).child({ reqId: "test-request-id" });
  return { lines, logger };
}
