/**
 * Per-server settings (`/tradecraft settings`) and per-user reminder preferences
 * (`/game notify`), stored beside the sessions in the same store.
 */
import type Keyv from 'keyv';
import { z } from 'zod';
import { atomicStore, type AtomicStore } from './atomic.ts';
import { readRecord, updateRecord } from './shared-record.ts';
import { PACES } from './table-clock.ts';

export const REMINDER_STYLES = ['mention', 'dm', 'off'] as const;
export const MISSED_RANGE = { min: 1, max: 10 } as const;
/** Days a finished game is kept (for export, stats and review) before it is removed. */
export const RETENTION_RANGE = { min: 1, max: 365 } as const;
export const DEFAULT_RETENTION_DAYS = 30;

export const settingsSchema = z.object({
  /** The pace a `/game start` without `pace:` gets. */
  pace: z.enum(PACES).default('none'),
  /** Decisions in a row a seat may let run out before a computer keeps it warm. */
  missed: z.number().int().min(MISSED_RANGE.min).max(MISSED_RANGE.max).default(2),
  /** mention: in the channel (a DM for those who opted in); dm: a DM to everyone; off: none. */
  reminders: z.enum(REMINDER_STYLES).default('mention'),
  /** Channels where games may open; empty means every channel. */
  channels: z.array(z.string()).max(25).default([]),
  /** `/game start` opens a thread unless told `thread:false`. */
  threads: z.boolean().default(false),
  /** Days a finished game is kept before the sweep removes it. */
  retention: z
    .number()
    .int()
    .min(RETENTION_RANGE.min)
    .max(RETENTION_RANGE.max)
    .default(DEFAULT_RETENTION_DAYS),
});
export type GuildSettings = z.infer<typeof settingsSchema>;

const notifySchema = z.object({
  dm: z.boolean().default(false),
  /** The channel was already told once that this user's DMs are closed. */
  refusalNoticed: z.boolean().default(false),
});
export type NotifyPrefs = z.infer<typeof notifySchema>;

const settingsOf = (value: unknown): GuildSettings => {
  const parsed = settingsSchema.safeParse(value ?? {});
  // A record this version cannot read falls back to the defaults rather than blocking games.
  return parsed.success ? parsed.data : settingsSchema.parse({});
};

const notifyOf = (value: unknown): NotifyPrefs => {
  const parsed = notifySchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : notifySchema.parse({});
};

/**
 * Changes are made under compare-and-set (shared-record.ts): two admins changing different
 * settings at once, or a reminder noting a refused DM while its user opts in, both land.
 */
export class SettingsStore {
  private readonly atomic: AtomicStore;

  constructor(keyv: Keyv) {
    this.atomic = atomicStore(keyv);
  }

  async get(guildId: string): Promise<GuildSettings> {
    return settingsOf(await readRecord(this.atomic, `settings:${guildId}`));
  }

  /** Applies `change` to the stored settings (read afresh); returns what was saved. */
  async update(guildId: string, change: (current: GuildSettings) => GuildSettings): Promise<GuildSettings> {
    const saved = await updateRecord(this.atomic, `settings:${guildId}`, (value) =>
      settingsSchema.parse(change(settingsOf(value))),
    );
    return settingsOf(saved);
  }

  async notify(userId: string): Promise<NotifyPrefs> {
    return notifyOf(await readRecord(this.atomic, `notify:${userId}`));
  }

  /** Applies `change` to the user's stored preferences (read afresh). */
  async updateNotify(userId: string, change: (current: NotifyPrefs) => NotifyPrefs): Promise<void> {
    await updateRecord(this.atomic, `notify:${userId}`, (value) =>
      notifySchema.parse(change(notifyOf(value))),
    );
  }
}
