/**
 * Computer storytellers at three levels: Rookie, Case officer and Station chief (ruling S17 in
 * docs/rules/collection-deck.md). Each chooses a legal move from what its seat may know (its
 * own hand and the public table), is pure and deterministic, and gives the reason for its move
 * in the game's terms, which the post-game review shows.
 */
import { crisis } from '../collection-deck/cardset.ts';
import type { PlayerId } from '../contract.ts';
import type { StoryCards } from './cards.ts';
import { fitsCrisis, isSuccess, nameOf, OUTCOME_LABEL, resolutionOf } from './cards.ts';
import { boostTechniques } from './flow.ts';
import { better } from './operation.ts';
import { turnDecision, type Decision } from './tactics.ts';
import type { Level, StAction, StState } from './types.ts';
import { LEVELS } from './types.ts';
import { plural } from '../text.ts';

/** The first entry is the default (it also keeps a missing storyteller's seat warm). */
export const COMPUTER_STRATEGIES = [
  {
    id: 'case-officer',
    name: 'Case officer',
    description:
      'Level 2 of 3: saves the crises about to fail, moves on ready crises, feeds the ones still short.',
  },
  {
    id: 'station-chief',
    name: 'Station chief',
    description:
      'Level 3 of 3: defuses every ready crisis it can, plays helpers to make techniques fit, plans crises.',
  },
  {
    id: 'rookie',
    name: 'Rookie',
    description: 'Level 1 of 3: collects on the first crisis a technique fits; operates only when stuck.',
  },
] as const;

export function levelOf(strategy: string | undefined): Level {
  return (LEVELS as readonly string[]).includes(strategy ?? '') ? (strategy as Level) : 'case-officer';
}

/** The crisis to keep: the Rookie keeps the first drawn; the others the one the table can defuse soonest. */
function keepCrisis(cards: StoryCards, s: StState, seat: number, options: string[], level: Level): Decision {
  const first = options[0] ?? '';
  if (level === 'rookie')
    return { action: { type: 'keep-crisis', crisis: first }, why: 'the first crisis drawn is kept' };
  const hand = s.seats[seat]?.hand ?? [];
  const cost = (id: string): number[] => {
    const c = crisis(cards.index, id);
    // The Station chief also counts the techniques in its own hand that already fit it.
    const fitting =
      level === 'station-chief'
        ? new Set(
            hand
              .filter((t) => cards.index.byId.get(t)?.kind === 'technique')
              .filter((t) => fitsPrinted(cards, t, id)),
          ).size
        : 0;
    return [
      c.techniquesRequired - Math.min(fitting, c.techniquesRequired),
      c.techniquesRequired,
      c.difficulty,
    ];
  };
  const best = [...options].sort((a, b) => {
    const x = cost(a);
    const y = cost(b);
    return (x[0] ?? 0) - (y[0] ?? 0) || (x[1] ?? 0) - (y[1] ?? 0) || (x[2] ?? 0) - (y[2] ?? 0);
  })[0];
  const c = crisis(cards.index, best ?? first);
  return {
    action: { type: 'keep-crisis', crisis: c.id },
    why: `${c.name} needs ${plural(c.techniquesRequired, 'technique')} at difficulty ${c.difficulty}, the fewest of the two, so the table can defuse it soonest`,
  };
}

const fitsPrinted = (cards: StoryCards, t: string, c: string): boolean =>
  fitsCrisis(cards, t, { card: c, by: 0, techniques: [], checks: [], escalations: 0, marks: [] });

function boostDecision(
  cards: StoryCards,
  s: StState,
  seat: number,
  stage: Extract<StState['stage'], { kind: 'boost' }>,
  level: Level,
): Decision {
  const r = resolutionOf(cards, stage.drawn);
  const extra = boostTechniques(cards, s, seat, stage.crisis)[0];
  if (isSuccess(r))
    return { action: { type: 'accept' }, why: `“${OUTCOME_LABEL[r.outcome]}” already defuses the crisis` };
  if (level === 'rookie' || !extra)
    return {
      action: { type: 'accept' },
      why: extra
        ? 'the Rookie keeps the first card it draws'
        : 'no technique in hand matches the crisis, so no second card can be drawn',
    };
  return {
    action: { type: 'boost', technique: extra },
    why: `“${OUTCOME_LABEL[r.outcome]}” would leave ${nameOf(cards, stage.crisis)} on the table; discarding ${nameOf(cards, extra)} draws a second card, and half of them succeed`,
  };
}

/** The move of a computer seat and the reason for it, or null when it is not this seat's decision. */
export function computerDecision(cards: StoryCards, s: StState, player: PlayerId): Decision | null {
  const stage = s.stage;
  const seat = s.seats.findIndex((x) => x.id === player);
  if (!stage || s.result || stage.seat !== seat) return null;
  const level = levelOf(s.seats[seat]?.computer);
  switch (stage.kind) {
    case 'choose-crisis':
      return keepCrisis(cards, s, seat, stage.options, level);
    case 'tell':
      return { action: { type: 'tell' }, why: 'the line is written from the cards' };
    case 'turn':
      return turnDecision(cards, s, seat, level);
    case 'boost':
      return boostDecision(cards, s, seat, stage, level);
    case 'pick': {
      const card = better(cards, stage.drawn[0], stage.drawn[1]);
      return {
        action: { type: 'pick', card },
        why: `“${OUTCOME_LABEL[resolutionOf(cards, card).outcome]}” is the better of the two cards`,
      };
    }
  }
}

export function computerMove(cards: StoryCards, s: StState, player: PlayerId): StAction | null {
  return computerDecision(cards, s, player)?.action ?? null;
}

/** The computer's reason for `move` (its own choice here), for the post-game review; null for another move. */
export function explainMove(cards: StoryCards, s: StState, player: PlayerId, move: StAction): string | null {
  const d = computerDecision(cards, s, player);
  return d && JSON.stringify(d.action) === JSON.stringify(move) ? `${d.why}.` : null;
}
