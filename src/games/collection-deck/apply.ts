/**
 * Applying one action: who may do what in which phase. Works on a copy-on-write working copy
 * (working.ts), so the state passed in is never changed.
 */
import type { Applied, PlayerId, Result } from '../contract.ts';
import { fail, ok, SYSTEM_ACTOR } from '../contract.ts';
import type { CardIndex } from './cardset.ts';
import { castVote, FACILITATOR_VOTE, justify, settleChallenge } from './challenge.ts';
import { canDisrupt } from './plays.ts';
import { closeDiscards, discardCards, mulligan } from './round.ts';
import { isFacilitator, seatIndexOf } from './table.ts';
import {
  addTechniques,
  afterChallenges,
  cancelDraft,
  closeDisruption,
  commitStrategy,
  endResponse,
  passDisruption,
  passTurn,
  playCard,
  selectCrisis,
} from './turn.ts';
import type { CdAction, CdState } from './types.ts';
import { sealWorking, workingCopy } from './working.ts';
import { literal } from '../text.ts';

const notYourTurn = (): Result<never> => fail('not-your-turn', 'It is not your turn.');

const done = (s: CdState, announce: string[]): Result<Applied<CdState>> => {
  s.seq++;
  return ok({ state: sealWorking(s), announce });
};

function closeWindow(cards: CardIndex, s: CdState, announce: string[]): Result<null> {
  if (s.phase === 'discard') {
    closeDiscards(cards, s, announce);
    return ok(null);
  }
  switch (s.turn.stage) {
    case 'disrupt':
      // Collect It All: only the opponent whose chance it was lets it through (R31).
      if (s.edition === 'collect-it-all' && s.turn.nextDisruptor !== null) {
        announce.push(
          `${literal(s.seats[s.turn.nextDisruptor]?.name ?? 'The opponent')} lets it through (time is up).`,
        );
        passDisruption(cards, s, s.turn.nextDisruptor, announce);
      } else closeDisruption(cards, s, announce);
      return ok(null);
    case 'respond':
      endResponse(cards, s, announce);
      return ok(null);
    case 'challenge':
      settleChallenge(cards, s, announce);
      if (s.turn.challenges.length === 0) afterChallenges(cards, s, announce);
      return ok(null);
    case 'build':
      return fail('nothing-to-close', 'There is no window open.');
  }
}

export function applyAction(
  cards: CardIndex,
  state: CdState,
  actor: PlayerId,
  action: CdAction,
): Result<Applied<CdState>> {
  if (state.phase === 'over') return fail('game-over', 'The game is over.');
  const s = workingCopy(state);
  const announce: string[] = [];
  const facilitator = isFacilitator(s, actor);
  if (action.type === 'close-window') {
    if (actor !== SYSTEM_ACTOR && !facilitator)
      return fail('not-allowed', 'Only the table timer or the facilitator closes a window.');
    const r = closeWindow(cards, s, announce);
    return r.ok ? done(s, announce) : r;
  }
  if ((action.type === 'vote' || action.type === 'abstain') && facilitator && s.facilitator !== null) {
    const r = castVote(cards, s, FACILITATOR_VOTE, action.type === 'vote' ? action.feasible : null, announce);
    if (!r.ok) return r;
    if (r.value && s.turn.challenges.length === 0) afterChallenges(cards, s, announce);
    return done(s, announce);
  }
  const seat = seatIndexOf(s, actor);
  if (seat === null) return fail('not-seated', 'You are not playing in this game.');
  const t = s.turn;
  const building = s.phase === 'play' && t.stage === 'build' && seat === t.seat;

  switch (action.type) {
    case 'select-crisis': {
      if (!building) return notYourTurn();
      const r = selectCrisis(cards, s, action.crisis);
      return r.ok ? done(s, announce) : r;
    }
    case 'add-techniques': {
      if (!building || t.crisis === null)
        return building ? fail('no-crisis', 'Choose a crisis first.') : notYourTurn();
      const r = addTechniques(cards, s, seat, action.techniques, announce);
      return r.ok ? done(s, announce) : r;
    }
    case 'play': {
      const r = playCard(cards, s, seat, action.card, action.on, announce);
      return r.ok ? done(s, announce) : r;
    }
    case 'commit': {
      if (!building) return notYourTurn();
      const r = commitStrategy(cards, s, announce);
      return r.ok ? done(s, announce) : r;
    }
    case 'cancel':
      if (!building) return notYourTurn();
      cancelDraft(s);
      return done(s, announce);
    case 'pass':
      if (s.phase !== 'play') return fail('not-now', 'There is nothing to pass right now.');
      if (building) passTurn(cards, s, announce);
      else if (t.stage === 'disrupt' && canDisrupt(s, seat)) passDisruption(cards, s, seat, announce);
      else if (t.stage === 'respond' && seat === t.seat) endResponse(cards, s, announce);
      else return fail('not-your-move', 'It is not your move.');
      return done(s, announce);
    case 'justify': {
      const r = justify(cards, s, seat, action, announce);
      return r.ok ? done(s, announce) : r;
    }
    case 'vote':
    case 'abstain': {
      const r = castVote(cards, s, String(seat), action.type === 'vote' ? action.feasible : null, announce);
      if (!r.ok) return r;
      if (r.value && s.turn.challenges.length === 0) afterChallenges(cards, s, announce);
      return done(s, announce);
    }
    case 'discard': {
      const r = discardCards(cards, s, seat, action.cards, announce);
      return r.ok ? done(s, announce) : r;
    }
    case 'mulligan': {
      const r = mulligan(s, seat, announce);
      return r.ok ? done(s, announce) : r;
    }
  }
}
