/**
 * The actions of the storytelling variant: who may act, at which step, and the handlers that
 * carry each action out (turn.ts, operation.ts). Refusals are described in refusals.ts.
 */
import type { Applied, PlayerId, Result, RuleError } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import type { StoryCards } from './cards.ts';
import { isCheckCard, isTarget, nameOf } from './cards.ts';
import { advance, askTell, event, record, seatName } from './flow.ts';
import { botLine, BOT_MARK } from './lines.ts';
import { accept, boost, pick } from './operation.ts';
import type { Ctx, StageOf } from './refusals.ts';
import { owed, refusal, removeFromHand, SECTION } from './refusals.ts';
import { collect, operate, redraw } from './turn.ts';
import type { StAction, Stage, StState } from './types.ts';
import { literal } from '../text.ts';

type StagedAction = Exclude<StAction['type'], 'help'>;

/** The step each action belongs to, and how a refusal at another step names it. */
const STEP: Record<StagedAction, { stage: Stage['kind']; tried: string; section: string }> = {
  'keep-crisis': { stage: 'choose-crisis', tried: 'Keeping a crisis', section: SECTION.setup },
  tell: { stage: 'tell', tried: 'Telling the story', section: SECTION.turns },
  collect: { stage: 'turn', tried: 'Collecting intelligence', section: SECTION.turns },
  operate: { stage: 'turn', tried: 'Conducting an operation', section: SECTION.turns },
  redraw: { stage: 'turn', tried: 'Drawing a new hand', section: SECTION.turns },
  boost: { stage: 'boost', tried: 'Drawing a second Resolution card', section: SECTION.operate },
  accept: { stage: 'boost', tried: 'Keeping the Resolution card', section: SECTION.operate },
  pick: { stage: 'pick', tried: 'Choosing a Resolution card', section: SECTION.operate },
};

/** S2: a helpful reality check on a crisis, by anyone at any time; it uses no turn. */
function help({ cards, s, seat, hand, announce }: Ctx, card: string, crisis: string): RuleError | null {
  const tc = s.table.find((x) => x.card === crisis);
  if (!tc)
    return refusal('no-such-crisis', `Helping ${crisis}`, SECTION.collect, 'Pick a crisis on the table.');
  if (!hand.includes(card) || !isCheckCard(cards, card))
    return refusal(
      'not-in-hand',
      `Playing ${nameOf(cards, card)}`,
      SECTION.collect,
      'Play a reality check from your own hand.',
    );
  if (isTarget(cards, card) && tc.checks.some((c) => isTarget(cards, c.card)))
    return refusal(
      'one-target',
      `Playing ${nameOf(cards, card)} on ${nameOf(cards, tc.card)}`,
      'the base rule kept by ruling S3 (one Target card per crisis)',
      'Help another crisis, or play a range or aspect helper instead.',
    );
  removeFromHand(hand, card);
  tc.checks.push({ card, by: seat });
  event(
    s,
    `🧩 ${seatName(s, seat)} plays ${nameOf(cards, card)} on ${nameOf(cards, tc.card)}.`,
    announce,
    tc.card,
  );
  return null;
}

function keepCrisis(
  { cards, s, seat, announce }: Ctx,
  stage: StageOf<'choose-crisis'>,
  crisis: string,
): RuleError | null {
  if (!stage.options.includes(crisis))
    return refusal(
      'not-drawn',
      `Keeping ${nameOf(cards, crisis)}`,
      SECTION.setup,
      'Keep one of the two crises you drew.',
    );
  s.crisisDiscard.push(...stage.options.filter((c) => c !== crisis));
  s.table.push({ card: crisis, by: seat, techniques: [], checks: [], escalations: 0, marks: [] });
  event(s, `🗂️ ${seatName(s, seat)} puts ${nameOf(cards, crisis)} on the table.`, announce, crisis);
  askTell(s, seat, 'intro', crisis);
  return null;
}

/** S12: the player's words, or without them a line the bot writes from the cards. */
function tell(
  { cards, s, seat, announce }: Ctx,
  stage: StageOf<'tell'>,
  words: string | undefined,
): RuleError | null {
  const bot = words === undefined;
  const text = words ?? botLine(cards, s, stage);
  record(s, { by: seat, kind: stage.tell, text, bot, ...(stage.crisis ? { crisis: stage.crisis } : {}) });
  if (bot) s.stats.botLines++;
  else s.stats.playerLines++;
  announce.push(`📖 **${seatName(s, seat)}**: ${literal(text)}${bot ? ` ${BOT_MARK}` : ''}`);
  return null;
}

/** Runs the handler for an action at its own step; `stage.kind` was checked against STEP. */
function dispatch(ctx: Ctx, stage: Stage, action: Exclude<StAction, { type: 'help' }>): RuleError | null {
  switch (action.type) {
    case 'keep-crisis':
      return keepCrisis(ctx, stage as StageOf<'choose-crisis'>, action.crisis);
    case 'tell':
      return tell(ctx, stage as StageOf<'tell'>, action.text);
    case 'collect':
      return collect(ctx, action);
    case 'operate':
      return operate(ctx, action);
    case 'redraw':
      return redraw(ctx, action);
    case 'boost':
      return boost(ctx, stage as StageOf<'boost'>, action.technique);
    case 'accept':
      return accept(ctx, stage as StageOf<'boost'>);
    case 'pick':
      return pick(ctx, stage as StageOf<'pick'>, action.card);
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
  const ctx: Ctx = { cards, s, seat, hand: s.seats[seat]?.hand ?? [], announce: [] };
  if (action.type === 'help') {
    const refused = help(ctx, action.card, action.crisis);
    return refused ? { ok: false, error: refused } : ok({ state: s, announce: ctx.announce });
  }
  const stage = s.stage;
  const step = STEP[action.type];
  if (!stage || stage.seat !== seat)
    return fail(
      'not-your-move',
      `That move — refused by ${SECTION.turns}. Right now ${owed(s, stage)}; you may put a helpful reality check on a crisis meanwhile.`,
    );
  if (stage.kind !== step.stage)
    return {
      ok: false,
      error: refusal('wrong-step', step.tried, step.section, `Right now ${owed(s, stage)}.`),
    };
  const refused = dispatch(ctx, stage, action);
  if (refused) return { ok: false, error: refused };
  // The decision answered is over unless the handler asked a new one.
  if (s.stage?.id === stage.id) s.stage = null;
  advance(cards, s, ctx.announce);
  return ok({ state: s, announce: ctx.announce });
}
