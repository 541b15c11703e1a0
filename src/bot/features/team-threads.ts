/**
 * Private team threads: when a game whose engine has `teams` starts (or a seat joins later),
 * each team seat of two or more people gets a private thread (Discord type 12, `invitable: false`)
 * in the table's channel for its talk; its members are added and welcomed with how to see the
 * team's secret board. Optional: without Create Private Threads (or Send Messages in Threads)
 * the game goes on and the table is told once which permission would give each team a thread
 * and who can grant it; a table that is itself a thread is told that threads do not nest.
 * Permissions are checked before anything is created; a refusal part-way deletes what was made
 * (or names what a moderator may delete). When the game ends the threads are archived, and
 * locked when the bot has Manage Threads.
 */
import {
  ChannelType,
  DiscordAPIError,
  PermissionFlagsBits,
  Routes,
  type TextChannel,
  type ThreadChannel,
} from 'discord.js';
import type { AnyEngine } from '../../games/contract.ts';
import { seatUsers, type Session } from '../../storage/session.ts';
import { GRANT_HINT, NEED, type Need } from '../discord/app-permissions.ts';
import type { TableService } from '../table/service.ts';
import { nonceFor } from '../table/nonce.ts';
import { clip } from '../kernel/text.ts';

type TeamThreads = NonNullable<Session['teamThreads']>;

/** What one private team thread needs in the table's channel. */
export const TEAM_THREAD_NEEDS: Need[] = [NEED.view, NEED.createPrivateThreads, NEED.sendInThreads];

const names = (needs: Need[]): string => needs.map((n) => `**${n.name}**`).join(' and ');

/**
 * Team seats of two or more (someone to talk to; a computer seat has nobody), with the users who
 * hold their places now: the host may have handed or removed a member (storage/session.ts).
 */
function humanTeams(session: Session): { seatId: string; name: string; members: string[] }[] {
  return session.seats
    .filter((s) => !s.computer && (s.members?.length ?? 1) >= 2)
    .map((s) => ({ seatId: s.id, name: s.name, members: seatUsers(s) }));
}

const sameMembers = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((m) => b.includes(m));

/**
 * Opens the missing team threads and adds members not yet in them. Call after the started game
 * (or the late join) is saved and its board shown; returns the session saved with the threads.
 * `appPermissions` is the interaction's view of the bot's permissions in the channel, when known.
 */
export async function syncTeamThreads(
  tables: TableService,
  session: Session,
  appPermissions?: bigint,
): Promise<Session> {
  const engine = tables.engine(session.gameId);
  const record: TeamThreads = session.teamThreads ?? { threads: {} };
  if (!engine.teams || session.status !== 'playing' || record.skipped !== undefined) return session;
  const teams = humanTeams(session);
  const todo = teams.filter(
    (t) => !record.threads[t.seatId] || !sameMembers(t.members, record.threads[t.seatId]?.members ?? []),
  );
  if (todo.length === 0) return session;
  const channel = await tables.channel(session.channelId);
  const skip = async (reason: string, notice: string): Promise<Session> => {
    await tables.post(session.channelId, notice);
    return tables.save({ ...session, teamThreads: { ...record, skipped: reason } }, session.version);
  };
  if (channel.isThread())
    return skip(
      'nested',
      `🔒 Each team would get a private thread for its talk, but this table is itself a thread and Discord does not nest threads, so there are none here. Each team's secret board is under **My view** on the board; start the game from a text channel (without \`thread:true\`) to have team threads.`,
    );
  if (channel.type !== ChannelType.GuildText) return session;
  const granted = appPermissions ?? channel.permissionsFor(tables.deps.client.user ?? '')?.bitfield ?? 0n;
  const missing = TEAM_THREAD_NEEDS.filter((n) => (granted & n.bit) !== n.bit);
  if (missing.length > 0)
    return skip(
      'permission',
      `🔒 Each team could have a private thread for its talk, but I'm missing ${names(missing)} in this channel. ${GRANT_HINT.replace('grant it', missing.length > 1 ? 'grant them' : 'grant it')} The game goes on without team threads: each team's secret board is under **My view** on the board.`,
    );
  const threads = { ...record.threads };
  const made: ThreadChannel[] = [];
  try {
    for (const team of todo) {
      const known = threads[team.seatId];
      const thread = known
        ? await channel.threads.fetch(known.id)
        : await createThread(channel, engine, team.name, made);
      if (!thread) continue;
      const before = known?.members ?? [];
      const joining = team.members.filter((m) => !before.includes(m));
      for (const member of joining) await thread.members.add(member);
      // A member the host removed or replaced leaves the team's talk (the bot made the thread).
      for (const member of before.filter((m) => !team.members.includes(m)))
        await thread.members.remove(member);
      if (!known) await thread.send(welcome(engine, session, team.members));
      else if (joining.length) await thread.send(welcome(engine, session, joining));
      threads[team.seatId] = { id: thread.id, members: team.members };
    }
  } catch (err) {
    const left = await deleteAll(made);
    const what = err instanceof DiscordAPIError ? `Discord refused (${err.message})` : 'something went wrong';
    tables.deps.logger.warn({ err, channelId: session.channelId }, 'could not open team threads');
    return skip(
      'failed',
      `🔒 I could not open the teams' private threads: ${what}. ${left.length === 0 ? 'Nothing was left half-made.' : `A moderator may delete ${left.map((t) => `<#${t}>`).join(', ')}, which I could not remove.`} The game goes on; each team's secret board is under **My view**. A server admin can check my permissions in this channel's settings → **Permissions**.`,
    );
  }
  return tables.save({ ...session, teamThreads: { threads } }, session.version);
}

