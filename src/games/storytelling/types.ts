/**
 * Vocabulary of the storytelling variant of CIA: Collect It All: options, actions and the
 * plain-JSON state. Cards are Collection Deck card ids; their faces come from its card set.
 */
import { z } from 'zod';
import type { RngState } from '../rng.ts';

export const HAND_SIZE = 5;
/** A crisis concludes as failed at its third escalation. */
export const ESCALATIONS_TO_FAIL = 3;
/** The second failed crisis ends the game in defeat. */
export const FAILURES_TO_LOSE = 2;
/** Longest piece of narration a player may write. */
export const MAX_TELL = 1000;

/** The eight approaches of the rulebook, and `own` for one the player names. */
export const APPROACHES = [
  'backchannels',
  'treaty',
  'ally',
  'aid-or-arms',
  'sanctions',
  'special-forces',
  'drone-strike',
  'invasion',
  'own',
] as const;
export type Approach = (typeof APPROACHES)[number];

export const APPROACH_NAMES: Record<Approach, string> = {
  backchannels: 'Diplomatic Backchannels',
  treaty: 'Formal Treaty Negotiations',
  ally: 'Assistance from an Ally',
  'aid-or-arms': 'Aid Package or Arms Deal',
  sanctions: 'Economic Sanctions',
  'special-forces': 'Special Forces',
  'drone-strike': 'Drone Strike',
  invasion: 'Military Invasion',
  own: 'An approach of our own',
};

/** Computer storytellers' levels, weakest first (ruling S17; the lobby lists them in computer.ts). */
export const LEVELS = ['rookie', 'case-officer', 'station-chief'] as const;
export type Level = (typeof LEVELS)[number];

export const optionsSchema = z.object({
  /** S13: the game ends in defeat after this round at the latest, so every game ends. */
  rounds: z
    .number()
    .int()
    .min(2)
    .max(100)
    .default(20)
    .describe('Round cap: crises still open after this round mean defeat (default 20)'),
});
export type StOptions = z.output<typeof optionsSchema>;

const cardId = z.string().min(1).max(10);

export const actionSchema = z.discriminatedUnion('type', [
  /** Creating a crisis: keep one of the two crisis cards you drew. */
  z.object({ type: z.literal('keep-crisis'), crisis: cardId }),
  /** Answer the story prompt you owe; without text the bot writes a line from the cards. */
  z.object({ type: z.literal('tell'), text: z.string().trim().min(1).max(MAX_TELL).optional() }),
  /** Your turn: place a technique from your hand on a crisis it fits. */
  z.object({ type: z.literal('collect'), technique: cardId, crisis: cardId }),
  /** Your turn: move against a crisis whose required techniques are in place. */
  z.object({ type: z.literal('operate'), crisis: cardId, approach: z.enum(APPROACHES) }),
  /** Your turn: discard any cards, draw back to five, and tell a rumour. */
  z.object({ type: z.literal('redraw'), cards: z.array(cardId).max(HAND_SIZE) }),
  /** Anyone, any time in play: put a helpful reality check from your hand on a crisis. */
  z.object({ type: z.literal('help'), card: cardId, crisis: cardId }),
  /** After the first Resolution card: discard a further matching technique to draw a second. */
  z.object({ type: z.literal('boost'), technique: cardId }),
  /** After the first Resolution card: keep it. */
  z.object({ type: z.literal('accept') }),
  /** With two Resolution cards drawn: keep the one you prefer. */
  z.object({ type: z.literal('pick'), card: cardId }),
]);
export type StAction = z.output<typeof actionSchema>;

/** A technique placed on a crisis by Collect Intelligence. */
export interface PlacedTechnique {
  card: string;
  by: number;
  round: number;
}

export interface TableCrisis {
  card: string;
  /** Seat that created and introduced it (and narrates its escalations). */
  by: number;
  techniques: PlacedTechnique[];
  /** Helpful reality checks resting on it (Targets, range and aspect helpers). */
  checks: { card: string; by: number }[];
  escalations: number;
  /** Technique-deck cards placed face down behind it, one per escalation. */
  marks: string[];
}

/** What a story prompt asks for. */
export const TELL_KINDS = [
  'intro',
  'learned',
  'approach',
  'outcome',
  'rumour',
  'escalation',
  'consequence',
  'epilogue',
] as const;
export type TellKind = (typeof TELL_KINDS)[number];

/** One line of the story, with who wrote it and the cards behind it. */
export interface StoryLine {
  round: number;
  /** Seat index of the author; null for the table's own record (a card drawn, a mark added). */
  by: number | null;
  kind: TellKind | 'event';
  text: string;
  /** Written by the bot from the cards (a computer seat or a prompt that ran out). */
  bot: boolean;
  crisis?: string;
}

/** The decision the table is waiting for. `id` is unique for the whole game (wait keys). */
export type Stage =
  | { kind: 'choose-crisis'; id: number; seat: number; options: string[] }
  | { kind: 'tell'; id: number; seat: number; tell: TellKind; crisis: string | null; context: TellContext }
  | { kind: 'turn'; id: number; seat: number }
  | { kind: 'boost'; id: number; seat: number; crisis: string; drawn: string }
  | { kind: 'pick'; id: number; seat: number; crisis: string; drawn: [string, string] };

/** Cards behind a prompt, for the bot's default line. */
export interface TellContext {
  technique?: string;
  approach?: Approach;
  resolution?: string;
  escalation?: number;
}

/** Steps still to run before the table waits again (see flow.ts). */
export type Task =
  | { t: 'create'; seat: number }
  | { t: 'turn'; seat: number }
  | { t: 'refill'; seat: number }
  | { t: 'draw-resolution'; seat: number; crisis: string }
  | { t: 'round-end' }
  | { t: 'round-start' }
  | { t: 'escalate'; crisis: string }
  | { t: 'epilogue'; seat: number }
  | { t: 'finish'; victory: boolean; reason: string };

export interface StSeat {
  id: string;
  name: string;
  computer?: string;
  hand: string[];
}

export interface StStats {
  collected: number;
  operations: number;
  defused: number;
  failed: number;
  escalations: number;
  resolutions: Record<string, number>;
  botLines: number;
  playerLines: number;
}

export interface StState {
  options: StOptions;
  seats: StSeat[];
  rng: RngState;
  /** Techniques and helpful reality checks, top first. */
  deck: string[];
  discard: string[];
  crisisDeck: string[];
  crisisDiscard: string[];
  /** The 12 Manager Challenge cards, read as Resolution cards. */
  resolutionDeck: string[];
  resolutionDiscard: string[];
  table: TableCrisis[];
  defused: string[];
  failed: string[];
  /** The round each crisis was defused or failed in, in order (the debrief chart); absent in older saves. */
  closings?: { round: number; defused: boolean }[];
  round: number;
  /** Crises that received a technique this round (they do not escalate). */
  touched: string[];
  stage: Stage | null;
  queue: Task[];
  /** Next Stage id. */
  nextId: number;
  story: StoryLine[];
  stats: StStats;
  result: { victory: boolean; summary: string } | null;
}
