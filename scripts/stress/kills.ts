/**
 * SIGKILLs: the bot runs in a process of its own (bot-process.ts) against the emulator this
 * script runs, on a SQLite store. Players keep clicking on several Tally tables, and a real game
 * (Item Collection with computer players and its pictures, kill-real.ts) is played to the end
 * over and over at a table of its own, while the process is killed at a seeded moment: after a
 * while, or the instant Discord takes a board post, a lobby post, a board edit, a click's
 * acknowledgement, an announcement or a debrief (so mid-move: a move saved but not shown, a
 * board posted but its id not saved, a game's end half told); a kill the trigger did not bring
 * within 8 s is a timer's. The bot starts again, start-up recovery runs, and then:
 *
 *   - acknowledged moves lost: a click after which the board moved on (the players saw it
 *     applied) that the stored game does not have (its interaction id, which the session keeps);
 *   - boards left behind: a table where, after the restart, not exactly one message carries live
 *     game controls, or that one is not the stored board, or it shows something else than the
 *     stored game, or the store still owes the table something (kill-table.ts, kill-real.ts);
 *   - announcements lost, duplicated or out of order, and debriefs missing or duplicated
 *     against the games finished (kill-owed.ts, from what each process logged it owed).
 */
import { REST, Routes } from 'discord.js';
import { buildCommands } from '../../src/commands/index.ts';
import { GAMES } from '../../src/games/index.ts';
import { nextInt, seedRng, type RngState } from '../../src/games/rng.ts';
import { spawnBot, type BotProcess, type LogLine } from '../../src/sandbox/bot-process.ts';
import { DiscordEmulator, type EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { SessionStore } from '../../src/storage/sessions.ts';
import { tally, type TallyState } from '../../test/fixtures/tally.ts';
import { BOT_ENTRY } from './bot-entry.ts';
import { failures, tried, type Figure } from './figures.ts';
import {
  boardProblem,
  describeSeen,
  isLiveBoard,
  lostMoves,
  play,
  sidOf,
  totalShown,
  type Refusals,
  type Seen,
  type World,
} from './kill-table.ts';
import { OwedLedger, type OwedReport } from './kill-owed.ts';
import { playReal, realBoardProblem, REAL_GAME, type RealPlay } from './kill-real.ts';
import { explain } from './world.ts';

const TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAw.sandbox.local-token-not-secret';

/** How the moment of a kill is chosen; the event ones kill inside Discord's handling of it. */
const TRIGGERS = [
  'timer',
  'board-posted',
  'board-edited',
  'click-acknowledged',
  'lobby-posted',
  'announcement-posted',
  'debrief-posted',
] as const;
type Trigger = (typeof TRIGGERS)[number];

/** Starts a bot process and resolves once its start-up recovery has run, with its report. */
async function startBot(w: World): Promise<{ bot: BotProcess; report: LogLine }> {
  const bot = spawnBot(BOT_ENTRY, {
    DISCORD_TOKEN: TOKEN,
    DISCORD_API_URL: w.e.apiUrl,
    STORE_URL: w.storeUrl,
    // Its "session saved" lines say what each save owes the channel (kill-owed.ts).
    LOG_LEVEL: 'debug',
  });
  const report = await bot.next((l) => l.msg === 'tables recovered', 'start-up recovery', 60_000);
  return { bot, report };
}

/** Resolves at the moment this kill is due: the seeded trigger, or a timer as a backstop. */
function killMoment(e: DiscordEmulator, rng: RngState): { due: Promise<Trigger>; cancel: () => void } {
  const trigger = TRIGGERS[nextInt(rng, TRIGGERS.length)] ?? 'timer';
  const after =
    trigger === 'lobby-posted' || trigger === 'debrief-posted'
      ? 1
      : trigger === 'announcement-posted'
        ? 1 + nextInt(rng, 6)
        : 1 + nextInt(rng, 30);
  const delayMs = 200 + nextInt(rng, 1800);
  const ours = (m: EmuMessage) => !m.ephemeralTo && m.authorId === e.botUserId;
  const counts: Record<Exclude<Trigger, 'timer'>, [string, (x: EmuMessage) => boolean]> = {
    'board-posted': ['messageCreate', (m) => ours(m) && isLiveBoard(m)],
    'lobby-posted': ['messageCreate', (m) => ours(m) && isLiveBoard(m) && totalShown(m) === undefined],
    // Edited in place, or retired (its controls removed) once the next board is up.
    'board-edited': ['messageUpdate', ours],
    'click-acknowledged': ['interactionResponse', () => true],
    // Announcement lines (alone, or above a new board) and a debrief, by the nonce they carry.
    'announcement-posted': ['messageCreate', (m) => ours(m) && /:a[0-9a-z]+$/.test(m.nonce ?? '')],
    'debrief-posted': ['messageCreate', (m) => ours(m) && /:d0$/.test(m.nonce ?? '')],
  };
  let cancel = () => undefined as void;
  const due = new Promise<Trigger>((resolve) => {
    const timer = setTimeout(() => resolve('timer'), trigger === 'timer' ? delayMs : 8_000);
    if (trigger === 'timer') {
      cancel = () => clearTimeout(timer);
      return;
    }
    const [event, counted] = counts[trigger];
    let seen = 0;
    const listener = (m: EmuMessage) => {
      if (counted(m) && ++seen >= after) resolve(trigger);
    };
    e.events.on(event, listener);
    cancel = () => {
      clearTimeout(timer);
      e.events.off(event, listener);
    };
  });
  return { due, cancel };
}

export async function kills(opts: {
  kills: number;
  channels: number;
  seed: number;
  storeUrl: string;
}): Promise<Figure[]> {
  const e = new DiscordEmulator({ token: TOKEN });
  await e.start();
  const admin = e.createUser({ username: 'admin' });
  const guild = e.createGuild({ name: 'Stress', ownerId: admin.id });
  const alice = e.createUser({ username: 'alice' });
  const bob = e.createUser({ username: 'bob' });
  for (const u of [admin, alice, bob]) e.addMember(guild.id, u.id);
  const channels = Array.from({ length: opts.channels }, (_, i) =>
    e.createChannel(guild.id, { name: `table-${i}` }),
  );
  const realChannel = e.createChannel(guild.id, { name: 'real-0' });
  const w: World = { e, alice, bob, channels, storeUrl: opts.storeUrl };
  const real = GAMES.find((g) => g.id === REAL_GAME);
  if (!real) throw new Error(`no ${REAL_GAME}`);
  await new REST({ api: e.apiUrl })
    .setToken(TOKEN)
    .put(Routes.applicationGuildCommands(e.applicationId, guild.id), {
      body: buildCommands([tally, real]).map((c) => c.data),
    });

  const seen = new Map<string, Seen>();
  let order = 0;
  const see = (m: EmuMessage) => {
    const sid = m.ephemeralTo || m.authorId !== e.botUserId ? undefined : sidOf(m);
    if (!sid) return;
    const known = seen.get(sid) ?? { channelId: m.channelId, total: 0, at: 0, acknowledged: [] };
    seen.set(sid, { ...known, total: Math.max(totalShown(m) ?? 0, known.total), at: ++order });
  };
  e.events.on('messageCreate', see);
  e.events.on('messageUpdate', see);

  const store = new SessionStore(await openKeyv(opts.storeUrl), () => Date.now());
  const rng = seedRng(`kills-${opts.seed}`);
  const problems: string[] = [];
  const triggers = new Map<Trigger, number>();
  const lost = new Set<string>();
  const refusals: Refusals = { count: 0, said: [] };
  let leftBehind = 0;
  const ledger = new OwedLedger();
  const realPlay: RealPlay = { skips: 0, games: 0 };
  let owed: OwedReport | undefined;
  const lostAnnouncements = new Set<string>();
  const duplicatedAnnouncements = new Set<string>();
  const outOfOrder = new Set<string>();
  let debriefsMissing = 0;
  let debriefsDuplicated = 0;
  let republished = 0;
  let orphans = 0;
  /** What the bot processes logged at error level or above (each one a crash of some kind). */
  const errors: string[] = [];
  const errorsOf = (b: BotProcess) =>
    errors.push(...b.lines.filter((l) => Number(l['level']) >= 50).map((l) => JSON.stringify(l)));
  let { bot } = await startBot(w);
  try {
    for (let k = 0; k < opts.kills; k++) {
      let going = true;
      const players = [
        ...channels.map((c) => play(w, c, seen, refusals, () => going)),
        playReal(w, realChannel, () => going, realPlay),
      ];
      const moment = killMoment(e, rng);
      const trigger = await moment.due;
      bot.child.kill('SIGKILL');
      moment.cancel();
      triggers.set(trigger, (triggers.get(trigger) ?? 0) + 1);
      going = false;
      await bot.exited();
      await Promise.all(players);

      const restarted = await startBot(w);
      errorsOf(bot);
      ledger.add(bot.lines);
      bot = restarted.bot;
      republished += Number(restarted.report['republished'] ?? 0);
      orphans += Number(restarted.report['orphans'] ?? 0);
      await e.waitForIdle(200);
      for (const channel of channels) {
        const loaded = await store.load(channel.id);
        const session = loaded.kind === 'ok' ? loaded.session : undefined;
        const missing = lostMoves(seen, channel.id, session).filter((id) => !lost.has(id));
        if (missing.length)
          problems.push(
            `kill ${k} (${trigger}), #${channel.name}: ${missing.length} acknowledged moves lost ` +
              `(stored: game ${session?.id} ${session?.status} at ${(session?.state as TallyState | null)?.total}, ` +
              `${session?.handled.length} ids; shown: ${describeSeen(seen, channel.id)})`,
          );
        for (const id of missing) lost.add(id);
        const behind = boardProblem(e, channel.id, session);
        if (behind) {
          leftBehind += 1;
          problems.push(`kill ${k} (${trigger}), #${channel.name}: ${behind}`);
        }
      }
      const loadedReal = await store.load(realChannel.id);
      const behind = realBoardProblem(
        e,
        realChannel.id,
        loadedReal.kind === 'ok' ? loadedReal.session : undefined,
        real,
      );
      if (behind) {
        leftBehind += 1;
        problems.push(`kill ${k} (${trigger}), #${realChannel.name}: ${behind}`);
      }
      ledger.add(bot.lines);
      owed = ledger.check(e);
      const fresh = (set: Set<string>, into: Set<string>) => [...set].filter((x) => !into.has(x));
      if (
        fresh(owed.lost, lostAnnouncements).length ||
        fresh(owed.duplicated, duplicatedAnnouncements).length ||
        fresh(owed.outOfOrder, outOfOrder).length ||
        owed.debriefsMissing > debriefsMissing ||
        owed.debriefsDuplicated > debriefsDuplicated
      )
        problems.push(...owed.problems.map((p) => `kill ${k} (${trigger}): ${p}`));
      for (const x of owed.lost) lostAnnouncements.add(x);
      for (const x of owed.duplicated) duplicatedAnnouncements.add(x);
      for (const x of owed.outOfOrder) outOfOrder.add(x);
      debriefsMissing = Math.max(debriefsMissing, owed.debriefsMissing);
      debriefsDuplicated = Math.max(debriefsDuplicated, owed.debriefsDuplicated);
    }
  } finally {
    await bot.stop();
    errorsOf(bot);
    await store.close();
    await e.stop();
  }
  explain('kills', [...problems, ...errors, ...refusals.said.map((r) => `refused: ${r}`)]);
  let acknowledged = 0;
  for (const s of seen.values()) acknowledged += s.acknowledged.length;
  return [
    tried('kills', 'sigkills_tried', opts.kills),
    ...TRIGGERS.map((t) => tried('kills', 'sigkills_at', triggers.get(t) ?? 0, t)),
    tried('kills', 'moves_acknowledged', acknowledged),
    tried('kills', 'clicks_refused', refusals.count),
    tried('kills', 'tables_republished_at_startup', republished),
    tried('kills', 'orphan_boards_disarmed_at_startup', orphans),
    tried('kills', 'real_game_defaults_played', realPlay.skips, REAL_GAME),
    tried('kills', 'real_games_started', realPlay.games, REAL_GAME),
    tried('kills', 'real_games_finished', ledger.finishedIn(realChannel.id), REAL_GAME),
    tried('kills', 'announcements_owed', owed?.owed ?? 0),
    tried('kills', 'games_finished', owed?.finished ?? 0),
    failures('kills', 'acknowledged_moves_lost', lost.size),
    failures('kills', 'boards_left_behind', leftBehind),
    failures('kills', 'announcements_lost', lostAnnouncements.size),
    failures('kills', 'announcements_duplicated', duplicatedAnnouncements.size),
    failures('kills', 'announcements_out_of_order', outOfOrder.size),
    failures('kills', 'debriefs_missing', debriefsMissing),
    failures('kills', 'debriefs_duplicated', debriefsDuplicated),
    failures('kills', 'kills_errors_logged', errors.length),
  ];
}
