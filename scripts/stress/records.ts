/**
 * Issue #24, "nothing said that is not true", measured per store (SQLite always; Redis and
 * PostgreSQL when TEST_REDIS_URL / TEST_POSTGRES_URL name a server, each on a database of its own
 * that this section empties first):
 *
 *   - side_record_lost_updates: two writers (two connections, as two processes) on the records
 *     beside the sessions: 100 games added to one player's stats, and 40 tables entered in one
 *     player's `/game mine` seat index, all at once. Every update must land.
 *   - deadlines_never_fired: a phase timer and a pace deadline that fire during one failed store
 *     read, a deadline-index write that fails at `/game resume` (then a restart), a crash between
 *     a session's save and its deadline-index entry (then a restart), and a 3-second turn when the
 *     host's wall clock steps back an hour. Each deadline must still fire, soon.
 *     answers_not_credited: after the same step back, an answer made just after it must count.
 *   - false_nothing_changed: the store fails after a move was saved (recording the new board,
 *     reading the table to show it, clearing the wrap-up mark of a game the move ended); the
 *     player must not hear "nothing was changed". boards_behind_after_a_minute: a minute later,
 *     boards with live controls other than the recorded one, and a record still unpublished.
 *   - start_failures_exit_0: `npm start` with a store or configuration that cannot work (SQLite at
 *     a bad path, at a directory, read-only; Redis and PostgreSQL unreachable; a bad STORE_URL;
 *     Discord unreachable) must exit non-zero; start_failures_hung: or hang instead.
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiscordEmulator } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { ScriptRunner } from '../../src/sandbox/script.ts';
import { injectStoreFaults } from '../../src/sandbox/store-faults.ts';
import { SeatIndex } from '../../src/storage/indexes.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { StatsStore } from '../../src/storage/stats.ts';
import { owes } from '../../src/storage/outbox.ts';
import { tally, type TallyState } from '../../test/fixtures/tally.ts';
import { failures, tried, type Figure } from './figures.ts';
import { answerText, countingLogger, customIdOf, explain, withControl } from './world.ts';
import { allComponents, renderMessageText } from '../../src/sandbox/emulator/index.ts';

const TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAw.sandbox.local-token-not-secret';
const MIN = 60_000;
const HOUR = 60 * MIN;

export interface StoreTarget {
  name: string;
  url: string;
}

/**
 * The stores to measure: a SQLite file in `dir`; Redis and PostgreSQL when their test URLs are
 * set, each on a database of its own (Redis database 7, PostgreSQL `tradecraft_stress`), emptied.
 */
export async function storeTargets(dir: string): Promise<StoreTarget[]> {
  const targets: StoreTarget[] = [{ name: 'sqlite', url: `sqlite://${join(dir, 'records.sqlite')}` }];
  const redis = process.env['TEST_REDIS_URL'];
  if (redis) {
    const u = new URL(redis);
    u.pathname = '/7';
    targets.push({ name: 'redis', url: u.toString() });
  }
  const postgres = process.env['TEST_POSTGRES_URL'];
  if (postgres)
    targets.push({ name: 'postgres', url: await postgresDatabase(postgres, 'tradecraft_stress') });
  for (const t of targets.slice(1)) {
    const keyv = await openKeyv(t.url);
    await keyv.clear();
    await keyv.disconnect();
  }
  return targets;
}

interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
}

/** A database of its own on the PostgreSQL server `url` names (created when missing). */
async function postgresDatabase(url: string, name: string): Promise<string> {
  // The pg driver @keyv/postgres itself uses.
  const pg = createRequire(import.meta.resolve('@keyv/postgres'))('pg') as {
    Client: new (o: { connectionString: string }) => PgClient;
  };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
    if (found.rows.length === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function records(opts: { targets: StoreTarget[]; quick: boolean }): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const t of opts.targets) {
    figures.push(...(await sideRecords(t)));
    figures.push(...(await deadlines(t)));
    figures.push(...(await afterTheSave(t, opts.quick ? 2 : 5)));
  }
  figures.push(...(await startFailures(opts.targets)));
  return figures;
}

