/**
 * Reads a cold start begins before the page that needs them has loaded (coldStart.ts), handed to
 * that page's first read of the same thing. Each is taken once; one older than
 * {@link EARLY_READ_MAX_AGE_MS} is dropped and the page reads afresh.
 */
export interface EarlyRead<T> {
  data: Promise<T>;
  /** When it was asked (ms, local clock). */
  askedAt: number;
  /** When its answer came in; set before `data`'s own continuations run. */
  answeredAt?: number;
  /** Its answer once it is in (a first render can show it without waiting a turn). */
  answer?: { data: T };
}

export const EARLY_READ_MAX_AGE_MS = 10_000;

const reads = new Map<string, EarlyRead<unknown>>();

/** Starts `read` now under `key` (a later start of the same key replaces it). */
export function startEarlyRead<T>(key: string, read: () => Promise<T>, now = Date.now()): void {
  const entry: EarlyRead<T> = { askedAt: now, data: read() };
  entry.data.then((data) => {
    entry.answeredAt = Date.now();
    entry.answer = { data };
  }, () => { entry.answeredAt = Date.now(); });
  // A read nobody takes must not report an unhandled rejection.
  entry.data.catch(() => undefined);
  reads.set(key, entry);
}

const young = <T>(entry: EarlyRead<T> | undefined, now: number) => (entry && now - entry.askedAt <= EARLY_READ_MAX_AGE_MS ? entry : undefined);

/** The early read of `key`, once, if it is young enough. */
export function takeEarlyRead<T>(key: string, now = Date.now()): EarlyRead<T> | undefined {
  const entry = reads.get(key) as EarlyRead<T> | undefined;
  reads.delete(key);
  return young(entry, now);
}

/** The early read of `key` if it is young enough, left in place for its taker. */
export function peekEarlyRead<T>(key: string, now = Date.now()): EarlyRead<T> | undefined {
  return young(reads.get(key) as EarlyRead<T> | undefined, now);
}
