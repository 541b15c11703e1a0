/**
 * A record beside the sessions that several processes may write (stats, the seat index, the
 * deadline index, settings, reminder preferences): read, changed and written back under the same
 * compare-and-set as the sessions (atomic.ts), so of two writers neither overwrites the other's
 * change. A write that finds the record changed since it was read runs the change again on the
 * fresh value. keyv's own `set` is a blind overwrite and is not used for these records.
 */
import type { AtomicStore } from './atomic.ts';
import { storeCall, STORE_TIMEOUT_MS, StoreUnavailableError } from './errors.ts';

/** Returned by a change that has nothing to write. */
export const UNCHANGED = Symbol('unchanged');

/**
 * What to make of the stored value (undefined when absent or unreadable): the new value,
 * undefined to delete the record, or UNCHANGED to leave it as it is.
 */
export type RecordChange<T> = (current: unknown) => T | undefined | typeof UNCHANGED;

/** Lost races before giving up: only a record written many times a second by others loses more. */
const MAX_ATTEMPTS = 50;

const pause = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * attempt)));

/** The stored value under `key`, undefined when absent or unreadable. */
export async function readRecord(
  atomic: AtomicStore,
  key: string,
  timeoutMs = STORE_TIMEOUT_MS,
): Promise<unknown> {
  const text = await storeCall(`reading ${key}`, () => atomic.get(key), timeoutMs);
  return text === undefined ? undefined : atomic.decode(text).catch(() => undefined);
}

/**
 * Changes one record under compare-and-set; returns the value written (or kept). Each store call
 * has the store's timeout; a failure is a StoreUnavailableError.
 */
export async function updateRecord<T>(
  atomic: AtomicStore,
  key: string,
  change: RecordChange<T>,
  timeoutMs = STORE_TIMEOUT_MS,
): Promise<T | undefined> {
  const operation = `updating ${key}`;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const text = await storeCall(operation, () => atomic.get(key), timeoutMs);
    const current = text === undefined ? undefined : await atomic.decode(text).catch(() => undefined);
    const next = change(current);
    if (next === UNCHANGED) return current as T | undefined;
    const nextText = next === undefined ? undefined : await atomic.encode(next);
    if (nextText === text) return next;
    if (await storeCall(operation, () => atomic.swap(key, text, nextText), timeoutMs, true)) return next;
    await pause(attempt);
  }
  throw new StoreUnavailableError(operation, new Error(`still contended after ${MAX_ATTEMPTS} attempts`));
}
