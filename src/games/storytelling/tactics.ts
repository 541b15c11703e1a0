/**
 * A computer storyteller's turn (ruling S17): which crisis to operate on, to collect on or to
 * help, or what to throw back, with the reason in the game's terms. Only the seat's own hand
 * and the public table are read.
 */
import { crisis } from '../collection-deck/cardset.ts';
import type { CrisisKind } from '../collection-deck/cards/schema.ts';
import type { StoryCards } from './cards.ts';
import { canCollect, canOperate, fitsCrisis, isCheckCard, isTarget, nameOf, required } from './cards.ts';
import type { Approach, Level, StAction, StState, TableCrisis } from './types.ts';
import { APPROACH_NAMES, ESCALATIONS_TO_FAIL } from './types.ts';
import { plural } from '../text.ts';

export interface Decision {
  action: StAction;
  /** Why, in the game's terms (the post-game review quotes it). */
  why: string;
}

/** The approach a computer reaches for, by kind of crisis. */
const APPROACH_BY_KIND: Record<CrisisKind, Approach> = {
  terrorism: 'special-forces',
  proliferation: 'sanctions',
  military: 'ally',
  cyber: 'backchannels',
  political: 'backchannels',
  economic: 'sanctions',
  crime: 'ally',
};

const missing = (cards: StoryCards, tc: TableCrisis): number =>
  Math.max(0, required(cards, tc) - tc.techniques.length);
const untouched = (s: StState, tc: TableCrisis): boolean => !s.touched.includes(tc.card);
/** Left alone this round, it fails at the round end. */
export const lastChance = (s: StState, tc: TableCrisis): boolean =>
  untouched(s, tc) && tc.escalations >= ESCALATIONS_TO_FAIL - 1;
const techniquesIn = (cards: StoryCards, hand: readonly string[]): string[] =>
  [...new Set(hand)].filter((c) => cards.index.byId.get(c)?.kind === 'technique');

function operation(
  cards: StoryCards,
  s: StState,
  hand: readonly string[],
  tc: TableCrisis,
  because: string,
): Decision {
  const approach = APPROACH_BY_KIND[crisis(cards.index, tc.card).crisisKind];
  const spare = techniquesIn(cards, hand).some((t) => fitsCrisis(cards, t, tc));
  const odds = spare
    ? 'a Resolution card succeeds half the time, and the matching technique in hand pays for a second draw'
    : 'a Resolution card succeeds half the time';
  return {
    action: { type: 'operate', crisis: tc.card, approach },
    why: `${nameOf(cards, tc.card)} holds the ${plural(required(cards, tc), 'technique')} it requires; ${because}. ${APPROACH_NAMES[approach]}: ${odds}`,
  };
}

/** Ready crises, the most pressing first: about to fail, then not yet tried this round, then most escalated, then one a second draw can back. */
function readyCrises(cards: StoryCards, s: StState, hand: readonly string[]): TableCrisis[] {
  const spare = (tc: TableCrisis) =>
    techniquesIn(cards, hand).some((t) => fitsCrisis(cards, t, tc)) ? 1 : 0;
  // One already tried this round (a failed operation keeps its techniques) waits for the others.
  const tried = (tc: TableCrisis) =>
    s.story.some((l) => l.kind === 'approach' && l.round === s.round && l.crisis === tc.card) ? 1 : 0;
  return s.table
    .filter((tc) => canOperate(cards, tc))
    .sort(
      (a, b) =>
        Number(lastChance(s, b)) - Number(lastChance(s, a)) ||
        tried(a) - tried(b) ||
        b.escalations - a.escalations ||
        spare(b) - spare(a),
    );
}

interface Collect {
  technique: string;
  tc: TableCrisis;
  /** A helpful reality check to play first, so the technique fits. */
  help?: string;
  score: number;
}

/** How much a collect is worth: keeping a crisis from escalating, and bringing it closer to an operation. */
function collectScore(s: StState, cards: StoryCards, tc: TableCrisis): number {
  const short = missing(cards, tc);
  const hold = untouched(s, tc) ? (lastChance(s, tc) ? 1000 : 100 + 40 * tc.escalations) : 0;
  const progress = short === 0 ? 0 : short === 1 ? 60 : 25;
  return hold + progress;
}

/** Every collect the hand can make now, and (Station chief) after one helpful reality check. */
function collects(cards: StoryCards, s: StState, hand: readonly string[], withHelp: boolean): Collect[] {
  const out: Collect[] = [];
  const techniques = techniquesIn(cards, hand);
  const checks = [...new Set(hand.filter((c) => isCheckCard(cards, c)))];
  // A technique that fits fewer crises is spent first, keeping the versatile ones.
  const reach = (t: string) => s.table.filter((tc) => canCollect(cards, t, tc)).length;
  for (const tc of s.table) {
    const score = collectScore(s, cards, tc);
    for (const t of techniques) {
      if (canCollect(cards, t, tc)) {
        out.push({ technique: t, tc, score: score - reach(t) });
        continue;
      }
      if (!withHelp) continue;
      for (const check of checks) {
        if (isTarget(cards, check) && tc.checks.some((c) => isTarget(cards, c.card))) continue;
        const helped = { ...tc, checks: [...tc.checks, { card: check, by: -1 }] };
        if (canCollect(cards, t, helped)) {
          out.push({ technique: t, tc, help: check, score: score - reach(t) - 1 });
          break;
        }
      }
    }
  }
  return out.sort((a, b) => b.score - a.score);
}

