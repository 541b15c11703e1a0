/**
 * What the computer strategy's move would have achieved, for the post-game review (issue #18),
 * in the Item Collection Game's terms: first the computer's own reason (the claims it believes,
 * the tables it expects), then an honest claim that keeps the table's trust, a card that
 * matches what the others claimed, a swap that makes the reveal score. Pure; the game is over
 * when it is asked, so the face-down cards may be read.
 */
import type { PlayerId } from '../contract.ts';
import { cardLabel, type Rank } from './cards.ts';
import { termWords, type PromiseTerm } from './promises.ts';
import { comboName, scoreReveal } from './scoring.ts';
import type { IcgAction } from './schema.ts';
import { declarationOrder, seatIndexOf, seatLabel, type IcgState } from './state.ts';
import { computerDecision } from './strategies.ts';
import { literal } from '../text.ts';

/** The reveal the starting player's swap (or keep) leads to, with `card` as their face-down card. */
function revealWith(state: IcgState, seat: number, card: Rank): { combo: string; scores: boolean } {
  const table = declarationOrder(state).flatMap((s) => {
    const d = state.declarations[s];
    const face = s === seat ? card : d?.card;
    return face ? [{ seat: s, card: face, claim: d?.claim ?? undefined }] : [];
  });
  const result = scoreReveal(table, state.mode);
  return { combo: comboName(result.combo), scores: result.scorers.includes(seat) };
}

function swapOrKeep(state: IcgState, seat: number, alt: Rank | null, own: Rank | null): string | null {
  const placed = state.declarations[seat]?.card;
  if (!placed) return null;
  const withAlt = revealWith(state, seat, alt ?? placed);
  const withOwn = revealWith(state, seat, own ?? placed);
  const altText = alt === null ? `keeping ${cardLabel(placed, seat)}` : `swapping to ${cardLabel(alt, seat)}`;
  const scored = (r: { combo: string; scores: boolean }) =>
    `${r.combo}, ${r.scores ? 'your card scoring' : 'your card not scoring'}`;
  return `${altText} would have revealed ${scored(withAlt)}; as played: ${scored(withOwn)}`;
}

/** Who has already claimed this rank this round (public: claims are spoken aloud). */
function claimedBy(state: IcgState, rank: Rank, except: number): string[] {
  return state.declarations.flatMap((d, s) =>
    s !== except && d.claim === rank ? [seatLabel(state, s)] : [],
  );
}

/** `fit`: say why the card fits the table (left out when the computer's own reason already does). */
function declaration(
  state: IcgState,
  seat: number,
  alt: IcgAction,
  own: IcgAction,
  fit: boolean,
): string | null {
  const altClaim = alt.type === 'declare' ? alt.claim : alt.type === 'claim' ? alt.rank : null;
  const altCard = alt.type === 'declare' || alt.type === 'place' ? alt.card : null;
  const ownClaim = own.type === 'declare' ? own.claim : own.type === 'claim' ? own.rank : null;
  const ownCard = own.type === 'declare' || own.type === 'place' ? own.card : null;
  const parts: string[] = [];
  if (ownClaim && ownCard && ownClaim !== ownCard && altClaim === altCard)
    parts.push(
      `an honest claim here would have kept the table’s trust (claiming ${ownClaim} while placing ${ownCard} was a bluff)`,
    );
  const card = altCard ?? altClaim;
  if (fit && card && card !== ownCard) {
    const partners = claimedBy(state, card, seat);
    parts.push(
      partners.length
        ? `${cardLabel(card, seat)} would have matched what ${partners.join(' and ')} claimed, so the cooperation could score together`
        : `${cardLabel(card, seat)} was the card that fit the table under ${state.mode === 'high' ? 'High' : 'Low'}`,
    );
  }
  return parts.length ? parts.join('; ') : null;
}

/** R20: a promise from the form is judged by the debrief; words alone are left to the table. */
function promiseChoice(alt: IcgAction, own: IcgAction): string | null {
  if (alt.type !== 'promise' || own.type !== 'promise' || (own.what ?? 'note') !== 'note') return null;
  const what = alt.what ?? 'note';
  let term: PromiseTerm | null = null;
  if (what === 'honest' || what === 'match') term = { what };
  else if (what !== 'note' && alt.rank) term = { what, rank: alt.rank };
  if (!term) return null;
  return `a promise chosen on the form (“${literal(termWords(term, null))}”) is one the debrief judges; words alone are left to the table to judge`;
}

/** The computer's reason for `alt` when it is the move it would make here (it always is in the review). */
function reasonFor(state: IcgState, actor: PlayerId, alt: IcgAction): string | null {
  const decision = computerDecision(state, actor);
  return decision && JSON.stringify(decision.action) === JSON.stringify(alt) ? decision.why : null;
}

export function explainAlternative(
  state: IcgState,
  actor: PlayerId,
  alt: IcgAction,
  own: IcgAction,
): string | null {
  const why = reasonFor(state, actor, alt);
  const then = effect(state, actor, alt, own, why === null);
  return why && then ? `${why}; ${then}` : (why ?? then);
}

function effect(
  state: IcgState,
  actor: PlayerId,
  alt: IcgAction,
  own: IcgAction,
  fit: boolean,
): string | null {
  const seat = seatIndexOf(state, actor);
  if (seat === null) return null;
  if ((alt.type === 'swap' || alt.type === 'keep') && (own.type === 'swap' || own.type === 'keep'))
    return swapOrKeep(
      state,
      seat,
      alt.type === 'swap' ? alt.card : null,
      own.type === 'swap' ? own.card : null,
    );
  if (['declare', 'claim', 'place'].includes(alt.type)) return declaration(state, seat, alt, own, fit);
  return promiseChoice(alt, own);
}
