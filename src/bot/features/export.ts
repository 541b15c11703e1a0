/** `/game export`: a finished game's full transcript, as Markdown for people and JSON for tools. */
import type { AnyEngine } from '../../games/contract.ts';
import type { HistoryEntry } from '../../storage/history.ts';
import type { Session } from '../../storage/session.ts';
import type { SeedReveal } from '../discord/seed-text.ts';
import { codeSpan, literal } from '../kernel/text.ts';

export interface ExportFile {
  name: string;
  content: string;
}

/** `seed`: whether the seed may be shown yet (src/bot/table/deal.ts); withheld, the files say why. */
export function buildExport(
  engine: AnyEngine,
  session: Session,
  history: readonly HistoryEntry[],
  seed: SeedReveal,
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
    ...history.flatMap((h) => [
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
    debrief: debrief?.data ?? null,
  };
  const base = `${engine.id}-${session.id}`;
  return [
    { name: `${base}.md`, content: md },
    { name: `${base}.json`, content: JSON.stringify(json, null, 2) },
    ...(engine.story ? [{ name: `${base}-story.md`, content: engine.story(session.state) }] : []),
  ];
}
