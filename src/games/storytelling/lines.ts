/**
 * Story lines the bot writes from the cards: for computer seats, and for any prompt whose
 * deadline passes (S12). Built only from what the table can see (card faces, the techniques
 * and helpers on a crisis, the Resolution card), never from a hand. The phrasing is chosen by a
 * hash of that public content and the prompt's place in the story, so a replay writes the same
 * story and two prompts rarely read alike (S19).
 */
import { crisis, technique } from '../collection-deck/cardset.ts';
import type { Aspect, Crisis } from '../collection-deck/cards/schema.ts';
import type { StoryCards } from './cards.ts';
import { nameOf, required, resolutionOf } from './cards.ts';
import {
  APPROACH_LINES,
  COST,
  DESK,
  EPILOGUES,
  HEARD,
  LEARNED_OPENINGS,
  OUTCOME_OPENINGS,
  type Phrases,
  RUMOUR,
  WORSE,
} from './phrases.ts';
import type { Stage, StState, TableCrisis } from './types.ts';
import { ESCALATIONS_TO_FAIL } from './types.ts';
import { plural } from '../text.ts';

/** Marks a line the bot wrote, wherever the story is shown. */
export const BOT_MARK = '(written by the bot)';

type TellStage = Extract<Stage, { kind: 'tell' }>;

