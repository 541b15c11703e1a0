/**
 * The table as a picture: four seats around the felt, the two jokers in the middle, each
 * seat's claim, face-down card (a card back, never its rank) or last revealed card, and the
 * scored piles. A player's picture adds their hand and secret card along the bottom.
 * Drawn from the view only, so the public picture holds exactly what the public view holds.
 */
import type { PresentContext } from '../contract.ts';
import type { Picture } from '../picture.ts';
import { altText, box, fit, svgDocument, text, textBlock, wrap } from '../svg.ts';
import { cardLabel, CARDS_TO_WIN, suitOf, type Rank } from './cards.ts';
import { comboName } from './scoring.ts';
import type { RoundRecord } from './state.ts';
import type { IcgView, PrivateView, SeatView } from './view.ts';
import { plain } from '../text.ts';

const WIDTH = 1000;
/** Notes under the table start here; the picture grows with them. */
const FOOTER_TOP = 676;
const HAND_HEIGHT = 150;

const INK = '#1c1f24';
const MUTED = '#4a5058';
const PAPER = '#f4f0e6';
const FELT = '#2f6b4f';
const BACK = '#2b4c7e';
const GOOD = '#1b7a3a';
const BAD = '#b3261e';
/** A four-colour deck, so no two seats share a colour: ♠ black, ♥ red, ♦ blue, ♣ green. */
const SUIT_COLOURS = ['#1c1f24', '#c0262d', '#1d5fbf', '#1b7a3a'] as const;
const suitColour = (seat: number): string => SUIT_COLOURS[seat % 4] ?? INK;

const SEAT_W = 300;
const SEAT_H = 176;
/** Seats clockwise from the top, in seating order (the declaration order runs the same way). */
const SEAT_AT: readonly (readonly [number, number])[] = [
  [350, 96],
  [676, 292],
  [350, 488],
  [24, 292],
];

const seatLabel = (s: SeatView): string => `${s.name} ${s.suit}`;

/** The last reveal, while it is still the news: between rounds and after the game. */
function lastReveal(view: IcgView): RoundRecord | null {
  const last = view.history[view.history.length - 1];
  if (!last) return null;
  return view.phase === 'negotiation' || view.phase === 'over' ? last : null;
}

function faceUp(x: number, y: number, w: number, h: number, rank: Rank, seat: number): string {
  const size = w >= 56 ? 24 : 16;
  const colour = suitColour(seat);
  return (
    box(x, y, w, h, { fill: '#ffffff', stroke: '#8a8f96', strokeWidth: 2, radius: 6 }) +
    text(x + w / 2, y + h / 2 - (w >= 56 ? 2 : 1), rank, {
      size,
      bold: true,
      fill: colour,
      anchor: 'middle',
    }) +
    (w >= 56
      ? text(x + w / 2, y + h / 2 + size + 2, suitOf(seat), { size, fill: colour, anchor: 'middle' })
      : '')
  );
}

function cardBack(x: number, y: number, w: number, h: number): string {
  return (
    box(x, y, w, h, { fill: BACK, stroke: '#ffffff', strokeWidth: 2, radius: 6 }) +
    box(x + 7, y + 7, w - 14, h - 14, { fill: 'none', stroke: '#9db4d8', strokeWidth: 2, radius: 4 })
  );
}

function seatStatus(view: IcgView, s: SeatView): { line: string; colour: string } {
  switch (view.phase) {
    case 'negotiation':
      return s.ready ? { line: '✓ Ready', colour: GOOD } : { line: 'Negotiating…', colour: MUTED };
    case 'declaration':
    case 'swap':
      if (s.claim) return { line: `Claims ${cardLabel(s.claim, s.seat)}`, colour: INK };
      return view.declaringSeat === s.seat
        ? { line: 'Declaring now…', colour: BAD }
        : { line: 'Not declared yet', colour: MUTED };
    case 'over':
      return s.scored.length >= CARDS_TO_WIN ? { line: 'Winner', colour: GOOD } : { line: '', colour: MUTED };
  }
}

