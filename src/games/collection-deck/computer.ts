/**
 * Computer players at three levels: Trainee, Analyst and Director (docs/rules/collection-deck.md,
 * "Computer players"). Each chooses among legal moves only, is pure, and draws any randomness
 * from a generator seeded by the state, so the same state gives the same move.
 */
import { nextInt, seedRng } from '../rng.ts';
import type { CardIndex } from './cardset.ts';
import { isRealityCheck, isTechnique, realityCheck, technique } from './cardset.ts';
import { currentChallenge } from './challenge.ts';
import type { Move } from './legal.ts';
import { legalMoves } from './legal.ts';
import type { PlanOptions } from './planner.ts';
import { planForCrisis, plansFor } from './planner.ts';
import { commitProblem, planPlay } from './plays.ts';
import { fittingFromHand, turnCrisis } from './strategy.ts';
import { seatIndexOf } from './table.ts';
import { bestDisruption, disruptions, repairMove, threatOf } from './tactics.ts';
import { activeUsers } from './timing.ts';
import type { CdAction, CdState } from './types.ts';
import { judgeClaim, soundClaim } from './claims.ts';
import { judgeJustification } from './votes.ts';

export const LEVELS = ['trainee', 'analyst', 'director'] as const;
export type Level = (typeof LEVELS)[number];

/** The first entry is the default (it also keeps a missing player's seat warm). */
export const COMPUTER_STRATEGIES = [
  {
    id: 'analyst',
    name: 'Analyst',
    description:
      'Level 2 of 3: the most valuable crisis its techniques fit as they are; counters a leader or a winning strategy.',
  },
  {
    id: 'director',
    name: 'Director',
    description:
      'Level 3 of 3: never passes up a strategy it can complete, helper cards included; disrupts with every card kind.',
  },
  {
    id: 'trainee',
    name: 'Trainee',
    description:
      'Level 1 of 3: plays the first crisis its techniques fit; rarely disrupts; justifies sloppily.',
  },
] as const;

/** Strategy ids of earlier versions, still found in saved games. */
const ALIASES: Record<string, Level> = { random: 'trainee' };

export function levelOf(strategy: string | undefined): Level {
  if (strategy === undefined) return 'analyst';
  if ((LEVELS as readonly string[]).includes(strategy)) return strategy as Level;
  return ALIASES[strategy] ?? 'analyst';
}

const stateRng = (s: CdState, seat: number) => seedRng(`${s.seq}:${seat}:${s.rng.join(',')}`);

type Justification = Extract<CdAction, { type: 'justify' }>;

/** The resting cards on the challenged technique (an added aspect counts for a claim). */
function modsOf(s: CdState, techniqueId: string): string[] {
  return (
    turnCrisis(s)
      ?.techniques.find((t) => t.card === techniqueId)
      ?.mods.map((m) => m.card) ?? []
  );
}

/** A computer's answer to a challenge: the sound claim for the card (R36), judged exactly. */
export function computerJustification(cards: CardIndex, s: CdState): Justification {
  const c = currentChallenge(s);
  const f = turnCrisis(s);
  if (!c || !f) return { type: 'justify', text: 'Collection would follow the standard tasking process.' };
  return { type: 'justify', ...soundClaim(cards, c.technique, f.card, modsOf(s, c.technique)) };
}

/** A Trainee, half the time, names the technique and nothing else, in words. */
function traineeJustification(cards: CardIndex, s: CdState, seat: number): Justification {
  const c = currentChallenge(s);
  if (c && nextInt(stateRng(s, seat), 2) === 0)
    return { type: 'justify', text: `${technique(cards, c.technique).name} will handle it, trust me.` };
  return computerJustification(cards, s);
}

/**
 * Every level votes by what the justification claims, never by its length: a claim exactly
 * (claims.ts), words by the sentences that link the technique to the crisis (votes.ts); words it
 * cannot judge get an abstention, not a vote against (R36).
 */
function vote(cards: CardIndex, s: CdState, moves: Move[]): CdAction | null {
  const c = currentChallenge(s);
  const f = turnCrisis(s);
  if (!c || !f) return null;
  const judgement = c.claim
    ? judgeClaim(cards, c.technique, f.card, c.claim, modsOf(s, c.technique)).feasible
    : { feasible: true, 'not-feasible': false, 'cannot-judge': null }[
        judgeJustification(cards, c.technique, f.card, c.justification ?? '').judgement
      ];
  const wanted = judgement === null ? 'abstain' : 'vote';
  return (
    moves.find(
      (m) => m.action.type === wanted && (m.action.type !== 'vote' || m.action.feasible === judgement),
    )?.action ?? null
  );
}

/** Round-end discards: techniques that fit nothing on the Field, and reality checks beyond two. */
function tidyHand(cards: CardIndex, s: CdState, seat: number): CdAction {
  const hand = s.seats[seat]?.hand ?? [];
  const useless = hand.filter(
    (id) => isTechnique(cards, id) && s.field.every((f) => !fittingFromHand(cards, f, [id]).length),
  );
  const rank = (id: string) =>
    ['counter', 'think-outside-the-box'].includes(realityCheck(cards, id).effect.type) ? 0 : 1;
  const spare = hand
    .filter((id) => isRealityCheck(cards, id))
    .sort((a, b) => rank(a) - rank(b))
    .slice(2);
  return { type: 'discard', cards: [...useless, ...spare] };
}

