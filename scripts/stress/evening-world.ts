/**
 * A busy evening (issue #22), run in a process of its own so a crash of the picture pipeline is
 * counted, not fatal: real Item Collection and Collection Deck tables with pictures, two people
 * and computers at each, every person pressing **My view** before each move and making the move
 * the computer strategy would, with the controls a player sees (src/sandbox/autoplay.ts). The
 * tables play at once, so clicks arrive close together; Discord refuses about 1% of board writes
 * (403 Missing Permissions) and, with DISCORD_LATENCY set, answers with the latency profile.
 * Prints the figures as one JSON line on stdout.
 */
import { parseArgs } from 'node:util';
import type { AnyEngine } from '../../src/games/contract.ts';
import { GAMES } from '../../src/games/index.ts';
import { planGesture } from '../../src/sandbox/autoplay.ts';
import { EmulatorError, type InteractionHandle } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import type { Session } from '../../src/storage/session.ts';
import { checkTable, type TableCheck } from './evening-checks.ts';
import { countingLogger, explain } from './world.ts';
import { findControl, makeGesture, pressMyView } from './evening-clicks.ts';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '100' },
    seed: { type: 'string', default: '22' },
    store: { type: 'string' },
  },
});
const TABLES = Number(values.tables);
const JUSTIFICATION =
  'A source close to the target reports what it sees each week, which is exactly this crisis.';

/** A small seeded generator for the driver's own choices (never the bot's). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(Number(values.seed));

const counts = {
  moves: 0,
  movedOn: 0,
  statusAsked: 0,
  refused: 0,
  myView: 0,
  myViewUnanswered: 0,
  acksMissed: 0,
  writesRefused: 0,
  stalls: 0,
};
const log = countingLogger();
const h = await Harness.start({
  games: GAMES,
  ...(values.store ? { storeUrl: values.store } : {}),
  logger: log.logger,
});

async function timedClick(
  click: () => Promise<InteractionHandle | null>,
  missed: 'myViewUnanswered' | 'acksMissed',
) {
  try {
    return await click();
  } catch (err) {
    if (err instanceof EmulatorError && err.code === 'no-response') counts[missed]++;
    else throw err;
    return null;
  }
}

async function open(i: number): Promise<{ channelId: string; engine: AnyEngine }> {
  const gameId = i % 2 === 0 ? 'item-collection' : 'collection-deck';
  const engine = GAMES.find((g) => g.id === gameId);
  if (!engine) throw new Error(`no game ${gameId}`);
  const channelId = h.emu.createChannel(h.guild.id, { name: `evening-${i}` }).id;
  const [alice, bob] = [h.user('alice').id, h.user('bob').id];
  await h.emu.slash(alice, channelId, 'game', { subcommand: 'start', options: { game: gameId, rounds: 2 } });
  await h.settle();
  const join = findControl(h, channelId, bob, { kind: 'click', label: 'Join' }, false);
  if (!join) throw new Error(`no Join in ${channelId}`);
  await h.emu.click(bob, join.message.id, join.customId);
  await h.settle();
  for (const label of gameId === 'item-collection' ? ['Honest', 'Opportunist'] : ['Analyst']) {
    const add = findControl(h, channelId, alice, { kind: 'select', labels: [label] }, false);
    if (!add) throw new Error(`no computer ${label} in ${channelId}`);
    await h.emu.select(alice, add.message.id, add.customId, add.values);
    await h.settle();
  }
  const start = findControl(h, channelId, alice, { kind: 'click', label: 'Start' }, false);
  if (!start) throw new Error(`no Start in ${channelId}`);
  await h.emu.click(alice, start.message.id, start.customId);
  return { channelId, engine };
}

const load = async (channelId: string): Promise<Session | null> => h.bot.tables.load(channelId);

/** One person's turn: My view first, then the move the computer strategy would make for them. */
async function act(channelId: string, engine: AnyEngine, session: Session, seatId: string): Promise<boolean> {
  const found = engine.computerAction(session.state, seatId);
  if (!found) return false;
  const action = found.type === 'justify' ? { ...found, text: JUSTIFICATION } : found;
  const plan = planGesture(engine, session.state, seatId, action);
  counts.myView++;
  const view = await timedClick(() => pressMyView(h, channelId, seatId), 'myViewUnanswered');
  if (!plan) return false;
  // About 1% of board writes are refused, as Discord does when a permission is taken away.
  if (random() < 0.02) {
    counts.writesRefused++;
    h.emu.injectFault({
      method: random() < 0.5 ? 'POST' : 'PATCH',
      path: new RegExp(`^/channels/${channelId}/messages`),
      status: 403,
      body: { code: 50013, message: 'Missing Permissions' },
    });
  }
  const handle = await timedClick(() => makeGesture(h, channelId, seatId, plan, view), 'acksMissed');
  if (handle === null) {
    counts.movedOn++;
    await new Promise((r) => setTimeout(r, 100));
    return false;
  }
  if (handle.responseType === 6 || handle.responseType === 9) counts.moves++;
  else counts.refused++;
  await committedAfter(channelId, session.version);
  return true;
}

