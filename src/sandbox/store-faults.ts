/**
 * Store faults for tests and the stress script, injected beneath a running bot's SessionStore
 * (or any record kept through a compare-and-set layer of its own, such as the deadline index):
 * reads or writes that fail, writes that are refused (`false`, as a lost race), calls that hang.
 */
import type { AtomicStore } from '../storage/atomic.ts';

export type StoreFaultKind = 'read-error' | 'write-error' | 'write-refused' | 'hang';

export interface StoreFaults {
  /**
   * The next `count` matching calls fail in the given way; with `skip`, only after that many
   * matching calls have gone through (a fault later in one operation: after its save, say).
   */
  inject(kind: StoreFaultKind, count?: number, opts?: { skip?: number }): void;
  clear(): void;
  /** How many faults have fired, per kind. */
  readonly fired: Record<StoreFaultKind, number>;
}

const READS: StoreFaultKind[] = ['read-error', 'hang'];
const WRITES: StoreFaultKind[] = ['write-error', 'write-refused', 'hang'];

/** `target` is a SessionStore, DeadlineIndex or any object keeping its records through `atomic`. */
export function injectStoreFaults(target: object): StoreFaults {
  // The compare-and-set layer is private; faults replace it from outside, as a test double.
  const holder = target as { atomic?: AtomicStore };
  const real = holder.atomic;
  if (!real) throw new Error('no compare-and-set layer to fault');
  /** Pending faults, each with the matching calls still to let through before it fires. */
  const pending: { kind: StoreFaultKind; skip: number }[] = [];
  const fired: Record<StoreFaultKind, number> = {
    'read-error': 0,
    'write-error': 0,
    'write-refused': 0,
    hang: 0,
  };
  const take = (kinds: StoreFaultKind[]): StoreFaultKind | undefined => {
    const matching = pending.filter((p) => kinds.includes(p.kind));
    const first = matching[0];
    if (!first) return undefined;
    if (first.skip > 0) {
      // One call goes through: every fault waiting on calls of this kind counts it.
      for (const p of matching) if (p.skip > 0) p.skip -= 1;
      return undefined;
    }
    pending.splice(pending.indexOf(first), 1);
    fired[first.kind] += 1;
    return first.kind;
  };
  const hang = () => new Promise<never>(() => undefined);
  holder.atomic = {
    ...real,
    get(key) {
      const kind = take(READS);
      if (kind === 'hang') return hang();
      if (kind) return Promise.reject(new Error('injected read failure'));
      return real.get(key);
    },
    swap(key, expected, next) {
      const kind = take(WRITES);
      if (kind === 'hang') return hang();
      if (kind === 'write-error') return Promise.reject(new Error('injected write failure'));
      if (kind === 'write-refused') return Promise.resolve(false);
      return real.swap(key, expected, next);
    },
  };
  return {
    inject(kind, count = 1, opts = {}) {
      for (let i = 0; i < count; i++) pending.push({ kind, skip: opts.skip ?? 0 });
    },
    clear() {
      pending.length = 0;
    },
    fired,
  };
}
