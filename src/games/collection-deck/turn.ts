/**
 * A player's turn: building a strategy, committing it, the disruption window with its
 * responses, and the outcome. Works on the engine's working copy of the state.
 */
import type { Result } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import type { CardIndex } from './cardset.ts';
import { cardName, crisis } from './cardset.ts';
import { beginChallenge } from './challenge.ts';
import { commitProblem, planPlay } from './plays.ts';
import { endRound, finishGame } from './round.ts';
import { isCountered, isIntact, placedFits, turnCrisis } from './strategy.ts';
import { freshTurn, nextSeat, opponentsInOrder, seatLabel } from './table.ts';
import type { CdState, FieldCrisis } from './types.ts';
import { DISRUPTION_CAP, WINNING_SCORE } from './types.ts';
import { ownDiscard, ownSeat, ownTurnCrisis } from './working.ts';
import { plural, literal } from '../text.ts';

const takeFromHand = (s: CdState, seat: number, card: string): void => {
  const hand = ownSeat(s, seat)?.hand;
  const i = hand?.indexOf(card) ?? -1;
  if (hand && i >= 0) hand.splice(i, 1);
};

/** Marks that a seat has acted this round (copying the seat only when that changes it). */
const markActed = (s: CdState, seat: number): void => {
  if (s.seats[seat]?.actedThisRound === false) {
    const x = ownSeat(s, seat);
    if (x) x.actedThisRound = true;
  }
};

/** Returns the cards put down while building to the hand (nothing was committed). */
function returnDraft(s: CdState): void {
  if (s.turn.draftCards.length === 0) return;
  const f = ownTurnCrisis(s);
  const seat = ownSeat(s, s.turn.seat);
  if (!f || !seat) return;
  const draft = new Set(s.turn.draftCards);
  f.techniques = f.techniques.filter((t) => !draft.has(t.card));
  for (const t of f.techniques) t.mods = t.mods.filter((m) => !draft.has(m.card));
  f.modifiers = f.modifiers.filter((m) => !draft.has(m.card));
  seat.hand.push(...s.turn.draftCards);
  s.turn.draftCards = [];
}

export function selectCrisis(cards: CardIndex, s: CdState, crisisId: string): Result<null> {
  const f = s.field.find((x) => x.card === crisisId);
  if (!f) return fail('not-on-field', 'That crisis is not on the Field.');
  if (f.techniques.length >= crisis(cards, f.card).techniquesRequired)
    return fail('strategy-full', 'That crisis already has all the techniques it needs.');
  returnDraft(s);
  s.turn.crisis = f.card;
  return ok(null);
}

export function playCard(
  cards: CardIndex,
  s: CdState,
  seat: number,
  card: string,
  on: string | undefined,
  announce: string[],
): Result<null> {
  const plan = planPlay(cards, s, seat, card, on);
  if (!plan.ok) return plan;
  const f = ownTurnCrisis(s);
  const t = s.turn;
  if (!f) return fail('no-strategy', 'There is no strategy on the table.');
  takeFromHand(s, seat, card);
  markActed(s, seat);
  const who = seatLabel(s, seat);
  const p = plan.value;
  if (t.stage === 'build') t.draftCards.push(card);
  switch (p.kind) {
    case 'draft-technique':
    case 'replacement':
      f.techniques.push({ card, owner: seat, mods: [], lost: false, justified: false });
      break;
    case 'crisis-modifier':
      f.modifiers.push({ card, by: seat });
      break;
    case 'technique-mod':
      f.techniques.find((x) => x.card === p.target)?.mods.push({ card, by: seat });
      break;
    case 'counter':
    case 'manager-challenge':
    case 'think-outside-the-box':
      t.plays.push({ card, by: seat, on: p.target });
      break;
  }
  if (t.stage === 'build') return ok(null);
  const target = 'target' in p ? ` on ${cardName(cards, p.target)}` : '';
  if (p.kind === 'think-outside-the-box' && p.defends) {
    // R34: defending one's own leftover technique is not a disruption; the stage goes on as it was.
    announce.push(`${who} plays ${cardName(cards, card)}${target}, defending their own technique.`);
    return ok(null);
  }
  announce.push(`${who} plays ${cardName(cards, card)}${target}.`);
  if (t.stage === 'disrupt') {
    t.disruptions++;
    s.stats.disruptions++;
    t.passed = [];
    // Collect It All: the chance to disrupt moves on to the next opponent.
    if (s.edition === 'collect-it-all') t.nextDisruptor = nextOpponent(s, seat);
    t.passStreak = 0;
    if (p.kind === 'manager-challenge') beginChallenge(cards, s, p.target, card, seat, 'respond', announce);
    else t.stage = 'respond';
    return ok(null);
  }
  // Responding: a replacement technique must pass its own justification in Hardcore.
  if (p.kind === 'replacement' && s.options.hardcore)
    beginChallenge(cards, s, card, null, null, 'respond', announce);
  return ok(null);
}

function nextOpponent(s: CdState, after: number): number {
  let i = nextSeat(s, after);
  if (i === s.turn.seat) i = nextSeat(s, i);
  return i;
}

export function addTechniques(
  cards: CardIndex,
  s: CdState,
  seat: number,
  ids: readonly string[],
  announce: string[],
): Result<null> {
  if (new Set(ids).size !== ids.length) return fail('duplicate-card', 'Each card can be played once.');
  for (const id of ids) {
    if (cards.byId.get(id)?.kind !== 'technique')
      return fail('not-a-technique', `${cardName(cards, id)} is not a technique.`);
    const r = playCard(cards, s, seat, id, undefined, announce);
    if (!r.ok) return r;
  }
  return ok(null);
}

export function cancelDraft(s: CdState): void {
  returnDraft(s);
  s.turn.crisis = null;
}

