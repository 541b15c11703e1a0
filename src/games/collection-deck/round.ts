/**
 * Between rounds: refilling the Field, optional discards, refilling hands, late arrivals,
 * the mulligan, and the end of the game.
 */
import type { Result, Seat } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import type { CardIndex } from './cardset.ts';
import { cardName } from './cardset.ts';
import { draw, refillField, refillHand } from './deck.ts';
import { freshTurn, updateMulliganEligibility } from './table.ts';
import type { CdState } from './types.ts';
import { HAND_SIZE, MULLIGAN_HAND_SIZE, WINNING_SCORE } from './types.ts';
import { ownDiscard, ownPendingJoins, ownSeat, ownSeats } from './working.ts';
import { MAX_SEATS } from './setup.ts';
import { plural, literal } from '../text.ts';

/** Most points, then most crises solved; players still level share the win. */
export function leaders(s: CdState): string[] {
  const rank = (i: number): [number, number] => [s.seats[i]?.score ?? 0, s.seats[i]?.solved.length ?? 0];
  let best: [number, number] = [-1, -1];
  let winners: string[] = [];
  s.seats.forEach((seat, i) => {
    const [p, c] = rank(i);
    if (p > best[0] || (p === best[0] && c > best[1])) {
      best = [p, c];
      winners = [seat.id];
    } else if (p === best[0] && c === best[1]) winners.push(seat.id);
  });
  return winners;
}

/**
 * Each seat's points at the end of the round (or of the game, when it ends mid-round), once per
 * round: the debrief chart's score progression (chart.ts).
 */
function recordScores(s: CdState): void {
  const scores = s.scoresByRound ?? [];
  if (scores[scores.length - 1]?.round === s.round) return;
  s.scoresByRound = [
    ...scores,
    { round: s.round, points: Object.fromEntries(s.seats.map((x) => [x.id, x.score])) },
  ];
}

export function finishGame(s: CdState, winners: string[], summary: string): void {
  recordScores(s);
  s.phase = 'over';
  s.result = { winners, summary };
}

function finishByRanking(s: CdState, why: string): void {
  const winners = leaders(s);
  const names = winners.map((id) => literal(s.seats.find((x) => x.id === id)?.name ?? id));
  const top = s.seats.find((x) => x.id === winners[0]);
  const verb = names.length > 1 ? `${names.join(' and ')} share the win` : `${names[0] ?? 'Nobody'} wins`;
  finishGame(s, winners, `${why} ${verb} with ${plural(top?.score ?? 0, 'point')}.`);
}

/** Everyone passed in a row: the round ends. */
export function endRound(cards: CardIndex, s: CdState, announce: string[]): void {
  recordScores(s);
  const added = refillField(s);
  announce.push(
    `Round ${s.round} ends.` +
      (added > 0 ? ` ${plural(added, 'new crisis card')} ${added === 1 ? 'joins' : 'join'} the Field.` : ''),
  );
  if (s.edition === 'collect-it-all' && s.seats.some((x) => x.score >= WINNING_SCORE))
    return finishByRanking(s, 'The round ends with 10 points reached:');
  if (s.round >= s.options.rounds)
    return finishByRanking(s, `The round limit (${s.options.rounds}) is reached:`);
  if (s.field.length === 0) return finishByRanking(s, 'No crisis is left to solve:');
  s.phase = 'discard';
  s.discardPending = s.seats.flatMap((x, i) => (x.hand.length > 0 ? [i] : []));
  if (s.discardPending.length === 0) startRound(cards, s, announce);
}

