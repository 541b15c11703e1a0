/**
 * Renders a view to a panel: the public board for `viewer: null`, otherwise the viewer's
 * private panel. Works only from the view, so it can only show what the viewer may see.
 */
import type { PresentContext } from '../contract.ts';
import type { Panel, PanelButton, PanelField, PanelOption, PanelSelect } from '../panel.ts';
import { cardLabel, CARDS_TO_WIN, modeLabel, rankName, RANKS, type Rank } from './cards.ts';
import { promiseButton } from './promise-form.ts';
import { ROUNDS_NEEDED } from './schema.ts';
import { comboName } from './scoring.ts';
import type { IcgAction } from './schema.ts';
import type { RoundRecord } from './state.ts';
import type { IcgView, SeatView } from './view.ts';
import { clip, literal } from '../text.ts';

/** Panels take any `{ type }`; this keeps our own actions type-checked. */
const act = (action: IcgAction): { type: string } => action;

/** A seat's name (as written: escaped for Markdown) and suit. */
const seatName = (s: SeatView): string => `${literal(s.name)} ${s.suit}`;
const nameOf = (view: IcgView, seat: number | null): string => {
  const s = seat === null ? undefined : view.seats[seat];
  return s ? seatName(s) : 'nobody';
};
const cards = (ranks: readonly Rank[], seat: number): string =>
  ranks.length === 0 ? '-' : ranks.map((r) => cardLabel(r, seat)).join(' ');

function phaseText(view: IcgView): string {
  const starter = nameOf(view, view.startingSeat);
  const joker = view.modeChosen
    ? `${modeLabel(view.mode)}.`
    : `${starter} turns a joker; it lies at ${modeLabel(view.mode)}.`;
  switch (view.phase) {
    case 'negotiation': {
      if (view.jokerDeadline)
        return `**Negotiation is over.** ${starter} has one minute to choose High or Low; then the declaration starts (the joker lies at ${modeLabel(view.mode)}).`;
      const timer = view.negotiationMinutes > 0 ? ` The timer runs ${view.negotiationMinutes} min.` : '';
      return `**Negotiation.** ${starter} starts. ${joker}\nTalk it over in the channel, then press Ready.${timer}`;
    }
    case 'declaration':
      return (
        `**Declaration.** ${modeLabel(view.mode)}. ${nameOf(view, view.declaringSeat)} declares now: ` +
        `say a card (public, may be a bluff) and place one face down (secret).\n` +
        `Order: ${view.order.map((s) => nameOf(view, s)).join(' → ')}`
      );
    case 'swap':
      return `**Swap.** ${modeLabel(view.mode)}. ${starter} may swap their face-down card once, or keep it. Then all cards are revealed.`;
    case 'over':
      return `**Game over.** ${view.outcome?.summary ?? ''}`;
  }
}

function seatField(view: IcgView, s: SeatView): PanelField {
  const status =
    view.phase === 'negotiation'
      ? s.ready
        ? 'Ready ✅'
        : 'Negotiating…'
      : view.phase === 'over'
        ? ''
        : `${s.claim ? `Claims **${cardLabel(s.claim, s.seat)}**` : 'No claim yet'} · ${s.placed ? 'card face down' : 'no card down'}`;
  const star = s.seat === view.startingSeat && view.phase !== 'over' ? ' ★' : '';
  const promise = s.promise && view.phase !== 'over' ? `\n🤝 Promised: “${literal(s.promise)}”` : '';
  return {
    name: clip(`${seatName(s)}${s.computer ? ' (computer)' : ''}${star}`, 256),
    value: clip(
      `Scored ${s.scored.length}/${CARDS_TO_WIN}: ${cards(s.scored, s.seat)}\nHand ${s.handCount}${status ? ` · ${status}` : ''}${promise}`,
      1024,
    ),
    inline: true,
  };
}

