/**
 * How the table moves between decisions: a queue of tasks (create a crisis, a turn, the round
 * end, an escalation…) run until one of them needs someone to decide (a Stage). Functions here
 * work on the engine's working copy of the state.
 */
import { shuffle } from '../rng.ts';
import type { StoryCards } from './cards.ts';
import {
  canOperate,
  fitsCrisis,
  isSuccess,
  isTechniqueCard,
  nameOf,
  OUTCOME_LABEL,
  resolutionOf,
} from './cards.ts';
import type { Stage, StoryLine, StState, TableCrisis, TellContext, TellKind } from './types.ts';
import { ESCALATIONS_TO_FAIL, FAILURES_TO_LOSE, HAND_SIZE } from './types.ts';
import { literal } from '../text.ts';

type StageInput = Stage extends infer T ? (T extends Stage ? Omit<T, 'id'> : never) : never;

export function setStage(s: StState, stage: StageInput): void {
  s.stage = { ...stage, id: s.nextId++ };
}

export function askTell(
  s: StState,
  seat: number,
  tell: TellKind,
  crisis: string | null,
  context: TellContext = {},
): void {
  setStage(s, { kind: 'tell', seat, tell, crisis, context });
}

export function record(s: StState, line: Omit<StoryLine, 'round'>): void {
  s.story.push({ round: s.round, ...line });
}

/** The table's own record of what a card decided (no author). */
export function event(s: StState, text: string, announce: string[], crisis?: string): void {
  record(s, { by: null, kind: 'event', text, bot: false, ...(crisis ? { crisis } : {}) });
  announce.push(text);
}

/** Draws from the technique deck; an empty deck takes the shuffled discard pile (S11). */
export function draw(s: StState, n: number): string[] {
  const out: string[] = [];
  while (out.length < n) {
    if (s.deck.length === 0) {
      if (s.discard.length === 0) break;
      s.deck = shuffle(s.rng, s.discard);
      s.discard = [];
    }
    const card = s.deck.shift();
    if (card !== undefined) out.push(card);
  }
  return out;
}

export function refill(s: StState, seat: number): void {
  const hand = s.seats[seat]?.hand;
  if (hand && hand.length < HAND_SIZE) hand.push(...draw(s, HAND_SIZE - hand.length));
}

export function drawResolutionCard(s: StState): string | undefined {
  if (s.resolutionDeck.length === 0) {
    s.resolutionDeck = shuffle(s.rng, s.resolutionDiscard);
    s.resolutionDiscard = [];
  }
  return s.resolutionDeck.shift();
}

function drawCrises(s: StState, n: number): string[] {
  if (s.crisisDeck.length < n) {
    s.crisisDeck.push(...shuffle(s.rng, s.crisisDiscard));
    s.crisisDiscard = [];
  }
  return s.crisisDeck.splice(0, n);
}

/** Takes a crisis off the table with everything attached to it. */
export function clearCrisis(s: StState, tc: TableCrisis): void {
  s.table = s.table.filter((x) => x !== tc);
  s.discard.push(...tc.techniques.map((t) => t.card), ...tc.checks.map((c) => c.card), ...tc.marks);
}

/**
 * A seat's name for Markdown (announcements, story lines, the board): it reads as written.
 * Every view field that holds a seat's name holds it this way; nothing plain shows one.
 */
export const seatName = (s: StState, seat: number): string =>
  literal(s.seats[seat]?.name ?? `Seat ${seat + 1}`);

/** A crisis gets worse at the round end; the third time it concludes as failed. */
function escalate(cards: StoryCards, s: StState, card: string, announce: string[]): void {
  const tc = s.table.find((x) => x.card === card);
  if (!tc) return;
  tc.escalations++;
  s.stats.escalations++;
  const name = nameOf(cards, card);
  if (tc.escalations < ESCALATIONS_TO_FAIL) {
    tc.marks.push(...draw(s, 1));
    event(s, `⚠️ ${name} escalates (${tc.escalations} of ${ESCALATIONS_TO_FAIL}).`, announce, card);
    askTell(s, tc.by, 'escalation', card, { escalation: tc.escalations });
    return;
  }
  clearCrisis(s, tc);
  s.crisisDiscard.push(card);
  s.failed.push(card);
  s.stats.failed++;
  s.closings = [...(s.closings ?? []), { round: s.round, defused: false }];
  event(
    s,
    `💥 ${name} escalates a third time: the team has failed to stop it (failure ${s.failed.length} of ${FAILURES_TO_LOSE}).`,
    announce,
    card,
  );
  if (s.failed.length >= FAILURES_TO_LOSE)
    s.queue = [
      {
        t: 'finish',
        victory: false,
        reason: `A second crisis, ${name}, ran its course: the team is disbanded and reassigned.`,
      },
    ];
  else s.queue.unshift({ t: 'create', seat: tc.by });
  askTell(s, tc.by, 'consequence', card);
}

