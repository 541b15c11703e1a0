/**
 * Collection Deck pictures. The public view draws the Field: every crisis as a card with its
 * points, aspects, difficulty (base → current with the modifiers on it) and the techniques
 * stacked on it. A seated player's view draws their hand (hand-picture.ts). A viewer without
 * a seat (facilitator, onlooker) gets the Field, as their text panel is the board too.
 */
import type { PresentContext } from '../contract.ts';
import type { Picture } from '../picture.ts';
import { altText, box, svgDocument, text, textBlock, wrap } from '../svg.ts';
import { handPicture } from './hand-picture.ts';
import {
  aspectChips,
  aspectsInWords,
  band,
  BAD,
  CARD,
  EDGE,
  header,
  HIGHLIGHT,
  INK,
  MUTED,
  PAPER,
  STATUS_COLOURS,
  cardGrid,
} from './picture-style.ts';
import type { CdCrisisView, CdView } from './view.ts';
import { plural } from '../text.ts';

const {
  width: WIDTH,
  perRow: PER_ROW,
  gap: GAP,
  margin: MARGIN,
  pad: PAD,
  cardWidth: CARD_W,
  inner: INNER,
} = cardGrid(1100, 5, 12);

const difficultyText = (c: CdCrisisView): string =>
  c.currentDifficulty === c.difficulty ? `${c.difficulty}` : `${c.difficulty} → ${c.currentDifficulty}`;

/** A crisis card's contents from `top`; the frame is drawn by the row, at the row's height. */
function crisisContent(c: CdCrisisView, x: number, top: number): { svg: string; height: number } {
  const parts = [
    band(
      x,
      top,
      CARD_W,
      c.targeted ? HIGHLIGHT : '#2b3a4a',
      `${c.points} point${c.points === 1 ? '' : 's'}`,
      c.targeted ? 'TARGETED' : '',
    ),
  ];
  let y = top + 44;
  const add = (block: { svg: string; height: number }, after = 6): void => {
    parts.push(block.svg);
    y += block.height + after;
  };
  add(textBlock(x + PAD, y, wrap(c.name, INNER, 17, true, 4), { size: 17, bold: true, fill: INK }, 21));
  add(aspectChips(x + PAD, y, INNER, c.aspects), 8);
  add(textBlock(x + PAD, y, [`Difficulty ${difficultyText(c)}`], { size: 17, bold: true, fill: INK }, 21), 2);
  if (c.modifiers.length > 0)
    add(
      textBlock(x + PAD, y, wrap(`Modifiers: ${c.modifiers.join(', ')}`, INNER, 14, false, 3), {
        size: 14,
        fill: BAD,
      }),
    );
  parts.push(`<path d="M${x + PAD} ${y + 4}H${x + CARD_W - PAD}" stroke="${EDGE}" stroke-width="1"/>`);
  y += 8;
  add(
    textBlock(x + PAD, y, [`Techniques ${c.techniques.length} of ${c.points}`], {
      size: 14,
      bold: true,
      fill: MUTED,
    }),
    2,
  );
  for (const t of c.techniques) {
    add(textBlock(x + PAD, y, wrap(t.name, INNER, 14, true, 2), { size: 14, bold: true, fill: INK }), 0);
    if (t.mods.length > 0)
      add(
        textBlock(x + PAD, y, wrap(`+ ${t.mods.join(', ')}`, INNER, 14, false, 2), { size: 14, fill: INK }),
        0,
      );
    add(
      textBlock(x + PAD, y, wrap(`${t.owner} · ${t.status}`, INNER, 14, true, 2), {
        size: 14,
        bold: true,
        fill: STATUS_COLOURS[t.status] ?? MUTED,
      }),
      6,
    );
  }
  if (c.techniques.length === 0) add(textBlock(x + PAD, y, ['none yet'], { size: 14, fill: MUTED }), 6);
  return { svg: parts.join(''), height: y - top + 6 };
}

function crisisAlt(c: CdCrisisView): string {
  const difficulty =
    c.currentDifficulty === c.difficulty
      ? `difficulty ${c.difficulty}`
      : `difficulty ${c.currentDifficulty} (base ${c.difficulty}, ${c.modifiers.join(', ')})`;
  // Standing is the usual status; only the others are spelled out, to keep within the alt limit.
  const techs = c.techniques
    .map((t) => `${t.name} (${t.owner}${t.status === 'standing' ? '' : `, ${t.status}`})`)
    .join(', ');
  return `${c.targeted ? 'Targeted: ' : ''}${c.name}: ${c.points} pt, ${aspectsInWords(c.aspects)}, ${difficulty}${techs ? `; techniques ${techs}` : ''}.`;
}

function fieldPicture(v: CdView): Picture {
  const title = `Field, round ${v.round}${v.result ? ' (game over)' : ''}`;
  const head = header(v, WIDTH, title);
  const parts = [head.svg];
  let y = head.height;
  for (let i = 0; i < v.field.length; i += PER_ROW) {
    const row = v.field.slice(i, i + PER_ROW);
    const contents = row.map((c, j) => crisisContent(c, MARGIN + j * (CARD_W + GAP), y));
    const height = Math.max(...contents.map((c) => c.height));
    row.forEach((c, j) => {
      const x = MARGIN + j * (CARD_W + GAP);
      parts.push(
        box(x, y, CARD_W, height, {
          fill: CARD,
          stroke: c.targeted ? HIGHLIGHT : EDGE,
          strokeWidth: c.targeted ? 4 : 1,
          radius: 10,
        }),
      );
      parts.push(contents[j]?.svg ?? '');
    });
    y += height + GAP;
  }
  if (v.field.length === 0) {
    parts.push(text(MARGIN, y + 24, 'The Field is empty.', { size: 17, fill: MUTED }));
    y += 40;
  }
  const notes = [
    ...v.turn.plays.map((p) => `${p.by}: ${p.card} → ${p.on}${p.defeated ? ' (defeated)' : ''}`),
    `Collection deck ${v.deckCount} · discard ${v.discardCount} · crises left ${v.crisisDeckCount}`,
    'Technique status: standing = counts; countered or lost = does not; misfit = no longer fits.',
  ];
  const lines = notes.flatMap((n) => wrap(n, WIDTH - 2 * MARGIN, 15, false, 2)).slice(0, 8);
  const foot = textBlock(MARGIN, y + 2, lines, { size: 15, fill: MUTED }, 20);
  parts.push(foot.svg);
  const heightTotal = y + foot.height + 16;
  const scores = v.seats.map((s) => `${s.name} ${s.score}`).join(', ');
  return {
    kind: 'field',
    width: WIDTH,
    height: heightTotal,
    svg: svgDocument(WIDTH, heightTotal, PAPER, parts),
    alt: altText([
      // The status sentence is in the text panel; the alt text describes what is drawn.
      `${title}. Scores: ${scores}.`,
      `${plural(v.field.length, 'crisis', 'crises')}.`,
      ...v.field.map(crisisAlt),
    ]),
  };
}

export function cdPicture(v: CdView, ctx: PresentContext): Picture {
  return ctx.viewer !== null && v.me ? handPicture(v, v.me) : fieldPicture(v);
}
