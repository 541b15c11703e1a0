/**
 * A seated player's hand as cards with their full text: techniques with discipline, aspects,
 * range, restrictions and the crises they fit right now; reality checks with what they do.
 */
import type { Picture } from '../picture.ts';
import { altText, box, svgDocument, textBlock, wrap } from '../svg.ts';
import {
  aspectChips,
  aspectsInWords,
  band,
  CARD,
  DISCIPLINE_COLOURS,
  EDGE,
  GOOD,
  header,
  HIGHLIGHT,
  INK,
  MUTED,
  PAPER,
  REALITY_COLOUR,
  STATUS_COLOURS,
  cardGrid,
} from './picture-style.ts';
import type { CdCrisisView, CdHandCard, CdView, CdViewerPart } from './view.ts';
import { myStrategy, strategyProgress } from './view.ts';
import { plural } from '../text.ts';

const {
  width: WIDTH,
  perRow: PER_ROW,
  gap: GAP,
  margin: MARGIN,
  pad: PAD,
  cardWidth: CARD_W,
  inner: INNER,
} = cardGrid(1100, 4, 14);

/** Names of the crises a technique in hand fits right now. */
function fitsNow(v: CdView, me: CdViewerPart, id: string): string[] {
  return me.fits
    .filter((f) => f.techniques.includes(id))
    .map((f) => v.field.find((c) => c.id === f.crisis)?.name ?? f.crisis);
}

function cardContent(v: CdView, me: CdViewerPart, c: CdHandCard, x: number, top: number) {
  const technique = c.kind === 'technique';
  const colour = technique ? (DISCIPLINE_COLOURS[c.discipline ?? ''] ?? MUTED) : REALITY_COLOUR;
  const parts = [
    band(x, top, CARD_W, colour, technique ? `${c.discipline ?? ''} technique` : 'Reality check'),
  ];
  let y = top + 44;
  const add = (block: { svg: string; height: number }, after = 6): void => {
    parts.push(block.svg);
    y += block.height + after;
  };
  add(textBlock(x + PAD, y, wrap(c.name, INNER, 18, true, 3), { size: 18, bold: true, fill: INK }, 22));
  if (technique) {
    add(aspectChips(x + PAD, y, INNER, c.aspects), 8);
    add(
      textBlock(
        x + PAD,
        y,
        [`Difficulty range ${c.range?.min ?? '?'}–${c.range?.max ?? '?'}`],
        { size: 16, bold: true, fill: INK },
        20,
      ),
    );
  }
  add(textBlock(x + PAD, y, wrap(c.description, INNER, 14, false, 9), { size: 14, fill: INK }, 18));
  for (const note of c.notes)
    add(textBlock(x + PAD, y, wrap(note, INNER, 14, false, 2), { size: 14, fill: MUTED }, 18), 2);
  if (technique) {
    const fits = fitsNow(v, me, c.id);
    const line = fits.length > 0 ? `Fits now: ${fits.join('; ')}` : 'Fits no crisis on the Field now';
    add(
      textBlock(
        x + PAD,
        y + 4,
        wrap(line, INNER, 14, true, 6),
        { size: 14, bold: true, fill: fits.length > 0 ? GOOD : MUTED },
        18,
      ),
    );
  }
  return { svg: parts.join(''), height: y - top + 8 };
}

/** What decides a card's use, without its flavour text: effect, or discipline, aspects, range, restrictions, fits. */
function cardAlt(v: CdView, me: CdViewerPart, c: CdHandCard): string {
  if (c.kind !== 'technique') return `${c.name}: ${c.effect}.`;
  const fits = fitsNow(v, me, c.id);
  const notes = c.notes.length > 0 ? `; ${c.notes.join('; ')}` : '';
  const count =
    fits.length === 0
      ? 'fits nothing now'
      : `fits ${fits.length} ${fits.length === 1 ? 'crisis' : 'crises'} now`;
  return `${c.name} (${c.discipline ?? ''}, ${aspectsInWords(c.aspects)}, range ${c.range?.min ?? ''}-${c.range?.max ?? ''}${notes}), ${count}.`;
}

/** Which crises a technique fits, named: after every card's facts, as the list can be long. */
function fitsAlt(v: CdView, me: CdViewerPart, c: CdHandCard): string {
  const fits = c.kind === 'technique' ? fitsNow(v, me, c.id) : [];
  return fits.length > 0 ? `${c.name} fits ${fits.join(', ')}.` : '';
}