function seatPanel(view: IcgView, s: SeatView, reveal: RoundRecord | null): string {
  const [x, y] = SEAT_AT[s.seat] ?? [0, 0];
  const colour = suitColour(s.seat);
  const acting = view.declaringSeat === s.seat || (view.phase === 'swap' && view.startingSeat === s.seat);
  const parts = [
    box(x, y, SEAT_W, SEAT_H, {
      fill: acting ? '#fff6d8' : '#ffffff',
      stroke: colour,
      strokeWidth: acting ? 5 : 2,
      radius: 12,
    }),
    text(x + 14, y + 34, s.suit, { size: 28, bold: true, fill: colour }),
    text(x + 50, y + 32, fit(s.name, 160, 20, true), { size: 20, bold: true, fill: INK }),
  ];
  const status = seatStatus(view, s);
  if (status.line)
    parts.push(text(x + 16, y + 60, status.line, { size: 16, bold: true, fill: status.colour }));
  const starts = s.seat === view.startingSeat && view.phase !== 'over' ? ' · ★ starts' : '';
  parts.push(text(x + 16, y + 84, `Hand ${s.handCount}${starts}`, { size: 15, fill: MUTED }));

  // The table slot: this round's face-down card, or the card revealed last round.
  const slotX = x + SEAT_W - 72;
  const slotY = y + 14;
  const play = reveal?.plays.find((p) => p.seat === s.seat);
  if (play) {
    parts.push(faceUp(slotX, slotY, 58, 82, play.card, s.seat));
    parts.push(
      text(slotX + 29, slotY + 102, play.scored ? '✓ scored' : '✗ lost', {
        size: 14,
        bold: true,
        fill: play.scored ? GOOD : BAD,
        anchor: 'middle',
      }),
    );
  } else if (s.placed) parts.push(cardBack(slotX, slotY, 58, 82));
  else if (view.phase === 'declaration' || view.phase === 'swap')
    parts.push(
      box(slotX, slotY, 58, 82, { fill: 'none', stroke: '#b8bcc2', strokeWidth: 2, radius: 6, dash: true }),
    );

  parts.push(
    text(x + 16, y + 114, `Scored ${s.scored.length}/${CARDS_TO_WIN}`, { size: 15, bold: true, fill: INK }),
  );
  s.scored.slice(0, CARDS_TO_WIN).forEach((rank, i) => {
    parts.push(faceUp(x + 16 + i * 36, y + 124, 32, 42, rank, s.seat));
  });
  return parts.join('');
}

function jokers(view: IcgView): string {
  const parts: string[] = [];
  const cards: { mode: 'high' | 'low'; x: number; colour: string; word: string }[] = [
    { mode: 'high', x: 384, colour: INK, word: 'HIGH' },
    { mode: 'low', x: 520, colour: BAD, word: 'LOW' },
  ];
  for (const c of cards) {
    const y = 300;
    if (c.mode !== view.mode) {
      parts.push(cardBack(c.x, y, 96, 130));
      continue;
    }
    parts.push(box(c.x, y, 96, 130, { fill: '#ffffff', stroke: '#f2c94c', strokeWidth: 4, radius: 8 }));
    parts.push(text(c.x + 48, y + 30, 'JOKER', { size: 16, bold: true, fill: c.colour, anchor: 'middle' }));
    parts.push(text(c.x + 48, y + 70, '★', { size: 30, fill: c.colour, anchor: 'middle' }));
    parts.push(text(c.x + 48, y + 108, c.word, { size: 22, bold: true, fill: c.colour, anchor: 'middle' }));
  }
  const caption = view.mode === 'high' ? 'High: the highest card scores' : 'Low: the lowest card scores';
  parts.push(text(500, 458, caption, { size: 16, bold: true, fill: '#ffffff', anchor: 'middle' }));
  if (view.phase === 'negotiation' && !view.modeChosen)
    parts.push(text(500, 478, 'not turned yet this round', { size: 14, fill: '#e3efe8', anchor: 'middle' }));
  return parts.join('');
}

function headline(view: IcgView): string {
  const seat = (i: number | null): string => {
    const s = i === null ? undefined : view.seats[i];
    return s ? seatLabel(s) : 'nobody';
  };
  switch (view.phase) {
    case 'negotiation': {
      const ready = view.seats.filter((s) => s.ready).length;
      return `Negotiation: ${seat(view.startingSeat)} starts; ${ready} of 4 ready.`;
    }
    case 'declaration':
      return `Declaration: ${seat(view.declaringSeat)} says a card and places one face down.`;
    case 'swap':
      return `Swap: ${seat(view.startingSeat)} may swap their face-down card once, then all are revealed.`;
    case 'over':
      return `Game over. ${plain(view.outcome?.summary ?? '')}`;
  }
}

function revealLine(view: IcgView, r: RoundRecord): string {
  const name = (seat: number): string => view.seats[seat]?.name ?? `Seat ${seat + 1}`;
  const scored = r.plays.filter((p) => p.scored).map((p) => `${name(p.seat)} ${cardLabel(p.card, p.seat)}`);
  const bluffs = r.plays.filter((p) => p.claim !== p.card).map((p) => name(p.seat));
  return (
    `Round ${r.round} reveal (${r.mode === 'high' ? 'High' : 'Low'}): ${comboName(r.combo)}; ` +
    `scored ${scored.join(', ') || 'nothing'}` +
    (bluffs.length > 0 ? `; played another card than claimed: ${bluffs.join(', ')}.` : '.')
  );
}

