/**
 * Which card a player may play now, and on what. Returns a plan (what the card will do) or a
 * rule error; nothing here changes the state.
 */
import type { Result } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import type { CardIndex } from './cardset.ts';
import { cardName, crisis, immune, realityCheck, technique } from './cardset.ts';
import {
  targetCardOn,
  isCountered,
  isDefeated,
  isUnderChallenge,
  modifierHurts,
  placedFits,
  playHelpsOwner,
  playHurtsOwner,
  required,
  standingTechniques,
  turnCrisis,
} from './strategy.ts';
import type { CdState } from './types.ts';
import { DISRUPTION_CAP } from './types.ts';
import { plural } from '../text.ts';

export type PlayPlan =
  | { kind: 'draft-technique' }
  | { kind: 'replacement' }
  | { kind: 'crisis-modifier' }
  | { kind: 'technique-mod'; target: string }
  | { kind: 'counter'; target: string }
  | { kind: 'manager-challenge'; target: string }
  | { kind: 'think-outside-the-box'; target: string; defends?: true };

/** May this seat play a disruption right now? */
export function canDisrupt(s: CdState, seat: number): boolean {
  const t = s.turn;
  if (s.phase !== 'play' || t.stage !== 'disrupt' || seat === t.seat || t.disruptions >= DISRUPTION_CAP)
    return false;
  return s.edition === 'cia' ? !t.passed.includes(seat) : t.nextDisruptor === seat;
}

const notYours = fail('not-your-move', 'You cannot play a card right now.');

