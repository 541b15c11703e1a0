/**
 * `apply`: validates an action against the rules and returns the next state (never mutates
 * the one it is given). Rule errors carry stable codes; see docs/rules/item-collection.md.
 */
import type { Applied, PlayerId, Result } from '../contract.ts';
import { FACILITATOR_ACTOR, fail, ok, SYSTEM_ACTOR } from '../contract.ts';
import { seedRng, type RngState } from '../rng.ts';
import { cardLabel, modeLabel, SEAT_COUNT, type Rank } from './cards.ts';
import { makePromise } from './promises.ts';
import { revealRound } from './reveal.ts';
import { actionSchema, type IcgAction } from './schema.ts';
import { declarationOrder, seatIndexOf, seatLabel, type IcgState } from './state.ts';

type Step = Result<string[]>;

/**
 * A working copy for one action. Hand-written because structuredClone dominated playout time;
 * past round records and the outcome are never mutated, so they are shared.
 */
const clone = (state: IcgState): IcgState => {
  // A game saved before per-seat streams (R12), the joker deadline (R19) and promises (R20).
  const saved = state as Partial<IcgState>;
  return {
    ...state,
    seatRng: (saved.seatRng ?? state.seats.map((_, i) => seedRng(`${state.rng.join('.')}|seat|${i}`))).map(
      (r) => [...r] as RngState,
    ),
    jokerDeadline: saved.jokerDeadline ?? false,
    promises: [...(saved.promises ?? [])],
    ...copies(state),
  };
};

/** The parts of a state an action may change, copied. */
const copies = (state: IcgState) => ({
  seats: state.seats.map((seat) => ({
    ...seat,
    members: [...seat.members],
    hand: [...seat.hand],
    deck: [...seat.deck],
    scored: [...seat.scored],
  })),
  rng: [...state.rng] as RngState,
  ready: [...state.ready],
  declarations: state.declarations.map((d) => ({ ...d })),
  history: [...state.history],
});

export const canFacilitate = (state: IcgState, actor: PlayerId): boolean =>
  actor === SYSTEM_ACTOR ||
  actor === FACILITATOR_ACTOR ||
  (state.facilitator !== null && actor === state.facilitator);

/** The seat whose turn it is to declare, or null outside the declaration phase. */
export const declaringSeat = (state: IcgState): number | null =>
  state.phase === 'declaration' ? (declarationOrder(state)[state.turn] ?? null) : null;

export function applyAction(state: IcgState, actor: PlayerId, input: IcgAction): Result<Applied<IcgState>> {
  const parsed = actionSchema.safeParse(input);
  if (!parsed.success) return fail('invalid-action', 'That action is not part of the Item Collection Game.');
  const action = parsed.data;
  if (state.phase === 'over') return fail('game-over', 'The game is over.');

  const next = clone(state);
  let step: Step;
  if (action.type === 'endNegotiation') {
    step = endNegotiation(next, actor);
  } else {
    const seat = seatIndexOf(next, actor);
    if (seat === null) return fail('not-a-player', 'You do not have a seat at this table.');
    switch (action.type) {
      case 'mode':
        step = chooseMode(next, seat, action.mode);
        break;
      case 'ready':
        step = markReady(next, seat);
        break;
      case 'claim':
        step = declare(next, seat, action.rank, null);
        break;
      case 'place':
        step = declare(next, seat, null, action.card);
        break;
      case 'declare':
        step = declare(next, seat, action.claim, action.card);
        break;
      case 'swap':
        step = finishSwap(next, seat, action.card);
        break;
      case 'keep':
        step = finishSwap(next, seat, null);
        break;
      case 'promise':
        step = makePromise(next, seat, action);
        break;
    }
  }
  return step.ok ? ok({ state: next, announce: step.value }) : step;
}

const wrongPhase = (what: string): Result<never> => fail('wrong-phase', `You cannot ${what} now.`);

function endNegotiation(state: IcgState, actor: PlayerId): Step {
  if (!canFacilitate(state, actor))
    return fail('not-facilitator', 'Only the facilitator or the timer can end the negotiation.');
  if (state.phase !== 'negotiation') return wrongPhase('end the negotiation');
  if (!state.modeChosen && !state.jokerDeadline) {
    // R19: the starting player still gets to choose, briefly, before the declaration starts.
    state.jokerDeadline = true;
    state.ready = state.ready.map((_, i) => i !== state.startingSeat);
    return ok([
      `Negotiation is over, but ${seatLabel(state, state.startingSeat)} has not turned a joker: they have one minute to choose High or Low, then the declaration starts.`,
    ]);
  }
  return ok(startDeclaration(state, 'Negotiation ended'));
}

