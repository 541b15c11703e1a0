/** `/game export`: a finished game's full transcript, as Markdown for people and JSON for tools. */
import type { AnyEngine } from '../../games/contract.ts';
import type { HistoryEntry } from '../../storage/history.ts';
import type { Session } from '../../storage/session.ts';
import type { SeedReveal } from '../discord/seed-text.ts';
import { codeSpan, literal } from '../kernel/text.ts';
import { describeDamage, type HistoryDamagedError } from '../../storage/errors.ts';
import type { TableService } from '../table/service.ts';

export interface ExportFile {
  name: string;
  content: string;
}

/**
 * The transcript files. `seed`: whether the seed may be shown yet (src/bot/table/deal.ts);
 * withheld, the files say why. `damaged` lists stretches of moves the store lost (issue #24): the
 * transcript says where they are missing rather than pretend the game was shorter.
 */
export function buildExport(
  engine: AnyEngine,
  session: Session,
  history: readonly HistoryEntry[],
  seed: SeedReveal,
  damaged: readonly { from: number; to: number }[] = [],
): ExportFile[] {
  const names = new Map(session.seats.map((s) => [s.id, literal(s.name)]));
  const who = (id: string) => names.get(id) ?? id;
  const outcome = engine.outcome(session.state);
  const debrief = engine.debrief(session.state);
  const started = new Date(session.createdAt).toISOString();
  const md = [
    `# ${engine.name}: transcript`,
    '',
    `- Started: ${started}`,
    seed.shown ? `- Seed: \`${seed.seed}\`` : `- Seed: withheld. ${seed.why}`,
    `- Options: ${JSON.stringify(session.options)}`,
    `- Players: ${session.seats.map((s) => `${literal(s.name)}${s.computer ? ` (computer: ${s.computer})` : ''}`).join(', ')}`,
    `- Result: ${outcome?.summary ?? session.endedReason ?? 'unfinished'}`,
    '',
    '## Moves',
    '',
    ...(damaged.length
      ? [
          `> ⚠️ Moves ${describeDamage(damaged)} are missing: that part of the stored history is damaged. The other moves are below.`,
          '',
        ]
      : []),
    ...history.flatMap((h) => [
      ...damaged.filter((d) => d.to + 1 === h.seq).map((d) => `*(moves ${d.from}-${d.to} missing)*`),
      `${h.seq}. ${new Date(h.at).toISOString()} **${who(h.actor)}**: ${codeSpan(JSON.stringify(h.action))}`,
      ...h.announce.map((line) => `   > ${line.replace(/\n/g, '\n   > ')}`),
    ]),
    '',
    ...(debrief ? ['## Debrief', '', debrief.markdown, ''] : []),
  ].join('\n');
  const json = {
    game: engine.id,
    seed: seed.shown ? seed.seed : null,
    options: session.options,
    seats: session.seats,
    startedAt: started,
    outcome,
    endedReason: session.endedReason ?? null,
    history,
    ...(damaged.length ? { missingMoves: damaged } : {}),
    debrief: debrief?.data ?? null,
  };
  const base = `${engine.id}-${session.id}`;
  return [
    { name: `${base}.md`, content: md },
    { name: `${base}.json`, content: JSON.stringify(json, null, 2) },
    ...(engine.story ? [{ name: `${base}-story.md`, content: engine.story(session.state) }] : []),
  ];
}

/**
 * Tells the bot's operator (the log) that part of a game's stored history is damaged: which
 * table, which game and which moves, so the store can be looked at. Players are told separately.
 */
export function reportHistoryDamage(tables: TableService, err: HistoryDamagedError): void {
  tables.deps.logger.error(
    {
      channelId: err.channelId,
      sessionId: err.sessionId,
      missingMoves: err.damaged,
      readableMoves: err.readable.length,
    },
    `stored move history damaged: moves ${describeDamage(err.damaged)} are missing or unreadable`,
  );
}
