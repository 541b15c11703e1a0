/**
 * The busy-evening section (issue #22): real games with pictures at many tables at once, My view
 * pressed before every move, Discord refusing some board writes (see evening-world.ts). The world
 * runs in a child process so a crash of the picture pipeline is a figure (`picture_crashes`)
 * rather than the end of the audit.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { failures, tried, type Figure } from './figures.ts';

const WORLD = fileURLToPath(new URL('./evening-world.ts', import.meta.url));
const FAILURE_COLUMNS = [
  'boards_behind_store',
  'announcements_lost',
  'announcements_duplicated',
  'my_view_unanswered_3s',
  'move_acks_missed_3s',
  'tables_stalled',
];

export async function evening(opts: { tables: number; seed: number; storeUrl: string }): Promise<Figure[]> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      WORLD,
      '--tables',
      String(opts.tables),
      '--seed',
      String(opts.seed),
      '--store',
      opts.storeUrl,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => child.on('exit', (c, s) => resolve({ code: c, signal: s })),
  );
  const crashed = signal !== null || code !== 0;
  const last = out.trim().split('\n').at(-1) ?? '';
  const figures = crashed || !last.startsWith('{') ? {} : (JSON.parse(last) as Record<string, number>);
  return [
    failures('evening', 'picture_crashes', signal === 'SIGSEGV' || signal === 'SIGABRT' ? 1 : 0),
    failures('evening', 'evening_world_failed', crashed ? 1 : 0),
    ...Object.entries(figures).map(([name, value]) =>
      FAILURE_COLUMNS.includes(name) ? failures('evening', name, value) : tried('evening', name, value),
    ),
  ];
}