// ---------------------------------------------------------------- side records, two writers

async function sideRecords(t: StoreTarget): Promise<Figure[]> {
  const problems: string[] = [];
  const a = await openKeyv(t.url);
  const b = await openKeyv(t.url);
  const guild = `g${Date.now()}`;
  let statsLost = 0;
  let seatsLost = 0;
  try {
    const stats = [new StatsStore(a), new StatsStore(b)] as const;
    const GAMES = 100;
    await Promise.all(
      Array.from({ length: GAMES }, (_, i) =>
        stats[i % 2 ? 1 : 0].record(
          guild,
          'tally',
          [{ userId: 'u1', name: 'Alice', won: i % 3 === 0, score: 1 }],
          `s${i}`,
        ),
      ),
    );
    const played = (await stats[0].table(guild, 'tally'))['u1']?.played ?? 0;
    statsLost = GAMES - played;
    if (statsLost) problems.push(`stats: ${played} of ${GAMES} games counted`);

    const seats = [new SeatIndex(a), new SeatIndex(b)] as const;
    const TABLES = 40;
    await Promise.all(
      Array.from({ length: TABLES }, (_, i) => seats[i % 2 ? 1 : 0].sync(guild, `${guild}-c${i}`, ['u1'])),
    );
    const listed = (await seats[0].channelsOf(guild, 'u1')).length;
    seatsLost = TABLES - listed;
    if (seatsLost) problems.push(`seat index: ${listed} of ${TABLES} tables listed`);
  } finally {
    await a.disconnect().catch(() => undefined);
    // @keyv/postgres shares one pool between the connections of one URL: it is gone already.
    await b.disconnect().catch(() => undefined);
  }
  explain(`side records ${t.name}`, problems);
  return [
    tried('records', 'stats_updates_lost', statsLost, t.name),
    tried('records', 'seat_index_entries_lost', seatsLost, t.name),
    failures('records', 'side_record_lost_updates', statsLost + seatsLost, t.name),
  ];
}

// ---------------------------------------------------------------- deadlines

const START = (options: string) =>
  `@alice /game start game:tally seed:7 target:50 ${options}\n@bob click Join\n@alice click Start`;

let worlds = 0;

/**
 * A harness with the Tally game on an empty store of this kind (a new SQLite file; the Redis or
 * PostgreSQL database emptied, so no earlier world's tables wake up in this one) and a script
 * runner; stopped by the caller.
 */
async function world(t: StoreTarget) {
  const log = countingLogger();
  let storeUrl = t.url;
  if (t.name === 'sqlite') storeUrl = t.url.replace(/\.sqlite$/, `-${++worlds}.sqlite`);
  else {
    const keyv = await openKeyv(t.url);
    await keyv.clear();
    await keyv.disconnect();
  }
  const h = await Harness.start({ games: [tally], storeUrl, logger: log.logger });
  const out: string[] = [];
  const runner = new ScriptRunner(h, (l) => out.push(l));
  const run = async (script: string) => {
    out.length = 0;
    for (const line of script.split('\n')) await runner.line(line);
    return out.join('\n');
  };
  const state = async () => (await h.bot.tables.load(h.channel.id))?.state as TallyState | undefined;
  const said = () =>
    h.emu
      .messages(h.channel.id)
      .filter((m) => !m.ephemeralTo)
      .map(renderMessageText)
      .join('\n');
  return { h, run, state, said, log };
}

type Scenario = (t: StoreTarget) => Promise<{ fired: boolean; note: string }>;