/** The next move of a plan for the crisis being built, when the engine would take it. */
function buildStep(cards: CardIndex, s: CdState, seat: number, opts: PlanOptions): CdAction | null {
  const f = turnCrisis(s);
  const plan = f && planForCrisis(cards, s, seat, f, opts);
  const step = plan?.steps[0];
  if (!step) return null;
  if (step.type === 'commit') return commitProblem(cards, s) === null ? step : null;
  if (step.type === 'play') return planPlay(cards, s, seat, step.card, step.on).ok ? step : null;
  return step;
}

interface Policy {
  helpers: boolean;
  /** Picks among the crises it can complete (sorted best first, or in Field order). */
  pick: 'best' | 'first';
  mulligan: (cards: CardIndex, s: CdState, seat: number) => boolean;
  disrupt: (cards: CardIndex, s: CdState, seat: number, moves: Move[]) => CdAction | null;
  respond: (cards: CardIndex, s: CdState, seat: number, moves: Move[]) => CdAction | null;
  justify: (cards: CardIndex, s: CdState, seat: number) => Justification;
  discard: (cards: CardIndex, s: CdState, seat: number) => CdAction;
}

const cannotScore = (opts: PlanOptions) => (cards: CardIndex, s: CdState, seat: number) =>
  plansFor(cards, s, seat, opts).length === 0;

const POLICIES: Record<Level, Policy> = {
  trainee: {
    helpers: false,
    pick: 'first',
    mulligan: () => true,
    disrupt: (_cards, s, seat, moves) => {
      if (nextInt(stateRng(s, seat), 5) !== 0) return null;
      return moves.find((m) => m.action.type === 'play')?.action ?? null;
    },
    respond: (cards, s, seat) => {
      const fix = repairMove(cards, s, seat, 1);
      return fix && isTechnique(cards, fix.card) ? fix : null;
    },
    justify: traineeJustification,
    discard: () => ({ type: 'discard', cards: [] }),
  },
  analyst: {
    helpers: false,
    pick: 'best',
    mulligan: cannotScore({ helpers: false }),
    disrupt: (cards, s, seat) => {
      const threat = threatOf(cards, s);
      if (!threat || !(threat.wins || threat.leads)) return null;
      const counter = disruptions(cards, s, seat).find(
        (d) => d.drop > 0 && (d.effect === 'counter' || d.effect === 'think-outside-the-box'),
      );
      return counter?.action ?? null;
    },
    respond: (cards, s, seat) => repairMove(cards, s, seat, 1),
    justify: computerJustification,
    discard: tidyHand,
  },
  director: {
    helpers: true,
    pick: 'best',
    mulligan: cannotScore({ helpers: true }),
    disrupt: (cards, s, seat) => {
      const threat = threatOf(cards, s);
      if (!threat || !(threat.wins || threat.leads || threat.points >= 2)) return null;
      const options = disruptions(cards, s, seat);
      const best = bestDisruption(cards, options);
      if (best) return best.action;
      // Nothing knocks a technique out: a Manager Challenge may still, if the answer is weak;
      // never on a technique whose justification the table already accepted (R37).
      const accepted = new Set(
        turnCrisis(s)
          ?.techniques.filter((x) => x.justified)
          .map((x) => x.card),
      );
      const challenge = options.find(
        (d) => d.effect === 'manager-challenge' && !accepted.has(d.action.on ?? ''),
      );
      return challenge?.action ?? null;
    },
    respond: (cards, s, seat) => repairMove(cards, s, seat, 2),
    justify: computerJustification,
    discard: tidyHand,
  },
};

function levelMove(cards: CardIndex, s: CdState, seat: number, moves: Move[], level: Level): CdAction | null {
  const p = POLICIES[level];
  const find = (type: CdAction['type']) => moves.find((m) => m.action.type === type)?.action ?? null;
  const pass = find('pass');
  if (s.phase === 'discard') return p.discard(cards, s, seat);
  const mulligan = find('mulligan');
  if (mulligan && p.mulligan(cards, s, seat)) return mulligan;
  const t = s.turn;
  switch (t.stage) {
    case 'challenge': {
      if (find('justify')) return p.justify(cards, s, seat);
      return vote(cards, s, moves);
    }
    case 'build': {
      if (seat !== t.seat) return null;
      const opts = { helpers: p.helpers };
      if (t.crisis === null) {
        const plans = plansFor(cards, s, seat, opts);
        const chosen =
          p.pick === 'best'
            ? plans[0]
            : s.field.map((f) => plans.find((x) => x.crisis === f.card)).find(Boolean);
        return chosen ? { type: 'select-crisis', crisis: chosen.crisis } : pass;
      }
      return buildStep(cards, s, seat, opts) ?? pass;
    }
    case 'respond':
      return p.respond(cards, s, seat, moves) ?? pass;
    case 'disrupt':
      return p.disrupt(cards, s, seat, moves) ?? pass;
  }
}

export function computerMove(
  cards: CardIndex,
  s: CdState,
  player: string,
  strategy: string | undefined,
): CdAction | null {
  const seat = seatIndexOf(s, player);
  if (seat === null || !activeUsers(s).includes(seat)) return null;
  const moves = legalMoves(cards, s, seat);
  if (moves.length === 0) return null;
  return levelMove(cards, s, seat, moves, levelOf(strategy));
}
