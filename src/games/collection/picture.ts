/**
 * The board as a picture: the three scenarios side by side, each with its crisis ladder, its
 * reports circle and six collector spaces (affinity colours, engagement gems, the coin on the
 * response ladder, the analysts standing there), then the analysts and the last roll. Drawn
 * from the view only, so nothing private can appear.
 */
import type { PresentContext } from '../contract.ts';
import type { Picture } from '../picture.ts';
import { affinity } from './rules.ts';
import { circle, doc, fit, rect, text } from './svg.ts';
import { COLLECTORS, COLOURS, CRISIS_DEFEAT, RESPONSE_MAX, type Colour, type RoleId } from './types.ts';
import type { ColView, ScenarioView, SeatView } from './view.ts';
import { fit as measuredFit, wrap } from '../svg.ts';
import { plain } from '../text.ts';

const WIDTH = 1080;
const COL_W = 336;
const GAP = 15;
const ROW_H = 66;
const TOP = 56;
const SPACES_TOP = TOP + 236;
const HUE: Record<Colour, string> = { political: '#2f6fdb', military: '#d83b3b', economic: '#2e9e4f' };
const PALE: Record<Colour, string> = { political: '#dbe7fb', military: '#f8dcdc', economic: '#d9f0df' };
const TOKEN: Record<RoleId, string> = {
  political: 'P',
  military: 'M',
  economic: 'E',
  collection: 'C',
  leadership: 'L',
  stw: 'S',
  targeting: 'T',
};
const ROLE_SHORT: Record<RoleId, string> = {
  political: 'Political',
  military: 'Military',
  economic: 'Economic',
  collection: 'Collection',
  leadership: 'Leadership',
  stw: 'ST&W',
  targeting: 'Targeting',
};
const TOKEN_FILL: Record<RoleId, string> = {
  political: HUE.political,
  military: HUE.military,
  economic: HUE.economic,
  collection: '#6b4fbb',
  leadership: '#1f4e9c',
  stw: '#9c2424',
  targeting: '#7a5a12',
};

function token(x: number, y: number, s: SeatView, acting: boolean): string {
  const fill = s.role ? TOKEN_FILL[s.role] : '#777';
  return [
    acting ? circle(x, y, 15, '#ffd54a') : '',
    circle(x, y, 12, fill, 'stroke="#fff" stroke-width="2"'),
    text(x, y + 5, s.role ? TOKEN[s.role] : '?', { size: 14, bold: true, fill: '#fff', anchor: 'middle' }),
  ].join('');
}

function crisisLadder(x: number, y: number, s: ScenarioView): string {
  const out = [text(x, y + 17, 'Crisis', { size: 14, bold: true })];
  for (let i = 1; i <= 10; i++) {
    const cx = x + 52 + (i - 1) * 27.5;
    const heat = Math.round(230 - i * 14);
    out.push(rect(cx, y, 26, 26, i === 10 ? '#5a0d0d' : `rgb(255,${heat},${heat - 40})`, 'rx="3"'));
    out.push(
      text(cx + 13, y + 19, String(i), { size: 14, anchor: 'middle', fill: i >= 9 ? '#fff' : '#333' }),
    );
    if (s.card && s.crisis === i) {
      out.push(circle(cx + 13, y + 13, 13, '#c40000', 'stroke="#fff" stroke-width="2"'));
      out.push(text(cx + 13, y + 19, String(i), { size: 15, bold: true, fill: '#fff', anchor: 'middle' }));
    }
  }
  return out.join('');
}