const DEADLINE_SCENARIOS: Record<string, Scenario> = {
  /** A 3-second turn: its end fires during one failed read. */
  async 'phase timer, failed read'(t) {
    const { h, run, state } = await world(t);
    try {
      await run(START('turnseconds:3'));
      await run('wait 2s'); // the reminder, half way
      const before = (await state())?.moves ?? 0;
      injectStoreFaults(h.bot.tables.deps.store).inject('read-error', 1);
      await run('wait 2s\nwait 2m');
      const after = (await state())?.moves ?? 0;
      return { fired: after > before, note: `moves ${before} → ${after}` };
    } finally {
      await h.stop();
    }
  },
  /** A live decision (7 minutes with the reserve): its deadline fires during one failed read. */
  async 'pace deadline, failed read'(t) {
    const { h, run, said } = await world(t);
    try {
      await run(START('pace:live'));
      await run('wait 405s'); // the reminder, 30 s before
      injectStoreFaults(h.bot.tables.deps.store).inject('read-error', 1);
      await run('wait 30s\nwait 10m');
      return { fired: said().includes('Out of time'), note: 'no "Out of time" after 17 minutes' };
    } finally {
      await h.stop();
    }
  },
  /** `/game resume` saves the table, then its deadline-index write fails; the bot restarts. */
  async 'index write fails at resume, restart'(t) {
    const { h, run, said } = await world(t);
    try {
      await run(START('pace:live'));
      await run('@alice /game pause');
      injectStoreFaults(h.bot.tables.deps.records.deadlines).inject('write-error', 1);
      await run('@alice /game resume');
      await h.restartBot();
      await run('wait 10m');
      return { fired: said().includes('Out of time'), note: 'no "Out of time" 10 minutes after resuming' };
    } finally {
      await h.stop();
    }
  },
  /** A crash between a session's save and its deadline-index entry; the bot restarts. */
  async 'crash between session and index, restart'(t) {
    const { h, run, said } = await world(t);
    try {
      await run(START('pace:live'));
      await h.bot.tables.deps.records.deadlines.set(h.channel.id, undefined);
      await h.restartBot();
      await run('wait 10m');
      return { fired: said().includes('Out of time'), note: 'no "Out of time" 10 minutes after the restart' };
    } finally {
      await h.stop();
    }
  },
  /** A 3-second turn, and the host's wall clock steps back an hour. */
  async 'clock steps back an hour'(t) {
    const { h, run, state } = await world(t);
    try {
      await run(START('turnseconds:3'));
      const before = (await state())?.moves ?? 0;
      h.clock.stepWall(-HOUR);
      await run('wait 5s');
      const after = (await state())?.moves ?? 0;
      return { fired: after > before, note: `moves ${before} → ${after} 5 s into a 3 s turn` };
    } finally {
      await h.stop();
    }
  },
};

/**
 * The host's clock steps back an hour just before alice answers. She had missed one decision
 * before; her answer must count, so one more miss does not yet hand her seat to a computer.
 */
async function stepBackCredit(t: StoreTarget): Promise<{ credited: boolean; note: string }> {
  const { h, run, said } = await world(t);
  try {
    await run(START('pace:live'));
    await run('wait 8m'); // alice misses one
    await run('@bob click Add 1');
    h.clock.stepWall(-HOUR);
    await run('wait 1s\n@alice click Add 1');
    await run('@bob click Add 1');
    await run('wait 3m'); // alice misses one more: only one in a row if her answer counted
    const taken = said().includes('a computer plays');
    return { credited: !taken, note: 'a computer took the seat after one real miss' };
  } finally {
    await h.stop();
  }
}

async function deadlines(t: StoreTarget): Promise<Figure[]> {
  const problems: string[] = [];
  let never = 0;
  for (const [name, scenario] of Object.entries(DEADLINE_SCENARIOS)) {
    const { fired, note } = await scenario(t).catch((err: unknown) => ({
      fired: false,
      note: `crashed: ${String(err)}`,
    }));
    if (!fired) {
      never += 1;
      problems.push(`${name}: ${note}`);
    }
  }
  const credit = await stepBackCredit(t).catch((err: unknown) => ({
    credited: false,
    note: `crashed: ${String(err)}`,
  }));
  if (!credit.credited) problems.push(`answer after a step back: ${credit.note}`);
  explain(`deadlines ${t.name}`, problems);
  return [
    tried('records', 'deadline_faults_injected', Object.keys(DEADLINE_SCENARIOS).length, t.name),
    failures('records', 'deadlines_never_fired', never, t.name),
    failures('records', 'answers_not_credited', credit.credited ? 0 : 1, t.name),
  ];
}

