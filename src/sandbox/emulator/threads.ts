/**
 * Thread life as Discord runs it: a thread archives itself after `auto_archive_duration`
 * minutes without a message (on the shared clock, so tests can jump ahead); sending in an
 * archived thread unarchives it unless it is locked, which only Manage Threads may undo;
 * editing or deleting messages in an archived thread answers 50083.
 */
import { PermissionFlagsBits as P } from 'discord.js';
import { apiChannel } from './api-shapes.ts';
import type { Core } from './context.ts';
import { missingPermissions } from './permissions.ts';
import { RestError } from './rest-router.ts';
import type { EmuChannel } from './types.ts';

export const AUTO_ARCHIVE_MINUTES = [60, 1440, 4320, 10080];

const archivedError = (): RestError =>
  new RestError(400, {
    code: 50083,
    message:
      'Tried to perform an operation on an archived thread, such as editing a message or adding a user to the thread',
  });

export const isThread = (c: EmuChannel): boolean => c.type === 10 || c.type === 11 || c.type === 12;

const timers = new WeakMap<Core, Map<string, () => void>>();

export function announceThread(core: Core, thread: EmuChannel): void {
  core.gateway.dispatch('THREAD_UPDATE', apiChannel(thread, core.world, core.clock.now()), {
    ...(thread.guildId ? { guildId: thread.guildId } : {}),
    intent: 1, // Guilds (core.ts imports this module, so no INTENT import here)
  });
}

/** Marks activity in a thread and (re)arms its inactivity archive. */
export function touchThread(core: Core, thread: EmuChannel): void {
  if (!isThread(thread)) return;
  const now = core.clock.now();
  thread.lastActivityAt = now;
  const perCore = timers.get(core) ?? new Map<string, () => void>();
  timers.set(core, perCore);
  perCore.get(thread.id)?.();
  const minutes = thread.autoArchiveMinutes ?? 1440;
  perCore.set(
    thread.id,
    core.clock.schedule(now + minutes * 60_000, () => {
      perCore.delete(thread.id);
      if (thread.archived) return;
      thread.archived = true;
      announceThread(core, thread);
    }),
  );
}

/** Before the bot sends in a thread: unarchive it if it may, else refuse as Discord does. */
export function beforeSendInThread(core: Core, thread: EmuChannel, perms: bigint): void {
  if (!isThread(thread)) return;
  const manage = (perms & P.ManageThreads) !== 0n;
  if (thread.locked && !manage) throw thread.archived ? archivedError() : missingPermissions();
  if (thread.archived) {
    thread.archived = false;
    announceThread(core, thread);
  }
}

/** Editing or deleting a message in an archived thread is refused (50083). */
export function refuseIfArchived(thread: EmuChannel): void {
  if (isThread(thread) && thread.archived) throw archivedError();
}