function revealField(view: IcgView, r: RoundRecord): PanelField {
  const lines = r.plays.map((p) => {
    const name = nameOf(view, p.seat);
    const claim = p.claim === p.card ? 'as claimed' : `claimed ${cardLabel(p.claim, p.seat)}`;
    return `${p.scored ? '✅' : '❌'} ${name}: **${cardLabel(p.card, p.seat)}** (${claim})`;
  });
  const swap = r.swapped ? `\n${nameOf(view, r.startingSeat)} swapped their face-down card.` : '';
  return {
    name: `Round ${r.round} reveal: ${comboName(r.combo)} (${r.mode === 'high' ? 'High' : 'Low'})`,
    value: clip(`${lines.join('\n')}${swap}`, 1024),
  };
}

function historyField(view: IcgView): PanelField | null {
  // A game lasts at most 17 rounds (R11), so every earlier round fits.
  const earlier = view.history.slice(0, -1);
  if (earlier.length === 0) return null;
  const lines = earlier.map((r) => {
    const played = r.plays
      .map((p) => `${cardLabel(p.card, p.seat)}${p.claim === p.card ? '' : '*'}`)
      .join(' ');
    return `R${r.round} ${r.mode === 'high' ? 'High' : 'Low'}: ${played} → ${comboName(r.combo)}`;
  });
  return { name: 'Earlier rounds (* = not the card claimed)', value: clip(lines.join('\n'), 1024) };
}

/** `offerReady`/`offerJoker` say which buttons this viewer can use (the board offers both). */
function negotiationButtons(view: IcgView, offerReady: boolean, offerJoker: boolean): PanelButton[] {
  if (view.phase !== 'negotiation') return [];
  const buttons: PanelButton[] = [];
  if (offerReady) buttons.push({ label: 'Ready', action: { type: 'ready' }, style: 'success' });
  if (offerJoker && !view.modeChosen) {
    buttons.push({
      label: 'High (black joker)',
      action: act({ type: 'mode', mode: 'high' }),
      style: 'primary',
    });
    buttons.push({ label: 'Low (red joker)', action: act({ type: 'mode', mode: 'low' }), style: 'danger' });
  }
  return buttons;
}

/** R20: the form for a promise, offered during the negotiation; built in promise-form.ts. */

/** The facilitator's control, in their own view only. */
const END_NEGOTIATION: PanelButton = {
  label: 'End negotiation (facilitator)',
  action: { type: 'endNegotiation' },
  style: 'secondary',
};

function publicBoard(view: IcgView): Panel {
  const fields = view.seats.map((s) => seatField(view, s));
  const last = view.history[view.history.length - 1];
  if (last) fields.push(revealField(view, last));
  const history = historyField(view);
  if (history) fields.push(history);
  // Only what a person at this table could press: computers need no Ready, joker or Promise.
  const people = view.seats.filter((s) => s.computer === null);
  const starterIsPerson = view.seats[view.startingSeat]?.computer === null;
  const buttons = negotiationButtons(
    view,
    people.some((s) => !s.ready),
    starterIsPerson,
  );
  if (view.phase === 'negotiation' && people.length > 0) buttons.push(promiseButton(view));
  // The facilitator's End negotiation is in their own view (and the study session's), never
  // on the board: a player pressing it could only be refused.
  return {
    title:
      view.phase === 'over' ? 'Item Collection Game: game over' : `Item Collection Game: round ${view.round}`,
    description: clip(phaseText(view), 4096),
    fields,
    footer: `Score ${CARDS_TO_WIN} cards to win; several may win together.${
      view.maxRounds < ROUNDS_NEEDED ? ` The game stops after round ${view.maxRounds}.` : ''
    }`,
    tone: view.phase === 'over' ? 'success' : view.phase === 'swap' ? 'warning' : 'info',
    mention: view.waitingFor,
    buttons,
  };
}

const handOptions = (
  hand: readonly Rank[],
  seat: number,
  make: (card: Rank) => { type: string },
): PanelOption[] =>
  hand.map((card) => ({ label: cardLabel(card, seat), description: rankName(card), action: make(card) }));

