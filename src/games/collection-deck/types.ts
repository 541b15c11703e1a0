/**
 * Vocabulary of the Collection Deck engine: options, actions, and the plain-JSON state.
 * The state stores card ids only; card faces come from the card set the engine was built with.
 */
import { z } from 'zod';
import type { RngState } from '../rng.ts';
import type { Aspect, Discipline } from './cards/schema.ts';
import { ASPECTS, DISCIPLINES } from './cards/schema.ts';

export const EDITIONS = ['cia', 'collect-it-all'] as const;
export type Edition = (typeof EDITIONS)[number];

export const HAND_SIZE = 7;
export const MULLIGAN_HAND_SIZE = 6;
export const WINNING_SCORE = 10;
/** Opponents may play at most this many reality checks against one strategy, all together. */
export const DISRUPTION_CAP = 3;

export const optionsSchema = z.object({
  edition: z
    .enum(EDITIONS)
    .default('cia')
    .describe('cia: Collection Deck v4.3; collect-it-all: the published remake'),
  /** Manager Challenge cards in the deck. Default: on in the CIA edition, off in Collect It All. */
  challenge: z
    .boolean()
    .optional()
    .describe('Manager Challenge cards in the deck (default: on for cia, off for collect-it-all)'),
  /** Hardcore: no Manager Challenge cards; every technique played must be justified. */
  hardcore: z
    .boolean()
    .default(false)
    .describe('Hardcore: every technique played must be justified and voted on'),
  /** Seconds a disruption window, a response, a vote or the round-end discard stays open. */
  window: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 3600)
    .default(120)
    .describe('Seconds each disruption window or vote stays open (default 120; hours for async tables)'),
  /** The game ends after this round at the latest (ruling R21), so every game ends. */
  rounds: z
    .number()
    .int()
    .min(1)
    .max(200)
    .default(30)
    .describe('Round cap; at the cap the ranking decides (default 30)'),
});
export type CdOptions = z.output<typeof optionsSchema>;

const cardId = z.string().min(1).max(10);

export const actionSchema = z.discriminatedUnion('type', [
  /** Start (or switch) the strategy you are building against a crisis on the Field. */
  z.object({ type: z.literal('select-crisis'), crisis: cardId }),
  /** Put techniques from your hand into the strategy you are building. */
  z.object({ type: z.literal('add-techniques'), techniques: z.array(cardId).min(1).max(7) }),
  /** Play one card: a reality check (on a crisis, a technique or a reality check) or a technique. */
  z.object({ type: z.literal('play'), card: cardId, on: cardId.optional() }),
  /** Lay down the strategy you built: the other players may now disrupt it. */
  z.object({ type: z.literal('commit') }),
  /** Take back the strategy you are building (nothing was committed yet). */
  z.object({ type: z.literal('cancel') }),
  /** Pass your turn; in a disruption window, decline to disrupt; when responding, stop responding. */
  z.object({ type: z.literal('pass') }),
  /**
   * Explain how a challenged technique would really work against the crisis: in your own words
   * (`text`), or as a claim judged exactly (R36): what it collects (a discipline's product) about
   * which aspect of the crisis, with or without words of your own.
   */
  z.object({
    type: z.literal('justify'),
    text: z.string().trim().min(1).max(1500).optional().describe('How it would really work, in your words'),
    collects: z
      .enum(DISCIPLINES)
      .optional()
      .describe('Claim: the discipline whose product it collects (with aspect)'),
    aspect: z.enum(ASPECTS).optional().describe('Claim: the aspect of the crisis it informs (P, M, E, W)'),
  }),
  /** Judge a justification. */
  z.object({ type: z.literal('vote'), feasible: z.boolean() }),
  /** Give no vote on a justification (R36): the majority is counted among the votes cast. */
  z.object({ type: z.literal('abstain') }),
  /** Between rounds: discard the chosen cards (none = keep your hand). */
  z.object({ type: z.literal('discard'), cards: z.array(cardId).max(7) }),
  /** Collect It All: throw back a hand of two techniques or fewer and draw six. */
  z.object({ type: z.literal('mulligan') }),
  /** The table's timer: whoever has not acted counts as passed; a vote is counted as it stands. */
  z.object({ type: z.literal('close-window') }),
]);
export type CdAction = z.output<typeof actionSchema>;

