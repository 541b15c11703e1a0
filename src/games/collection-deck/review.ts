/**
 * What the computer strategy's move would have achieved, for the post-game review (issue #18),
 * in Collection Deck's own terms: a strategy worth points passed up, a counter that would have
 * stopped a technique, a card that would have saved the player's own strategy. Pure: read from
 * the state before the move.
 */
import type { CardIndex } from './cardset.ts';
import { cardName, crisis } from './cardset.ts';
import { plansFor } from './planner.ts';
import { planPlay } from './plays.ts';
import { seatIndexOf } from './table.ts';
import type { CdAction, CdState } from './types.ts';
import { WINNING_SCORE } from './types.ts';
import { count, literal } from '../text.ts';

const names = (cards: CardIndex, ids: readonly string[]): string =>
  ids.map((id) => cardName(cards, id)).join(', ');

const turnCrisisName = (cards: CardIndex, s: CdState): string =>
  s.turn.crisis ? crisis(cards, s.turn.crisis).name : 'the crisis';

function passedUpStrategy(
  cards: CardIndex,
  s: CdState,
  seat: number,
  crisisId: string,
  played: CdAction,
): string {
  const c = crisis(cards, crisisId);
  const plans = plansFor(cards, s, seat, { helpers: true });
  const plan = plans.find((p) => p.crisis === crisisId);
  const score = s.seats[seat]?.score ?? 0;
  if (!plan)
    return `a strategy on ${c.name} (worth ${count(c.techniquesRequired, 'point')}) was there to start; the hand could build it over the coming turns`;
  const techniques = plan.steps.flatMap((st) => (st.type === 'add-techniques' ? st.techniques : []));
  const win = plan.wins
    ? `, enough to reach ${WINNING_SCORE} and win (${score} + ${plan.points})`
    : ` (${score} → ${score + plan.points})`;
  const held = `the hand already held ${techniques.length ? names(cards, techniques) : 'what it needed'}`;
  const chosen = played.type === 'select-crisis' && played.crisis !== crisisId ? played.crisis : null;
  const other = chosen === null ? null : crisis(cards, chosen);
  const instead = !other
    ? ''
    : plans.some((p) => p.crisis === chosen)
      ? `; ${other.name}, chosen instead, was worth ${other.techniquesRequired}`
      : `; ${other.name}, chosen instead, is worth ${other.techniquesRequired} but the hand could not complete it`;
  return `a strategy worth ${count(plan.points, 'point')} on ${c.name} was passed up${win}: ${held}${instead}`;
}

function cardWouldHave(
  cards: CardIndex,
  s: CdState,
  seat: number,
  card: string,
  on: string | undefined,
): string | null {
  const plan = planPlay(cards, s, seat, card, on);
  if (!plan.ok) return null;
  const name = cardName(cards, card);
  const owner = literal(s.seats[s.turn.seat]?.name ?? 'the active player');
  const target = 'target' in plan.value ? cardName(cards, plan.value.target) : '';
  const onCrisis = turnCrisisName(cards, s);
  switch (plan.value.kind) {
    case 'counter':
      return `a counter in hand, ${name}, would have stopped ${target} and with it ${owner}’s strategy on ${onCrisis}`;
    case 'manager-challenge':
      return `${name} would have put ${target} to a Manager Challenge, so ${owner} had to justify it before scoring ${onCrisis}`;
    case 'think-outside-the-box':
      return `${name} would have defeated ${target} and kept the strategy on ${onCrisis} standing`;
    case 'replacement':
      return `${name} would have replaced a countered technique and kept the strategy on ${onCrisis} standing`;
    case 'technique-mod':
      return seat === s.turn.seat
        ? `${name} on ${target} would have made it fit ${onCrisis}`
        : `${name} on ${target} would have pushed it out of ${onCrisis}’s reach`;
    case 'crisis-modifier':
      return seat === s.turn.seat
        ? `${name} would have lowered ${onCrisis}’s difficulty so the strategy fits`
        : `${name} would have raised ${onCrisis}’s difficulty beyond ${owner}’s techniques`;
    case 'draft-technique':
      return `${name} would have added a technique that fits ${onCrisis}`;
  }
}

export function explainAlternative(
  cards: CardIndex,
  s: CdState,
  actor: string,
  alt: CdAction,
  played: CdAction,
): string | null {
  const seat = seatIndexOf(s, actor);
  if (seat === null) return null;
  switch (alt.type) {
    case 'select-crisis':
      return passedUpStrategy(cards, s, seat, alt.crisis, played);
    case 'play':
      return cardWouldHave(cards, s, seat, alt.card, alt.on);
    case 'add-techniques':
      return `${names(cards, alt.techniques)} fit ${turnCrisisName(cards, s)}: with them the strategy was complete`;
    case 'commit': {
      const c = s.turn.crisis ? crisis(cards, s.turn.crisis) : null;
      return c
        ? `the strategy on ${c.name} was complete and worth ${count(c.techniquesRequired, 'point')}; committing it gives the others their one chance to disrupt`
        : null;
    }
    case 'pass':
      return played.type === 'play'
        ? `holding ${cardName(cards, played.card)} back keeps it for a moment it changes more`
        : null;
    case 'cancel':
      return 'the strategy could no longer succeed; taking it back returns its cards to the hand';
    default:
      return null;
  }
}