const strategyHead = (c: CdCrisisView): string => {
  const d =
    c.currentDifficulty === c.difficulty ? `${c.difficulty}` : `${c.difficulty} → ${c.currentDifficulty}`;
  return `Your strategy: ${c.name} (${c.points} pt, ${aspectsInWords(c.aspects)}, difficulty ${d})`;
};

const techniqueLine = (t: CdCrisisView['techniques'][number], me: string): string =>
  `• ${t.name}${t.mods.length > 0 ? ` + ${t.mods.join(', ')}` : ''} (${t.owner === me ? '' : `${t.owner}'s, `}${t.status})`;

/** The techniques already put down for the viewer's own strategy, above the hand. */
function strategyStrip(c: CdCrisisView, me: string, top: number): { svg: string; height: number } {
  const width = WIDTH - 2 * MARGIN;
  const parts: string[] = [];
  let y = top + 12;
  const add = (block: { svg: string; height: number }, after = 4): void => {
    parts.push(block.svg);
    y += block.height + after;
  };
  add(
    textBlock(
      MARGIN + PAD,
      y,
      wrap(strategyHead(c), width - 2 * PAD, 18, true, 2),
      { size: 18, bold: true, fill: INK },
      22,
    ),
  );
  if (c.modifiers.length > 0)
    add(
      textBlock(MARGIN + PAD, y, [`On the crisis: ${c.modifiers.join(', ')}`], { size: 15, fill: MUTED }, 19),
    );
  for (const t of c.techniques)
    add(
      textBlock(
        MARGIN + PAD,
        y,
        wrap(techniqueLine(t, me), width - 2 * PAD, 16, false, 2),
        {
          size: 16,
          fill: STATUS_COLOURS[t.status] ?? INK,
        },
        20,
      ),
      2,
    );
  if (c.techniques.length === 0)
    add(textBlock(MARGIN + PAD, y, ['No technique put down yet.'], { size: 16, fill: MUTED }, 20), 2);
  add(textBlock(MARGIN + PAD, y + 2, [strategyProgress(c)], { size: 16, bold: true, fill: INK }, 20));
  const height = y - top + 8;
  const frame = box(MARGIN, top, width, height, {
    fill: CARD,
    stroke: HIGHLIGHT,
    strokeWidth: 3,
    radius: 10,
  });
  return { svg: frame + parts.join(''), height };
}

export function handPicture(v: CdView, me: CdViewerPart): Picture {
  const seat = v.seats[me.seat];
  const title = `${me.name}'s hand, round ${v.round}`;
  const head = header(v, WIDTH, title);
  const parts = [head.svg];
  let y = head.height;
  const strategy = myStrategy(v);
  if (strategy) {
    const strip = strategyStrip(strategy, me.name, y);
    parts.push(strip.svg);
    y += strip.height + GAP;
  }
  for (let i = 0; i < me.hand.length; i += PER_ROW) {
    const row = me.hand.slice(i, i + PER_ROW);
    const contents = row.map((c, j) => cardContent(v, me, c, MARGIN + j * (CARD_W + GAP), y));
    const height = Math.max(...contents.map((c) => c.height));
    row.forEach((_, j) => {
      parts.push(
        box(MARGIN + j * (CARD_W + GAP), y, CARD_W, height, { fill: CARD, stroke: EDGE, radius: 10 }),
      );
      parts.push(contents[j]?.svg ?? '');
    });
    y += height + GAP;
  }
  if (me.hand.length === 0) {
    parts.push(textBlock(MARGIN, y, ['Your hand is empty.'], { size: 17, fill: MUTED }).svg);
    y += 40;
  }
  const height = y + 8;
  return {
    kind: 'hand',
    width: WIDTH,
    height,
    svg: svgDocument(WIDTH, height, PAPER, parts),
    alt: altText([
      `${title}${seat ? `, ${plural(seat.score, 'point')}` : ''}: ${plural(me.hand.length, 'card')}.`,
      // What the player is building comes before the hand: it is what they decide on now.
      strategy
        ? `${strategyHead(strategy)}: ${strategy.techniques.map((t) => techniqueLine(t, me.name).slice(2)).join('; ') || 'no technique yet'}; ${strategyProgress(strategy)}.`
        : '',
      // Every card is named first, so a long hand clipped to the alt-text limit still lists them all.
      me.hand.length > 0 ? `Cards: ${me.hand.map((c) => c.name).join(', ')}.` : '',
      ...me.hand.map((c) => cardAlt(v, me, c)),
      ...me.hand.map((c) => fitsAlt(v, me, c)),
      // Descriptions last: the alt text is cut at about 1,000 characters, and My view's text has them all.
      ...me.hand.map((c) => `${c.name}: ${c.description}`),
    ]),
  };
}
