/**
 * The real game of the SIGKILL section (kills.ts): Item Collection at a table of its own, alice
 * and three computer players, pictures on, played to the end over and over while the process
 * is killed. Alice hosts: she fills the seats from the lobby's menu, starts, and whenever the
 * game waits on her plays the default with `/game skip` (every decision of the game goes through
 * the same commit and publish as a click). What is checked after each restart is below.
 */
import { boardPayload } from '../../src/bot/discord/board.ts';
import type { MessagePayload } from '../../src/bot/discord/layout.ts';
import { payloadTexts } from '../../src/bot/table/board-message.ts';
import type { AnyEngine } from '../../src/games/contract.ts';
import { control, eventually } from '../../src/sandbox/bot-process.ts';
import {
  allComponents,
  renderMessageText,
  type DiscordEmulator,
  type EmuChannel,
  type EmuMessage,
} from '../../src/sandbox/emulator/index.ts';
import { owes } from '../../src/storage/outbox.ts';
import type { Session } from '../../src/storage/session.ts';
import { isLiveBoard, type World } from './kill-table.ts';

export const REAL_GAME = 'item-collection';
const SEATS = 4;
/** Short games, so that several end (and are wrapped up) while the process is being killed. */
const ROUNDS = 3;
const STRATEGIES = ['Honest', 'Opportunist', 'Reciprocator'];

/** What the real table's players did. */
export interface RealPlay {
  skips: number;
  games: number;
}

const ids = (m: EmuMessage): string[] =>
  [...allComponents(m.components)].map((c) => c.custom_id).filter((c): c is string => typeof c === 'string');

/** A public message of ours with this game's My view button: its board (the final one included). */
const boardOf = (m: EmuMessage, sid?: string) =>
  !m.ephemeralTo && !m.deleted && ids(m).some((id) => id.startsWith(sid ? `v|${sid}` : 'v|'));

/** Plays the real table for as long as `going()`. */
export async function playReal(
  w: World,
  channel: EmuChannel,
  going: () => boolean,
  done: RealPlay,
): Promise<void> {
  const { e, alice } = w;
  const quietly = <T>(p: Promise<T>) =>
    p.then(
      (v) => v,
      () => undefined,
    );
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const waitFor = (find: () => unknown, ms: number) =>
    quietly(eventually(() => (going() ? find() : true) || undefined, 'the real table', ms));
  while (going()) {
    const start = control(e, alice, channel, 2, 'Start');
    const board = e.messages(channel.id).findLast((m) => m.authorId === e.botUserId && boardOf(m));
    const playing = board && !ids(board).some((id) => id.endsWith('|rematch'));
    if (start) {
      const seated = (renderMessageText(start.message).match(/^\d+\. /gm) ?? []).length;
      if (seated < SEATS) {
        const option = control(e, alice, channel, 3, STRATEGIES[seated % STRATEGIES.length] ?? 'Honest');
        if (option) await quietly(e.select(alice.id, option.message.id, option.customId, [option.value]));
        await pause(150);
        continue;
      }
      await quietly(e.click(alice.id, start.message.id, start.customId));
      await waitFor(() => control(e, alice, channel, 2, 'Start') === undefined || undefined, 3_000);
      done.games += 1;
    } else if (playing) {
      const handle = await quietly(
        e.slash(alice.id, channel.id, 'game', { subcommand: 'skip', options: {} }),
      );
      if (handle) done.skips += 1;
      await pause(250);
    } else {
      await quietly(
        e.slash(alice.id, channel.id, 'game', {
          subcommand: 'start',
          options: { game: REAL_GAME, rounds: ROUNDS },
        }),
      );
      await waitFor(() => control(e, alice, channel, 2, 'Start'), 3_000);
    }
  }
}

/** The texts of a message, as `payloadTexts` reads a payload (carried lines first). */
const textsOf = (m: EmuMessage): string =>
  payloadTexts({ components: m.components } as unknown as MessagePayload);

/**
 * What is wrong with the real table after a restart, or null: no live controls left on a table
 * not playing; one live lobby, the stored one; one board of the game (its My view button), the
 * stored one, showing the stored game; nothing still owed in the record.
 */
export function realBoardProblem(
  e: DiscordEmulator,
  channelId: string,
  session: Session | undefined,
  engine: AnyEngine,
): string | null {
  const mine = e
    .messages(channelId)
    .filter((m) => !m.ephemeralTo && !m.deleted && m.authorId === e.botUserId);
  const live = mine.filter(isLiveBoard);
  if (!session) return live.length ? `${live.length} live boards on a table without a game` : null;
  if (session.status === 'lobby') {
    if (live.length !== 1 || live[0]?.id !== session.boardMessageId)
      return `${live.length} live lobbies, not the stored one`;
  } else {
    if (session.status === 'ended' && live.length) return `${live.length} live boards on a finished game`;
    const boards = mine.filter((m) => boardOf(m, session.id));
    const [board] = boards;
    if (boards.length !== 1 || !board || board.id !== session.boardMessageId)
      return `${boards.length} boards of game ${session.id} (${session.status}), the stored one ${boards.some((b) => b.id === session.boardMessageId) ? 'among them' : 'missing'}`;
    const expected = payloadTexts(boardPayload(engine, session));
    if (!textsOf(board).endsWith(expected))
      return `the board does not show the stored game (${session.status})`;
  }
  if (owes(session)) return 'the store still owes the table its board or announcements';
  return null;
}
