/**
 * Computer teams at three levels, Reckless, Methodical and Mastermind (docs/rules/kingpin.md,
 * "Computer players"), pure and seeded from the state. Every level plays either side and
 * chooses only among legal actions, reading only what its side may see.
 */
import { nextInt, seedRng } from '../rng.ts';
import { content, seatOf } from './board.ts';
import { legalActions } from './legal.ts';
import { mastermindMove } from './mastermind.ts';
import { type Pick, cartelMove, hunterMove } from './methodical.ts';
import type { KpAction, KpState, Side } from './types.ts';

export const LEVELS = ['reckless', 'methodical', 'mastermind'] as const;
export type Level = (typeof LEVELS)[number];

/** The first entry is the default (it also keeps a missing player's seat warm). */
export const COMPUTER_STRATEGIES = [
  {
    id: 'methodical',
    name: 'Methodical',
    description:
      'Level 2 of 3. Cartel: fulfils Needs, guards Chapo. Hunters: follow Leads, skip spots found empty.',
  },
  {
    id: 'mastermind',
    name: 'Mastermind',
    description:
      'Level 3 of 3. Cartel: a disc, then Chapo out of sight. Hunters: narrow down his hideout, press it.',
  },
  {
    id: 'reckless',
    name: 'Reckless',
    description: 'Level 1 of 3: picks among legal moves at random, never stalling.',
  },
] as const;

/** A seat's level: Methodical when none is named (a human seat's hints) or the id is unknown. */
export function levelOf(strategy: string | undefined): Level {
  return (LEVELS as readonly string[]).includes(strategy ?? '') ? (strategy as Level) : 'methodical';
}

/**
 * What a side knows, as a seed for its random choices (R33): never the other side's secrets, the
 * dice to come or the count of moves (the Hunters' planning and the Cartel's actions are hidden
 * from the other side), so a computer's choice, and the tutorial hint built on it, reads nothing
 * its side could not see.
 */
function known(s: KpState, side: Side): string {
  const board = Object.entries(s.cards).filter(([, c]) =>
    side === 'cartel' ? c.zone !== 'deck' : c.zone === 'fixed' || c.zone === 'finished',
  );
  const shared = [s.turn, s.phase, board, s.records.filter((r) => r.to === 'public' || r.to === side)];
  // A Defense picked in My view (waiting for its Location) is a click, not knowledge: leaving it
  // out keeps the choice, and the hint asked again after that click, the same (R39).
  const cartel = { ...s.cartel, picked: null };
  if (side === 'cartel')
    return JSON.stringify([...shared, s.chapo, cartel, s.toPlace, s.needsDeck.length, s.pending?.options]);
  const topo = s.topo.map((t) => [
    t.slot,
    t.faceUp ? t.card : content().topo.get(t.card)?.subtype,
    t.fixedAt,
  ]);
  return JSON.stringify([...shared, topo, s.dice, s.hunt.available, s.hunt.proposal, s.hunt.plan]);
}

function picker(s: KpState, side: Side): Pick {
  // Seeded on first use: most moves of the methodical strategy never pick at random.
  let rng: ReturnType<typeof seedRng> | null = null;
  return (actions) => {
    rng ??= seedRng(`cpu|${side}|${known(s, side)}`);
    return actions[nextInt(rng, actions.length)];
  };
}

/** Random but never stalling: no picking, no un-planning, no re-Fixing a card already Fixed. */
function reckless(s: KpState, actions: KpAction[], pick: Pick): KpAction | undefined {
  const useful = actions.filter(
    (a) =>
      a.type !== 'pick' &&
      a.type !== 'remove-pawn' &&
      !(a.type === 'fix-card' && s.topo.find((t) => t.slot === a.slot)?.fixedAt !== null),
  );
  return pick(useful) ?? actions[0];
}

export function computerMove(s: KpState, player: string): KpAction | null {
  const seat = seatOf(s, player);
  if (!seat || s.result) return null;
  const actions = legalActions(s, seat.side);
  if (actions.length === 0) return null;
  const pick = picker(s, seat.side);
  const level = levelOf(seat.computer);
  const move =
    level === 'reckless'
      ? reckless(s, actions, pick)
      : level === 'mastermind'
        ? mastermindMove(s, actions, seat.side, pick)
        : seat.side === 'cartel'
          ? cartelMove(s, actions, pick)
          : hunterMove(s, actions);
  return move ?? actions[0] ?? null;
}
