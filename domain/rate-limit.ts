/** A sliding-window failure counter: login failures per username and per address. */
export interface LimiterOptions {
  maxFailures: number;
  windowMs: number;
}

export class FailureLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly options: LimiterOptions) {}

  private recent(key: string, now: number): number[] {
    const since = now - this.options.windowMs;
    const kept = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.hits.set(key, kept);
    else this.hits.delete(key);
    return kept;
  }

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.options.maxFailures;
  }

  fail(key: string, now = Date.now()): void {
    this.hits.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /**
   * Counts an attempt before it is checked, so parallel attempts cannot all slip past the limit;
   * answers false (and counts nothing) when the key is already blocked.
   */
  reserve(key: string, now = Date.now()): boolean {
    if (this.isBlocked(key, now)) return false;
    this.fail(key, now);
    return true;
  }

  /** Takes back one reserved attempt (the attempt succeeded). */
  release(key: string): void {
    const hits = this.hits.get(key);
    if (!hits?.length) return;
    hits.pop();
    if (!hits.length) this.hits.delete(key);
  }
}