// ---------------------------------------------------------------- after the save

interface PostSaveCase {
  label: string;
  /** The fault, after the move's own save has gone through. */
  inject(h: Harness): void;
  /** The game's target: a low one makes the move end the game. */
  target: number;
}

const POST_SAVE: PostSaveCase[] = [
  {
    label: 'recording the new board',
    target: 50,
    inject: (h) => injectStoreFaults(h.bot.tables.deps.store).inject('write-error', 1, { skip: 1 }),
  },
  {
    label: 'reading the table to show it',
    target: 50,
    inject: (h) => injectStoreFaults(h.bot.tables.deps.store).inject('read-error', 1, { skip: 1 }),
  },
  {
    label: 'the end of the wrap-up',
    target: 3,
    inject: (h) => injectStoreFaults(h.bot.tables.deps.store).inject('write-error', 1, { skip: 2 }),
  },
];

/**
 * Boards behind the store a minute after the fault: boards with live controls other than the one
 * the record names, and the record itself still owing its channel something.
 */
async function boardsBehind(h: Harness): Promise<number> {
  const session = await h.bot.tables.load(h.channel.id);
  const live = h.emu
    .messages(h.channel.id)
    .filter(
      (m) =>
        !m.ephemeralTo &&
        m.id !== session?.boardMessageId &&
        [...allComponents(m.components)].some(
          (c) => typeof c.custom_id === 'string' && /^[afl]\|/.test(c.custom_id) && c.disabled !== true,
        ),
    ).length;
  return live + (session && owes(session) ? 1 : 0);
}

async function afterTheSave(t: StoreTarget, perCase: number): Promise<Figure[]> {
  const problems: string[] = [];
  const figures: Figure[] = [];
  for (const c of POST_SAVE) {
    let falseNothing = 0;
    let orphans = 0;
    for (let i = 0; i < perCase; i++) {
      const { h, run, state } = await world(t);
      try {
        h.bot.tables.deps.store.timeoutMs = 500;
        await run(
          `@alice /game start game:tally seed:7 target:${c.target}\n@bob click Join\n@alice click Start`,
        );
        if (c.target === 3) await run('@alice click Add 2'); // bob's next move ends the game
        const before = (await state())?.moves ?? 0;
        const turn = (await state())?.turn ?? 0;
        const who = turn % 2 === 0 ? 'alice' : 'bob';
        const board = withControl(h, h.channel.id, 'Add 1');
        if (!board) throw new Error('no board');
        c.inject(h);
        const handle = await h.emu.click(h.user(who).id, board.id, customIdOf(board, 'Add 1'));
        await h.settle();
        const told = answerText(handle);
        const after = (await state())?.moves ?? 0;
        if (after > before && /nothing was changed/.test(told)) {
          falseNothing += 1;
          problems.push(`${c.label}: move saved (${before} → ${after}), told "${told.slice(0, 200)}"`);
        }
        await run('wait 1m');
        const behind = await boardsBehind(h);
        if (behind > 0) {
          orphans += behind;
          problems.push(`${c.label}: ${behind} board(s) behind the store a minute later`);
        }
      } finally {
        await h.stop();
      }
    }
    figures.push(
      tried('records', 'post_save_failures_injected', perCase, `${t.name}: ${c.label}`),
      failures('records', 'false_nothing_changed', falseNothing, `${t.name}: ${c.label}`),
      failures('records', 'boards_behind_after_a_minute', orphans, `${t.name}: ${c.label}`),
    );
  }
  explain(`after the save ${t.name}`, problems);
  return figures;
}

