/**
 * The actions of the storytelling variant. Each refusal says what was tried, which rule
 * refused it (section of the rulebook's STORYTELLING RULES, or a ruling S<n> in
 * docs/rules/collection-deck.md) and what the player can do instead.
 */
import type { Applied, PlayerId, Result } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import type { StoryCards } from './cards.ts';
import {
  canCollect,
  canOperate,
  disciplineTaken,
  fitsCrisis,
  isCheckCard,
  isTarget,
  isTechniqueCard,
  nameOf,
  OUTCOME_RANK,
  resolutionOf,
} from './cards.ts';
import {
  advance,
  askTell,
  drawResolutionCard,
  event,
  record,
  refill,
  seatName,
  setStage,
  settle,
} from './flow.ts';
import { botLine, BOT_MARK, rumourTarget } from './lines.ts';
import type { StAction, Stage, StState } from './types.ts';
import { APPROACH_NAMES, HAND_SIZE } from './types.ts';

const SECTION = {
  setup: 'Storytelling: Draw Initial Crises',
  turns: 'Storytelling: Player Turns',
  collect: 'Storytelling: Collect Intelligence',
  operate: 'Storytelling: Conduct an Operation',
  redraw: 'Storytelling: Draw a New Hand',
};

const refuse = (code: string, tried: string, rule: string, instead: string): Result<never> =>
  fail(code, `${tried} — refused by ${rule}. ${instead}`);

function removeFromHand(hand: string[], card: string): boolean {
  const i = hand.indexOf(card);
  if (i < 0) return false;
  hand.splice(i, 1);
  return true;
}

/** What the stage asks, for "it is X's turn to …" refusals. */
function owed(s: StState, stage: Stage): string {
  const who = seatName(s, stage.seat);
  switch (stage.kind) {
    case 'choose-crisis':
      return `${who} is choosing a crisis`;
    case 'tell':
      return `${who} is telling the story`;
    case 'turn':
      return `it is ${who}'s turn`;
    case 'boost':
    case 'pick':
      return `${who} is settling an operation`;
  }
}

