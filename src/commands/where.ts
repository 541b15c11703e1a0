/**
 * Where a new table opens: in this channel, or in a new thread of it (`thread:true`, or the
 * server's `threads` setting). Shared by `/game start` and `/game tutorial`. Everything is
 * checked before anything is created, and a refused table leaves no empty thread behind.
 */
import { ChannelType, type ChatInputCommandInteraction, type ThreadChannel } from 'discord.js';
import {
  boardNeeds,
  isPermissionRefusal,
  refusalError,
  requireAppPermissions,
  THREAD_NEEDS,
} from '../bot/discord/app-permissions.ts';
import type { CommandContext } from '../bot/app/command.ts';
import { userError } from '../bot/kernel/errors.ts';
import { clip } from '../bot/kernel/text.ts';
import type { GuildSettings } from '../storage/settings.ts';

export interface OpenedWhere<T> {
  value: T;
  /** Set when the table opened in a new thread. */
  threadId?: string;
}

/**
 * Opens a table with `open(channelId)` here or in a new thread named `threadName`; `what` names
 * the table in messages ("a lobby", "the tutorial").
 */
export async function openTableHere<T>(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
  threadName: string,
  what: string,
  open: (channelId: string, settings: GuildSettings) => Promise<T>,
): Promise<OpenedWhere<T>> {
  if (!interaction.guildId || !interaction.channel)
    throw userError('no-guild', 'Games run in server channels.');
  const settings = await ctx.tables.deps.records.settings.get(interaction.guildId);
  const channel = interaction.channel;
  const inThread = interaction.options.getBoolean('thread') ?? (settings.threads && !channel.isThread());
  const home = channel.isThread() ? (channel.parentId ?? channel.id) : channel.id;
  if (settings.channels.length && !settings.channels.includes(home))
    throw userError(
      'channel-not-allowed',
      `Games open only in ${settings.channels.map((c) => `<#${c}>`).join(', ')} on this server (a server admin sets this with \`/tradecraft settings\`).`,
    );
  if (inThread && channel.type !== ChannelType.GuildText)
    throw userError(
      'no-thread',
      'A game thread can only be opened from a text channel, not from inside a thread.',
    );
  requireAppPermissions(
    interaction.appPermissions.bitfield,
    inThread ? THREAD_NEEDS : boardNeeds(channel.isThread()),
    inThread ? 'open a game thread' : `open ${what}`,
  );
  let thread: ThreadChannel | undefined;
  try {
    if (inThread && channel.type === ChannelType.GuildText)
      thread = await channel.threads.create({ name: clip(threadName, 100), autoArchiveDuration: 10080 });
    const value = await open(thread?.id ?? interaction.channelId, settings);
    return thread ? { value, threadId: thread.id } : { value };
  } catch (err) {
    // The table's record has already been put back; an empty thread goes too.
    const threadGone = thread ? await deleteQuietly(thread) : true;
    if (!isPermissionRefusal(err)) throw err;
    const nothing = `No ${what.replace(/^(a|an|the) /, '')} was opened`;
    const outcome = !thread
      ? `${nothing}.`
      : threadGone
        ? `${nothing}, and the empty thread I had created was deleted.`
        : `${nothing}; the empty thread I had created (<#${thread.id}>) could not be deleted, so a moderator may delete it.`;
    throw refusalError(err, `post ${what.replace(/^(a|an) /, 'the ')}`, outcome);
  }
}

/** Deletes a thread the bot just created; false when Discord refuses (e.g. no Manage Threads). */
async function deleteQuietly(thread: ThreadChannel): Promise<boolean> {
  try {
    await thread.delete();
    return true;
  } catch {
    return false;
  }
}
