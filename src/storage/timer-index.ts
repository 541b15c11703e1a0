/**
 * The channels whose table has a running phase timer (`index:timers`), so that a restart can
 * arm their timers again without reading every record. One list shared by every channel and
 * process: each change is a compare-and-set loop of its own, serialised in this process.
 */
import type { AtomicStore } from './atomic.ts';
import type { StoreCall } from './errors.ts';
import type { KeyedMutex } from './mutex.ts';

const TIMER_INDEX_KEY = 'index:timers';

export class TimerIndex {
  constructor(
    private readonly atomic: AtomicStore,
    private readonly locks: KeyedMutex,
    private readonly call: StoreCall,
  ) {}

  /** Channels whose tables have a running timer. */
  async channels(): Promise<string[]> {
    const text = await this.call('a read', () => this.atomic.get(TIMER_INDEX_KEY));
    return this.listOf(text);
  }

  /**
   * Start-up repair: the index lists, of the channels `walked` accepts, exactly `channelIds`
   * (all of it when `walked` is left out); other shards' entries are kept.
   */
  set(channelIds: string[], walked?: (channelId: string) => boolean): Promise<void> {
    return this.update((list) =>
      walked ? [...new Set([...list.filter((c) => !walked(c)), ...channelIds])] : channelIds,
    );
  }

  track(channelId: string): Promise<void> {
    return this.update((list) => (list.includes(channelId) ? null : [...list, channelId]));
  }

  untrack(channelId: string): Promise<void> {
    return this.update((list) => (list.includes(channelId) ? list.filter((c) => c !== channelId) : null));
  }

  private async listOf(text: string | undefined): Promise<string[]> {
    const value = text === undefined ? [] : await this.atomic.decode(text).catch(() => []);
    return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
  }

  /** `change` answers the new list, or null when there is nothing to change. */
  private update(change: (list: string[]) => string[] | null): Promise<void> {
    return this.locks.run(TIMER_INDEX_KEY, () =>
      this.call('updating the timer index', async () => {
        for (;;) {
          const text = await this.atomic.get(TIMER_INDEX_KEY);
          const next = change(await this.listOf(text));
          if (next === null) return;
          if (await this.atomic.swap(TIMER_INDEX_KEY, text, await this.atomic.encode(next))) return;
        }
      }),
    );
  }
}
