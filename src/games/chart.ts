/**
 * Debrief charts (issue #29): a line chart of a few series over rounds or turns, drawn with the
 * picture toolkit (svg.ts) so the bot rasterises it like a board. Pure: the same series give the
 * same SVG. Each game turns its end-of-game state into series (<game>/chart.ts); the alt text
 * states the figures, since a screen reader cannot read the lines.
 */
import type { Picture } from './picture.ts';
import { altText, box, circle, escapeXml, fit, px, svgDocument, text, textWidth } from './svg.ts';

export interface ChartSeries {
  name: string;
  colour: string;
  /** One value per step (round or turn); null where the series has no value yet. */
  values: readonly (number | null)[];
}

export interface ChartSpec {
  kind: string;
  title: string;
  /** What a step is: 'Round', 'Turn'. */
  step: string;
  /** The first step's number (1 unless the series start before the first step, e.g. 0). */
  firstStep?: number;
  series: readonly ChartSeries[];
  /** The y axis runs from 0 to at least this. */
  yMax?: number;
  yLabel: string;
  /** Alt-text sentences after the generated ones (what the figures mean). */
  notes?: readonly string[];
}

const WIDTH = 960;
const HEIGHT = 540;
const PLOT = { left: 84, top: 96, right: 930, bottom: 420 } as const;
const INK = '#1c1f24';
const MUTED = '#4a5058';
const GRID = '#d9d4c7';
const PAPER = '#f7f4ec';

/** Series colours a reader can tell apart (and that read on the paper background). */
export const CHART_COLOURS = ['#1d5fbf', '#c0262d', '#1b7a3a', '#8a4fb0', '#b86e00', '#1c1f24'] as const;
export const chartColour = (i: number): string => CHART_COLOURS[i % CHART_COLOURS.length] ?? INK;

/** A y-axis step that gives at most about six grid lines. */
function tick(max: number): number {
  for (const t of [1, 2, 5, 10, 20, 50, 100]) if (max / t <= 6) return t;
  return Math.ceil(max / 6);
}

function polyline(points: readonly (readonly [number, number])[], colour: string): string {
  const d = points.map(([x, y]) => `${px(x)},${px(y)}`).join(' ');
  return `<polyline points="${d}" fill="none" stroke="${escapeXml(colour)}" stroke-width="4" stroke-linejoin="round"/>`;
}

/**
 * A series in words: every value when there are few steps (R1 4, R2 2, …); else where it
 * starts, its highest and lowest and where it ends, so the alt text stays short.
 */
function figures(values: readonly (number | null)[], prefix: string, first: number, steps: number): string {
  if (steps <= 20) return values.map((v, i) => `${prefix}${first + i} ${v ?? '–'}`).join(', ');
  const known = values.flatMap((v, i) => (v === null ? [] : [{ v, at: `${prefix}${first + i}` }]));
  const start = known[0];
  const end = known[known.length - 1];
  if (!start || !end) return 'no value';
  const high = known.reduce((a, b) => (b.v > a.v ? b : a));
  const low = known.reduce((a, b) => (b.v < a.v ? b : a));
  return `${start.v} at ${start.at}, highest ${high.v} at ${high.at}, lowest ${low.v} at ${low.at}, ${end.v} at ${end.at}`;
}

function describe(spec: ChartSpec, steps: number, first: number): string[] {
  const last = first + steps - 1;
  return [
    `${spec.title}: a line chart over ${steps} ${spec.step.toLowerCase()}${steps === 1 ? '' : 's'} (${first} to ${last}), ${spec.yLabel.toLowerCase()} up the side.`,
    ...spec.series.map((s) => `${s.name}: ${figures(s.values, spec.step[0] ?? '', first, steps)}.`),
    ...(spec.notes ?? []),
  ];
}

/** Draws the chart; null when there is nothing to plot (no step). */
export function lineChart(spec: ChartSpec): Picture | null {
  const steps = Math.max(0, ...spec.series.map((s) => s.values.length));
  if (steps === 0) return null;
  const first = spec.firstStep ?? 1;
  const values = spec.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const top = Math.max(spec.yMax ?? 1, ...values, 1);
  const t = tick(top);
  const yMax = Math.ceil(top / t) * t;
  const xAt = (i: number): number =>
    steps === 1 ? (PLOT.left + PLOT.right) / 2 : PLOT.left + ((PLOT.right - PLOT.left) * i) / (steps - 1);
  const yAt = (v: number): number => PLOT.bottom - ((PLOT.bottom - PLOT.top) * v) / yMax;
  const parts: string[] = [
    text(PLOT.left - 60, 44, fit(spec.title, WIDTH - 60, 24, true), { size: 24, bold: true }),
  ];
  for (let v = 0; v <= yMax; v += t) {
    parts.push(box(PLOT.left, yAt(v), PLOT.right - PLOT.left, 1, { fill: GRID }));
    parts.push(text(PLOT.left - 12, yAt(v) + 5, String(v), { size: 14, fill: MUTED, anchor: 'end' }));
  }
  // Label every step when they fit, else about ten of them.
  const every = Math.max(1, Math.ceil(steps / 12));
  for (let i = 0; i < steps; i += every)
    parts.push(
      text(xAt(i), PLOT.bottom + 24, String(first + i), { size: 14, fill: MUTED, anchor: 'middle' }),
    );
  parts.push(
    text((PLOT.left + PLOT.right) / 2, PLOT.bottom + 50, spec.step, {
      size: 16,
      fill: INK,
      anchor: 'middle',
    }),
    text(PLOT.left - 60, 66, spec.yLabel, { size: 16, fill: MUTED }),
  );
  spec.series.forEach((s, n) => {
    // A series with gaps is drawn as separate runs.
    let run: [number, number][] = [];
    const runs: [number, number][][] = [run];
    s.values.forEach((v, i) => {
      if (v === null) runs.push((run = []));
      else run.push([xAt(i), yAt(v)]);
    });
    // Series that share values are offset a little so each stays visible.
    const dy = (n - (spec.series.length - 1) / 2) * 2;
    for (const r of runs) {
      const shifted = r.map(([x, y]) => [x, y + dy] as [number, number]);
      if (shifted.length > 1) parts.push(polyline(shifted, s.colour));
      for (const [x, y] of shifted) parts.push(circle(x, y, 5, { fill: s.colour }));
    }
  });
  // The legend: one chip per series along the bottom.
  let x = PLOT.left;
  let y = HEIGHT - 40;
  for (const s of spec.series) {
    const label = fit(s.name, 260, 16);
    const w = 34 + Math.ceil(textWidth(label, 16));
    if (x + w > WIDTH - 20) {
      x = PLOT.left;
      y += 24;
    }
    parts.push(box(x, y - 12, 22, 8, { fill: s.colour, radius: 3 }), text(x + 30, y, label, { size: 16 }));
    x += w + 24;
  }
  const height = Math.max(HEIGHT, y + 20);
  return {
    kind: spec.kind,
    width: WIDTH,
    height,
    svg: svgDocument(WIDTH, height, PAPER, parts),
    alt: altText(describe(spec, steps, first)),
  };
}
