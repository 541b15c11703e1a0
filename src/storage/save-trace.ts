/**
 * Whether an operation (one interaction, as the router handles it) has saved anything yet, so a
 * failure after a save is never answered as if nothing had changed (issue #24). The router runs
 * each interaction inside `traceSaves`; SessionStore.save notes every successful save in the
 * trace of the async context it runs in (AsyncLocalStorage follows the awaits).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface SaveTrace {
  /** Successful session saves made so far in this operation. */
  saves: number;
}

const traces = new AsyncLocalStorage<SaveTrace>();

/** Runs `fn` with a fresh trace; `trace.saves` tells afterwards whether it saved. */
export function traceSaves<T>(trace: SaveTrace, fn: () => Promise<T>): Promise<T> {
  return traces.run(trace, fn);
}

/** Called by the store after each successful save. */
export function noteSave(): void {
  const trace = traces.getStore();
  if (trace) trace.saves += 1;
}

/** Runs `fn` outside any trace: its saves are not the traced operation's (a side effect of it). */
export function untraced<T>(fn: () => Promise<T>): Promise<T> {
  return traces.exit(fn);
}
