/**
 * Tutorial tables (issue #18): a prepared game (fixed options, seed and arrangement) in which
 * computer players and the bot walk one newcomer through a short game, one concept at a time.
 * A tutorial is typed data validated by zod; its steps say when they are done with a pure
 * predicate on the newcomer's view and the state. Everything here is pure.
 */
import { z } from 'zod';
import type { AnyAction, AnyEngine, PlayerId, Seat } from '../contract.ts';
import { describeAction } from '../describe.ts';
import { glossaryEntry } from '../glossary/index.ts';
import type { Panel, PanelSelect } from '../panel.ts';

/** What a step's predicate reads: the whole state (pure engines), the newcomer's view and seat. */
export interface StepContext<S = unknown, V = unknown> {
  state: S;
  view: V;
  seat: PlayerId;
  /** The game has an outcome. */
  over: boolean;
}

const id = z.string().regex(/^[a-z0-9-]{2,40}$/);

export const stepSchema = z.object({
  id,
  title: z.string().min(3).max(60),
  /** One to three sentences that teach the concept (public: no secrets). */
  teach: z
    .string()
    .min(20)
    .max(420)
    .refine((t) => (t.match(/[.!?](\s|$)/g) ?? []).length <= 3, 'one to three sentences'),
  /** "Next: …" on the board: what to do now, in words that reveal no hidden card. */
  next: z.string().min(5).max(200),
  /** Glossary terms the step uses (each must be in the glossary). */
  glossary: z
    .array(z.string().refine((t) => glossaryEntry(t) !== undefined, 'not a glossary term'))
    .max(4)
    .default([]),
  /** True once the newcomer has got past this concept. */
  done: z.custom<(ctx: StepContext) => boolean>((f) => typeof f === 'function', 'a predicate'),
});

/**
 * A tutorial's own advice for the Hint, where the computer strategy's move would teach the
 * wrong thing (COLLECTION's first turn): a legal action and why, or null to leave it to the
 * strategy. Pure, like the engines.
 */
export type Advise<S = unknown> = (state: S, seat: PlayerId) => { action: AnyAction; why: string } | null;

export const tutorialSchema = z.object({
  /** The engine id (`/game tutorial game:<id>`). */
  game: id,
  /**
   * The side the newcomer plays, for a game with a tutorial per side (Kingpin's Cartel and
   * Hunters: `/game tutorial game:kingpin side:hunters`); its id is part of the tutorial's.
   */
  side: z.object({ id, name: z.string().min(3).max(40) }).optional(),
  /** Minutes a newcomer needs, read at their pace; every tutorial is under ten. */
  minutes: z.number().int().min(1).max(9),
  seed: z.string().regex(/^[\w-]{1,64}$/),
  /** Engine options (before parsing), chosen for a short game. */
  options: z.record(z.string(), z.unknown()),
  /** A fixed deal (see each engine's setup; the engine validates it); without one the seed fixes it. */
  arrangement: z.unknown().optional(),
  /** Seat index (0-based) the newcomer takes; computers take the others, in order. */
  newcomerSeat: z.number().int().min(0).max(7),
  computers: z
    .array(z.object({ strategy: z.string(), name: z.string().min(1).max(40) }))
    .min(1)
    .max(7),
  steps: z.array(stepSchema).min(3).max(12),
  /** Why a move of this type is a good one, for the Hint (by action type). */
  reasons: z.record(z.string(), z.string().min(10).max(300)).default({}),
  /** Advice that comes before the computer strategy's move (see Advise). */
  advise: z.custom<Advise>((f) => typeof f === 'function', 'a function').optional(),
});

export type TutorialStep = z.infer<typeof stepSchema>;
export type Tutorial = z.infer<typeof tutorialSchema>;

/**
 * The tutorial's id, kept in the session: the game's id, with the side's for a tutorial per side
 * (`kingpin:hunters`).
 */
export const tutorialId = (t: Pick<Tutorial, 'game' | 'side'>): string =>
  t.side ? `${t.game}:${t.side.id}` : t.game;

