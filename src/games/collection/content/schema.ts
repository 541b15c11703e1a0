/**
 * Card and board anatomy for COLLECTION, as zod schemas. The data modules beside this file are
 * parsed through these once at load (index.ts) and in tests; effects are data the engine runs.
 */
import { z } from 'zod';
import { COLLECTORS, COLOURS, LETTERS, ROLES } from '../types.ts';

const text = (max: number) => z.string().min(1).max(max);
const colour = z.enum(COLOURS);
const collector = z.enum(COLLECTORS);

export const roleSchema = z
  .object({
    id: z.enum(ROLES),
    name: text(40),
    short: text(12),
    mandatory: z.boolean(),
    /** The one colour a specialist places and rolls for; null = any colour (generalists). */
    colour: colour.nullable(),
    /** Generalists count half their gems (rounded up) as dice (Annex 1). */
    halfDice: z.boolean(),
    /** May use a report to lower the crisis (the Collection Analyst may not). */
    canLower: z.boolean(),
    /** What collocated players gain: a die if gems of a colour lie on the space, or +1 response. */
    bonus: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('die'), colour }),
      z.object({ kind: z.literal('response'), collectors: z.array(collector).min(1) }),
    ]),
    engagement: text(120),
    reporting: text(200),
    collaboration: text(200),
  })
  .strict();
export type Role = z.infer<typeof roleSchema>;

export const collectorSchema = z
  .object({
    id: collector,
    name: text(60),
    discipline: text(40),
    affinity: z.tuple([colour, colour]).refine(([a, b]) => a !== b, 'two different colours'),
    why: text(300),
  })
  .strict();
export type CollectorInfo = z.infer<typeof collectorSchema>;

export const scenarioCardSchema = z
  .object({
    id: z.string().regex(/^S\d{2}$/),
    title: text(60),
    brief: text(240),
    needs: z.object({
      political: z.number().int().min(0),
      military: z.number().int().min(0),
      economic: z.number().int().min(0),
    }),
  })
  .strict()
  .refine((s) => s.needs.political + s.needs.military + s.needs.economic === 10, 'a mix of 10 reports');
export type ScenarioCard = z.infer<typeof scenarioCardSchema>;

/** Which scenario an effect hits: a letter, where the player stands, the worst crisis, or all. */
export const scenarioTarget = z.union([z.enum(LETTERS), z.enum(['here', 'highest', 'all'])]);
export type ScenarioTarget = z.infer<typeof scenarioTarget>;

export const effectSchema = z.discriminatedUnion('type', [
  /** Crisis Expansion: opens the scenario at crisis 1, or raises its crisis by one when active. */
  z.object({ type: z.literal('expand'), scenario: z.enum(LETTERS) }),
  /** Raise or lower a crisis (cards are not reports: the floor of four does not apply, R9). */
  z.object({ type: z.literal('crisis'), target: scenarioTarget, delta: z.number().int().min(-2).max(2) }),
  /** Move a collector's coin on the response ladder (only where it has been placed). */
  z.object({
    type: z.literal('response'),
    target: scenarioTarget,
    collector: z.union([collector, z.enum(['here', 'all'])]),
    delta: z.number().int().min(-3).max(3),
  }),
  /** Add or remove engagement gems on a space. */
  z.object({
    type: z.literal('gems'),
    target: scenarioTarget,
    collector: z.union([collector, z.literal('here')]),
    colour: z.union([colour, z.enum(['affinity'])]),
    delta: z.number().int().min(-3).max(3),
  }),
  /** More actions this turn. */
  z.object({ type: z.literal('actions'), n: z.number().int().min(1).max(2) }),
  /** More dice on every roll for the rest of this turn. */
  z.object({ type: z.literal('dice'), n: z.number().int().min(1).max(3) }),
  /** A report arrives unasked: one gem of the colour the scenario where you stand lacks most. */
  z.object({ type: z.literal('report') }),
]);
export type Effect = z.infer<typeof effectSchema>;

export const collectionCardSchema = z
  .object({
    id: z.string().regex(/^K\d{2}$/),
    name: text(60),
    /** red: played at once; blue: may be held and played on your own turn. */
    label: z.enum(['red', 'blue']),
    text: text(200),
    effects: z.array(effectSchema).min(1).max(3),
    copies: z.number().int().min(1).max(8),
  })
  .strict();
export type CollectionCard = z.infer<typeof collectionCardSchema>;
