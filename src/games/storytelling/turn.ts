/** The three kinds of turn: Collect Intelligence, Conduct an Operation, Draw a New Hand. */
import type { RuleError } from '../contract.ts';
import { canCollect, canOperate, disciplineTaken, isTechniqueCard, nameOf } from './cards.ts';
import { askTell, event, refill, seatName } from './flow.ts';
import { rumourTarget } from './lines.ts';
import type { Ctx } from './refusals.ts';
import { refusal, removeFromHand, SECTION } from './refusals.ts';
import type { StAction } from './types.ts';
import { APPROACH_NAMES, HAND_SIZE } from './types.ts';
import { plural } from '../text.ts';

type ActionOf<T extends StAction['type']> = Extract<StAction, { type: T }>;

export function collect(
  { cards, s, seat, hand, announce }: Ctx,
  action: ActionOf<'collect'>,
): RuleError | null {
  const tc = s.table.find((x) => x.card === action.crisis);
  const tried = `Collecting on ${nameOf(cards, action.crisis)} with ${nameOf(cards, action.technique)}`;
  if (!tc) return refusal('no-such-crisis', tried, SECTION.collect, 'Pick a crisis on the table.');
  if (!hand.includes(action.technique) || !isTechniqueCard(cards, action.technique))
    return refusal('not-in-hand', tried, SECTION.collect, 'Play a technique from your own hand.');
  if (disciplineTaken(cards, action.technique, tc))
    return refusal(
      'discipline-taken',
      tried,
      `${SECTION.collect} (one technique of each discipline per crisis)`,
      'Use a technique of another discipline, or another crisis.',
    );
  if (!canCollect(cards, action.technique, tc))
    return refusal(
      'does-not-fit',
      tried,
      `${SECTION.collect} (a shared aspect and a range covering the difficulty)`,
      'A helpful reality check on the crisis may make it fit; or pick a crisis it matches.',
    );
  removeFromHand(hand, action.technique);
  tc.techniques.push({ card: action.technique, by: seat, round: s.round });
  if (!s.touched.includes(tc.card)) s.touched.push(tc.card);
  s.stats.collected++;
  const what = `${nameOf(cards, tc.card)} with ${nameOf(cards, action.technique)}`;
  event(s, `🔎 ${seatName(s, seat)} collects on ${what}.`, announce, tc.card);
  s.queue.unshift({ t: 'refill', seat });
  askTell(s, seat, 'learned', tc.card, { technique: action.technique });
  return null;
}

export function operate({ cards, s, seat, announce }: Ctx, action: ActionOf<'operate'>): RuleError | null {
  const tc = s.table.find((x) => x.card === action.crisis);
  const tried = `An operation against ${nameOf(cards, action.crisis)}`;
  if (!tc) return refusal('no-such-crisis', tried, SECTION.operate, 'Pick a crisis on the table.');
  if (!canOperate(cards, tc))
    return refusal(
      'not-ready',
      tried,
      `${SECTION.operate} (the required techniques must be in place)`,
      'Collect intelligence on it first.',
    );
  s.stats.operations++;
  const how = APPROACH_NAMES[action.approach];
  event(s, `🎯 ${seatName(s, seat)} moves against ${nameOf(cards, tc.card)}: ${how}.`, announce, tc.card);
  // S5: the approach is described before the Resolution card is drawn.
  s.queue.unshift({ t: 'draw-resolution', seat, crisis: tc.card }, { t: 'refill', seat });
  askTell(s, seat, 'approach', tc.card, { approach: action.approach });
  return null;
}

export function redraw(
  { cards, s, seat, hand, announce }: Ctx,
  action: ActionOf<'redraw'>,
): RuleError | null {
  const left = [...hand];
  for (const c of action.cards)
    if (!removeFromHand(left, c))
      return refusal(
        'not-in-hand',
        `Discarding ${nameOf(cards, c)}`,
        SECTION.redraw,
        'Discard only cards in your hand.',
      );
  s.discard.push(...action.cards);
  hand.splice(0, hand.length, ...left);
  refill(s, seat);
  const n = action.cards.length;
  event(s, `🔄 ${seatName(s, seat)} discards ${plural(n, 'card')} and draws back to ${HAND_SIZE}.`, announce);
  askTell(s, seat, 'rumour', rumourTarget(s));
  return null;
}
