/**
 * One large file read at a time in this process: a file over 1 MB waits for the one being
 * read, up to PARSE_QUEUE_WAIT_MS (10 s), then is refused with 503 and `Retry-After: 5`, so a burst of
 * large uploads never multiplies the memory a read takes. Smaller files are read at once. Each server
 * process (worker) has its own gate; `vendboard import` waits without a limit.
 */
import { DomainError } from "../shared/errors.ts";

/** Files above this many bytes take the gate. */
export const LARGE_FILE_BYTES = 1024 * 1024;
export const DEFAULT_QUEUE_WAIT_MS = 10_000;
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** How long a large file waits for the one being read: PARSE_QUEUE_WAIT_MS, else 10 s. */
export function queueWaitMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.PARSE_QUEUE_WAIT_MS);
  return Number.isFinite(value) && value >= 0 && env.PARSE_QUEUE_WAIT_MS !== "" ? value : DEFAULT_QUEUE_WAIT_MS;
}

/** 503: another large file is being read; try again after `retryAfterSeconds`. */
export class ReaderBusyError extends DomainError {
  readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS;
  constructor() {
    super(
      "unavailable",
      `The server is reading another large file: nothing was read or imported; try again in ${BUSY_RETRY_AFTER_SECONDS} seconds`,
    );
    this.name = "ReaderBusyError";
  }
}

let busy = false;
const waiting: Array<() => void> = [];

/** Hands the gate to the next waiting read, or frees it. */
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else busy = false;
}

/**
 * Takes the gate for a file of `size` bytes (at once for a small one): resolves with the function that
 * gives it back, or rejects with ReaderBusyError after `waitMs` (never, for Infinity).
 */
export function enterParseGate(size: number, waitMs: number): Promise<() => void> {
  let released = false;
  const leave = () => {
    if (released) return;
    released = true;
    release();
  };
  if (size <= LARGE_FILE_BYTES) return Promise.resolve(() => undefined);
  if (!busy) {
    busy = true;
    return Promise.resolve(leave);
  }
  return new Promise((resolve, reject) => {
    const turn = () => {
      if (timer) clearTimeout(timer);
      resolve(leave);
    };
    const timer = Number.isFinite(waitMs)
      ? setTimeout(() => {
          waiting.splice(waiting.indexOf(turn), 1);
          reject(new ReaderBusyError());
        }, waitMs)
      : undefined;
    waiting.push(turn);
  });
}