function privatePanel(view: IcgView, me: NonNullable<IcgView['me']>): Panel {
  const seat = view.seats[me.seat];
  const starting = me.seat === view.startingSeat;
  const myTurn = view.declaringSeat === me.seat;
  const fields: PanelField[] = [{ name: 'Your hand', value: cards(me.hand, me.seat) }];
  if (seat?.claim)
    fields.push({ name: 'Your claim (public)', value: cardLabel(seat.claim, me.seat), inline: true });
  if (me.faceDown)
    fields.push({
      name: 'Your face-down card (secret)',
      value: cardLabel(me.faceDown, me.seat),
      inline: true,
    });
  if (seat)
    fields.push({
      name: 'Scored',
      value: `${seat.scored.length}/${CARDS_TO_WIN}: ${cards(seat.scored, me.seat)}`,
    });

  const selects: PanelSelect[] = [];
  const buttons = negotiationButtons(
    view,
    !(seat?.ready ?? true) && (!starting || view.modeChosen),
    starting,
  );
  if (view.phase === 'negotiation' && !seat?.promise) buttons.push(promiseButton(view));
  let todo = 'Nothing to do right now.';
  if (view.phase === 'negotiation')
    todo =
      starting && !view.modeChosen ? 'Choose High or Low, then press Ready.' : 'Negotiate, then press Ready.';
  if (myTurn) {
    todo = 'Your turn: say a card (everyone sees it) and place a card face down (only you see it).';
    if (!seat?.claim && !me.faceDown)
      selects.push({
        placeholder: 'Play honestly: claim and place the same card',
        options: handOptions(me.hand, me.seat, (card) => act({ type: 'declare', claim: card, card })),
      });
    if (!seat?.claim)
      selects.push({
        placeholder: 'Claim a card (public, may be a bluff)',
        options: RANKS.map((r) => ({
          label: `Claim ${cardLabel(r, me.seat)}`,
          action: act({ type: 'claim', rank: r }),
        })),
      });
    if (!me.faceDown)
      selects.push({
        placeholder: 'Place a card face down (secret)',
        options: handOptions(me.hand, me.seat, (card) => act({ type: 'place', card })),
      });
  }
  if (view.phase === 'swap' && starting) {
    todo = 'Everyone has declared: swap your face-down card once, or keep it.';
    selects.push({
      placeholder: 'Swap your face-down card for…',
      options: handOptions(me.hand, me.seat, (card) => act({ type: 'swap', card })),
    });
    buttons.push({ label: 'Keep my card', action: { type: 'keep' }, style: 'secondary' });
  }
  if (view.phase === 'over') todo = view.outcome?.summary ?? 'The game is over.';
  return {
    title: clip(`Your hand: ${seat ? seatName(seat) : ''} (round ${view.round})`, 256),
    description: clip(`${phaseText(view)}\n\n${todo}`, 4096),
    fields,
    tone: myTurn || (view.phase === 'swap' && starting) ? 'warning' : 'neutral',
    buttons,
    selects,
  };
}

/** The facilitator's private view: the table, every hand, and only the control they may use. */
function facilitatorPanel(view: IcgView, hands: NonNullable<IcgView['hands']>): Panel {
  const board = publicBoard(view);
  const lines = hands.map((h) => {
    const s = view.seats[h.seat];
    const down = h.faceDown ? ` · face down **${cardLabel(h.faceDown, h.seat)}**` : '';
    return `${s ? seatName(s) : `Seat ${h.seat + 1}`}: ${cards(h.hand, h.seat)}${down}`;
  });
  return {
    ...board,
    title: clip(`Facilitator's view: round ${view.round}`, 256),
    fields: [
      ...(board.fields ?? []),
      { name: 'Every hand (only you see this)', value: clip(lines.join('\n'), 1024) },
    ],
    buttons: view.phase === 'negotiation' ? [END_NEGOTIATION] : [],
    mention: [],
    footer: 'Only you see this view.',
  };
}

export function present(view: IcgView, ctx: PresentContext): Panel {
  if (ctx.viewer !== null && view.hands !== null) return facilitatorPanel(view, view.hands);
  if (ctx.viewer === null || view.me === null) return publicBoard(view);
  return privatePanel(view, view.me);
}