/** A click is acknowledged before its move is saved: wait (up to 5 s) for the save. */
async function committedAfter(channelId: string, version: number): Promise<void> {
  for (const until = Date.now() + 5000; Date.now() < until; await new Promise((r) => setTimeout(r, 25)))
    if (((await load(channelId))?.version ?? Infinity) > version) return;
}

/** `/game status`: the board posted again at the bottom (or, within 30 s of the last, a link). */
async function askForBoard(channelId: string, userId: string): Promise<void> {
  counts.statusAsked++;
  await timedClick(() => h.emu.slash(userId, channelId, 'game', { subcommand: 'status' }), 'acksMissed');
}

async function play(channelId: string, engine: AnyEngine): Promise<void> {
  let idle = 0;
  for (let step = 0; step < 600 && idle < 60; step++) {
    const session = await load(channelId);
    if (!session || session.status !== 'playing') return;
    const humans = session.seats.filter((s) => !s.computer).map((s) => s.id);
    const due = engine.activePlayers(session.state).filter((id: string) => humans.includes(id));
    if (due.length === 0) {
      idle++;
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    // Both people at once when both are due (a negotiation's Ready): clicks arrive together.
    const acted = await Promise.all(due.map((id: string) => act(channelId, engine, session, id)));
    idle = acted.some(Boolean) ? 0 : idle + 1;
    // A player who is due but sees no control to press asks for the board, as people do.
    if (idle > 0 && idle % 10 === 0) await askForBoard(channelId, due[0] ?? '');
  }
  counts.stalls++;
}

const checks: TableCheck[] = [];
try {
  const tables = [];
  for (let i = 0; i < TABLES; i++) tables.push(await open(i));
  await h.settle();
  await Promise.all(tables.map((t) => play(t.channelId, t.engine)));
  await h.settle();
  for (const t of tables) checks.push(await checkTable(h, t.channelId));
} finally {
  await h.stop();
}

const sum = (f: (c: TableCheck) => number): number => checks.reduce((n, c) => n + f(c), 0);
for (const c of checks) if (c.problems.length) explain('evening', c.problems);
explain('evening', log.lines);
process.stdout.write(
  `${JSON.stringify({
    tables: TABLES,
    games_finished: sum((c) => (c.ended ? 1 : 0)),
    moves: counts.moves,
    moves_refused: counts.refused,
    controls_gone_before_click: counts.movedOn,
    status_asked_for_board: counts.statusAsked,
    my_view_clicks: counts.myView,
    board_writes_refused: counts.writesRefused,
    tables_stalled: counts.stalls,
    boards_behind_store: sum((c) => (c.boardBehind ? 1 : 0)),
    announcements_expected: sum((c) => c.announcementsExpected),
    announcements_lost: sum((c) => c.announcementsLost),
    announcements_duplicated: sum((c) => c.announcementsDuplicated),
    my_view_unanswered_3s: counts.myViewUnanswered,
    move_acks_missed_3s: counts.acksMissed,
    errors_logged: log.errors(),
  })}\n`,
);
