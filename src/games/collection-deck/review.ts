/**
 * What the computer strategy's move would have achieved, for the post-game review (issue #18),
 * in Collection Deck's own terms: a strategy worth points passed up, a counter that would have
 * stopped a technique, a card that would have saved the player's own strategy. Pure: read from
 * the state before the move.
 */
import type { CardIndex } from './cardset.ts';
import { cardName, crisis } from './cardset.ts';
import { currentChallenge } from './challenge.ts';
import { ASPECT_NAME, judgeClaim, PRODUCT } from './claims.ts';
import { turnCrisis } from './strategy.ts';
import { judgeJustification } from './votes.ts';
import { plansFor } from './planner.ts';
import { planPlay } from './plays.ts';
import { seatIndexOf } from './table.ts';
import type { CdAction, CdState } from './types.ts';
import { WINNING_SCORE } from './types.ts';
import { plural, literal } from '../text.ts';

const names = (cards: CardIndex, ids: readonly string[]): string =>
  ids.map((id) => cardName(cards, id)).join(', ');

const turnTechniqueName = (cards: CardIndex, s: CdState): string => {
  const c = currentChallenge(s);
  return c ? cardName(cards, c.technique) : 'the technique';
};

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
    return `a strategy on ${c.name} (worth ${plural(c.techniquesRequired, 'point')}) was there to start; the hand could build it over the coming turns`;
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
  return `a strategy worth ${plural(plan.points, 'point')} on ${c.name} was passed up${win}: ${held}${instead}`;
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

/** Why the computer judged the justification on the table as it did (R36, C5). */
function judged(cards: CardIndex, s: CdState): string | null {
  const c = currentChallenge(s);
  const f = turnCrisis(s);
  if (!c || !f) return null;
  const t = cardName(cards, c.technique);
  if (c.claim) {
    const mods = f.techniques.find((x) => x.card === c.technique)?.mods.map((m) => m.card) ?? [];
    const v = judgeClaim(cards, c.technique, f.card, c.claim, mods);
    return `the claim is judged exactly: ${v.reason}, so it is ${v.feasible ? 'feasible' : 'not feasible'}`;
  }
  const v = judgeJustification(cards, c.technique, f.card, c.justification ?? '');
  if (v.judgement === 'feasible')
    return `a sentence of the answer links ${t} (${v.techniqueWords.join(', ')}) to the crisis (${v.crisisWords.join(', ')})`;
  if (v.judgement === 'not-feasible')
    return `no sentence of the answer says how ${t} would work against the crisis; naming cards or keywords is not a justification`;
  return 'the answer speaks in words the computer cannot judge, so it abstains rather than vote a sound answer down (R36)';
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
        ? `the strategy on ${c.name} was complete and worth ${plural(c.techniquesRequired, 'point')}; committing it gives the others their one chance to disrupt`
        : null;
    }
    case 'pass':
      return played.type === 'play'
        ? `holding ${cardName(cards, played.card)} back keeps it for a moment it changes more`
        : null;
    case 'cancel':
      return 'the strategy could no longer succeed; taking it back returns its cards to the hand';
    case 'vote':
    case 'abstain':
      return judged(cards, s);
    case 'justify':
      return alt.collects && alt.aspect
        ? `a claim that ${turnTechniqueName(cards, s)} collects ${PRODUCT[alt.collects]} about the ${ASPECT_NAME[alt.aspect]} side of ${turnCrisisName(cards, s)} is judged exactly, and it is the technique's own`
        : null;
    default:
      return null;
  }
}
