/**
 * The waves section of `npm run bench` (issue #25): the figures of bench/waves.ts, all from one
 * run, each with the machine's load average (1 minute) when it was taken, since the machine is
 * shared and the latencies follow its load.
 */
import { loadavg } from 'node:os';
import { type Figure, round2 } from './figure.ts';
import { percentile } from './latency.ts';
import type { Picture } from '../src/games/picture.ts';
import { benchFixtureWaves, benchWaves, pictureBurst, pictureCpu } from './waves.ts';

/** Batches of `channels` more tables the memory slope is fitted over (bench/wave-memory.ts). */
const SLOPE_BATCHES = 4;

export async function benchWaveSection(
  report: (f: Figure) => void,
  channels: number,
  waves: number,
): Promise<void> {
  const load = () => round2(loadavg()[0] ?? 0);
  const atOnce = await benchWaves(channels, waves, 0, SLOPE_BATCHES * channels);
  const atOnceLoad = load();
  const spread = await benchWaves(channels, waves, 3000);
  const spreadLoad = load();
  const fixture = await benchFixtureWaves(channels, waves);
  const fixtureLoad = load();
  // The pictures each wave's clicks needed (the views opened, the boards changed, the views
  // after), drawn alone after the waves: the median wave. Then the first definition's (every
  // table's board and its mover's view after the wave), for the record.
  const burstOf = async (lists: Picture[][]) => {
    const bursts: number[] = [];
    for (const pictures of lists) if (pictures.length) bursts.push(await pictureBurst(pictures));
    return percentile(bursts, 50);
  };
  const burst = await burstOf(atOnce.needed);
  const burstBefore = await burstOf(atOnce.pictures);
  const burstLoad = load();
  const common = { game: 'collection-deck', channels, waves, latency: 'realistic' };
  const boardP99 = percentile(atOnce.board, 99);
  const viewP99 = percentile(atOnce.ownView, 99);
  report({
    figure: 'picture_burst_ms',
    ...common,
    value: round2(burst),
    unit: 'ms',
    pictures: atOnce.needed.map((p) => p.length).join(' / '),
    load: burstLoad,
  });
  report({
    figure: 'picture_burst_ms_boards_and_views',
    ...common,
    value: round2(burstBefore),
    unit: 'ms',
    pictures: atOnce.pictures.map((p) => p.length).join(' / '),
  });
  // Discord's global limit alone: the wave's bot-token requests (new boards, lines, edits by the
  // channel's route) at 50 a second, for the wave that sent the most.
  const most = Math.max(0, ...atOnce.globalRequests);
  report({
    figure: 'global_budget_floor_ms',
    ...common,
    value: round2((most / 50) * 1000),
    unit: 'ms',
    requests: atOnce.globalRequests.join(' / '),
  });
  for (const [figure, samples, p99] of [
    ['board_visible', atOnce.board, boardP99],
    ['own_view', atOnce.ownView, viewP99],
  ] as const) {
    report({
      figure: `${figure}_p50`,
      ...common,
      value: round2(percentile(samples, 50)),
      unit: 'ms',
      samples: samples.length,
      // Moves after which the board looked the same: not edited, so not sampled (publish.ts).
      ...(figure === 'board_visible' ? { unchanged: atOnce.boardUnchanged } : {}),
      load: atOnceLoad,
    });
    report({ figure: `${figure}_p99`, ...common, value: round2(p99), unit: 'ms', load: atOnceLoad });
    report({ figure: `${figure}_p99_over_burst`, ...common, value: round2(p99 / burst), unit: 'x' });
    report({
      figure: `${figure}_p99_over_burst_boards_and_views`,
      ...common,
      value: round2(p99 / burstBefore),
      unit: 'x',
    });
  }
  for (const [kind, cpu] of await pictureCpu(atOnce.pictures.flat().slice(0, 60)))
    report({
      figure: 'picture_cpu_ms_p50',
      game: 'collection-deck',
      kind,
      value: round2(percentile(cpu, 50)),
      unit: 'ms',
      samples: cpu.length,
      load: load(),
    });
  report({
    figure: 'event_loop_delay_max_ms',
    ...common,
    value: round2(Math.max(atOnce.eventLoopDelayMaxMs, spread.eventLoopDelayMaxMs)),
    unit: 'ms',
    atOnce: round2(atOnce.eventLoopDelayMaxMs),
    spread3s: round2(spread.eventLoopDelayMaxMs),
    load: spreadLoad,
  });
  for (const [clicks, f, at] of [
    ['at once', atOnce, atOnceLoad],
    ['spread over 3 s', spread, spreadLoad],
  ] as const) {
    report({
      figure: 'my_view_unanswered_3s',
      ...common,
      clicks,
      value: f.myViewUnanswered,
      unit: 'clicks',
      load: at,
    });
    report({
      figure: 'move_acks_missed_3s',
      ...common,
      clicks,
      value: f.acksMissed,
      unit: 'clicks',
      moves: f.moves,
      load: at,
    });
  }
  const memory = atOnce.memoryPerTableMiB;
  const slope = atOnce.slope;
  if (slope) {
    // What one more table costs: the slope from `channels` tables to five times as many, played
    // the same waves, less the emulator's uploads; where it lives beside it, and each batch's own
    // growth as the spread (wave-memory.ts).
    const b = slope.breakdown;
    report({
      figure: 'rss_per_picture_table_mib',
      ...common,
      value: round2(slope.perTable),
      unit: 'MiB',
      over: `tables ${channels} to ${channels + slope.tables}`,
      steps: slope.steps.map(round2).join(' / '),
      heapUsed: round2(b.heapUsed),
      external: round2(b.external),
      arrayBuffers: round2(b.arrayBuffers),
      emulatorUploads: round2(b.emulatorUploads),
      mainHeap: round2(b.mainHeap),
      anonymous: round2(b.anonymous),
      workersHeap: round2(b.workersHeap),
      workersExternal: round2(b.workersExternal),
    });
    // Paid once: what the first tables took beyond the slope (the pool's first real use, caches).
    report({ figure: 'rss_picture_pool_fixed_mib', ...common, value: round2(slope.fixed), unit: 'MiB' });
  }
  // The previous definition: the first tables' growth from the warm-up picture, less the
  // emulator's uploads and the driver's pictures, over the tables (the fixed cost spread on them).
  report({
    figure: 'rss_per_picture_table_mib_with_pool',
    ...common,
    value: round2(memory.bot),
    unit: 'MiB',
    heapUsed: round2(memory.heapUsed),
    external: round2(memory.external),
    arrayBuffers: round2(memory.arrayBuffers),
  });
  // The first definition, for the record: the whole process's RSS growth, emulator and driver in it.
  report({
    figure: 'rss_per_picture_table_mib_in_process',
    ...common,
    value: round2(memory.rss),
    unit: 'MiB',
    emulatorUploads: round2(memory.emulatorUploads),
    benchPictures: round2(memory.benchPictures),
  });
  const moves = Math.max(1, atOnce.moves + spread.moves);
  const behindBoards = atOnce.globalLimitWaitsBehindBoards + spread.globalLimitWaitsBehindBoards;
  report({
    figure: 'global_rate_limit_waits_per_move',
    ...common,
    value: round2((atOnce.globalLimitWaits + spread.globalLimitWaits) / moves),
    unit: 'waits',
    moves: atOnce.moves + spread.moves,
    // The split: requests kept behind other tables' boards on purpose (an old board's retirement,
    // lines posted after a table's new board is up), and the rest (boards themselves).
    behindBoardsPerMove: round2(behindBoards / moves),
    othersPerMove: round2((atOnce.globalLimitWaits + spread.globalLimitWaits - behindBoards) / moves),
  });
  const fixtureP99 = percentile(fixture, 99);
  report({
    figure: 'board_visible_p99',
    game: 'tally (fixture)',
    channels,
    waves,
    latency: 'realistic',
    value: round2(fixtureP99),
    unit: 'ms',
    samples: fixture.length,
    load: fixtureLoad,
  });
  report({
    figure: 'board_visible_p99_ratio_fixture',
    ...common,
    value: round2(boardP99 / fixtureP99),
    unit: 'x',
  });
}