function startDeclaration(state: IcgState, reason: string): string[] {
  state.phase = 'declaration';
  state.jokerDeadline = false;
  state.turn = 0;
  // R3: an unturned joker stays as it lies.
  const joker = state.modeChosen ? '' : ` The joker stays as it is: ${modeLabel(state.mode)}.`;
  return [`${reason}.${joker} ${seatLabel(state, state.startingSeat)} declares first.`];
}

function chooseMode(state: IcgState, seat: number, mode: IcgState['mode']): Step {
  if (state.phase !== 'negotiation') return wrongPhase('turn a joker');
  if (seat !== state.startingSeat)
    return fail('not-starting-player', 'Only the starting player chooses High or Low.');
  if (state.modeChosen) return fail('mode-already-chosen', 'High or Low has already been chosen this round.');
  state.mode = mode;
  state.modeChosen = true;
  const line = `${seatLabel(state, seat)} turns up the ${mode === 'high' ? 'black' : 'red'} joker: ${modeLabel(mode)}.`;
  // R19: within the joker deadline the choice ends the negotiation at once.
  if (state.jokerDeadline) return ok([`${line} ${startDeclaration(state, 'Negotiation ended').join(' ')}`]);
  return ok([line]);
}

function markReady(state: IcgState, seat: number): Step {
  if (state.phase !== 'negotiation') return wrongPhase('mark yourself ready');
  if (state.ready[seat]) return fail('already-ready', 'You are already marked ready.');
  if (seat === state.startingSeat && !state.modeChosen)
    return fail('mode-not-chosen', 'Choose High or Low before you mark yourself ready.');
  state.ready[seat] = true;
  if (state.ready.every(Boolean)) return ok(startDeclaration(state, 'Everyone is ready'));
  return ok([]);
}

function declare(state: IcgState, seat: number, claim: Rank | null, card: Rank | null): Step {
  if (state.phase !== 'declaration') return wrongPhase('declare a card');
  const current = declaringSeat(state);
  if (seat !== current)
    return fail(
      'not-your-turn',
      `It is ${current === null ? 'nobody' : seatLabel(state, current)}'s turn to declare.`,
    );
  const declaration = state.declarations[seat];
  const hand = state.seats[seat]?.hand;
  if (!declaration || !hand) throw new Error(`seat ${seat} is missing`);
  if (claim !== null && declaration.claim !== null)
    return fail(
      'already-claimed',
      'You have already said which card you place; a claim cannot be taken back.',
    );
  if (card !== null && declaration.card !== null)
    return fail('already-placed', 'You have already placed your face-down card.');
  if (card !== null && !hand.includes(card))
    return fail('card-not-in-hand', `${cardLabel(card, seat)} is not in your hand.`);

  const announce: string[] = [];
  if (claim !== null) {
    declaration.claim = claim;
    announce.push(`${seatLabel(state, seat)} claims **${cardLabel(claim, seat)}**.`);
  }
  if (card !== null) {
    declaration.card = card;
    hand.splice(hand.indexOf(card), 1);
    announce.push(`${seatLabel(state, seat)} places a card face down.`);
  }
  if (declaration.claim !== null && declaration.card !== null) {
    state.turn += 1;
    if (state.turn >= SEAT_COUNT) {
      state.phase = 'swap';
      announce.push(
        `All four have declared. ${seatLabel(state, state.startingSeat)} may swap their card once, or keep it.`,
      );
    } else {
      const nextSeat = declaringSeat(state);
      if (nextSeat !== null) announce.push(`${seatLabel(state, nextSeat)} declares next.`);
    }
  }
  // One line per action keeps the channel readable.
  return ok([announce.join(' ')]);
}

/** R6: the starting player swaps once (or keeps), then the cards are revealed at once. */
function finishSwap(state: IcgState, seat: number, card: Rank | null): Step {
  if (state.phase !== 'swap') return wrongPhase(card === null ? 'keep your card' : 'swap your card');
  if (seat !== state.startingSeat)
    return fail('not-starting-player', 'Only the starting player may swap their face-down card.');
  const declaration = state.declarations[seat];
  const hand = state.seats[seat]?.hand;
  if (!declaration?.card || !hand) throw new Error(`starting seat ${seat} has no face-down card`);
  if (card !== null) {
    if (!hand.includes(card))
      return fail('card-not-in-hand', `${cardLabel(card, seat)} is not in your hand.`);
    hand.splice(hand.indexOf(card), 1, declaration.card);
    declaration.card = card;
  }
  const line = `${seatLabel(state, seat)} ${card === null ? 'keeps their card' : 'swaps their face-down card'}.`;
  return ok([line, ...revealRound(state, card !== null)]);
}
