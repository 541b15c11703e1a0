/** The end-of-game debrief: scores, crises solved and the table's figures, in Markdown Discord renders. */
import type { Debrief, SeatResult, SessionFigure } from '../contract.ts';
import type { CardIndex } from './cardset.ts';
import { cardName } from './cardset.ts';
import type { CdState } from './types.ts';
import { plural, literal } from '../text.ts';

export function debrief(cards: CardIndex, s: CdState): Debrief {
  // Discord renders no Markdown tables: one list line per player instead.
  const rows = s.seats.map(
    (x) =>
      `- **${literal(x.name)}**: ${x.score} point${x.score === 1 ? '' : 's'} · crises solved: ${x.solved.map((c) => cardName(cards, c)).join(', ') || '—'}`,
  );
  const st = s.stats;
  const markdown = [
    `## ${s.edition === 'cia' ? 'Collection Deck' : 'CIA: Collect It All'} — debrief`,
    s.result ? s.result.summary : `Game in progress, round ${s.round}.`,
    '',
    '### Players',
    ...rows,
    '',
    `${plural(s.round, 'round')}, ${plural(st.turns, 'turn')}: ${plural(st.strategies, 'strategy', 'strategies')}, ${st.solved} solved, ${st.failed} failed; ` +
      `${plural(st.disruptions, 'disruption')}; ${plural(st.challenges, 'challenge')}, ${st.challengesUpheld} upheld; ` +
      `${plural(st.reshuffles, 'reshuffle')}, ${plural(st.mulligans, 'mulligan')}.`,
  ].join('\n');
  return {
    markdown,
    data: {
      edition: s.edition,
      rounds: s.round,
      result: s.result,
      stats: st,
      seats: s.seats.map((x) => ({ id: x.id, name: x.name, score: x.score, solved: x.solved })),
    },
  };
}

/** Each seat's points once the game is over, for the server's stats. */
export function results(s: CdState): SeatResult[] | null {
  const result = s.result;
  if (!result) return null;
  return s.seats.map((x) => ({ seat: x.id, won: result.winners.includes(x.id), score: x.score }));
}

/** A study session's figures: points by seat, strategies completed and disrupted, votes. */
export function sessionFigures(s: CdState): SessionFigure[] {
  const st = s.stats;
  const winners = s.result ? s.seats.filter((x) => s.result?.winners.includes(x.id)) : [];
  return [
    { name: 'Rounds played', value: `${s.round}` },
    ...s.seats.map((x, i) => ({ name: `Points, seat ${i + 1}`, value: `${x.score}` })),
    {
      name: 'Strategies completed / disrupted (failed) / tried',
      value: `${st.solved} / ${st.failed} / ${st.strategies}`,
    },
    { name: 'Disruptions played', value: `${st.disruptions}` },
    {
      name: 'Votes on justifications (held / judged not feasible)',
      value: `${st.challenges} / ${st.challengesUpheld}`,
    },
    {
      name: 'Winners',
      value: s.result ? winners.map((x) => literal(x.name)).join(' & ') || 'none' : 'not finished',
    },
  ];
}

export const SESSION_PROMPT =
  'For discussion: where did the same hands score differently, and did disruptions or the votes decide it?';

export function glance(s: CdState): string {
  const scores = s.seats.map((x) => `${literal(x.name)} ${x.score}`).join(' · ');
  return `${s.result ? 'over after' : ''} round ${s.round} · points ${scores}`.trim();
}
