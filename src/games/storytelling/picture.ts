/**
 * The table as a picture: each crisis as a card with its three escalation marks (filled as it
 * escalates), its techniques against the number required, and a band when it is ready for an
 * operation. Drawn from the public part of a view only, so every viewer gets the same picture.
 */
import type { PresentContext } from '../contract.ts';
import type { Picture } from '../picture.ts';
import { altText, box, svgDocument, text, textBlock, wrap } from '../svg.ts';
import { ESCALATIONS_TO_FAIL, FAILURES_TO_LOSE } from './types.ts';
import type { CrisisView, StView } from './view.ts';
import { difficultyText } from './view.ts';
import { plain, plural } from '../text.ts';

const WIDTH = 1100;
const PER_ROW = 4;
const MARGIN = 20;
const GAP = 16;
const PAD = 14;
const CARD_W = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * GAP) / PER_ROW;
const INNER = CARD_W - 2 * PAD;
const PAPER = '#f4f1ea';
const CARD = '#ffffff';
const INK = '#1d2430';
const MUTED = '#5b6472';
const EDGE = '#b9b2a3';
const DANGER = '#b3261e';
const READY = '#1f6f43';

function marks(x: number, y: number, escalations: number): string {
  return Array.from({ length: ESCALATIONS_TO_FAIL }, (_, i) => {
    const filled = i < escalations;
    return `<circle cx="${x + 10 + i * 26}" cy="${y + 10}" r="9" fill="${filled ? DANGER : CARD}" stroke="${DANGER}" stroke-width="2"/>`;
  }).join('');
}

function crisisCard(c: CrisisView, x: number, top: number): { svg: string; height: number } {
  const parts: string[] = [];
  let y = top + PAD;
  const add = (block: { svg: string; height: number }, after = 6): void => {
    parts.push(block.svg);
    y += block.height + after;
  };
  parts.push(marks(x + PAD, y, c.escalations));
  parts.push(
    text(x + PAD + 84, y + 16, `${c.escalations} of ${ESCALATIONS_TO_FAIL}`, {
      size: 15,
      bold: true,
      fill: DANGER,
    }),
  );
  y += 28;
  add(textBlock(x + PAD, y, wrap(c.name, INNER, 17, true, 3), { size: 17, bold: true, fill: INK }, 21));
  add(textBlock(x + PAD, y, [`${c.aspects} · ${difficultyText(c)}`], { size: 15, fill: MUTED }), 4);
  add(
    textBlock(x + PAD, y, [`Techniques ${c.techniques.length} of ${c.required}`], {
      size: 15,
      bold: true,
      fill: INK,
    }),
    2,
  );
  for (const t of c.techniques)
    add(
      textBlock(x + PAD, y, wrap(`${t.name} (${t.discipline})`, INNER, 14, false, 2), {
        size: 14,
        fill: INK,
      }),
      0,
    );
  if (c.checks.length > 0)
    add(
      textBlock(x + PAD, y, wrap(`Helped by ${c.checks.join(', ')}`, INNER, 14, false, 2), {
        size: 14,
        fill: MUTED,
      }),
      0,
    );
  if (c.ready) {
    y += 6;
    parts.push(box(x + PAD, y, INNER, 26, { fill: READY, radius: 6 }));
    parts.push(
      text(x + PAD + 8, y + 19, 'Ready for an operation', { size: 15, bold: true, fill: '#ffffff' }),
    );
    y += 26;
  }
  return { svg: parts.join(''), height: y - top + PAD };
}

export function storyPicture(v: StView, _ctx: PresentContext): Picture {
  const title = v.result ? plain(v.result.summary) : v.round === 0 ? 'Setting the scene' : `Round ${v.round}`;
  const parts: string[] = [];
  const head = textBlock(
    MARGIN,
    14,
    wrap(title, WIDTH - 2 * MARGIN, 22, true, 2),
    { size: 22, bold: true, fill: INK },
    28,
  );
  parts.push(head.svg);
  let y = 14 + head.height;
  const status = `Defused ${v.defused.length} · failed ${v.failed.length} of ${FAILURES_TO_LOSE} · ${plural(v.crises.length, 'crisis', 'crises')} on the table`;
  parts.push(text(MARGIN, y + 18, status, { size: 16, fill: v.failed.length > 0 ? DANGER : MUTED }));
  y += 34;
  for (let i = 0; i < v.crises.length; i += PER_ROW) {
    const row = v.crises.slice(i, i + PER_ROW);
    const cards = row.map((c, j) => crisisCard(c, MARGIN + j * (CARD_W + GAP), y));
    const height = Math.max(...cards.map((c) => c.height));
    row.forEach((c, j) => {
      const x = MARGIN + j * (CARD_W + GAP);
      parts.push(
        box(x, y, CARD_W, height, {
          fill: CARD,
          stroke: c.escalations >= 2 ? DANGER : EDGE,
          strokeWidth: c.escalations >= 2 ? 3 : 1,
          radius: 10,
        }),
      );
      parts.push(cards[j]?.svg ?? '');
    });
    y += height + GAP;
  }
  if (v.crises.length === 0) {
    parts.push(text(MARGIN, y + 20, 'No crisis on the table.', { size: 17, fill: MUTED }));
    y += 36;
  }
  const height = y + 8;
  return {
    kind: 'table',
    width: WIDTH,
    height,
    svg: svgDocument(WIDTH, height, PAPER, parts),
    alt: altText([
      `${title}. ${status}.`,
      ...v.crises.map(
        (c) =>
          `${c.name}: ${difficultyText(c)}, escalated ${c.escalations} of ${ESCALATIONS_TO_FAIL}, techniques ${c.techniques.length} of ${c.required}${c.ready ? ', ready for an operation' : ''}.`,
      ),
    ]),
  };
}