/** FNV-1a over the parts: the same public content always picks the same phrasing. */
function hash(...parts: (string | number)[]): number {
  let h = 2166136261;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const choose = <T>(options: readonly T[], key: number): T => options[key % options.length] as T;
const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
const list = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1) ?? ''}`;

const ASPECT_WORDS: Record<Aspect, string> = {
  P: 'who decides',
  M: 'who carries the guns',
  E: 'where the money goes',
  W: 'what the weapons can do',
};

/**
 * The key of this prompt: a hash of its public content and of the game's first crisis (so
 * games differ), plus how often this kind of line was told about this crisis already, so a
 * line told again (a second operation, another rumour) turns to the next phrasing.
 */
function keyOf(s: StState, stage: TellStage): number {
  const first = s.story.find((l) => l.kind === 'intro')?.crisis ?? '';
  const told = s.story.filter((l) => l.kind === stage.tell && (l.crisis ?? null) === stage.crisis).length;
  const ctx = stage.context;
  return hash(stage.tell, stage.crisis ?? '', ctx.technique ?? '', ctx.resolution ?? '', first) + told;
}

function intro(cards: StoryCards, card: Crisis, key: number): string {
  const heard = choose(HEARD[card.crisisKind], key);
  const cost = choose(COST[card.crisisKind], key >>> 3);
  const need = `It will take ${plural(card.techniquesRequired, 'kind')} of collection at difficulty ${card.difficulty}.`;
  return choose(
    [
      `${card.description} We first heard of it when ${heard}. If we fail, ${cost}.`,
      `${card.name}. ${card.description} It reached us because ${heard}. ${need}`,
      `It started small: ${heard}. Now ${card.name} is on the table. ${card.description} Fail, and ${cost}.`,
    ],
    key >>> 6,
  );
}

function learned(cards: StoryCards, s: StState, stage: TellStage, key: number): string {
  const t = technique(cards.index, stage.context.technique ?? '');
  const tc = s.table.find((x) => x.card === stage.crisis);
  const c = crisis(cards.index, stage.crisis ?? '');
  const opening = fill(choose(LEARNED_OPENINGS, key), { t: t.name, c: c.name });
  const shared = t.aspects.filter((a) => c.aspects.includes(a));
  const about = shared.length > 0 ? ` It speaks to ${list(shared.map((a) => ASPECT_WORDS[a]))}.` : '';
  const desk = choose(DESK[t.discipline], key >>> 4);
  const Desk = `${desk.charAt(0).toUpperCase()}${desk.slice(1)}`;
  const have = tc?.techniques.length ?? 0;
  const need = c.techniquesRequired;
  const progress =
    have >= need
      ? ` ${Desk} call it enough: the file is ready for an operation.`
      : ` ${Desk} want more: ${have} of ${need} in place.`;
  return `${opening} ${t.description}${about}${progress}`;
}

/** What the team knows about a crisis: the techniques on it, by name. */
const collectedOn = (cards: StoryCards, tc: TableCrisis | undefined): string =>
  tc && tc.techniques.length > 0
    ? `what ${list(tc.techniques.map((p) => nameOf(cards, p.card)))} found`
    : 'what little the collectors found';

function outcome(cards: StoryCards, stage: TellStage, key: number): string {
  const r = resolutionOf(cards, stage.context.resolution ?? '');
  const c = nameOf(cards, stage.crisis ?? '');
  return `${fill(choose(OUTCOME_OPENINGS[r.outcome], key), { c })} ${r.text}`;
}

function escalation(cards: StoryCards, s: StState, stage: TellStage, key: number): string {
  const c = crisis(cards.index, stage.crisis ?? '');
  const tc = s.table.find((x) => x.card === c.id);
  const n = stage.context.escalation ?? tc?.escalations ?? 1;
  const short = tc ? required(cards, tc) - tc.techniques.length : c.techniquesRequired;
  const state =
    short > 0
      ? `We are still ${plural(short, 'technique')} short.`
      : 'The file was ready, and nobody moved: the pressure is on us now.';
  return `${c.name} gets worse (${n} of ${ESCALATIONS_TO_FAIL}): ${choose(WORSE[c.crisisKind], key)}. ${state}`;
}

function phraseAbout(cards: StoryCards, table: Phrases, id: string, key: number): string {
  return choose(table[crisis(cards.index, id).crisisKind], key);
}

/** The line a prompt gets when nobody writes one. */
export function botLine(cards: StoryCards, s: StState, stage: TellStage): string {
  const c = stage.crisis;
  const cName = c === null ? 'the crisis' : nameOf(cards, c);
  const key = keyOf(s, stage);
  switch (stage.tell) {
    case 'intro':
      return intro(cards, crisis(cards.index, c ?? ''), key);
    case 'learned':
      return learned(cards, s, stage, key);
    case 'approach': {
      const tc = s.table.find((x) => x.card === c);
      const template = choose(APPROACH_LINES[stage.context.approach ?? 'own'], key);
      const tries = s.story.filter((l) => l.kind === 'approach' && l.crisis === c).length;
      const again = tries > 0 ? `Attempt ${tries + 1}. ` : '';
      return `${again}${fill(template, { c: cName, on: collectedOn(cards, tc) })}`;
    }
    case 'outcome':
      return outcome(cards, stage, key);
    case 'rumour':
      return c
        ? `About ${cName}: ${phraseAbout(cards, RUMOUR, c, key)}. Nobody can confirm it.`
        : 'A rumour goes round the office, but nobody can pin it down.';
    case 'escalation':
      return c ? escalation(cards, s, stage, key) : 'The pressure mounts.';
    case 'consequence':
      return c
        ? `${cName} ran its course: ${phraseAbout(cards, COST, c, key)}. ${choose(['The file is closed as a failure.', 'Someone will have to explain this upstairs.', 'The team takes it hard.'], key >>> 5)}`
        : 'The crisis ran its course.';
    case 'epilogue': {
      const names = s.defused.map((id) => nameOf(cards, id));
      return fill(choose(EPILOGUES, key), {
        list: list(names) || 'every crisis',
        rounds: plural(s.round, 'round'),
      });
    }
  }
}

/** Which crisis a rumour is about: the one closest to failing (the bot's choice). */
export function rumourTarget(s: StState): string | null {
  const sorted = [...s.table].sort((a, b) => b.escalations - a.escalations);
  return sorted[0]?.card ?? null;
}