// ---------------------------------------------------------------- start-up failures

interface StartCase {
  label: string;
  store: string;
  env: Record<string, string>;
  /** Set up before and cleaned up after (a read-only mount); null when it cannot be made here. */
  prepare?: () => Promise<(() => void) | null>;
}

function run(env: Record<string, string>, ms: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { PATH: process.env['PATH'] ?? '', LOG_FORMAT: 'json', ...env },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** A read-only filesystem holding a store written before (root only: a tmpfs remounted ro). */
function readOnlyStore(dir: string): () => Promise<(() => void) | null> {
  return async () => {
    if (process.getuid?.() !== 0) return null;
    mkdirSync(dir, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir]);
    } catch {
      return null;
    }
    const keyv = await openKeyv(`sqlite://${join(dir, 'store.sqlite')}`);
    await keyv.set('hello', 1);
    await keyv.disconnect();
    execFileSync('mount', ['-o', 'remount,ro', dir]);
    return () => execFileSync('umount', [dir]);
  };
}

async function startFailures(targets: StoreTarget[]): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tradecraft-start-'));
  const emu = new DiscordEmulator({ token: TOKEN });
  await emu.start();
  const base = { DISCORD_TOKEN: TOKEN, DISCORD_API_URL: emu.apiUrl };
  const cases: StartCase[] = [
    { label: 'SQLite at a bad path', store: 'sqlite', env: { STORE_URL: 'sqlite:///dev/null/x.sqlite' } },
    { label: 'SQLite at a directory', store: 'sqlite', env: { STORE_URL: `sqlite://${dir}` } },
    {
      label: 'SQLite on a read-only filesystem',
      store: 'sqlite',
      env: { STORE_URL: `sqlite://${join(dir, 'ro', 'store.sqlite')}` },
      prepare: readOnlyStore(join(dir, 'ro')),
    },
    { label: 'STORE_URL of no known kind', store: 'config', env: { STORE_URL: 'ftp://example' } },
    {
      label: 'Discord unreachable',
      store: 'sqlite',
      env: { STORE_URL: `sqlite://${join(dir, 'ok.sqlite')}`, DISCORD_API_URL: 'http://127.0.0.1:1/api' },
    },
    ...(targets.some((t) => t.name === 'redis')
      ? [{ label: 'Redis unreachable', store: 'redis', env: { STORE_URL: 'redis://127.0.0.1:1' } }]
      : []),
    ...(targets.some((t) => t.name === 'postgres')
      ? [
          {
            label: 'PostgreSQL unreachable',
            store: 'postgres',
            env: { STORE_URL: 'postgres://u:p@127.0.0.1:1/db' },
          },
        ]
      : []),
  ];
  const problems: string[] = [];
  const byStore = new Map<string, { tried: number; exit0: number; hung: number }>();
  try {
    for (const c of cases) {
      const cleanup = c.prepare ? await c.prepare() : undefined;
      if (cleanup === null) {
        problems.push(`${c.label}: cannot be set up here (not run)`);
        continue;
      }
      const counts = byStore.get(c.store) ?? { tried: 0, exit0: 0, hung: 0 };
      byStore.set(c.store, counts);
      try {
        const { code, out } = await run({ ...base, ...c.env }, 30_000);
        counts.tried += 1;
        if (code === 0) {
          counts.exit0 += 1;
          problems.push(
            `${c.label}: exit 0; said ${out.trim().split('\n').slice(-2).join(' | ').slice(0, 400)}`,
          );
        } else if (code === null) {
          counts.hung += 1;
          problems.push(`${c.label}: still running after 30 s`);
        }
      } finally {
        cleanup?.();
      }
    }
  } finally {
    await emu.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  explain('start-up', problems);
  return [...byStore].flatMap(([store, n]) => [
    tried('records', 'start_failures_tried', n.tried, store),
    failures('records', 'start_failures_exit_0', n.exit0, store),
    failures('records', 'start_failures_hung', n.hung, store),
  ]);
}
