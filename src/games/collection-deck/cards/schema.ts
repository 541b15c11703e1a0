/**
 * Card anatomy for Collection Deck (CIA v4.3) and CIA: Collect It All, as zod schemas.
 * The data modules beside this file are validated against these at load and in tests.
 */
import { z } from 'zod';

export const DISCIPLINES = ['GEOINT', 'HUMINT', 'MASINT', 'OSINT', 'SIGINT'] as const;
export type Discipline = (typeof DISCIPLINES)[number];

/** (P)olitical, (M)ilitary, (E)conomic, (W)eapons. */
export const ASPECTS = ['P', 'M', 'E', 'W'] as const;
export type Aspect = (typeof ASPECTS)[number];

/** Kinds of crisis, for "Can only target <kind>" lines. */
export const CRISIS_KINDS = [
  'terrorism',
  'proliferation',
  'military',
  'cyber',
  'political',
  'economic',
  'crime',
] as const;
export type CrisisKind = (typeof CRISIS_KINDS)[number];

/** Traits of a technique that some reality checks hit (the remake's satellite icon is `satellite`). */
export const TECHNIQUE_TAGS = [
  'satellite',
  'language',
  'diplomatic-cover',
  'cyber',
  'airborne',
  'liaison',
] as const;
export type TechniqueTag = (typeof TECHNIQUE_TAGS)[number];

const difficulty = z.number().int().min(1).max(9);
const id = z.string().regex(/^[TCR]\d{2,3}$/);
const text = (max: number) => z.string().min(1).max(max);

export const techniqueSchema = z
  .object({
    kind: z.literal('technique'),
    id,
    name: text(60),
    discipline: z.enum(DISCIPLINES),
    description: text(200),
    aspects: z.array(z.enum(ASPECTS)).min(1).max(4),
    range: z
      .object({ min: difficulty, max: difficulty })
      .refine((r) => r.min <= r.max, 'range min above max'),
    tags: z.array(z.enum(TECHNIQUE_TAGS)),
    /** Names of reality checks that cannot affect this technique. */
    notAffectedBy: z.array(text(60)),
    /** When set, the technique may only be used against crises of these kinds. */
    onlyTargets: z.array(z.enum(CRISIS_KINDS)).min(1).optional(),
  })
  .strict();
export type Technique = z.infer<typeof techniqueSchema>;

export const crisisSchema = z
  .object({
    kind: z.literal('crisis'),
    id,
    name: text(60),
    description: text(200),
    crisisKind: z.enum(CRISIS_KINDS),
    /** Also the points the crisis is worth. */
    techniquesRequired: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    aspects: z.array(z.enum(ASPECTS)).min(1).max(4),
    difficulty,
  })
  .strict();
export type Crisis = z.infer<typeof crisisSchema>;

export const realityEffectSchema = z.discriminatedUnion('type', [
  /** Played on a crisis: Very Soft (-2), Soft (-1), Hard (+1), Very Hard (+2) Target. */
  z.object({
    type: z.literal('difficulty'),
    delta: z.union([z.literal(-2), z.literal(-1), z.literal(1), z.literal(2)]),
  }),
  /** Played on a technique: counters it when it matches the discipline and/or tag (neither = any technique). */
  z.object({
    type: z.literal('counter'),
    discipline: z.enum(DISCIPLINES).optional(),
    tag: z.enum(TECHNIQUE_TAGS).optional(),
  }),
  /** Played on a technique: widens its range by `by` at both ends (stacks). */
  z.object({ type: z.literal('extend-range'), by: z.union([z.literal(1), z.literal(2)]) }),
  /** Played on a technique: it also counts as covering this aspect. */
  z.object({ type: z.literal('add-aspect'), aspect: z.enum(ASPECTS) }),
  /** Played on a reality check aimed at your technique: defeats it (never a Manager Challenge). */
  z.object({ type: z.literal('think-outside-the-box') }),
  /** Played on a technique: its owner must justify it or lose it, answering the card's question. */
  z.object({ type: z.literal('manager-challenge'), question: text(120).optional() }),
]);
export type RealityEffect = z.infer<typeof realityEffectSchema>;

export const realityCheckSchema = z
  .object({
    kind: z.literal('reality'),
    id,
    name: text(60),
    description: text(200),
    effect: realityEffectSchema,
  })
  .strict();
export type RealityCheck = z.infer<typeof realityCheckSchema>;

/**
 * Collect It All's three blank "redacted" cards (one of each kind): kept in the box, removed at
 * setup, for replacing a lost card or writing one's own. They have no values, so no effect.
 */
export const redactedSchema = z
  .object({
    kind: z.literal('redacted'),
    id: z.string().regex(/^X\d{2}$/),
    /** The kind of card it stands in for. */
    blankFor: z.enum(['technique', 'crisis', 'reality']),
    name: text(60),
    description: text(200),
  })
  .strict();
export type RedactedCard = z.infer<typeof redactedSchema>;

export const cardSchema = z.discriminatedUnion('kind', [techniqueSchema, crisisSchema, realityCheckSchema]);
export type Card = z.infer<typeof cardSchema>;