/**
 * The tutorial of a session or command: by its id, or (a bare game id, as sessions stored before
 * sides) the game's first tutorial.
 */
export function findTutorialIn(tutorials: readonly Tutorial[], id: string): Tutorial | undefined {
  return tutorials.find((t) => tutorialId(t) === id) ?? tutorials.find((t) => t.game === id);
}

/** Typed authoring: predicates see the game's own state and view types. */
export interface TutorialInput<S, V> extends Omit<z.input<typeof tutorialSchema>, 'steps' | 'advise'> {
  steps: (Omit<z.input<typeof stepSchema>, 'done'> & { done: (ctx: StepContext<S, V>) => boolean })[];
  advise?: Advise<S>;
}

/** Validates a tutorial's data; throws at load time when it is malformed. */
export function defineTutorial<S, V>(input: TutorialInput<S, V>): Tutorial {
  const parsed = tutorialSchema.safeParse(input);
  if (!parsed.success)
    throw new Error(
      `Tutorial ${input.game}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const ids = parsed.data.steps.map((s) => s.id);
  if (new Set(ids).size !== ids.length) throw new Error(`Tutorial ${input.game}: step ids repeat.`);
  return parsed.data;
}

/** The table's seats: the newcomer at their seat, computers (`cpu:1`, …) in the others. */
export function tutorialSeats(tutorial: Tutorial, newcomer: Seat): Seat[] {
  const seats: Seat[] = tutorial.computers.map((c, i) => ({
    id: `cpu:${i + 1}`,
    name: c.name,
    computer: c.strategy,
  }));
  seats.splice(Math.min(tutorial.newcomerSeat, seats.length), 0, newcomer);
  return seats;
}

export interface CurrentStep {
  /** 0-based. */
  index: number;
  total: number;
  step: TutorialStep;
  /** Every step is done (the game is over). */
  complete: boolean;
}

/** The step the newcomer is on: the first one not done yet (the last one once all are). */
export function tutorialStep(tutorial: Tutorial, ctx: StepContext): CurrentStep {
  const total = tutorial.steps.length;
  const index = tutorial.steps.findIndex((s) => !s.done(ctx));
  const at = index === -1 ? total - 1 : index;
  const step = tutorial.steps[at] as TutorialStep;
  return { index: at, total, step, complete: index === -1 };
}

/** The step context of `seat` in `state`. */
export function stepContext(engine: AnyEngine, state: unknown, seat: PlayerId): StepContext {
  return { state, view: engine.view(state, seat), seat, over: engine.outcome(state) !== null };
}

export interface Hint {
  /** The suggested move (always legal in the state it was asked in). */
  action: AnyAction;
  /** The move in words. */
  move: string;
  /** Where to make it: "press **Keep my card** in My view". */
  where: string;
  /** Why it is a good move. */
  why: string;
}

/** Key-order-independent JSON, to recognise an action among the panel's controls. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** Where the panel offers `action`: a button, a menu option, or a form of that type. */
function controlFor(panel: Panel, action: { type: string }, place: string): string | null {
  const wanted = stable(action);
  for (const b of panel.buttons ?? [])
    if (b.action && stable(b.action) === wanted) return `press **${b.label}** ${place}`;
  for (const s of panel.selects ?? [])
    for (const o of s.options)
      if (o.action && stable(o.action) === wanted)
        return `choose **${o.label}** from the menu “${s.placeholder}” ${place}`;
  for (const s of panel.selects ?? []) {
    const chosen = s.multi && s.multi.template.type === action.type ? multiChoice(s, action) : null;
    if (chosen) return `choose ${chosen} from the menu “${s.placeholder}” ${place}`;
  }
  for (const b of panel.buttons ?? [])
    if (b.modal && (b.modal.template as { type?: unknown } | undefined)?.type === action.type)
      return `press **${b.label}** ${place} and fill in the form`;
  return null;
}

/**
 * A move made in two steps (Kingpin: pick a Defense, then its Location): the private panel's
 * control whose action carries the move's leading fields (in the move's order) with the same values.
 */
function firstStepFor(
  panel: Panel,
  action: { type: string },
): { where: string; action: { type: string } } | null {
  const { type: _type, ...fields } = action as Record<string, unknown>;
  const order = Object.keys(fields);
  // The first step chooses the move's leading fields (its card), not just any one of them.
  const shares = (candidate: { type: string } | undefined): boolean => {
    if (!candidate || candidate.type === action.type) return false;
    const { type: _t, ...own } = candidate as Record<string, unknown>;
    const keys = Object.keys(own);
    return (
      keys.length > 0 &&
      keys.length < order.length &&
      keys.every((k) => order.indexOf(k) < keys.length && stable(own[k]) === stable(fields[k]))
    );
  };
  for (const b of panel.buttons ?? [])
    if (b.action && shares(b.action))
      return { where: `press **${b.label}** in **My view**`, action: b.action };
  for (const s of panel.selects ?? [])
    for (const o of s.options)
      if (o.action && shares(o.action))
        return {
          where: `choose **${o.label}** from the menu “${s.placeholder}” in **My view**`,
          action: o.action,
        };
  return null;
}

/** Both steps of a two-step move: the first control, then the one it opens for the whole move. */
function twoSteps(
  engine: AnyEngine,
  state: unknown,
  seat: PlayerId,
  mine: Panel,
  action: { type: string },
): string | null {
  const first = firstStepFor(mine, action);
  if (!first) return null;
  const after = engine.apply(state, seat, first.action) as { ok: boolean; value?: { state: unknown } };
  const next =
    after.ok && after.value
      ? controlFor(engine.present(engine.view(after.value.state, seat), { viewer: seat }), action, '')
      : null;
  return `${first.where}, then ${next ? next.trim() : 'finish the move in the choice that follows'}`;
}

/** The options of a multi-choice menu that make up `action` ("**A** and **B**"), if they all are there. */
function multiChoice(select: PanelSelect, action: { type: string }): string | null {
  const multi = select.multi;
  if (!multi) return null;
  const { [multi.field]: values, ...rest } = action as Record<string, unknown>;
  const { [multi.field]: _template, ...templateRest } = multi.template as Record<string, unknown>;
  if (!Array.isArray(values) || stable(rest) !== stable(templateRest)) return null;
  const labels = values.map((v) => select.options.find((o) => o.value === v)?.label);
  if (labels.length === 0 || labels.some((l) => l === undefined)) return null;
  const bold = labels.map((l) => `**${String(l)}**`);
  return bold.length === 1 ? (bold[0] ?? '') : `${bold.slice(0, -1).join(', ')} and ${bold.at(-1) ?? ''}`;
}

/**
 * The move the tutorial advises (its `advise`), else the one the game's computer strategy would
 * make for `seat` now, where to make it and why; null when the seat has nothing to do. The
 * tutorial's `reasons` (by action type) explain the strategy's move.
 */
export function hint(
  engine: AnyEngine,
  state: unknown,
  seat: PlayerId,
  tutorial: Partial<Pick<Tutorial, 'reasons' | 'advise'>> = {},
): Hint | null {
  if (engine.outcome(state)) return null;
  const advised = tutorial.advise?.(state, seat) ?? null;
  const action = advised?.action ?? engine.computerAction(state, seat);
  if (!action) return null;
  const mine = engine.present(engine.view(state, seat), { viewer: seat });
  const board = engine.present(engine.view(state, null), { viewer: null });
  const where =
    controlFor(mine, action, 'in **My view**') ??
    controlFor(board, action, 'on the board') ??
    twoSteps(engine, state, seat, mine, action) ??
    `type \`/${engine.id} ${action.type}\``;
  const why =
    advised?.why ??
    tutorial.reasons?.[action.type] ??
    'It is what the computer strategy would play here, given your cards and the table.';
  return { action, move: describeAction(engine, action), where, why };
}