async function createThread(
  channel: TextChannel,
  engine: AnyEngine,
  teamName: string,
  made: ThreadChannel[],
): Promise<ThreadChannel> {
  const thread = await channel.threads.create({
    name: clip(`${teamName} · ${engine.name}`, 100),
    type: ChannelType.PrivateThread,
    invitable: false,
    autoArchiveDuration: 10080,
  });
  made.push(thread);
  return thread;
}

function welcome(
  engine: AnyEngine,
  session: Session,
  members: string[],
): {
  content: string;
  allowedMentions: { users: string[] };
} {
  return {
    content: clip(
      [
        `🔒 Your team's private thread for ${engine.name} at <#${session.channelId}>: ${members.map((m) => `<@${m}>`).join(', ')}.`,
        'Only your team (and server moderators) can read it: plan here.',
        `Your secret board: press **My view** on the board in <#${session.channelId}> (only you see the answer). Moves are made there, on the board.`,
      ].join('\n'),
      2000,
    ),
    allowedMentions: { users: members.slice(0, 100) },
  };
}

/** Deletes threads just made; returns the ids Discord would not delete (no Manage Threads). */
async function deleteAll(made: ThreadChannel[]): Promise<string[]> {
  const left: string[] = [];
  for (const thread of made)
    await thread.delete().catch(() => {
      left.push(thread.id);
    });
  return left;
}

/**
 * At the game's end: a last word in each team thread, then archive it, and lock it too when the
 * bot may (Manage Threads, checked first so Discord is never asked for what it would refuse).
 * Safe to run again (the wrap-up may, after a crash): a thread already archived is left alone,
 * and the last word carries a nonce, so Discord posts it once even if the archiving never came.
 */
export async function closeTeamThreads(tables: TableService, session: Session): Promise<void> {
  const threads = Object.values(session.teamThreads?.threads ?? {});
  if (threads.length === 0) return;
  const rest = tables.deps.client.rest;
  const lock = await mayManageThreads(tables, session.channelId);
  for (const [n, { id }] of threads.entries()) {
    try {
      const thread = (await rest.get(Routes.channel(id))) as { thread_metadata?: { archived?: boolean } };
      if (thread.thread_metadata?.archived) continue;
      await rest.post(Routes.channelMessages(id), {
        body: {
          content: `The game at <#${session.channelId}> is over; this team thread is now closed.`,
          allowed_mentions: { parse: [] },
          nonce: nonceFor(session.id, 't', n),
          enforce_nonce: true,
        },
      });
      await rest.patch(Routes.channel(id), {
        body: lock ? { archived: true, locked: true } : { archived: true },
      });
    } catch (err) {
      // A thread a moderator deleted or closed already needs nothing more.
      tables.deps.logger.debug({ err, threadId: id }, 'could not close a team thread');
    }
  }
}

async function mayManageThreads(tables: TableService, channelId: string): Promise<boolean> {
  try {
    const channel = await tables.channel(channelId);
    if (channel.type !== ChannelType.GuildText) return false;
    const me = tables.deps.client.user;
    return me !== null && (channel.permissionsFor(me)?.has(PermissionFlagsBits.ManageThreads) ?? false);
  } catch {
    return false;
  }
}
