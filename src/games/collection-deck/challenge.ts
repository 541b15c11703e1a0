/**
 * Manager Challenges and Hardcore justifications: the challenged player explains how the
 * technique would really work, then the other players (or the facilitator alone) judge it.
 * A majority of "feasible" votes, or a tie, keeps the technique.
 */
import type { Result } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import type { CardIndex } from './cardset.ts';
import { cardName } from './cardset.ts';
import { turnCrisis } from './strategy.ts';
import { opponentsInOrder, seatLabel } from './table.ts';
import { claimText } from './claims.ts';
import type { CdState, Challenge, Claim } from './types.ts';
import { ownDiscard, ownTurnCrisis } from './working.ts';
import { literal } from '../text.ts';

export const FACILITATOR_VOTE = 'facilitator';

export function beginChallenge(
  cards: CardIndex,
  s: CdState,
  technique: string,
  card: string | null,
  by: number | null,
  after: 'disrupt' | 'respond',
  announce: string[],
): void {
  const t = s.turn;
  if (t.challenges.length === 0) t.afterChallenges = after;
  else if (after === 'respond') t.afterChallenges = 'respond';
  t.challenges.push({ technique, card, by, step: 'justify', justification: null, votes: {} });
  t.stage = 'challenge';
  s.stats.challenges++;
  const crisisName = cardName(cards, turnCrisis(s)?.card ?? '');
  const why = card === null ? 'Hardcore' : `${seatLabel(s, by ?? -1)}'s ${cardName(cards, card)}`;
  announce.push(
    `${why}: ${seatLabel(s, t.seat)} must explain how ${cardName(cards, technique)} would really work against ${crisisName}.`,
  );
}

export const currentChallenge = (s: CdState): Challenge | undefined => s.turn.challenges[0];

/** Who judges: the facilitator alone when the table has one, else every other seat. */
export function voterKeys(s: CdState): string[] {
  if (s.facilitator !== null) return [FACILITATOR_VOTE];
  return opponentsInOrder(s, s.turn.seat).map(String);
}

/** What a justify action carries: words, a claim (R36), or both. */
interface Answer {
  text?: string | undefined;
  collects?: Claim['collects'] | undefined;
  aspect?: Claim['aspect'] | undefined;
}

/** The justification's claim, when it makes a whole one; an error for half a claim. */
function claimOf(answer: Answer): Result<Claim | null> {
  if (answer.collects === undefined && answer.aspect === undefined) return ok(null);
  if (answer.collects === undefined || answer.aspect === undefined)
    return fail(
      'half-a-claim',
      'A claim names both what the technique collects (a discipline) and the aspect of the crisis it informs.',
    );
  return ok({ collects: answer.collects, aspect: answer.aspect });
}

export function justify(
  cards: CardIndex,
  s: CdState,
  seat: number,
  answer: Answer,
  announce: string[],
): Result<null> {
  const c = currentChallenge(s);
  if (s.turn.stage !== 'challenge' || !c || c.step !== 'justify')
    return fail('no-challenge', 'There is nothing to justify right now.');
  if (seat !== s.turn.seat)
    return fail('not-your-challenge', 'Only the challenged player justifies the technique.');
  const claim = claimOf(answer);
  if (!claim.ok) return claim;
  const words = answer.text?.trim() ?? '';
  // The player's own words, then the claim in the game's words.
  const said = claim.value ? claimText(cards, c.technique, turnCrisis(s)?.card ?? '', claim.value) : '';
  c.justification = [words, said].filter(Boolean).join(' ');
  if (claim.value) c.claim = claim.value;
  c.step = 'vote';
  announce.push(
    `${seatLabel(s, seat)} justifies ${cardName(cards, c.technique)}: “${literal(c.justification)}” Vote: feasible or not?`,
  );
  return ok(null);
}

/** Records a vote; returns true when the challenge was settled by it. */
export function castVote(
  cards: CardIndex,
  s: CdState,
  voter: string,
  /** null: the voter abstains (R36). */
  feasible: boolean | null,
  announce: string[],
): Result<boolean> {
  const c = currentChallenge(s);
  if (s.turn.stage !== 'challenge' || !c || c.step !== 'vote')
    return fail('no-vote', 'There is no vote open.');
  const voters = voterKeys(s);
  if (!voters.includes(voter))
    return fail(
      'not-a-voter',
      s.facilitator !== null ? 'The facilitator decides this one.' : 'The challenged player does not vote.',
    );
  if (voter in c.votes) return fail('already-voted', 'You have already voted.');
  c.votes[voter] = feasible;
  if (voters.every((v) => v in c.votes)) {
    settleChallenge(cards, s, announce);
    return ok(true);
  }
  return ok(false);
}

/** Decides the head challenge with the votes cast so far (an unjustified technique is lost). */
export function settleChallenge(cards: CardIndex, s: CdState, announce: string[]): void {
  const c = s.turn.challenges.shift();
  const f = ownTurnCrisis(s);
  if (!c || !f) return;
  // R36: an abstention is no vote; the majority is counted among the votes cast.
  const cast = Object.values(c.votes);
  const yes = cast.filter((v) => v === true).length;
  const no = cast.filter((v) => v === false).length;
  const abstained = cast.length - yes - no;
  const feasible = c.justification !== null && yes >= no;
  const tally = `${yes}–${no}${abstained > 0 ? `, ${abstained} abstaining` : ''}`;
  const placed = f.techniques.find((t) => t.card === c.technique);
  const name = cardName(cards, c.technique);
  (s.turn.judged ??= []).push({ technique: c.technique, justification: c.justification, feasible });
  if (feasible) {
    if (placed) placed.justified = true;
    if (c.card !== null) {
      s.turn.plays = s.turn.plays.filter((p) => p.card !== c.card);
      ownDiscard(s).push(c.card);
    }
    announce.push(`${name} is judged feasible (${tally}); it stays in the strategy.`);
  } else {
    if (placed) placed.lost = true;
    s.stats.challengesUpheld++;
    const how = c.justification === null ? 'no justification came in time' : tally;
    announce.push(`${name} is judged not feasible (${how}) and is lost.`);
  }
}