export function discardCards(
  cards: CardIndex,
  s: CdState,
  seat: number,
  ids: readonly string[],
  announce: string[],
): Result<null> {
  if (s.phase !== 'discard' || !s.discardPending.includes(seat))
    return fail('not-discarding', 'Discards happen between rounds, once per player.');
  const hand = s.seats[seat]?.hand ?? [];
  if (new Set(ids).size !== ids.length || ids.some((c) => !hand.includes(c)))
    return fail('not-in-hand', 'You can only discard cards from your hand, once each.');
  // Every id is in the hand (checked above), so a non-empty discard always has its seat.
  const seatState = ids.length > 0 ? ownSeat(s, seat) : undefined;
  if (seatState) {
    seatState.hand = hand.filter((c) => !ids.includes(c));
    ownDiscard(s).push(...ids);
    announce.push(`${literal(seatState.name)} discards ${plural(ids.length, 'card')}.`);
  }
  s.discardPending = s.discardPending.filter((x) => x !== seat);
  if (s.discardPending.length === 0) startRound(cards, s, announce);
  return ok(null);
}

/** Timer: players who have not chosen keep their hands. */
export function closeDiscards(cards: CardIndex, s: CdState, announce: string[]): void {
  s.discardPending = [];
  startRound(cards, s, announce);
}

export function startRound(cards: CardIndex, s: CdState, announce: string[]): void {
  // The player who went second last round starts (ruling R17: seat order, late arrivals after).
  const starter = (s.roundStarter + 1) % s.seats.length;
  for (const j of s.pendingJoins) {
    ownSeats(s).push({
      ...j,
      hand: [],
      solved: [],
      score: 0,
      mulliganEligible: false,
      actedThisRound: false,
    });
    announce.push(`${literal(j.name)} joins the game.`);
  }
  s.pendingJoins = [];
  // A late arrival can make a two-player Collect It All table a larger one: its Field grows to ten now (R32).
  const added = refillField(s);
  if (added > 0)
    announce.push(
      `${plural(added, 'new crisis card')} ${added === 1 ? 'joins' : 'join'} the Field for the larger table.`,
    );
  s.seats.forEach((_, i) => refillHand(s, i, HAND_SIZE, announce));
  s.round++;
  s.roundStarter = starter;
  s.passesInRow = 0;
  s.phase = 'play';
  s.turn = freshTurn(starter);
  updateMulliganEligibility(cards, s);
  announce.push(`Round ${s.round} begins with ${literal(s.seats[starter]?.name ?? 'the next player')}.`);
}

export function mulligan(s: CdState, seat: number, announce: string[]): Result<null> {
  const current = s.seats[seat];
  if (!current || s.phase !== 'play' || !current.mulliganEligible || current.actedThisRound)
    return fail(
      'no-mulligan',
      s.edition === 'cia'
        ? 'The CIA edition has no mulligan.'
        : 'You may mulligan only before you act in a round you started with two techniques or fewer.',
    );
  const x = ownSeat(s, seat);
  if (!x) return fail('not-seated', 'You are not playing in this game.');
  ownDiscard(s).push(...x.hand);
  x.hand = [];
  x.hand = draw(s, MULLIGAN_HAND_SIZE, announce);
  x.mulliganEligible = false;
  s.stats.mulligans++;
  announce.push(`${literal(x.name)} throws back their hand and draws ${x.hand.length} new cards.`);
  return ok(null);
}

export function queueJoin(s: CdState, seat: Seat, announce: string[]): Result<null> {
  if (s.phase === 'over') return fail('game-over', 'The game is over.');
  const taken = [...s.seats, ...s.pendingJoins].flatMap((x) => [x.id, ...x.members]);
  const members = seat.members && seat.members.length > 0 ? seat.members : [seat.id];
  if ([seat.id, ...members].some((u) => taken.includes(u)))
    return fail('already-seated', 'You are already in this game.');
  if (s.seats.length + s.pendingJoins.length >= MAX_SEATS) return fail('table-full', 'The table is full.');
  ownPendingJoins(s).push({
    id: seat.id,
    name: seat.name,
    ...(seat.computer !== undefined ? { computer: seat.computer } : {}),
    members: [...members],
  });
  announce.push(`${literal(seat.name)} will join at the start of the next round and be dealt seven cards.`);
  return ok(null);
}

export const describeCards = (cards: CardIndex, ids: readonly string[]): string =>
  ids.map((c) => cardName(cards, c)).join(', ');
