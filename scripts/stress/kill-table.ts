/**
 * One table of the SIGKILL section (kills.ts): what its boards show, its players who keep
 * clicking, and what is checked after each restart.
 */
import { control, eventually } from '../../src/sandbox/bot-process.ts';
import {
  allComponents,
  renderMessageText,
  titleOf,
  type DiscordEmulator,
  type EmuChannel,
  type EmuMessage,
  type EmuUser,
} from '../../src/sandbox/emulator/index.ts';
import { owes } from '../../src/storage/outbox.ts';
import type { Session } from '../../src/storage/session.ts';
import type { TallyState } from '../../test/fixtures/tally.ts';

/** Short games, so lobbies open and games end often while the process is being killed. */
const TARGET = 20;

/** The session id a bot message belongs to (from its controls' custom_ids), if it has controls. */
export function sidOf(m: EmuMessage): string | undefined {
  for (const c of allComponents(m.components)) {
    const match = typeof c.custom_id === 'string' ? /^[afvle]\|([a-z0-9]+)/.exec(c.custom_id) : null;
    if (match) return match[1];
  }
  return undefined;
}

/**
 * Whether a message carries live controls of a table: a board's buttons or menus, or a lobby's
 * (the lobby is the board until the game is dealt). A finished game's Rematch is not one.
 */
export const isLiveBoard = (m: EmuMessage) =>
  [...allComponents(m.components)].some(
    (c) =>
      typeof c.custom_id === 'string' &&
      c.disabled !== true &&
      (/^[af]\|/.test(c.custom_id) || (/^l\|/.test(c.custom_id) && !c.custom_id.endsWith('|rematch'))),
  );

/** The total a Tally board shows ("Tally: 17/50"), or undefined for any other message. */
export function totalShown(m: EmuMessage): number | undefined {
  const match = /^Tally: (\d+)\/\d+$/.exec(titleOf(m) ?? '');
  return match ? Number(match[1]) : undefined;
}

export interface World {
  e: DiscordEmulator;
  alice: EmuUser;
  bob: EmuUser;
  channels: EmuChannel[];
  storeUrl: string;
}

/** What the players saw, per game (session id): its boards' highest total, its applied clicks. */
export interface Seen {
  channelId: string;
  total: number;
  /** Order of the newest message showing this game, to find each channel's newest game. */
  at: number;
  /** Clicks after which the board moved on: interaction ids the players saw applied. */
  acknowledged: string[];
}

/** Clicks the bot refused (a stale board clicked, a turn misread), with what it said. */
export interface Refusals {
  count: number;
  said: string[];
}

/**
 * The players of one table, for as long as `going()`: clicks Add 1 on the board as whoever's
 * turn it is and waits for the board to move on; opens a new game when one ends.
 */
export async function play(
  w: World,
  channel: EmuChannel,
  seen: Map<string, Seen>,
  refusals: Refusals,
  going: () => boolean,
): Promise<void> {
  const { e, alice, bob } = w;
  const quietly = <T>(p: Promise<T>) =>
    p.then(
      (v) => v,
      () => undefined,
    );
  const waitFor = (find: () => unknown, ms: number) =>
    quietly(eventually(() => (going() ? find() : true) || undefined, 'the board', ms));
  while (going()) {
    const add = control(e, alice, channel, 2, 'Add 1');
    const join = control(e, bob, channel, 2, 'Join');
    const start = control(e, alice, channel, 2, 'Start');
    if (add) {
      const text = renderMessageText(add.message);
      const player = text.includes(`Turn: <@${bob.id}>`) || text.includes(`Turn: ${bob.id}`) ? bob : alice;
      const sid = sidOf(add.message) ?? '';
      // What the players saw before this click (a stale board clicked in the instant before it
      // is retired shows less, and its refused click must not count).
      const before = Math.max(totalShown(add.message) ?? 0, seen.get(sid)?.total ?? 0);
      const handle = await quietly(e.click(player.id, add.message.id, add.customId));
      const advanced = () => (seen.get(sid)?.total ?? 0) > before;
      await waitFor(advanced, 2_000);
      // Applied as far as the players can tell: a board of this game moved past the one clicked.
      if (handle && advanced()) seen.get(sid)?.acknowledged.push(handle.id);
      const said = handle?.followUps.filter((m) => m.ephemeralTo).map(renderMessageText);
      if (said?.length) {
        refusals.count += 1;
        if (refusals.said.length < 5) refusals.said.push(`#${channel.name}: ${said.join(' ')}`);
      }
    } else if (start) {
      if (join) await quietly(e.click(bob.id, join.message.id, join.customId));
      await quietly(e.click(alice.id, start.message.id, start.customId));
      await waitFor(() => control(e, alice, channel, 2, 'Add 1'), 2_000);
    } else {
      await quietly(
        e.slash(alice.id, channel.id, 'game', {
          subcommand: 'start',
          options: { game: 'tally', target: TARGET },
        }),
      );
      await waitFor(
        () => control(e, alice, channel, 2, 'Start') ?? control(e, alice, channel, 2, 'Add 1'),
        2_000,
      );
    }
  }
}

/**
 * The acknowledged clicks of the channel's newest game that the store does not have (each
 * applied click's interaction id is kept in the session; a Tally game has far fewer moves than
 * the session remembers ids).
 */
export function lostMoves(
  seen: Map<string, Seen>,
  channelId: string,
  session: Session | undefined,
): string[] {
  const newest = [...seen.entries()]
    .filter(([, s]) => s.channelId === channelId)
    .sort(([, a], [, b]) => b.at - a.at)[0];
  if (!newest) return [];
  const [sid, { acknowledged }] = newest;
  if (session?.id !== sid) return acknowledged;
  return acknowledged.filter((id) => !session.handled.includes(id));
}

export function describeSeen(seen: Map<string, Seen>, channelId: string): string {
  return [...seen.entries()]
    .filter(([, s]) => s.channelId === channelId)
    .map(([sid, s]) => `game ${sid} at ${s.total}, ${s.acknowledged.length} acknowledged`)
    .join('; ');
}

/** What is wrong with the channel's boards after a restart, or null when all is as stored. */
export function boardProblem(
  e: DiscordEmulator,
  channelId: string,
  session: Session | undefined,
): string | null {
  const live = e
    .messages(channelId)
    .filter((m) => !m.ephemeralTo && !m.deleted && m.authorId === e.botUserId && isLiveBoard(m));
  if (!session || session.status === 'ended')
    return live.length ? `${live.length} live boards on a table not playing (${session?.status})` : null;
  const [board] = live;
  if (live.length !== 1 || !board) return `${live.length} live boards (${session.status})`;
  if (board.id !== session.boardMessageId) return `the live board is not the stored one (${session.status})`;
  if (session.status === 'lobby') return null;
  const state = session.state as TallyState;
  if (totalShown(board) !== state.total)
    return `the board shows ${totalShown(board)}, the store ${state.total}`;
  if (owes(session)) return 'the store still owes the table its board or announcements';
  return null;
}