export function applyAction(
  cards: StoryCards,
  state: StState,
  actor: PlayerId,
  action: StAction,
): Result<Applied<StState>> {
  if (state.result) return fail('game-over', 'The story is finished; `/game export` gives the whole of it.');
  const seat = state.seats.findIndex((x) => x.id === actor);
  if (seat < 0)
    return fail(
      'not-seated',
      'Only the storytellers at this table can play; you can follow the story on the board.',
    );
  const s = structuredClone(state);
  const announce: string[] = [];
  const hand = s.seats[seat]?.hand ?? [];
  const stage = s.stage;

  if (action.type === 'help') {
    const tc = s.table.find((x) => x.card === action.crisis);
    if (!tc)
      return refuse(
        'no-such-crisis',
        `Helping ${action.crisis}`,
        SECTION.collect,
        'Pick a crisis on the table.',
      );
    if (!hand.includes(action.card) || !isCheckCard(cards, action.card))
      return refuse(
        'not-in-hand',
        `Playing ${nameOf(cards, action.card)}`,
        SECTION.collect,
        'Play a reality check from your own hand.',
      );
    if (isTarget(cards, action.card) && tc.checks.some((c) => isTarget(cards, c.card)))
      return refuse(
        'one-target',
        `Playing ${nameOf(cards, action.card)} on ${nameOf(cards, tc.card)}`,
        'the base rule kept by ruling S3 (one Target card per crisis)',
        'Help another crisis, or play a range or aspect helper instead.',
      );
    removeFromHand(hand, action.card);
    tc.checks.push({ card: action.card, by: seat });
    event(
      s,
      `🧩 ${seatName(s, seat)} plays ${nameOf(cards, action.card)} on ${nameOf(cards, tc.card)}.`,
      announce,
      tc.card,
    );
    return ok({ state: s, announce });
  }

  if (!stage || stage.seat !== seat) {
    const now = stage ? owed(s, stage) : 'nobody is asked anything';
    return refuse(
      'not-your-move',
      `That move`,
      SECTION.turns,
      `Right now ${now}; you may put a helpful reality check on a crisis meanwhile.`,
    );
  }

  switch (action.type) {
    case 'keep-crisis': {
      if (stage.kind !== 'choose-crisis')
        return refuse('wrong-step', 'Keeping a crisis', SECTION.setup, `Right now ${owed(s, stage)}.`);
      if (!stage.options.includes(action.crisis))
        return refuse(
          'not-drawn',
          `Keeping ${nameOf(cards, action.crisis)}`,
          SECTION.setup,
          'Keep one of the two crises you drew.',
        );
      s.crisisDiscard.push(...stage.options.filter((c) => c !== action.crisis));
      s.table.push({ card: action.crisis, by: seat, techniques: [], checks: [], escalations: 0, marks: [] });
      event(
        s,
        `🗂️ ${seatName(s, seat)} puts ${nameOf(cards, action.crisis)} on the table.`,
        announce,
        action.crisis,
      );
      askTell(s, seat, 'intro', action.crisis);
      break;
    }
    case 'tell': {
      if (stage.kind !== 'tell')
        return refuse('wrong-step', 'Telling the story', SECTION.turns, `Right now ${owed(s, stage)}.`);
      const bot = action.text === undefined;
      const text = action.text ?? botLine(cards, s, stage);
      record(s, { by: seat, kind: stage.tell, text, bot, ...(stage.crisis ? { crisis: stage.crisis } : {}) });
      if (bot) s.stats.botLines++;
      else s.stats.playerLines++;
      announce.push(`📖 **${seatName(s, seat)}**: ${text}${bot ? ` ${BOT_MARK}` : ''}`);
      s.stage = null;
      break;
    }
    case 'collect': {
      if (stage.kind !== 'turn')
        return refuse('wrong-step', 'Collecting intelligence', SECTION.turns, `Right now ${owed(s, stage)}.`);
      const tc = s.table.find((x) => x.card === action.crisis);
      const tried = `Collecting on ${nameOf(cards, action.crisis)} with ${nameOf(cards, action.technique)}`;
      if (!tc) return refuse('no-such-crisis', tried, SECTION.collect, 'Pick a crisis on the table.');
      if (!hand.includes(action.technique) || !isTechniqueCard(cards, action.technique))
        return refuse('not-in-hand', tried, SECTION.collect, 'Play a technique from your own hand.');
      if (disciplineTaken(cards, action.technique, tc))
        return refuse(
          'discipline-taken',
          tried,
          `${SECTION.collect} (one technique of each discipline per crisis)`,
          'Use a technique of another discipline, or another crisis.',
        );
      if (!canCollect(cards, action.technique, tc))
        return refuse(
          'does-not-fit',
          tried,
          `${SECTION.collect} (a shared aspect and a range covering the difficulty)`,
          'A helpful reality check on the crisis may make it fit; or pick a crisis it matches.',
        );
      removeFromHand(hand, action.technique);
      tc.techniques.push({ card: action.technique, by: seat, round: s.round });
      if (!s.touched.includes(tc.card)) s.touched.push(tc.card);
      s.stats.collected++;
      event(
        s,
        `🔎 ${seatName(s, seat)} collects on ${nameOf(cards, tc.card)} with ${nameOf(cards, action.technique)}.`,
        announce,
        tc.card,
      );
      s.queue.unshift({ t: 'refill', seat });
      askTell(s, seat, 'learned', tc.card, { technique: action.technique });
      break;
    }
    case 'operate': {
      if (stage.kind !== 'turn')
        return refuse('wrong-step', 'Conducting an operation', SECTION.turns, `Right now ${owed(s, stage)}.`);
      const tc = s.table.find((x) => x.card === action.crisis);
      const tried = `An operation against ${nameOf(cards, action.crisis)}`;
      if (!tc) return refuse('no-such-crisis', tried, SECTION.operate, 'Pick a crisis on the table.');
      if (!canOperate(cards, tc))
        return refuse(
          'not-ready',
          tried,
          `${SECTION.operate} (the required techniques must be in place)`,
          'Collect intelligence on it first.',
        );
      s.stats.operations++;
      event(
        s,
        `🎯 ${seatName(s, seat)} moves against ${nameOf(cards, tc.card)}: ${APPROACH_NAMES[action.approach]}.`,
        announce,
        tc.card,
      );
      s.queue.unshift({ t: 'draw-resolution', seat, crisis: tc.card }, { t: 'refill', seat });
      askTell(s, seat, 'approach', tc.card, { approach: action.approach });
      break;
    }
    case 'redraw': {
      if (stage.kind !== 'turn')
        return refuse('wrong-step', 'Drawing a new hand', SECTION.turns, `Right now ${owed(s, stage)}.`);
      const left = [...hand];
      for (const c of action.cards)
        if (!removeFromHand(left, c))
          return refuse(
            'not-in-hand',
            `Discarding ${nameOf(cards, c)}`,
            SECTION.redraw,
            'Discard only cards in your hand.',
          );
      s.discard.push(...action.cards);
      hand.splice(0, hand.length, ...left);
      refill(s, seat);
      event(
        s,
        `🔄 ${seatName(s, seat)} discards ${action.cards.length} card(s) and draws back to ${HAND_SIZE}.`,
        announce,
      );
      askTell(s, seat, 'rumour', rumourTarget(s));
      break;
    }
    case 'boost': {
      if (stage.kind !== 'boost')
        return refuse(
          'wrong-step',
          'Drawing a second Resolution card',
          SECTION.operate,
          `Right now ${owed(s, stage)}.`,
        );
      const tc = s.table.find((x) => x.card === stage.crisis);
      if (
        !tc ||
        !hand.includes(action.technique) ||
        !isTechniqueCard(cards, action.technique) ||
        !fitsCrisis(cards, action.technique, tc)
      )
        return refuse(
          'no-match',
          `Discarding ${nameOf(cards, action.technique)}`,
          `${SECTION.operate} (an extra technique that matches the crisis)`,
          'Discard a matching technique from your hand, or keep the card you drew.',
        );
      removeFromHand(hand, action.technique);
      s.discard.push(action.technique);
      const card = drawResolutionCard(s);
      if (card === undefined) {
        // Cannot happen with twelve cards and two out at most; keep the first card then.
        settle(cards, s, seat, stage.crisis, stage.drawn, announce);
        break;
      }
      event(
        s,
        `🃏 ${seatName(s, seat)} discards ${nameOf(cards, action.technique)} and draws a second Resolution card: “${resolutionOf(cards, card).text}”`,
        announce,
        stage.crisis,
      );
      setStage(s, { kind: 'pick', seat, crisis: stage.crisis, drawn: [stage.drawn, card] });
      break;
    }
    case 'accept': {
      if (stage.kind !== 'boost')
        return refuse(
          'wrong-step',
          'Keeping the Resolution card',
          SECTION.operate,
          `Right now ${owed(s, stage)}.`,
        );
      settle(cards, s, seat, stage.crisis, stage.drawn, announce);
      break;
    }
    case 'pick': {
      if (stage.kind !== 'pick')
        return refuse(
          'wrong-step',
          'Choosing a Resolution card',
          SECTION.operate,
          `Right now ${owed(s, stage)}.`,
        );
      if (!stage.drawn.includes(action.card))
        return refuse(
          'not-drawn',
          'Choosing that card',
          SECTION.operate,
          'Keep one of the two Resolution cards you drew.',
        );
      s.resolutionDiscard.push(...stage.drawn.filter((c) => c !== action.card));
      settle(cards, s, seat, stage.crisis, action.card, announce, true);
      break;
    }
  }
  if (s.stage?.id === stage.id) s.stage = null;
  advance(cards, s, announce);
  return ok({ state: s, announce });
}

/** The better of two Resolution cards (the default and the computer's choice). */
export function better(cards: StoryCards, a: string, b: string): string {
  return OUTCOME_RANK[resolutionOf(cards, b).outcome] > OUTCOME_RANK[resolutionOf(cards, a).outcome] ? b : a;
}