function reportsCircle(x: number, y: number, s: ScenarioView): string {
  if (!s.card) return '';
  const card = s.card;
  const slots: { colour: Colour; done: boolean }[] = COLOURS.flatMap((c) =>
    Array.from({ length: card.needs[c] }, (_, i) => ({ colour: c, done: i < s.reports[c] })),
  );
  const cx = x + 62;
  const cy = y + 58;
  const out = [circle(cx, cy, 52, '#f4f1ea', 'stroke="#b9b2a3" stroke-width="2"')];
  slots.forEach((slot, i) => {
    const a = (i / slots.length) * 2 * Math.PI - Math.PI / 2;
    const px = cx + Math.cos(a) * 38;
    const py = cy + Math.sin(a) * 38;
    out.push(
      circle(
        px,
        py,
        10,
        slot.done ? HUE[slot.colour] : PALE[slot.colour],
        `stroke="${HUE[slot.colour]}" stroke-width="2"`,
      ),
    );
  });
  const total = COLOURS.reduce((n, c) => n + s.reports[c], 0);
  out.push(text(cx, cy + 6, `${total}/10`, { size: 16, bold: true, anchor: 'middle' }));
  const names: Record<Colour, string> = {
    political: 'Political',
    military: 'Military',
    economic: 'Economic',
  };
  COLOURS.forEach((c, i) => {
    out.push(rect(x + 132, y + 16 + i * 28, 14, 14, HUE[c], 'rx="3"'));
    out.push(text(x + 152, y + 29 + i * 28, `${names[c]} ${s.reports[c]}/${card.needs[c]}`, { size: 15 }));
  });
  return out.join('');
}

function spaceRow(
  x: number,
  y: number,
  view: ColView,
  s: ScenarioView,
  c: (typeof COLLECTORS)[number],
  acting: number,
): string {
  const sp = s.spaces[c];
  const out = [rect(x, y, COL_W, ROW_H - 4, '#ffffff', 'rx="6" stroke="#d3cec4"')];
  const [a, b] = affinity(c);
  if (a && b) {
    out.push(rect(x, y, 8, (ROW_H - 4) / 2, HUE[a]));
    out.push(rect(x, y + (ROW_H - 4) / 2, 8, (ROW_H - 4) / 2, HUE[b]));
  }
  out.push(text(x + 16, y + 22, c, { size: 17, bold: true }));
  let gx = x + 86;
  for (const colour of COLOURS) {
    if (sp.gems[colour] === 0) continue;
    out.push(circle(gx, y + 16, 8, HUE[colour]));
    out.push(text(gx + 12, y + 22, String(sp.gems[colour]), { size: 15, bold: true, fill: HUE[colour] }));
    gx += 38;
  }
  // Analysts stand right of the gem counts (which end by x + 190): a crowd of six or seven on one
  // space packs closer, overlapping like stacked chips with every letter visible, never over the gems.
  const here = view.seats.filter((v) => v.at?.scenario === s.letter && v.at.collector === c);
  const step = here.length > 1 ? Math.min(28, Math.floor(114 / (here.length - 1))) : 0;
  here.forEach((v, i) => {
    out.push(token(x + COL_W - 18 - i * step, y + 17, v, v.seat === acting));
  });
  for (let i = 1; i <= RESPONSE_MAX; i++) {
    const lx = x + 16 + (i - 1) * 31;
    const on = sp.coin === i;
    out.push(rect(lx, y + 34, 30, 22, on ? '#e2b321' : '#efece6', 'rx="3"'));
    out.push(
      text(lx + 15, y + 51, String(i), {
        size: 14,
        bold: on,
        anchor: 'middle',
        fill: on ? '#000' : '#8a8478',
      }),
    );
  }
  return out.join('');
}

