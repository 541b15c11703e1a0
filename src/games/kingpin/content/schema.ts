/**
 * Kingpin's content as zod schemas: the map of western Mexico, Needs and Defense cards, and
 * the Nexus and Support topography cards. Every effect is data the engine executes; card text
 * is flavour only and is never parsed.
 */
import { z } from 'zod';

export const TERRAINS = ['mountain', 'rural', 'city', 'coast'] as const;
export type Terrain = (typeof TERRAINS)[number];

export const DEFENSE_TYPES = ['exposure', 'detection', 'mobility'] as const;
export type DefenseType = (typeof DEFENSE_TYPES)[number];

export const NEXUS_SUBTYPES = ['family', 'partner'] as const;
export const SUPPORT_SUBTYPES = [
  'protection',
  'logistics',
  'communications',
  'transport',
  'finance',
] as const;
export type NexusSubtype = (typeof NEXUS_SUBTYPES)[number];
export type SupportSubtype = (typeof SUPPORT_SUBTYPES)[number];

/** The box that travels with Chapo; a Location for Defenses only. */
export const WITH_CHAPO = 'with-chapo';

const slug = z.string().regex(/^[a-z][a-z0-9-]{1,30}$/);
const text = (max: number) => z.string().min(1).max(max);

export const locationSchema = z
  .object({
    id: slug,
    name: text(30),
    terrain: z.enum(TERRAINS),
    /** The Defense boxes printed at this Location: at most one Defense of each type per board. */
    boxes: z.array(z.enum(DEFENSE_TYPES)).min(1),
    /** Where a Mobility "getaway" takes Chapo from here: his known escape route. */
    escape: slug,
    /** Schematic position on the picture's map, in map pixels. */
    x: z.number().int().min(0).max(760),
    y: z.number().int().min(0).max(640),
    fact: text(160),
  })
  .strict();
export type Location = z.infer<typeof locationSchema>;

export const needSchema = z
  .object({
    kind: z.literal('need'),
    id: z.string().regex(/^need-[a-z0-9-]+$/),
    name: text(40),
    needType: z.enum(['personal', 'operational']),
    circles: z.number().int().min(1).max(3),
    terrain: z.array(z.enum(TERRAINS)).min(1),
    text: text(160),
  })
  .strict();
export type Need = z.infer<typeof needSchema>;

/** What a Defense does, as data. Scope: its Location, or Chapo's wherever he is when With Chapo. */
export const effectSchema = z.discriminatedUnion('kind', [
  /** The first `count` pawns of this kind resolved in scope each Hunter turn do nothing. */
  z
    .object({
      kind: z.literal('block'),
      pawn: z.enum(['intel', 'police', 'marina']),
      count: z.number().int().min(1).max(2),
    })
    .strict(),
  /** Rolls of this pawn kind in scope succeed only on `minRoll` or more. */
  z
    .object({
      kind: z.literal('weaken'),
      pawn: z.enum(['intel', 'police']),
      minRoll: z.number().int().min(5).max(6),
    })
    .strict(),
  /** A Marina capture in scope needs this many Police pawns planned at the same Location. */
  z.object({ kind: z.literal('capture-needs'), police: z.number().int().min(1).max(3) }).strict(),
  /** While in play, the Hunters have this many fewer pawns of the kind each turn. */
  z
    .object({
      kind: z.literal('fewer-pawns'),
      pawn: z.enum(['intel', 'police']),
      count: z.number().int().min(1).max(2),
    })
    .strict(),
  /** The first Fix (of a card or Chapo) or Finish (of a card or Chapo) in scope each Hunter turn fails. */
  z.object({ kind: z.literal('nullify'), what: z.enum(['fix', 'finish']) }).strict(),
  /** One free Chapo move each Cartel turn while Chapo is in scope. */
  z.object({ kind: z.literal('extra-move') }).strict(),
  /** When Chapo is Fixed in scope, he slips at once along the Location's escape route (still Fixed). */
  z.object({ kind: z.literal('getaway') }).strict(),
]);
export type Effect = z.infer<typeof effectSchema>;

export const defenseSchema = z
  .object({
    kind: z.literal('defense'),
    id: z.string().regex(/^def-[a-z0-9-]+$/),
    name: text(40),
    defenseType: z.enum(DEFENSE_TYPES),
    /** Actions to place it: 2 when marked $$. */
    cost: z.union([z.literal(1), z.literal(2)]),
    /** Actions to move it between legal Locations of the same board. */
    moveCost: z.union([z.literal(1), z.literal(2)]),
    /** Where it may go: terrains, and/or the With-Chapo box. */
    places: z.array(z.union([z.enum(TERRAINS), z.literal(WITH_CHAPO)])).min(1),
    effect: effectSchema,
    text: text(200),
  })
  .strict();
export type Defense = z.infer<typeof defenseSchema>;

export const topographySchema = z
  .object({
    kind: z.enum(['nexus', 'support']),
    id: z.string().regex(/^topo-[a-z0-9-]+$/),
    name: text(50),
    role: text(60),
    subtype: z.enum([...NEXUS_SUBTYPES, ...SUPPORT_SUBTYPES]),
    terrain: z.array(z.enum(TERRAINS)).min(1),
    /** Nexus: the Support subtypes a found Nexus leads to. Support: the Nexus subtypes it serves. */
    linkedSubtypes: z.array(z.enum([...NEXUS_SUBTYPES, ...SUPPORT_SUBTYPES])).min(1),
    /** Needs and Defenses this person is tied to: Leads appear for them when they are in play. */
    links: z.array(z.string().regex(/^(need|def)-[a-z0-9-]+$/)).min(1),
    fact: text(200),
  })
  .strict();
export type Topography = z.infer<typeof topographySchema>;

export type Card = Need | Defense | Topography;
