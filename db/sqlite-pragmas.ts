/**
 * The pragmas every SQLite connection starts with, the busy timeout first so the others wait for a
 * lock as queries do. Switching to WAL can still answer SQLITE_BUSY at once, without the busy
 * handler, while another process opens or checkpoints the same file (the server's workers and a CLI
 * run): each pragma is tried again for up to five seconds before the error is let through.
 */
const PRAGMAS = ["busy_timeout = 5000", "journal_mode = WAL", "foreign_keys = ON", "synchronous = NORMAL"];
const RETRY_FOR_MS = 5000;
const PAUSE_MS = 20;

function isBusy(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (typeof code === "string" && code.startsWith("SQLITE_BUSY")) || /database is locked/i.test(String(message));
}

export function applyPragmas(run: (pragma: string) => void): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const pragma of PRAGMAS) {
    for (let waited = 0; ; waited += PAUSE_MS) {
      try {
        run(pragma);
        break;
      } catch (error) {
        if (waited >= RETRY_FOR_MS || !isBusy(error)) throw error;
        Atomics.wait(pause, 0, 0, PAUSE_MS);
      }
    }
  }
}