function scenarioColumn(x: number, view: ColView, s: ScenarioView, acting: number): string {
  const height = SPACES_TOP + COLLECTORS.length * ROW_H - TOP + 8;
  // A completed scenario still loses at crisis 10 (ruling R12): then it is drawn lost, not complete.
  const lost = s.card !== null && s.crisis >= CRISIS_DEFEAT;
  const fill = !s.card ? '#e4e2dd' : lost ? '#f8dcdc' : s.completed ? '#e3f3e6' : '#f7f5f0';
  const out = [rect(x - 6, TOP, COL_W + 12, height, fill, 'rx="10" stroke="#b9b2a3"')];
  out.push(text(x + 4, TOP + 28, `Scenario ${s.letter}`, { size: 22, bold: true }));
  if (lost) {
    out.push(rect(x + 190, TOP + 10, 146, 26, '#a31515', 'rx="5"'));
    out.push(text(x + 263, TOP + 29, 'LOST', { size: 15, bold: true, fill: '#fff', anchor: 'middle' }));
  } else if (s.completed) {
    out.push(rect(x + 190, TOP + 10, 146, 26, '#2e9e4f', 'rx="5"'));
    out.push(text(x + 263, TOP + 29, 'COMPLETE', { size: 15, bold: true, fill: '#fff', anchor: 'middle' }));
  }
  if (!s.card) {
    out.push(text(x + 4, TOP + 60, 'Not open yet.', { size: 16 }));
    out.push(text(x + 4, TOP + 84, 'A Crisis Expansion card', { size: 15, fill: '#555' }));
    out.push(text(x + 4, TOP + 104, 'for this letter opens it.', { size: 15, fill: '#555' }));
    return out.join('');
  }
  out.push(text(x + 4, TOP + 52, fit(s.card.title, 36), { size: 15, fill: '#333' }));
  out.push(crisisLadder(x + 4, TOP + 66, s));
  out.push(reportsCircle(x + 4, TOP + 104, s));
  COLLECTORS.forEach((c, i) => out.push(spaceRow(x, SPACES_TOP + i * ROW_H, view, s, c, acting)));
  return out.join('');
}

const LEGEND_H = 62;
const NAME_COLUMNS = 2;
const HEAD_LINE = 22;

/** Which two colours each collector takes (ruling R4): the bar at the left of its spaces, spelt out. */
function legend(y: number): string {
  const out = [
    text(20, y + 20, 'Colours each collector takes gems in and reports (the bar at the left of its space):', {
      size: 15,
      bold: true,
    }),
  ];
  COLLECTORS.forEach((c, i) => {
    const x = 20 + i * 175;
    const [a, b] = affinity(c);
    out.push(text(x, y + 48, c, { size: 15, bold: true }));
    if (a && b) {
      out.push(rect(x + 68, y + 35, 16, 16, HUE[a], 'rx="3"'));
      out.push(rect(x + 88, y + 35, 16, 16, HUE[b], 'rx="3"'));
      out.push(
        text(x + 110, y + 48, `${a[0]?.toUpperCase()}${b[0]?.toUpperCase()}`, { size: 14, fill: '#555' }),
      );
    }
  });
  return out.join('');
}

function footer(y: number, view: ColView, acting: number): string {
  const out = [text(20, y + 20, 'Analysts', { size: 16, bold: true })];
  // Two columns of 520 px: a 32-character Discord name and its role fit whole.
  view.seats.forEach((s, i) => {
    const x = 30 + (i % NAME_COLUMNS) * 520;
    const ty = y + 48 + Math.floor(i / NAME_COLUMNS) * 32;
    out.push(token(x, ty - 5, s, s.seat === acting));
    const label = `${s.name}: ${s.role ? ROLE_SHORT[s.role] : 'no role'}`;
    out.push(
      text(x + 20, ty, measuredFit(label, 480, 14, s.seat === acting), { size: 14, bold: s.seat === acting }),
    );
  });
  const r = view.lastRoll;
  const ry = y + 48 + Math.ceil(view.seats.length / NAME_COLUMNS) * 32;
  if (r) {
    const who = view.seats[r.seat]?.name ?? '?';
    out.push(
      text(
        20,
        ry + 8,
        fit(
          `Last roll: ${who}, ${r.colour} from ${r.collector} in ${r.scenario}, below ${r.target} reports`,
          70,
        ),
        {
          size: 15,
        },
      ),
    );
    r.dice.forEach((d, i) => {
      const dx = 20 + i * 38;
      const good = d !== 10 && d < r.target;
      out.push(rect(dx, ry + 18, 32, 32, good ? '#2e9e4f' : '#ffffff', 'rx="5" stroke="#555"'));
      out.push(
        text(dx + 16, ry + 40, d === 10 ? '0' : String(d), {
          size: 17,
          bold: true,
          anchor: 'middle',
          fill: good ? '#fff' : '#333',
        }),
      );
    });
    out.push(
      text(20 + r.dice.length * 38 + 8, ry + 40, r.success ? 'report!' : 'no report', {
        size: 16,
        bold: true,
        fill: r.success ? '#2e9e4f' : '#a33',
      }),
    );
  }
  return out.join('');
}

