/** The end-of-game debrief: scores, crises solved and the table's figures, in Markdown Discord renders. */
import type { Debrief, SeatResult } from '../contract.ts';
import type { CardIndex } from './cardset.ts';
import { cardName } from './cardset.ts';
import type { CdState } from './types.ts';
import { count, literal } from '../text.ts';

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
    `${count(s.round, 'round')}, ${count(st.turns, 'turn')}: ${count(st.strategies, 'strategy', 'strategies')}, ${st.solved} solved, ${st.failed} failed; ` +
      `${count(st.disruptions, 'disruption')}; ${count(st.challenges, 'challenge')}, ${st.challengesUpheld} upheld; ` +
      `${count(st.reshuffles, 'reshuffle')}, ${count(st.mulligans, 'mulligan')}.`,
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