function handStrip(view: IcgView, me: PrivateView, top: number): string {
  const seat = view.seats[me.seat];
  const parts = [
    box(16, top, WIDTH - 32, HAND_HEIGHT - 16, {
      fill: '#ffffff',
      stroke: suitColour(me.seat),
      strokeWidth: 2,
      radius: 12,
    }),
    text(36, top + 32, `Your hand${seat ? `, ${seatLabel(seat)}` : ''} (only you see this)`, {
      size: 18,
      bold: true,
      fill: INK,
    }),
  ];
  me.hand.forEach((rank, i) => parts.push(faceUp(36 + i * 68, top + 44, 58, 82, rank, me.seat)));
  if (me.faceDown) {
    const x = WIDTH - 200;
    parts.push(text(x - 16, top + 32, 'Your face-down card', { size: 16, bold: true, fill: INK }));
    parts.push(faceUp(x + 40, top + 44, 58, 82, me.faceDown, me.seat));
  }
  return parts.join('');
}

function alt(view: IcgView, reveal: RoundRecord | null, me: PrivateView | null): string {
  const mode = view.mode === 'high' ? 'High (black joker)' : 'Low (red joker)';
  const turned = view.phase === 'negotiation' && !view.modeChosen ? ', not turned yet this round' : '';
  const seats = view.seats.map((s) => {
    const bits = [seatLabel(s) + (s.seat === view.startingSeat && view.phase !== 'over' ? ' (starts)' : '')];
    const status = seatStatus(view, s).line.replace('✓ ', '');
    if (status) bits.push(status.toLowerCase());
    if (s.placed) bits.push('card face down');
    const scored = s.scored.map((r) => cardLabel(r, s.seat)).join(' ');
    bits.push(`scored ${s.scored.length} of ${CARDS_TO_WIN}${scored ? ` (${scored})` : ''}`);
    return `${bits.join(', ')}.`;
  });
  const hand = me
    ? `Your hand: ${me.hand.map((r) => cardLabel(r, me.seat)).join(' ') || 'empty'}${
        me.faceDown ? `; your face-down card: ${cardLabel(me.faceDown, me.seat)}` : ''
      }.`
    : '';
  return altText([
    `Item Collection Game table, round ${view.round}. ${headline(view)} Joker: ${mode}${turned}.`,
    ...seats,
    reveal ? revealLine(view, reveal) : '',
    hand,
  ]);
}

export function tablePicture(view: IcgView, ctx: PresentContext): Picture {
  const me = ctx.viewer === null ? null : view.me;
  const reveal = lastReveal(view);
  const title = `Item Collection Game — round ${view.round}${view.phase === 'over' ? ' (game over)' : ''}`;
  const parts = [
    text(24, 38, title, { size: 24, bold: true, fill: INK }),
    textBlock(24, 50, wrap(headline(view), WIDTH - 48, 17, false, 1), { size: 17, fill: INK }).svg,
    box(190, 190, 620, 380, { fill: FELT, stroke: '#1f4a36', strokeWidth: 6, radius: 80 }),
    jokers(view),
    ...view.seats.map((s) => seatPanel(view, s, reveal)),
  ];
  const footer: string[] = [];
  if (reveal) footer.push(revealLine(view, reveal));
  if (view.phase === 'declaration' || view.phase === 'swap')
    footer.push(
      `Order: ${view.order.map((i) => (view.seats[i] ? seatLabel(view.seats[i]) : '')).join(' → ')}`,
    );
  footer.push(
    `Score ${CARDS_TO_WIN} cards to win · card back = a card placed face down · ★ = starting player`,
  );
  const lines = footer.flatMap((l) => wrap(l, WIDTH - 48, 16, false, 2)).slice(0, 4);
  const notes = textBlock(24, FOOTER_TOP, lines, { size: 16, fill: MUTED }, 20);
  parts.push(notes.svg);
  const tableHeight = FOOTER_TOP + notes.height + 16;
  const height = tableHeight + (me ? HAND_HEIGHT : 0);
  if (me) parts.push(handStrip(view, me, tableHeight));
  return {
    kind: 'table',
    width: WIDTH,
    height,
    svg: svgDocument(WIDTH, height, PAPER, parts),
    alt: alt(view, reveal, me),
  };
}
