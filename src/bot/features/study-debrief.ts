/**
 * A study session's combined debrief: every table side by side on the figures that make its
 * game's point (the engine's `sessionFigures`), with each table's players and computer line-up
 * and whether it finished, was closed or is still playing. Posted in the session's channel and
 * exported privately to the facilitator as Markdown and CSV.
 */
import type { AnyEngine, SessionFigure } from '../../games/contract.ts';
import type { Session } from '../../storage/session.ts';
import type { Study } from '../../storage/study.ts';
import { plain } from '../../games/text.ts';
import { literal } from '../kernel/text.ts';

/** One table as the combined debrief shows it. */
interface TableColumn {
  label: string;
  channelId: string;
  status: string;
  players: string[];
  computers: string[];
  /** Null while the table has no figures to show (not started, or still playing). */
  figures: SessionFigure[] | null;
}

export interface CombinedDebrief {
  markdown: string;
  csv: string;
  /** Files named after the session, for the facilitator's export. */
  base: string;
}

function statusOf(session: Session | null): string {
  if (!session) return 'gone';
  if (session.status === 'lobby') return 'not started';
  if (session.status === 'playing') return 'playing';
  return session.endedReason === 'finished' || session.endedReason === undefined ? 'finished' : 'closed';
}

/** Computer seats by strategy, e.g. "Honest ×2, Greedy". */
function lineUp(engine: AnyEngine, session: Session): string[] {
  const counts = new Map<string, number>();
  for (const s of session.seats) {
    if (!s.computer) continue;
    const name = engine.computerStrategies.find((x) => x.id === s.computer)?.name ?? s.computer;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
}

function column(engine: AnyEngine, session: Session | null, i: number, channelId: string): TableColumn {
  const status = statusOf(session);
  // A table still playing shows no figures: they would tell its players what is hidden there.
  const figures =
    session && session.status === 'ended' && session.state !== null
      ? (engine.sessionFigures?.(session.state) ?? [])
      : null;
  return {
    label: `T${i + 1}`,
    channelId,
    status,
    players: (session?.seats ?? []).filter((s) => !s.computer).map((s) => literal(s.name)),
    computers: session ? lineUp(engine, session) : [],
    figures,
  };
}

/** The rows: every figure name any table reported, in the order they first appear. */
function rowNames(columns: TableColumn[]): string[] {
  const names: string[] = [];
  for (const c of columns) for (const f of c.figures ?? []) if (!names.includes(f.name)) names.push(f.name);
  return names;
}

const cell = (c: TableColumn, name: string): string =>
  c.figures === null ? c.status : (c.figures.find((f) => f.name === name)?.value ?? '-');

/** RFC 4180 quoting; a leading = + - @ is neutralised so a spreadsheet never runs a cell as a formula. */
function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The combined debrief of a session's tables, or null while no table has started. */
export function combinedDebrief(
  study: Study,
  engine: AnyEngine,
  sessions: (Session | null)[],
  seedLine: string,
): CombinedDebrief | null {
  const columns = study.tables.map((t, i) => column(engine, sessions[i] ?? null, i, t));
  if (!sessions.some((s) => s && s.status !== 'lobby')) return null;
  const names = rowNames(columns);
  const who = (c: TableColumn) =>
    [
      c.players.length ? `players ${c.players.join(', ')}` : 'no people',
      c.computers.length ? `computers ${c.computers.join(', ')}` : 'no computers',
    ].join(' · ');
  // Discord renders no Markdown tables: one line per figure, the tables side by side on it.
  const line = (name: string) =>
    `- **${name}**: ${columns.map((c) => `${c.label} ${cell(c, name)}`).join(' · ')}`;
  const playing = columns.filter((c) => c.status === 'playing').map((c) => c.label);
  const markdown = [
    `## Study session debrief: ${columns.length} tables of ${engine.name}`,
    'The same seed dealt every table the same game, so the differences below come from how the tables played.',
    '',
    ...columns.map((c) => `**${c.label}** <#${c.channelId}> · ${c.status} · ${who(c)}`),
    '',
    ...names.map(line),
    ...(playing.length ? ['', `${playing.join(', ')} still playing: their figures come when they end.`] : []),
    ...(engine.sessionPrompt ? ['', engine.sessionPrompt] : []),
    '',
    seedLine,
  ].join('\n');
  const rows: string[][] = [
    ['figure', ...columns.map((c) => c.label)],
    ['status', ...columns.map((c) => c.status)],
    ['players', ...columns.map((c) => c.players.join('; '))],
    ['computers', ...columns.map((c) => c.computers.join('; '))],
    ...names.map((n) => [n, ...columns.map((c) => cell(c, n))]),
  ];
  const csv = rows.map((r) => r.map((x) => csvCell(plain(x))).join(',')).join('\r\n') + '\r\n';
  return { markdown, csv, base: `${engine.id}-session-${study.id}` };
}
