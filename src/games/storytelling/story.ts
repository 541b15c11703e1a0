/**
 * The story as a readable Markdown document (for `/game export`) and the debrief: who wrote
 * what, which card decided what, round by round.
 */
import type { Debrief, SessionFigure } from '../contract.ts';
import type { StoryCards } from './cards.ts';
import { nameOf, OUTCOME_LABEL } from './cards.ts';
import { BOT_MARK } from './lines.ts';
import type { StoryLine, StState, TellKind } from './types.ts';
import { seatName } from './flow.ts';
import { literal } from '../text.ts';

const HEADINGS: Record<TellKind, string> = {
  intro: 'introduces',
  learned: 'reports on',
  approach: 'plans the operation against',
  outcome: 'tells how it went for',
  rumour: 'passes on a rumour',
  escalation: 'reports trouble with',
  consequence: 'tells the cost of',
  epilogue: 'closes the file',
};

function lineMarkdown(cards: StoryCards, s: StState, l: StoryLine): string {
  if (l.by === null) return `> *${l.text}*`;
  const about =
    l.crisis && l.kind !== 'rumour' && l.kind !== 'epilogue' ? ` *${nameOf(cards, l.crisis)}*` : '';
  const kind = l.kind === 'event' ? 'notes' : HEADINGS[l.kind];
  return `**${seatName(s, l.by)}** ${kind}${about}:\n\n${literal(l.text)}${l.bot ? ` _${BOT_MARK}_` : ''}`;
}

export function storyMarkdown(cards: StoryCards, s: StState): string {
  const cast = s.seats.map((x) => `${literal(x.name)}${x.computer ? ' (computer)' : ''}`).join(', ');
  const out = [
    '# CIA: Collect It All — a story',
    '',
    `*Told by ${cast}.* ${s.result ? s.result.summary : 'The story is not finished yet.'}`,
    '',
    'Lines marked _(written by the bot)_ were written from the cards by the bot, for a computer player or a prompt nobody answered in time. Lines in italics are what the cards decided.',
  ];
  let round = -1;
  for (const l of s.story) {
    if (l.round !== round) {
      round = l.round;
      out.push('', round === 0 ? '## Before the first round: the crises' : `## Round ${round}`);
    }
    out.push('', lineMarkdown(cards, s, l));
  }
  out.push('', '## How it ended', '', s.result?.summary ?? 'Unfinished.');
  if (s.defused.length > 0) out.push('', `Defused: ${s.defused.map((c) => nameOf(cards, c)).join(', ')}.`);
  if (s.failed.length > 0) out.push('', `Failed: ${s.failed.map((c) => nameOf(cards, c)).join(', ')}.`);
  return out.join('\n');
}

export function debrief(cards: StoryCards, s: StState): Debrief | null {
  if (!s.result) return null;
  const st = s.stats;
  const resolutions = Object.entries(OUTCOME_LABEL)
    .map(([k, label]) => `${label} ${st.resolutions[k] ?? 0}`)
    .join(' · ');
  const markdown = [
    `### CIA: Collect It All: Storytelling — debrief`,
    s.result.summary,
    `- Rounds: ${s.round}; defused ${st.defused}, failed ${st.failed}, escalations ${st.escalations}`,
    `- Intelligence collected: ${st.collected}; operations: ${st.operations} (${resolutions})`,
    `- Story lines: ${st.playerLines} by players, ${st.botLines} ${BOT_MARK}`,
    ...(s.defused.length > 0 ? [`- Defused: ${s.defused.map((c) => nameOf(cards, c)).join(', ')}`] : []),
    ...(s.failed.length > 0 ? [`- Failed: ${s.failed.map((c) => nameOf(cards, c)).join(', ')}`] : []),
    '`/game export` gives the whole story as a document.',
  ].join('\n');
  return { markdown, data: { round: s.round, victory: s.result.victory, ...st } };
}

/** A study session's figures: crises defused and failed, operations tried and how they resolved. */
export function sessionFigures(cards: StoryCards, s: StState): SessionFigure[] {
  const st = s.stats;
  const names = (ids: string[]) => ids.map((c) => nameOf(cards, c)).join(', ') || 'none';
  return [
    { name: 'Result', value: s.result ? (s.result.victory ? 'victory' : 'defeat') : 'not finished' },
    { name: 'Rounds played', value: `${s.round}` },
    { name: 'Crises defused', value: `${s.defused.length} (${names(s.defused)})` },
    { name: 'Crises failed', value: `${s.failed.length} (${names(s.failed)})` },
    { name: 'Operations tried', value: `${st.operations}` },
    ...Object.entries(OUTCOME_LABEL).map(([k, label]) => ({
      name: `Operations resolved: ${label}`,
      value: `${st.resolutions[k] ?? 0}`,
    })),
    { name: 'Intelligence collected', value: `${st.collected}` },
    { name: 'Story lines by players / by the bot', value: `${st.playerLines} / ${st.botLines}` },
  ];
}

export const SESSION_PROMPT =
  'For discussion: which table chose operations over collecting more intelligence, and how did it pay off? Read two tables’ stories of the same crisis side by side (`/game export`).';