/** A reality check resting on a technique (range extension, extra aspect) or on a crisis (difficulty). */
export interface RestingCheck {
  card: string;
  by: number;
}

export interface PlacedTechnique {
  card: string;
  /** Seat index of the player who played it. */
  owner: number;
  mods: RestingCheck[];
  /** Lost to a Manager Challenge (or a failed Hardcore justification). */
  lost: boolean;
  /** Hardcore: already justified successfully. */
  justified: boolean;
}

export interface FieldCrisis {
  card: string;
  /** Difficulty reality checks: they stay with the crisis until it is solved. */
  modifiers: RestingCheck[];
  /** Techniques of the current strategy and survivors of failed earlier ones. */
  techniques: PlacedTechnique[];
}

/** A counter, Manager Challenge or Think Outside the Box played during the current turn. */
export interface PlayedCheck {
  card: string;
  by: number;
  /** A technique id or, for Think Outside the Box, a reality check id. */
  on: string;
}

/** A structured justification (R36): the technique collects this discipline's product about this aspect. */
export interface Claim {
  collects: Discipline;
  aspect: Aspect;
}

export interface Challenge {
  technique: string;
  /** The Manager Challenge card, or null for a Hardcore justification. */
  card: string | null;
  by: number | null;
  step: 'justify' | 'vote';
  justification: string | null;
  /** The structured claim, when the justification made one (R36). */
  claim?: Claim;
  /** Seat index (as a string key) or the facilitator → feasible; null: abstained (R36). */
  votes: Record<string, boolean | null>;
}

export type TurnStage = 'build' | 'disrupt' | 'respond' | 'challenge';

export interface TurnState {
  seat: number;
  crisis: string | null;
  stage: TurnStage;
  /** Cards put down while building, returned to the hand on cancel. */
  draftCards: string[];
  plays: PlayedCheck[];
  /** Reality checks the opponents have played against this strategy. */
  disruptions: number;
  /** CIA: opponents who passed since the last disruption. */
  passed: number[];
  /** Collect It All: whose chance it is to disrupt, and how many passed in a row. */
  nextDisruptor: number | null;
  passStreak: number;
  challenges: Challenge[];
  /**
   * Answers already judged this turn, in order, so the table votes on the next one beside them;
   * absent in older saves and until the first is judged.
   */
  judged?: { technique: string; justification: string | null; feasible: boolean }[];
  /** Where play goes once the challenge queue is empty. */
  afterChallenges: 'disrupt' | 'respond';
}

export interface CdSeat {
  id: string;
  name: string;
  computer?: string;
  members: string[];
  hand: string[];
  solved: string[];
  score: number;
  /** Collect It All: may mulligan (a hand of two techniques or fewer at the start of the round). */
  mulliganEligible: boolean;
  /** Has played a card or taken a turn this round (ends mulligan eligibility). */
  actedThisRound: boolean;
}

export interface CdStats {
  turns: number;
  strategies: number;
  solved: number;
  failed: number;
  disruptions: number;
  challenges: number;
  challengesUpheld: number;
  reshuffles: number;
  mulligans: number;
}

export type CdPhase = 'play' | 'discard' | 'over';

export interface CdState {
  edition: Edition;
  options: CdOptions & { challenge: boolean };
  seats: CdSeat[];
  facilitator: string | null;
  rng: RngState;
  /** Technique and reality-check ids, top of the deck first. */
  deck: string[];
  discard: string[];
  crisisDeck: string[];
  /** Manager Challenge cards taken out of the game (variant off, or Hardcore). */
  removed: string[];
  field: FieldCrisis[];
  round: number;
  roundStarter: number;
  /** Players who passed in a row; a round ends when it reaches the number of seats. */
  passesInRow: number;
  turn: TurnState;
  phase: CdPhase;
  /** Seats (indices) still to decide their round-end discards. */
  discardPending: number[];
  /** Late arrivals, seated at the start of the next round. */
  pendingJoins: { id: string; name: string; computer?: string; members: string[] }[];
  /** Increases with every applied action; keys the timers. */
  seq: number;
  stats: CdStats;
  /** Each seat's points (by seat id) at the end of each round; absent in saves from before it. */
  scoresByRound?: { round: number; points: Record<string, number> }[];
  result: { winners: string[]; summary: string } | null;
}