function headline(view: ColView): string {
  if (view.outcome) return plain(view.outcome.summary);
  const st = view.stage;
  if (st.kind === 'over') return '';
  const who = view.seats[st.seat]?.name ?? '?';
  if (st.kind === 'roles') return `Choosing roles: ${who}`;
  if (st.kind === 'act')
    return `${who} to act: ${st.actionsLeft} action${st.actionsLeft === 1 ? '' : 's'} left`;
  if (st.kind === 'report') return `${who} uses a report`;
  return `${who} drew a blue card`;
}

function scenarioState(s: ScenarioView): string {
  if (s.crisis >= CRISIS_DEFEAT) return `lost at crisis ${s.crisis}${s.completed ? ' after completion' : ''}`;
  return s.completed ? `complete, crisis ${s.crisis}` : `crisis ${s.crisis}`;
}

function altText(view: ColView): string {
  const parts = view.scenarios.map((s) =>
    s.card
      ? `Scenario ${s.letter}, ${s.card.title}: ${scenarioState(s)}, reports ${COLOURS.map((c) => `${s.reports[c]}/${s.card?.needs[c] ?? 0} ${c}`).join(', ')}`
      : `Scenario ${s.letter} not open`,
  );
  const seats = view.seats.map(
    (s) =>
      `${s.name} (${s.roleName ?? 'no role'}) ${s.at ? `at ${s.at.collector} ${s.at.scenario}` : 'off the board'}`,
  );
  return `COLLECTION board. ${headline(view).replace(/\.$/, '')}. ${parts.join('. ')}. ${seats.join('; ')}.`;
}

export function picture(view: ColView, _ctx: PresentContext): Picture {
  const acting = view.stage.kind === 'over' ? -1 : view.stage.seat;
  // The headline wraps (a defeat's summary runs long) and the board moves down to make room.
  const head = wrap(headline(view), WIDTH - 200, 16, false, 4);
  const shift = Math.max(0, head.length - 1) * HEAD_LINE;
  const boardBottom = SPACES_TOP + COLLECTORS.length * ROW_H + 8;
  const height =
    shift +
    boardBottom +
    LEGEND_H +
    60 +
    Math.ceil(view.seats.length / NAME_COLUMNS) * 32 +
    (view.lastRoll ? 60 : 0);
  const body = [
    rect(0, 0, WIDTH, height, '#fbfaf7'),
    rect(0, 0, WIDTH, 44 + shift, '#1d2430'),
    text(20, 29, 'COLLECTION', { size: 20, bold: true, fill: '#fff' }),
    ...head.map((line, i) =>
      text(WIDTH - 20, 29 + i * HEAD_LINE, line, { size: 16, fill: '#fff', anchor: 'end' }),
    ),
    `<g transform="translate(0 ${shift})">`,
  ];
  view.scenarios.forEach((s, i) => body.push(scenarioColumn(GAP + i * (COL_W + GAP + 3), view, s, acting)));
  body.push(legend(boardBottom + 4));
  body.push(footer(boardBottom + 4 + LEGEND_H, view, acting));
  body.push('</g>');
  const alt = altText(view);
  return {
    kind: 'board',
    width: WIDTH,
    height,
    svg: doc(WIDTH, height, body),
    alt: alt.length > 1024 ? `${alt.slice(0, 1023)}…` : alt,
  };
}