function collectDecision(cards: StoryCards, s: StState, c: Collect): Decision {
  const name = nameOf(cards, c.tc.card);
  const t = nameOf(cards, c.technique);
  if (c.help)
    return {
      action: { type: 'help', card: c.help, crisis: c.tc.card },
      why: `${nameOf(cards, c.help)} on ${name} lets ${t} fit it, without using the turn`,
    };
  const short = missing(cards, c.tc);
  const hold = !untouched(s, c.tc)
    ? 'it already had intelligence this round'
    : lastChance(s, c.tc)
      ? `it has escalated ${c.tc.escalations} times and would fail at the round end`
      : `it had no intelligence yet this round and would escalate (${c.tc.escalations} so far)`;
  const progress =
    short === 0
      ? 'it is already ready for an operation'
      : short === 1
        ? 'this makes it ready for an operation'
        : `it still needs ${plural(short, 'technique')}`;
  return {
    action: { type: 'collect', technique: c.technique, crisis: c.tc.card },
    why: `${t} fits ${name}: ${hold}, and ${progress}`,
  };
}

/** Nothing to do: throw back the techniques that fit no crisis on the table. */
function redrawDecision(cards: StoryCards, s: StState, hand: readonly string[]): Decision {
  const useless = hand.filter(
    (c) => !isCheckCard(cards, c) && !s.table.some((tc) => fitsCrisis(cards, c, tc)),
  );
  return {
    action: { type: 'redraw', cards: useless },
    why:
      useless.length > 0
        ? `no technique in hand can be collected on a crisis; ${useless.length} fit none of them and go back for new cards`
        : 'no technique in hand can be collected on a crisis now; the hand is kept for later',
  };
}

/** An operation on a ready crisis that fails at this round's end unless it is defused now. */
const lastChanceOperation = (cards: StoryCards, s: StState, hand: readonly string[], tc: TableCrisis) =>
  operation(cards, s, hand, tc, `it has escalated ${tc.escalations} times and would fail at the round end`);

/** Rookie: the first crisis still short (table order) that a technique fits, in hand order; an operation only when stuck or to save a ready crisis from failing. */
function rookieTurn(cards: StoryCards, s: StState, hand: readonly string[]): Decision {
  const burning = s.table.find((tc) => canOperate(cards, tc) && lastChance(s, tc));
  if (burning) return lastChanceOperation(cards, s, hand, burning);
  for (const tc of s.table)
    for (const t of hand)
      if (canCollect(cards, t, tc) && !canOperate(cards, tc))
        return {
          action: { type: 'collect', technique: t, crisis: tc.card },
          why: `${nameOf(cards, t)} fits ${nameOf(cards, tc.card)}, the first crisis on the table it fits`,
        };
  const ready = s.table.find((tc) => canOperate(cards, tc));
  if (ready) return operation(cards, s, hand, ready, 'no technique in hand fits any crisis');
  return redrawDecision(cards, s, hand);
}

/**
 * How many crises would open next round about to fail. The Station chief lets the turns left
 * this round (this one included) first save the crises about to fail now, then feed the
 * escalated ones; the Case officer simply counts every crisis at its last escalation and every
 * escalated one without intelligence yet this round.
 */
function dueNextRound(s: StState, careful: boolean): number {
  const last = ESCALATIONS_TO_FAIL - 1;
  const next = s.table.filter((tc) => untouched(s, tc) && tc.escalations === last - 1).length;
  if (!careful) return s.table.filter((tc) => tc.escalations >= last).length + next;
  const turns = 1 + s.queue.filter((t) => t.t === 'turn').length;
  const held = s.table.filter((tc) => !untouched(s, tc) && tc.escalations >= last).length;
  const saved = Math.min(s.table.filter((tc) => lastChance(s, tc)).length, turns);
  return held + saved + Math.max(0, next - (turns - saved));
}

export function turnDecision(cards: StoryCards, s: StState, seat: number, level: Level): Decision {
  const hand = s.seats[seat]?.hand ?? [];
  if (level === 'rookie') return rookieTurn(cards, s, hand);
  const ready = readyCrises(cards, s, hand);
  const urgentReady = ready.find((tc) => lastChance(s, tc));
  // A ready crisis about to fail: an operation is its only way off the table.
  if (urgentReady) return lastChanceOperation(cards, s, hand, urgentReady);
  const chief = level === 'station-chief';
  const options = collects(cards, s, hand, chief).filter((c) => missing(cards, c.tc) > 0);
  const saving = options.find((c) => lastChance(s, c.tc));
  // With more crises due next round than turns, one fails untried then whatever the table does:
  // a ready crisis is better tried now, while a turn is free, than a short one saved for a round.
  const early = saving && ready.find((tc) => !lastChance(s, tc));
  const due = early ? dueNextRound(s, chief) : 0;
  if (saving && early && due > s.seats.length)
    return operation(
      cards,
      s,
      hand,
      early,
      `next round ${plural(due, 'crisis', 'crises')} would open about to fail against ${plural(s.seats.length, 'turn')}, so one would fail untried whatever the table did; trying it now, while a turn is free, beats saving ${nameOf(cards, saving.tc.card)} for one more round`,
    );
  if (saving) return collectDecision(cards, s, saving);
  // The Case officer first feeds any escalated crisis that had no intelligence this round.
  const feeding = chief ? undefined : options.find((c) => untouched(s, c.tc) && c.tc.escalations > 0);
  if (feeding) return collectDecision(cards, s, feeding);
  const first = ready[0];
  if (first) return operation(cards, s, hand, first, 'defusing it takes it off the table for good');
  const best = options[0];
  if (best) return collectDecision(cards, s, best);
  // Only ready crises are left to collect on: that still keeps one from escalating.
  const holding = collects(cards, s, hand, false).find((c) => untouched(s, c.tc));
  if (holding) return collectDecision(cards, s, holding);
  return redrawDecision(cards, s, hand);
}
