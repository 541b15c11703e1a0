/**
 * The Reveal & Results phase and the move to the next round, applied to a working copy.
 */
import type { Outcome } from '../contract.ts';
import { shuffle } from '../rng.ts';
import { cardLabel, CARDS_TO_WIN, HAND_SIZE, modeLabel, SEAT_COUNT } from './cards.ts';
import { comboName, scoreReveal } from './scoring.ts';
import { declarationOrder, emptyDeclarations, seatLabel, type IcgState, type PlayRecord } from './state.ts';

const joinNames = (names: string[]): string =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;

/** Mutates `state` (a working copy): scores the table, refills hands, ends the round. */
export function revealRound(state: IcgState, swapped: boolean): string[] {
  const order = declarationOrder(state);
  const table = order.map((seat) => {
    const d = state.declarations[seat];
    if (!d?.card || !d.claim) throw new Error(`seat ${seat} reached the reveal without declaring`);
    return { seat, card: d.card, claim: d.claim };
  });
  const result = scoreReveal(table, state.mode);
  const plays: PlayRecord[] = table.map((t) => ({ ...t, scored: result.scorers.includes(t.seat) }));

  for (const play of plays) {
    const seat = state.seats[play.seat];
    if (!seat) continue;
    // Scored cards stay face up beside their owner; a losing card goes back into the deck,
    // shuffled with the seat's own stream (R12), so other seats' losses never change its draws.
    const stream = state.seatRng[play.seat];
    if (play.scored) seat.scored.push(play.card);
    else if (stream) seat.deck = shuffle(stream, [...seat.deck, play.card]);
    else throw new Error(`seat ${play.seat} has no generator stream`);
    while (seat.hand.length < HAND_SIZE && seat.deck.length > 0)
      seat.hand.push(seat.deck.shift() ?? play.card);
  }
  // The cards have left the table: into scored piles or back into decks.
  state.declarations = emptyDeclarations();
  state.history.push({
    round: state.round,
    startingSeat: state.startingSeat,
    mode: state.mode,
    swapped,
    combo: result.combo,
    plays,
  });

  const revealed = plays
    .map((p) => {
      const mark = p.claim === p.card ? '' : ` (claimed ${cardLabel(p.claim, p.seat)})`;
      return `${seatLabel(state, p.seat)}: **${cardLabel(p.card, p.seat)}**${mark}`;
    })
    .join(' · ');
  const scorers = joinNames(result.scorers.map((s) => seatLabel(state, s)));
  const announce = [
    `Reveal, round ${state.round} (${modeLabel(state.mode)}): ${revealed}`,
    `${comboName(result.combo)}: ${scorers} ${result.scorers.length === 1 ? 'scores' : 'score'}.`,
    `Scored cards: ${state.seats.map((s, i) => `${seatLabel(state, i)} ${s.scored.length}/${CARDS_TO_WIN}`).join(', ')}.`,
  ];

  const outcome = endOfRoundOutcome(state);
  if (outcome) {
    state.phase = 'over';
    state.outcome = outcome;
    announce.push(outcome.summary);
    return announce;
  }
  state.round += 1;
  state.startingSeat = (state.startingSeat + 1) % SEAT_COUNT;
  state.modeChosen = false;
  state.jokerDeadline = false;
  state.phase = 'negotiation';
  state.ready = state.seats.map(() => false);
  state.turn = 0;
  announce.push(
    `Round ${state.round}: ${seatLabel(state, state.startingSeat)} starts and chooses High or Low. Negotiate in the channel.`,
  );
  return announce;
}

/** Five scored cards win (all who reach it together); the round cap is a guard (R11). */
function endOfRoundOutcome(state: IcgState): Outcome | null {
  const counts = state.seats.map((s) => s.scored.length);
  const reached = state.seats.filter((s) => s.scored.length >= CARDS_TO_WIN);
  const rounds = `${state.round} round${state.round === 1 ? '' : 's'}`;
  if (reached.length > 0) {
    const names = joinNames(reached.map((s) => state.seats.indexOf(s)).map((i) => seatLabel(state, i)));
    const verb = reached.length === 1 ? 'wins' : 'win together';
    return {
      winners: reached.map((s) => s.id),
      summary: `${names} ${verb} with five scored cards after ${rounds}.`,
    };
  }
  if (state.round < state.maxRounds) return null;
  const best = Math.max(...counts);
  const leaders = state.seats.filter((s) => s.scored.length === best && best > 0);
  const names = joinNames(leaders.map((s) => seatLabel(state, state.seats.indexOf(s))));
  return {
    winners: leaders.map((s) => s.id),
    summary:
      leaders.length > 0
        ? `Round cap reached after ${rounds}: ${names} ${leaders.length === 1 ? 'wins' : 'win together'} with the most scored cards (${best}).`
        : `Round cap reached after ${rounds} and nobody scored: nobody wins.`,
  };
}
