/**
 * Records set aside as unreadable (`quarantine:<channel>:<time>`): kept as they were, for an
 * admin to inspect, until the sweep removes them after their retention.
 */
import type { AtomicStore } from './atomic.ts';
import type { StoreCall } from './errors.ts';

const QUARANTINE_PREFIX = 'quarantine:';

export class SetAsideRecords {
  constructor(
    private readonly atomic: AtomicStore,
    private readonly call: StoreCall,
  ) {}

  /** Where a channel's unreadable record goes when it is set aside at `at`. */
  keyFor(channelId: string, at: number): string {
    return `${QUARANTINE_PREFIX}${channelId}:${at}`;
  }

  /** Every record set aside, with when it was (for the retention sweep). */
  async list(): Promise<{ key: string; at: number }[]> {
    const keys = await this.call('listing set-aside records', () => this.atomic.keys(QUARANTINE_PREFIX));
    return keys.flatMap((key) => {
      const at = Number(key.slice(key.lastIndexOf(':') + 1));
      return Number.isFinite(at) ? [{ key, at }] : [];
    });
  }

  /** A set-aside record read back (for admins and tests). */
  async read(key: string): Promise<unknown> {
    const text = await this.call('a read', () => this.atomic.get(key));
    return text === undefined ? undefined : this.atomic.decode(text);
  }

  /** Removes a set-aside record (past retention). */
  async remove(key: string): Promise<void> {
    if (!key.startsWith(QUARANTINE_PREFIX)) throw new Error(`not a set-aside record: ${key}`);
    await this.call('removing a set-aside record', async () => {
      const text = await this.atomic.get(key);
      if (text !== undefined) await this.atomic.swap(key, text, undefined);
    });
  }
}