/** Ends the operation with the Resolution card kept (S5-S7). */
export function settle(
  cards: StoryCards,
  s: StState,
  seat: number,
  crisis: string,
  card: string,
  announce: string[],
  /** Kept out of two drawn: say which (a single card was announced when drawn). */
  chosen = false,
): void {
  const r = resolutionOf(cards, card);
  s.resolutionDiscard.push(card);
  s.stats.resolutions[r.outcome] = (s.stats.resolutions[r.outcome] ?? 0) + 1;
  const tc = s.table.find((x) => x.card === crisis);
  const name = nameOf(cards, crisis);
  if (chosen)
    event(s, `🃏 ${seatName(s, seat)} keeps “${r.text}” (${OUTCOME_LABEL[r.outcome]})`, announce, crisis);
  if (tc && isSuccess(r)) {
    clearCrisis(s, tc);
    s.crisisDiscard.push(crisis);
    s.defused.push(crisis);
    s.stats.defused++;
    s.closings = [...(s.closings ?? []), { round: s.round, defused: true }];
    event(s, `✅ ${name} is defused.`, announce, crisis);
    if (s.table.length === 0)
      s.queue = [
        { t: 'epilogue', seat },
        { t: 'finish', victory: true, reason: `Every crisis on the table was defused in round ${s.round}.` },
      ];
  } else if (tc && r.outcome === 'failure-and') {
    const lost = tc.techniques.pop();
    if (lost) {
      s.discard.push(lost.card);
      event(
        s,
        `The operation burns ${nameOf(cards, lost.card)}: it is discarded from ${name}.`,
        announce,
        crisis,
      );
    }
  }
  askTell(s, seat, 'outcome', crisis, { resolution: card });
}

/** A technique in the hand that could pay for a second Resolution card (S6). */
export const boostTechniques = (cards: StoryCards, s: StState, seat: number, crisis: string): string[] => {
  const tc = s.table.find((x) => x.card === crisis);
  const hand = s.seats[seat]?.hand ?? [];
  return tc ? [...new Set(hand.filter((c) => isTechniqueCard(cards, c) && fitsCrisis(cards, c, tc)))] : [];
};

function runTask(cards: StoryCards, s: StState, announce: string[]): void {
  const task = s.queue.shift();
  if (!task) {
    s.queue.push({ t: 'round-end' });
    return;
  }
  switch (task.t) {
    case 'create': {
      const options = drawCrises(s, 2);
      if (options.length > 0) setStage(s, { kind: 'choose-crisis', seat: task.seat, options });
      return;
    }
    case 'turn':
      setStage(s, { kind: 'turn', seat: task.seat });
      return;
    case 'refill':
      refill(s, task.seat);
      return;
    case 'draw-resolution': {
      const card = drawResolutionCard(s);
      const tc = s.table.find((x) => x.card === task.crisis);
      if (card === undefined || !tc || !canOperate(cards, tc)) return;
      const r = resolutionOf(cards, card);
      event(s, `🃏 ${seatName(s, task.seat)} draws a Resolution card: “${r.text}”`, announce, task.crisis);
      // S16: the player is always asked (keep it, or pay for a second), even with no matching
      // technique in hand: skipping the question would tell the table what the hand holds.
      setStage(s, { kind: 'boost', seat: task.seat, crisis: task.crisis, drawn: card });
      return;
    }
    case 'round-end': {
      const escalating = s.table.filter((x) => !s.touched.includes(x.card)).map((x) => x.card);
      announce.push(
        escalating.length > 0
          ? `Round ${s.round} ends: ${escalating.map((c) => nameOf(cards, c)).join(', ')} had no new intelligence and escalate.`
          : `Round ${s.round} ends: every crisis had new intelligence; nothing escalates.`,
      );
      s.queue.unshift(...escalating.map((crisis) => ({ t: 'escalate' as const, crisis })), {
        t: 'round-start',
      });
      return;
    }
    case 'round-start': {
      if (s.round >= s.options.rounds) {
        s.queue = [
          {
            t: 'finish',
            victory: false,
            reason: `The round cap (${s.options.rounds}) is reached with crises still open.`,
          },
        ];
        return;
      }
      s.round++;
      s.touched = [];
      const n = s.seats.length;
      const first = (s.round - 1) % n;
      announce.push(`Round ${s.round} begins with ${seatName(s, first)}.`);
      s.queue.push(...Array.from({ length: n }, (_, i) => ({ t: 'turn' as const, seat: (first + i) % n })), {
        t: 'round-end',
      });
      return;
    }
    case 'escalate':
      escalate(cards, s, task.crisis, announce);
      return;
    case 'epilogue':
      askTell(s, task.seat, 'epilogue', null);
      return;
    case 'finish':
      s.queue = [];
      s.result = {
        victory: task.victory,
        summary: `${task.victory ? '🏆 Victory' : '🕯️ Defeat'}: ${task.reason}`,
      };
      announce.push(s.result.summary);
      return;
  }
}

/** Runs tasks until the table waits on someone or the game is over. */
export function advance(cards: StoryCards, s: StState, announce: string[]): void {
  for (let guard = 0; guard < 500 && s.stage === null && s.result === null; guard++)
    runTask(cards, s, announce);
  if (s.stage === null && s.result === null)
    throw new Error('the storytelling flow did not reach a decision');
}
