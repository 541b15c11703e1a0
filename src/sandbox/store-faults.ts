/**
 * Store faults for tests and the stress script, injected beneath a running bot's SessionStore:
 * reads or writes that fail, writes that are refused (`false`, as a lost race), calls that hang.
 */
import type { AtomicStore } from '../storage/atomic.ts';
import type { SessionStore } from '../storage/sessions.ts';

export type StoreFaultKind = 'read-error' | 'write-error' | 'write-refused' | 'hang';

export interface StoreFaults {
  /** The next `count` matching calls fail in the given way. */
  inject(kind: StoreFaultKind, count?: number): void;
  clear(): void;
  /** How many faults have fired, per kind. */
  readonly fired: Record<StoreFaultKind, number>;
}

export function injectStoreFaults(store: SessionStore): StoreFaults {
  // The store's compare-and-set layer is private; faults replace it from outside, as a test double.
  const holder = store as unknown as { atomic: AtomicStore };
  const real = holder.atomic;
  const pending: StoreFaultKind[] = [];
  const fired: Record<StoreFaultKind, number> = {
    'read-error': 0,
    'write-error': 0,
    'write-refused': 0,
    hang: 0,
  };
  const take = (kinds: StoreFaultKind[]): StoreFaultKind | undefined => {
    const i = pending.findIndex((k) => kinds.includes(k));
    if (i < 0) return undefined;
    const [kind] = pending.splice(i, 1);
    if (kind) fired[kind] += 1;
    return kind;
  };
  const hang = () => new Promise<never>(() => undefined);
  holder.atomic = {
    ...real,
    get(key) {
      const kind = take(['read-error', 'hang']);
      if (kind === 'hang') return hang();
      if (kind) return Promise.reject(new Error('injected read failure'));
      return real.get(key);
    },
    swap(key, expected, next) {
      const kind = take(['write-error', 'write-refused', 'hang']);
      if (kind === 'hang') return hang();
      if (kind === 'write-error') return Promise.reject(new Error('injected write failure'));
      if (kind === 'write-refused') return Promise.resolve(false);
      return real.swap(key, expected, next);
    },
  };
  return {
    inject(kind, count = 1) {
      for (let i = 0; i < count; i++) pending.push(kind);
    },
    clear() {
      pending.length = 0;
    },
    fired,
  };
}