export function commitStrategy(cards: CardIndex, s: CdState, announce: string[]): Result<null> {
  const problem = commitProblem(cards, s);
  if (problem !== null) return fail('strategy-incomplete', problem);
  const f = turnCrisis(s);
  if (!f) return fail('no-strategy', 'Choose a crisis first.');
  const t = s.turn;
  markActed(s, t.seat);
  s.stats.strategies++;
  const played = t.draftCards.map((c) => cardName(cards, c)).join(', ');
  announce.push(`${seatLabel(s, t.seat)} targets ${crisis(cards, f.card).name} with ${played}.`);
  const fresh = f.techniques.filter((x) => t.draftCards.includes(x.card)).map((x) => x.card);
  t.draftCards = [];
  t.afterChallenges = 'disrupt';
  if (s.options.hardcore) {
    for (const id of fresh) beginChallenge(cards, s, id, null, null, 'disrupt', announce);
    return ok(null);
  }
  openWindow(cards, s, announce);
  return ok(null);
}

/** The other players may now disrupt (or the turn resolves if they may not any more). */
export function openWindow(cards: CardIndex, s: CdState, announce: string[]): void {
  const t = s.turn;
  if (t.disruptions >= DISRUPTION_CAP) return resolveTurn(cards, s, announce);
  t.stage = 'disrupt';
  t.passed = [];
  t.passStreak = 0;
  t.nextDisruptor ??= nextOpponent(s, t.seat);
}

/** After challenges: respond when asked to (or the strategy is broken), else disruption continues. */
export function afterChallenges(cards: CardIndex, s: CdState, announce: string[]): void {
  const t = s.turn;
  if (t.afterChallenges === 'respond' || !isIntact(cards, s)) t.stage = 'respond';
  else openWindow(cards, s, announce);
}

export function passDisruption(cards: CardIndex, s: CdState, seat: number, announce: string[]): void {
  const t = s.turn;
  const opponents = opponentsInOrder(s, t.seat);
  if (s.edition === 'cia') {
    if (!t.passed.includes(seat)) t.passed.push(seat);
    if (opponents.every((o) => t.passed.includes(o))) resolveTurn(cards, s, announce);
    return;
  }
  t.passStreak++;
  t.nextDisruptor = nextOpponent(s, seat);
  if (t.passStreak >= opponents.length) resolveTurn(cards, s, announce);
}

/** The active player has finished responding to a disruption. */
export function endResponse(cards: CardIndex, s: CdState, announce: string[]): void {
  if (!isIntact(cards, s)) return resolveTurn(cards, s, announce);
  openWindow(cards, s, announce);
}

/** Timer: everyone who has not disrupted yet counts as passed. */
export function closeDisruption(cards: CardIndex, s: CdState, announce: string[]): void {
  announce.push('The disruption window closes.');
  resolveTurn(cards, s, announce);
}

/** `f` is the working copy's own crisis (ownTurnCrisis). */
function discardTechniqueAt(s: CdState, f: FieldCrisis, index: number): void {
  const [t] = f.techniques.splice(index, 1);
  if (t) ownDiscard(s).push(t.card, ...t.mods.map((m) => m.card));
}

/** Success takes the crisis; failure leaves the surviving techniques on it. */
export function resolveTurn(cards: CardIndex, s: CdState, announce: string[]): void {
  const t = s.turn;
  const f = ownTurnCrisis(s);
  const seat = ownSeat(s, t.seat);
  if (!f || !seat) return nextTurn(s);
  const c = crisis(cards, f.card);
  const intact = isIntact(cards, s);
  // Counters, challenges and Think Outside the Box cards of this turn are spent either way.
  ownDiscard(s).push(...t.plays.map((p) => p.card));
  const countered = new Set(f.techniques.filter((x) => isCountered(cards, s, x)).map((x) => x.card));
  t.plays = [];
  t.challenges = [];
  if (intact) {
    while (f.techniques.length > 0) discardTechniqueAt(s, f, 0);
    ownDiscard(s).push(...f.modifiers.map((m) => m.card));
    s.field = s.field.filter((x) => x !== f);
    seat.solved.push(f.card);
    seat.score += c.techniquesRequired;
    s.stats.solved++;
    announce.push(
      `${literal(seat.name)} defuses ${c.name} (+${c.techniquesRequired}) and has ${plural(seat.score, 'point')}.`,
    );
    if (s.edition === 'cia' && seat.score >= WINNING_SCORE) {
      return finishGame(s, [seat.id], `${literal(seat.name)} wins, reaching ${seat.score} points first.`);
    }
  } else {
    for (let i = f.techniques.length - 1; i >= 0; i--) {
      const x = f.techniques[i];
      if (x && (countered.has(x.card) || !placedFits(cards, f, x))) discardTechniqueAt(s, f, i);
    }
    s.stats.failed++;
    const left = f.techniques.length;
    announce.push(
      `${literal(seat.name)}'s strategy against ${c.name} fails` +
        (left > 0
          ? `; ${plural(left, 'technique')} ${left === 1 ? 'stays' : 'stay'} on the crisis for anyone to complete.`
          : '.'),
    );
  }
  nextTurn(s);
}

function nextTurn(s: CdState): void {
  s.stats.turns++;
  s.passesInRow = 0;
  s.turn = freshTurn(nextSeat(s, s.turn.seat));
}

export function passTurn(cards: CardIndex, s: CdState, announce: string[]): void {
  returnDraft(s);
  markActed(s, s.turn.seat);
  s.stats.turns++;
  s.passesInRow++;
  if (s.passesInRow >= s.seats.length) return endRound(cards, s, announce);
  s.turn = freshTurn(nextSeat(s, s.turn.seat));
}
