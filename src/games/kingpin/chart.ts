/**
 * The debrief chart: the hunt on the map, turn by turn. Chapo's path comes from the end reveal
 * (reveal.ts, ruling R35), so it is drawn only once the game has a result: before that his
 * Location is the Cartel's secret, and the chart is null.
 */
import { altText, box, circle, fit, px, svgDocument, text, wrap } from '../svg.ts';
import type { Picture } from '../picture.ts';
import { content, locName } from './board.ts';
import { revealOf } from './reveal.ts';
import type { KpState } from './types.ts';

const W = 1080;
const H = 700;
const MAP_W = 770;
const PATH = '#c8102e';
const MUTED = '#555555';

/** Chapo's Location at the end of each turn (turn 0: where he started), from the end reveal. */
export function huntPath(s: KpState): { turn: number; at: string }[] | null {
  const reveal = revealOf(s);
  if (!reveal?.complete) return null;
  return reveal.turns.flatMap((t) => (t.endAt === null ? [] : [{ turn: t.turn, at: t.endAt }]));
}

/** "T0, T3-T5": the turns a Location held Chapo. */
function turnList(turns: number[]): string {
  const runs: [number, number][] = [];
  for (const t of turns) {
    const last = runs[runs.length - 1];
    if (last && last[1] === t - 1) last[1] = t;
    else runs.push([t, t]);
  }
  return runs.map(([a, b]) => (a === b ? `T${a}` : `T${a}-T${b}`)).join(', ');
}

/**
 * Each move as a curve from box to box, bowed to one side so it does not run straight through a
 * Location in between, with the turn's number at its middle. Drawn over the boxes.
 */
function moveParts(path: { turn: number; at: string }[]): string[] {
  const c = content();
  const parts: string[] = [];
  path.forEach((p, i) => {
    const from = path[i - 1] && c.location.get(path[i - 1]?.at ?? '');
    const to = c.location.get(p.at);
    if (!from || !to || from.id === to.id) return;
    const [x1, y1, x2, y2] = [from.x, from.y + 26, to.x, to.y + 26];
    // The control point: a quarter of the length to the left of the straight line.
    const [cx, cy] = [(x1 + x2) / 2 - (y2 - y1) / 4, (y1 + y2) / 2 + (x2 - x1) / 4];
    const [mx, my] = [(x1 + 2 * cx + x2) / 4, (y1 + 2 * cy + y2) / 4];
    parts.push(
      `<path d="M${px(x1)} ${px(y1)} Q${px(cx)} ${px(cy)} ${px(x2)} ${px(y2)}" fill="none" stroke="${PATH}" stroke-width="4" stroke-dasharray="10 6" opacity="0.85"/>`,
      circle(mx, my, 13, { fill: PATH, stroke: '#ffffff', strokeWidth: 2 }),
      text(mx, my + 5, String(p.turn), { size: 14, bold: true, fill: '#ffffff', anchor: 'middle' }),
    );
  });
  return parts;
}

function mapParts(path: { turn: number; at: string }[]): string[] {
  const c = content();
  const parts = [
    box(10, 60, MAP_W - 10, H - 110, { fill: '#fbfaf6', stroke: '#99aaaa', strokeWidth: 2, radius: 10 }),
  ];
  for (const l of c.locations) {
    const turns = path.filter((p) => p.at === l.id).map((p) => p.turn);
    const visited = turns.length > 0;
    parts.push(
      box(l.x - 80, l.y, 160, 52, {
        fill: visited ? '#fde8e8' : '#eeeeee',
        stroke: visited ? PATH : '#9a9a9a',
        strokeWidth: visited ? 3 : 1,
        radius: 8,
      }),
      text(l.x - 72, l.y + 20, fit(l.name, 144, 16, true), { size: 16, bold: true }),
      text(l.x - 72, l.y + 42, fit(visited ? turnList(turns) : '—', 144, 14), {
        size: 14,
        fill: visited ? PATH : MUTED,
      }),
    );
  }
  parts.push(...moveParts(path));
  const start = path[0] && c.location.get(path[0].at);
  if (start)
    parts.push(circle(start.x + 70, start.y, 10, { fill: '#2e8b57', stroke: '#ffffff', strokeWidth: 2 }));
  return parts;
}

/** Chapo's path on the map, once the game is over (null before, or for a save without the trail). */
export function kingpinChart(s: KpState): Picture | null {
  const path = huntPath(s);
  if (!s.result || !path || path.length === 0) return null;
  const steps = path.map((p) => `T${p.turn} ${locName(p.at)}`);
  const side = steps.length > 20 ? [...steps.slice(0, 19), `… ${steps.length - 19} more`] : steps;
  const sideTop = 108 + side.length * 20 + 16;
  const parts = [
    text(24, 40, 'Kingpin: the hunt, turn by turn (revealed at the end)', { size: 24, bold: true }),
    ...mapParts(path),
    text(MAP_W + 20, 84, 'Where Chapo ended each turn', { size: 16, bold: true }),
    ...side.map((line, i) => text(MAP_W + 20, 108 + i * 20, fit(line, W - MAP_W - 30, 14), { size: 14 })),
    ...wrap(s.result.summary, W - MAP_W - 30, 14, false, 8).map((line, i) =>
      text(MAP_W + 20, sideTop + i * 20, line, { size: 14, fill: PATH }),
    ),
    text(
      24,
      H - 28,
      "Dashed red: each move of Chapo's, numbered by the turn it was made in. Green dot: where he started.",
      {
        size: 14,
        fill: MUTED,
      },
    ),
  ];
  const end = path[path.length - 1];
  return {
    kind: 'chart',
    width: W,
    height: H,
    svg: svgDocument(W, H, '#f4f0e6', parts),
    alt: altText([
      `Kingpin: the hunt on the map over ${end?.turn ?? 0} turns, as revealed at the end.`,
      `Chapo's Location at the end of each turn: ${steps.join(', ')}.`,
      s.result.summary,
    ]),
  };
}
