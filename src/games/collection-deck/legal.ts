/**
 * Every move a seat may make now, each with a label. Computer players, autocomplete, the
 * private panel and the random playouts all choose from this list, so none of them can
 * break a rule the engine enforces.
 */
import type { RealityCheck } from './cards/schema.ts';
import type { CardIndex } from './cardset.ts';
import { cardName, crisis, technique } from './cardset.ts';
import { currentChallenge, voterKeys } from './challenge.ts';
import { ASPECT_NAME, claimOptions } from './claims.ts';
import { canDisrupt, commitProblem, planPlay } from './plays.ts';
import { required, turnCrisis } from './strategy.ts';
import type { CdAction, CdState } from './types.ts';

export interface Move {
  action: CdAction;
  label: string;
  /** What a card play would do to the strategy on the table (set by the view). */
  outcome?: string;
}

const aspectsText = (a: readonly string[]): string => a.join('');

export function techniqueLabel(cards: CardIndex, id: string): string {
  const t = technique(cards, id);
  return `${t.name} (${t.discipline} ${aspectsText(t.aspects)} ${t.range.min}-${t.range.max})`;
}

/** Crisis labels depend on the card only: written once per card set (the build menu lists them every turn). */
const crisisLabels = new WeakMap<CardIndex, Map<string, string>>();

export function crisisLabel(cards: CardIndex, id: string): string {
  let labels = crisisLabels.get(cards);
  if (!labels) crisisLabels.set(cards, (labels = new Map<string, string>()));
  let label = labels.get(id);
  if (label === undefined) {
    const c = crisis(cards, id);
    label = `${c.name} (${c.techniquesRequired} pt, ${aspectsText(c.aspects)}, difficulty ${c.difficulty})`;
    labels.set(id, label);
  }
  return label;
}

/**
 * What a reality check of this kind can be played on, by the active player or by an opponent:
 * planPlay refuses every other target at once, and still has the last word on these.
 */
function targetsFor(
  effect: RealityCheck['effect']['type'],
  active: boolean,
  crisisId: string,
  techniques: readonly string[],
  plays: readonly string[],
): readonly string[] {
  switch (effect) {
    case 'difficulty':
      return [crisisId];
    case 'think-outside-the-box':
      return plays;
    case 'extend-range':
    case 'add-aspect':
      return active ? techniques : []; // they only help (R6)
    case 'counter':
    case 'manager-challenge':
      return active ? [] : techniques; // never on your own strategy (R12)
  }
}

/** Card plays (techniques and reality checks, on every legal target) for this seat now. */
export function cardPlays(cards: CardIndex, s: CdState, seat: number): Move[] {
  const f = turnCrisis(s);
  const hand = s.seats[seat]?.hand ?? [];
  if (!f) return [];
  const techniques = f.techniques.map((t) => t.card);
  const plays = s.turn.plays.map((p) => p.card);
  const active = seat === s.turn.seat;
  const moves: Move[] = [];
  const seen = new Set<string>();
  for (const card of hand) {
    if (seen.has(card)) continue;
    seen.add(card);
    const face = cards.byId.get(card);
    if (face?.kind !== 'technique' && face?.kind !== 'reality') continue;
    // Only the player whose turn it is plays techniques.
    if (face.kind === 'technique' && !active) continue;
    const options =
      face.kind === 'technique'
        ? [undefined]
        : targetsFor(face.effect.type, active, f.card, techniques, plays);
    for (const on of options) {
      if (!planPlay(cards, s, seat, card, on).ok) continue;
      const onText = on === undefined ? '' : ` → ${cardName(cards, on)}`;
      const action: CdAction = on === undefined ? { type: 'play', card } : { type: 'play', card, on };
      moves.push({ action, label: `${face.name}${onText}` });
    }
  }
  return moves;
}

/** R34: a seat that is not acting may still defend its own technique left on the crisis. */
function ownerDefences(cards: CardIndex, s: CdState, seat: number): Move[] {
  const f = turnCrisis(s);
  if (!f?.techniques.some((t) => t.owner === seat) || s.turn.plays.length === 0) return [];
  return cardPlays(cards, s, seat);
}

export function legalMoves(cards: CardIndex, s: CdState, seat: number): Move[] {
  const me = s.seats[seat];
  if (!me || s.phase === 'over') return [];
  if (s.phase === 'discard') {
    if (!s.discardPending.includes(seat)) return [];
    return [
      { action: { type: 'discard', cards: [] }, label: 'Keep my hand' },
      ...me.hand.map((c): Move => ({
        action: { type: 'discard', cards: [c] },
        label: `Discard ${cardName(cards, c)}`,
      })),
      { action: { type: 'discard', cards: [...me.hand] }, label: 'Discard my whole hand' },
    ];
  }
  const moves: Move[] = [];
  if (me.mulliganEligible && !me.actedThisRound)
    moves.push({ action: { type: 'mulligan' }, label: 'Mulligan (draw six)' });
  const t = s.turn;
  const active = seat === t.seat;
  switch (t.stage) {
    case 'build':
      if (!active) break;
      if (t.crisis === null) {
        for (const f of s.field)
          if (f.techniques.length < required(cards, f))
            moves.push({
              action: { type: 'select-crisis', crisis: f.card },
              label: crisisLabel(cards, f.card),
            });
      } else {
        moves.push(...cardPlays(cards, s, seat));
        if (commitProblem(cards, s) === null)
          moves.push({ action: { type: 'commit' }, label: 'Commit the strategy' });
        moves.push({ action: { type: 'cancel' }, label: 'Take the strategy back' });
      }
      moves.push({ action: { type: 'pass' }, label: 'Pass' });
      break;
    case 'disrupt':
      if (!canDisrupt(s, seat)) {
        moves.push(...ownerDefences(cards, s, seat));
        break;
      }
      moves.push(...cardPlays(cards, s, seat), { action: { type: 'pass' }, label: 'Let it through' });
      break;
    case 'respond':
      if (!active) {
        moves.push(...ownerDefences(cards, s, seat));
        break;
      }
      moves.push(...cardPlays(cards, s, seat), { action: { type: 'pass' }, label: 'Done responding' });
      break;
    case 'challenge': {
      const c = currentChallenge(s);
      if (!c) break;
      const f = turnCrisis(s);
      if (c.step === 'justify' && active) {
        moves.push({
          action: { type: 'justify', text: '' },
          label: `Justify ${cardName(cards, c.technique)}`,
        });
        // R36: the claims a player may make instead, judged exactly.
        for (const claim of f ? claimOptions(cards, f.card) : [])
          moves.push({
            action: { type: 'justify', ...claim },
            label: `Claim: ${claim.collects} collects on the ${ASPECT_NAME[claim.aspect]} side`,
          });
      }
      if (c.step === 'vote' && voterKeys(s).includes(String(seat)) && !(String(seat) in c.votes))
        moves.push(
          { action: { type: 'vote', feasible: true }, label: 'Feasible' },
          { action: { type: 'vote', feasible: false }, label: 'Not feasible' },
          { action: { type: 'abstain' }, label: 'Abstain' },
        );
      break;
    }
  }
  return moves;
}
