/**
 * The post-game review as players read it (issue #18): pages of moves from src/games/review.ts,
 * and the three moments that decided the game for the facilitator's debrief. The history is
 * stored apart from the session (src/storage/history.ts): callers read it with
 * `SessionStore.history` and pass it in.
 */
import type { AnyEngine } from '../games/contract.ts';
import { FACILITATOR_ACTOR } from '../games/contract.ts';
import { reviewGame, type Review, type ReviewMoment, type ReviewRecord } from '../games/review.ts';
import type { Session } from '../storage/session.ts';
import { arrangementOf } from './tutorial.ts';

export function reviewOf(engine: AnyEngine, session: Session, history: ReviewRecord['history']): Review {
  return reviewGame(engine, {
    seats: session.seats.map(({ id, name, computer, members }) => ({ id, name, computer, members })),
    options: session.options,
    seed: session.seed,
    ...(session.facilitator ? { facilitator: session.host } : {}),
    ...arrangementOf(session),
    history,
  });
}

const nameOf = (session: Session, id: string): string =>
  id === FACILITATOR_ACTOR ? 'the facilitator' : (session.seats.find((s) => s.id === id)?.name ?? id);

function momentLines(session: Session, m: ReviewMoment, full: boolean): string {
  const head = `**Move ${m.seq}, ${nameOf(session, m.actor)}**: ${m.did}`;
  const saw = full ? `\n> Could see: ${m.saw}` : '';
  const c = m.computer;
  const verdict = !c
    ? ''
    : c.decisive
      ? ' **Decisive**: that move wins the game for this seat, the move made does not;'
      : c.result
        ? ''
        : ' (not played out, to keep the review quick)';
  const better = c
    ? `\n💡 The computer strategy would have played **${c.would}**${c.why ? `: ${c.why}` : ''}.${verdict}${c.result ? ` ${c.result}.` : ''}`
    : '';
  return `${head}${saw}${better}`;
}

/** "The moments that decided the game", for the debrief and the review's first page. */
export function decisiveSection(session: Session, review: Review): string {
  if (review.decisive.length === 0)
    return '**Moments that decided the game**: none found — at no move would the computer strategy’s choice have turned the result.';
  return [
    '**Moments that decided the game**',
    ...review.decisive.map((m, i) => `${i + 1}. ${momentLines(session, m, false).replace(/\n/g, ' ')}`),
  ].join('\n');
}

/** The review in pages of at most `max` characters; page 1 opens with the decisive moments. */
export function reviewPages(session: Session, review: Review, max = 1800): string[] {
  const blocks = [
    decisiveSection(session, review),
    ...review.moments.map((m) => momentLines(session, m, true)),
    ...(review.unexplored
      ? [`(${review.unexplored} later alternative(s) were not played out, to keep the review quick.)`]
      : []),
  ];
  const pages: string[] = [];
  let page = '';
  for (const raw of blocks) {
    const block = raw.length > max ? `${raw.slice(0, max - 1)}…` : raw;
    if (page && page.length + block.length + 2 > max) {
      pages.push(page);
      page = '';
    }
    page = page ? `${page}\n\n${block}` : block;
  }
  if (page) pages.push(page);
  return pages;
}
