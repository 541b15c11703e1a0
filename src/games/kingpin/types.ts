/**
 * Kingpin's vocabulary: state, actions and options. State is plain JSON; the generator that
 * rolls every (screened) die lives in it.
 */
import { z } from 'zod';
import type { Outcome } from '../contract.ts';
import type { RngState } from '../rng.ts';

export const SIDES = ['cartel', 'hunters'] as const;
export type Side = (typeof SIDES)[number];

export const PAWNS = ['intel', 'police', 'marina'] as const;
export type Pawn = (typeof PAWNS)[number];

export const PHASES = [
  'setup',
  'cartel',
  'intel-plan',
  'intel-resolve',
  'police-plan',
  'police-resolve',
  'over',
] as const;
export type Phase = (typeof PHASES)[number];

/** Needs and Defense cards: where each is. */
export type Zone = 'deck' | 'unplayed' | 'hidden' | 'fixed' | 'finished';
export interface CardState {
  zone: Zone;
  /** A Location id or 'with-chapo'; null off the boards. */
  at: string | null;
  /** Needs discs on it (Needs only). */
  discs: number;
}

/** A topography card in its display box, known to the Hunters by its slot. */
export interface TopoState {
  slot: string;
  card: string;
  faceUp: boolean;
  /** The Fixed Location it was moved to, or null while in the Found area. */
  fixedAt: string | null;
}

/**
 * Where a pawn stands, as one string: `card:<slot>`, `lead:<slot>:<location>`, `loc:<location>`
 * or `fixed:<card id>` (a Fixed Need or Defense, public).
 */
export type Spot = string;

export interface PlannedPawn {
  pawn: Pawn;
  spot: Spot;
  resolved: boolean;
}

/** Who may read a log line: everyone, or only one team. */
export type Audience = 'public' | Side;
export interface LogLine {
  n: number;
  turn: number;
  to: Audience;
  text: string;
}

/** A Record marker: the last time a Hunter asset acted on a spot, and whether it found something. */
export interface RecordMarker {
  turn: number;
  pawn: Pawn;
  spot: Spot;
  found: boolean;
  to: Audience;
  /** Searched and found nothing (not a failed or blocked attempt); absent otherwise. */
  empty?: true | undefined;
}

/**
 * The Cartel must Fix one thing Hidden at a Location (Police, Marina or a Lead fallback). It
 * answers whenever anything is Hidden there, one thing or several (ruling R28).
 */
export interface PendingFix {
  /** The action count when it arose: names the decision (waits). */
  id: number;
  at: string;
  /** Cards Hidden there, then Chapo; never empty. */
  options: string[];
  why: string;
  /** The pawn whose Record waits for the answer. */
  pawn: { pawn: Pawn; spot: Spot } | null;
}

export interface KpSeat {
  id: string;
  name: string;
  members: string[];
  computer?: string;
  side: Side;
}

export interface KpState {
  seq: number;
  rng: RngState;
  /** Scripted die results (arrangement), used before the generator. */
  script: number[];
  seats: KpSeat[];
  turn: number;
  phase: Phase;
  chapo: { at: string | null; fixed: boolean; captured: boolean };
  cards: Record<string, CardState>;
  needsDeck: string[];
  /** Setup: the blind-drawn Defense and Needs still to place, then 'chapo'. */
  toPlace: string[];
  topo: TopoState[];
  cartel: {
    actions: number;
    chapoActions: number;
    fulfilled: boolean;
    /** Mobility Defenses whose free move was spent this turn. */
    freeUsed: string[];
    /** A Defense picked in the private view, waiting for its Location. */
    picked: string | null;
    /** A Need drawn and not yet placed. */
    drawn: string | null;
  };
  hunt: {
    available: Record<Pawn, number>;
    proposal: PlannedPawn[];
    proposedBy: string | null;
    plan: PlannedPawn[];
    /** Uses of Defenses this Hunter turn (blocks, nullifies, getaways), by Defense id. */
    used: Record<string, number>;
    /** The Location whose placements the planning menus list when they are too many (R37). */
    focus?: string | null | undefined;
  };
  pending: PendingFix | null;
  log: LogLine[];
  records: RecordMarker[];
  dice: { by: Side; pawn: Pawn; roll: number; turn: number; screened: boolean }[];
  result: (Outcome & { kind: 'capture' | 'cartel' | 'draw' }) | null;
  /**
   * Where Chapo went, step by step, and every Defense use: secrets kept for the end, when the
   * game reveals everything (ruling R35). Absent in games saved before they were kept.
   */
  trail?: ChapoStep[] | undefined;
  uses?: DefenseUse[] | undefined;
}

export interface ChapoStep {
  turn: number;
  at: string;
  how: 'start' | 'move' | 'free move' | 'getaway';
}

export interface DefenseUse {
  turn: number;
  card: string;
  what: string;
}

export const optionsSchema = z.object({
  host: z
    .enum(SIDES)
    .default('cartel')
    .describe('The side the first seat (the host) plays; the second seat plays the other'),
});
export type KpOptions = z.infer<typeof optionsSchema>;

const id = z.string().min(1).max(60);
export const actionSchema = z.discriminatedUnion('type', [
  // Cartel
  z.object({ type: z.literal('setup-place'), item: id, location: id }),
  z.object({ type: z.literal('pick'), card: id }),
  z.object({ type: z.literal('place-defense'), card: id, location: id }),
  z.object({ type: z.literal('move-defense'), card: id, location: id }),
  z.object({
    type: z.literal('move-chapo'),
    location: id,
    reveal: z.boolean().optional(),
    /** Spend a Mobility Defense's free move instead of a Chapo action (R30). */
    free: z.boolean().optional(),
  }),
  z.object({ type: z.literal('fulfil'), card: id }),
  z.object({ type: z.literal('draw-need') }),
  z.object({ type: z.literal('place-need'), location: id }),
  z.object({ type: z.literal('end-turn') }),
  z.object({ type: z.literal('choose-fix'), option: id }),
  // Hunters
  z.object({ type: z.literal('add-pawn'), pawn: z.enum(PAWNS), spot: id }),
  /** A view control (R37): the Location whose Police and Marina placements the menus list. */
  z.object({ type: z.literal('focus'), location: id }),
  z.object({ type: z.literal('remove-pawn'), index: z.number().int().min(0).max(20) }),
  z.object({
    type: z.literal('propose'),
    placements: z.array(z.object({ pawn: z.enum(PAWNS), spot: id })).max(20),
  }),
  z.object({ type: z.literal('confirm') }),
  z.object({
    type: z.literal('resolve'),
    index: z.number().int().min(0).max(20),
    here: z.boolean().optional(),
  }),
  z.object({ type: z.literal('fix-card'), slot: id, location: id }),
]);
export type KpAction = z.infer<typeof actionSchema>;