export function planPlay(
  cards: CardIndex,
  s: CdState,
  seat: number,
  card: string,
  on: string | undefined,
): Result<PlayPlan> {
  const hand = s.seats[seat]?.hand ?? [];
  if (!hand.includes(card)) return fail('not-in-hand', 'That card is not in your hand.');
  const f = turnCrisis(s);
  if (s.phase !== 'play' || !f) return notYours;
  const active = seat === s.turn.seat;
  const stage = s.turn.stage;
  const face = cards.byId.get(card);
  if (!face) return fail('unknown-card', 'There is no such card.');

  if (face.kind === 'technique') {
    if (!active) return fail('not-your-turn', 'Only the player whose turn it is plays techniques.');
    if (stage === 'build') {
      if (f.techniques.length >= required(cards, f))
        return fail('strategy-full', `This crisis needs only ${plural(required(cards, f), 'technique')}.`);
      return ok({ kind: 'draft-technique' });
    }
    if (stage !== 'respond') return notYours;
    if (standingTechniques(cards, s, f).length >= required(cards, f))
      return fail('nothing-to-replace', 'Your strategy has all the techniques it needs.');
    const probe = { card, owner: seat, mods: [], lost: false, justified: false };
    if (!placedFits(cards, f, probe)) return fail('does-not-fit', `${face.name} does not fit this crisis.`);
    return ok({ kind: 'replacement' });
  }
  if (face.kind !== 'reality') return fail('unknown-card', 'That card cannot be played.');

  const disruptor = !active && canDisrupt(s, seat);
  const responding = active && (stage === 'build' || stage === 'respond');
  const effect = face.effect;
  // R34: the owner of a technique left on the crisis may defend it in someone else's turn.
  const owner =
    !active &&
    effect.type === 'think-outside-the-box' &&
    (stage === 'disrupt' || stage === 'respond') &&
    f.techniques.some((t) => t.owner === seat);
  if (!disruptor && !responding && !owner) return notYours;
  const techOn = on === undefined ? undefined : f.techniques.find((t) => t.card === on);

  switch (effect.type) {
    case 'difficulty': {
      if (on !== undefined && on !== f.card)
        return fail('bad-target', 'Play a Target card on the crisis itself.');
      const resting = s.edition === 'collect-it-all' ? targetCardOn(cards, f) : undefined;
      if (resting !== undefined)
        return fail(
          'one-target-card',
          `This crisis already has a Target card (${cardName(cards, resting)}): Collect It All allows one per crisis (ruling R13).`,
        );
      if (active && modifierHurts(cards, s, f, card, seat))
        return fail('self-defeatist', 'You may not play a card that defeats your own strategy.');
      if (!active && modifierHurts(cards, s, f, card, seat, seat))
        return fail(
          'self-defeatist',
          `${face.name} would knock out your own technique on this crisis; a disruption may only hurt others (ruling R33).`,
        );
      return ok({ kind: 'crisis-modifier' });
    }
    case 'extend-range':
    case 'add-aspect': {
      if (!active)
        return fail('not-a-disruption', `${face.name} only helps a strategy; it cannot disrupt one.`);
      if (!techOn || techOn.lost) return fail('bad-target', 'Play it on a technique of your strategy.');
      return ok({ kind: 'technique-mod', target: techOn.card });
    }
    case 'counter':
    case 'manager-challenge': {
      if (active) return fail('self-defeatist', 'You may not counter your own strategy.');
      if (!techOn) return fail('bad-target', 'Play it on a technique of the strategy.');
      if (techOn.owner === seat) return fail('self-defeatist', 'You may not counter your own technique.');
      if (isCountered(cards, s, techOn))
        return fail('already-countered', 'That technique is already countered.');
      const t = technique(cards, techOn.card);
      if (immune(t, face)) return fail('immune', `${t.name} is not affected by ${face.name}.`);
      if (effect.type === 'manager-challenge') {
        if (isUnderChallenge(s, techOn))
          return fail('already-challenged', 'That technique is already being challenged.');
        return ok({ kind: 'manager-challenge', target: techOn.card });
      }
      if (effect.discipline !== undefined && effect.discipline !== t.discipline)
        return fail('wrong-discipline', `${face.name} only counters ${effect.discipline} techniques.`);
      if (effect.tag !== undefined && !t.tags.includes(effect.tag))
        return fail('wrong-kind', `${face.name} only counters ${effect.tag} techniques.`);
      return ok({ kind: 'counter', target: techOn.card });
    }
    case 'think-outside-the-box': {
      // Ruling D1: a Target card changes the crisis, not a technique, so it is not "used against"
      // one; it stays on the Field until the crisis is solved.
      if (f.modifiers.some((m) => m.card === on))
        return fail(
          'not-vs-target',
          `Think Outside the Box answers a reality check aimed at one of your techniques; ${cardName(cards, on ?? '')} changes the crisis itself (ruling D1).`,
        );
      const target = s.turn.plays.find((p) => p.card === on);
      if (!target)
        return fail('bad-target', 'Think Outside the Box is played on a reality check aimed at you.');
      if (target.by === seat) return fail('self-defeatist', 'You may not defeat your own reality check.');
      if (isDefeated(cards, s.turn.plays, target.card))
        return fail('already-defeated', 'That card is already defeated.');
      const aimed = realityCheck(cards, target.card).effect.type;
      if (aimed === 'manager-challenge')
        return fail('not-vs-manager', 'Think Outside the Box never works against a Manager Challenge.');
      const play = { card, by: seat, on: target.card };
      if (owner && playHelpsOwner(cards, s, f, play, seat))
        return ok({ kind: 'think-outside-the-box', target: target.card, defends: true });
      if (aimed === 'think-outside-the-box') {
        if (!disruptor && !responding) return notYours;
        if (s.edition !== 'collect-it-all')
          return fail('not-vs-totb', 'In this edition Think Outside the Box cannot answer another one.');
        if (!active && playHurtsOwner(cards, s, f, play, seat))
          return fail(
            'self-defeatist',
            `${face.name} on ${cardName(cards, target.card)} would knock out your own technique on this crisis; a disruption may only hurt others (ruling R33).`,
          );
        return ok({ kind: 'think-outside-the-box', target: target.card });
      }
      // Against a counter: the player whose strategy it hits, or the owner of the technique (R34).
      if (!active) return fail('bad-target', 'Think Outside the Box defends your own techniques only.');
      return ok({ kind: 'think-outside-the-box', target: target.card });
    }
  }
}

/** Why the strategy being built cannot be committed, or null when it can. */
export function commitProblem(cards: CardIndex, s: CdState): string | null {
  const f = turnCrisis(s);
  if (!f) return 'Choose a crisis first.';
  const need = required(cards, f);
  const name = crisis(cards, f.card).name;
  const misfit = f.techniques.find((t) => !placedFits(cards, f, t));
  if (misfit) return `${technique(cards, misfit.card).name} does not fit ${name}.`;
  if (f.techniques.length !== need)
    return `${name} needs ${plural(need, 'technique')}; the strategy has ${f.techniques.length}.`;
  if (!f.techniques.some((t) => s.turn.draftCards.includes(t.card)))
    return 'Play at least one technique of your own.';
  return null;
}
