/**
 * Pictures drawn from views only: the public Fixed map, the Cartel's Hidden map (its own
 * cards and Chapo, with what is Fixed), and the Hunters' topography display.
 */
import { MIN_TEXT_PX, type Picture } from '../picture.ts';
import { content, locName } from './board.ts';
import { WITH_CHAPO } from './content/index.ts';
import { box, fit, svgDocument, text, wrap } from '../svg.ts';
import type { CardView, KpView, TopoView } from './view.ts';

const W = 1080;
const MAP_W = 770;
const TERRAIN_FILL = { mountain: '#d9cbb0', rural: '#e4e9c8', city: '#d6d6de', coast: '#cfe6ee' } as const;
const TYPE_COLOUR: Record<string, string> = {
  exposure: '#b5452b',
  detection: '#5a4aa8',
  mobility: '#2b7a4b',
};

interface Chip {
  label: string;
  colour: string;
}

const leadsText = (t: TopoView): string => (t.leads.length ? ` → ${t.leads.map(locName).join(', ')}` : '');

const chipOf = (c: CardView, hidden: boolean): Chip => ({
  label: `${hidden ? '' : '▣ '}${c.name}${c.kind === 'need' ? ` ${c.discs ?? 0}/${c.circles ?? 0}` : ''}`,
  colour: c.kind === 'need' ? '#0b4f8a' : (TYPE_COLOUR[c.defenseType ?? ''] ?? '#333'),
});

function locationBox(id: string, chips: Chip[], chapo: 'hidden' | 'fixed' | null): string[] {
  const l = content().location.get(id);
  if (!l) return [];
  const shown = chips.slice(0, 3);
  const h = 48 + shown.length * 20 + (chips.length > 3 ? 20 : 0);
  const x = l.x - 90;
  const y = l.y - 30;
  const out = [
    box(x, y, 180, h, {
      fill: TERRAIN_FILL[l.terrain],
      stroke: chapo ? '#c8102e' : '#6b6b6b',
      strokeWidth: 2,
      radius: 8,
    }),
    text(x + 8, y + 20, fit(l.name, 165, 16, true), { bold: true, size: 16 }),
    text(x + 8, y + 38, l.terrain, { size: 14, fill: '#555' }),
  ];
  shown.forEach((c, i) =>
    out.push(text(x + 8, y + 58 + i * 20, fit(c.label, 165, 14), { size: 14, fill: c.colour })),
  );
  if (chips.length > 3)
    out.push(text(x + 8, y + 58 + 3 * 20, `+${chips.length - 3} more`, { size: 14, fill: '#555' }));
  if (chapo)
    out.push(
      `<circle cx="${x + 166}" cy="${y + 14}" r="11" fill="${chapo === 'fixed' ? '#c8102e' : '#2e8b57'}" stroke="#fff" stroke-width="2"/>`,
      text(x + 166, y + 19, 'C', { size: 14, bold: true, fill: '#fff', anchor: 'middle' }),
    );
  return out;
}

function sidePanel(title: string, lines: Chip[], y0: number, height: number): string[] {
  const x = MAP_W + 10;
  const out = [
    box(x, y0, W - x - 10, height, { fill: '#f7f3ea', stroke: '#6b6b6b', strokeWidth: 2, radius: 8 }),
    text(x + 12, y0 + 24, title, { bold: true, size: 16 }),
  ];
  lines
    .slice(0, Math.floor((height - 36) / 20))
    .forEach((c, i) =>
      out.push(text(x + 12, y0 + 48 + i * 20, fit(c.label, 270, 14), { size: 14, fill: c.colour })),
    );
  return out;
}

function turnTrack(v: KpView, y0: number): string[] {
  const x = MAP_W + 10;
  const out = [
    box(x, y0, W - x - 10, 70, { fill: '#f7f3ea', stroke: '#6b6b6b', strokeWidth: 2, radius: 8 }),
    text(x + 12, y0 + 22, 'Turn track', { bold: true, size: 16 }),
  ];
  for (let t = 1; t <= 8; t++) {
    const cx = x + 26 + (t - 1) * 34;
    const on = t === v.turn && v.phase !== 'setup';
    out.push(
      `<circle cx="${cx}" cy="${y0 + 47}" r="13" fill="${on ? '#c8102e' : t < v.turn ? '#999' : '#fff'}" stroke="#333" stroke-width="2"/>`,
    );
    out.push(
      text(cx, y0 + 52, String(t), {
        size: 14,
        anchor: 'middle',
        fill: on || t < v.turn ? '#fff' : '#1b1b1b',
      }),
    );
  }
  return out;
}

function mapPicture(v: KpView, hiddenBoard: boolean): Picture {
  const H = 700;
  const cards = hiddenBoard
    ? [
        ...(v.cartel?.hidden ?? []).map((c) => ({ c, hidden: true })),
        ...v.fixed.cards.map((c) => ({ c, hidden: false })),
      ]
    : v.fixed.cards.map((c) => ({ c, hidden: false }));
  // R35: the final public map shows the Hidden board and Chapo too.
  const revealed: { c: CardView; hidden: boolean }[] = hiddenBoard
    ? []
    : (v.reveal?.hidden ?? []).map((h) => ({
        c: {
          id: h.id,
          name: h.name,
          kind: h.circles === undefined ? 'defense' : 'need',
          at: h.at,
          ...(h.circles === undefined ? { defenseType: content().defense.get(h.id)?.defenseType ?? '' } : {}),
          ...(h.circles === undefined ? {} : { discs: h.discs ?? 0, circles: h.circles }),
          text: '',
        },
        hidden: true,
      }));
  cards.push(...revealed);
  const chapoAt = hiddenBoard ? (v.cartel?.chapoAt ?? null) : (v.chapo.at ?? v.reveal?.chapoAt ?? null);
  const chapoState = v.chapo.status === 'fixed' || v.chapo.status === 'captured' ? 'fixed' : 'hidden';
  const body: string[] = [
    box(10, 10, MAP_W - 10, H - 20, { fill: '#fbfaf6', stroke: '#9aa', strokeWidth: 2, radius: 10 }),
    text(
      24,
      40,
      hiddenBoard
        ? 'Hidden board (Cartel only)'
        : v.reveal
          ? 'Final board: Fixed, and Hidden revealed'
          : 'Fixed board (public)',
      { bold: true, size: 20 },
    ),
    text(24, H - 24, 'Western Mexico, schematic, north up', { size: 14, fill: '#666' }),
  ];
  for (const l of content().locations) {
    const here = cards.filter((x) => x.c.at === l.id).map((x) => chipOf(x.c, x.hidden));
    if (!hiddenBoard)
      for (const t of v.fixed.topo.filter((t) => t.fixedAt === l.id))
        here.push({ label: `◆ ${t.name ?? t.slot}${leadsText(t)}`, colour: '#7a4b00' });
    body.push(...locationBox(l.id, here, chapoAt === l.id ? chapoState : null));
  }
  const withChapo = cards.filter((x) => x.c.at === WITH_CHAPO).map((x) => chipOf(x.c, x.hidden));
  if (!hiddenBoard)
    for (const t of v.fixed.topo.filter((t) => t.fixedAt === WITH_CHAPO))
      withChapo.push({ label: `◆ ${t.name ?? t.slot}${leadsText(t)}`, colour: '#7a4b00' });
  body.push(...turnTrack(v, 10));
  body.push(
    ...sidePanel('With Chapo', withChapo.length ? withChapo : [{ label: 'empty', colour: '#777' }], 90, 150),
  );
  body.push(
    ...sidePanel(
      'Finished',
      v.finished.length
        ? v.finished.map((c) => chipOf(c, false))
        : [{ label: 'nothing yet', colour: '#777' }],
      250,
      170,
    ),
  );
  const status: Chip[] = [
    {
      label: `Chapo: ${v.chapo.status === 'fixed' ? `Fixed at ${locName(v.chapo.at ?? '')}` : v.chapo.status}`,
      colour: '#c8102e',
    },
  ];
  if (hiddenBoard && v.cartel) {
    status.push({
      label: `Circles: ${v.cartel.discs}/${v.cartel.circles} (${v.cartel.needed} to win)`,
      colour: '#1f6f3a',
    });
    status.push({ label: `Unplayed Defenses: ${v.cartel.unplayed.length}`, colour: '#333' });
    status.push({ label: `Needs deck: ${v.cartel.deck}`, colour: '#333' });
  }
  status.push({ label: '▣ = on the Fixed board', colour: '#555' });
  body.push(...sidePanel('Status', status, 430, 130));
  body.push(
    ...sidePanel(
      'Key',
      [
        { label: 'Need (discs/circles)', colour: '#0b4f8a' },
        { label: 'Exposure Defense', colour: TYPE_COLOUR['exposure'] ?? '' },
        { label: 'Detection Defense', colour: TYPE_COLOUR['detection'] ?? '' },
        { label: 'Mobility Defense', colour: TYPE_COLOUR['mobility'] ?? '' },
      ],
      570,
      120,
    ),
  );
  const fixedCount = v.fixed.cards.length;
  const alt = hiddenBoard
    ? `The Cartel's Hidden map: Chapo ${chapoAt ? `at ${locName(chapoAt)}` : 'not placed yet'}, ${v.cartel?.hidden.length ?? 0} Hidden cards, ${fixedCount} Fixed, ${v.finished.length} Finished.`
    : v.reveal
      ? `The final map, turn ${v.turn}: Chapo at ${locName(chapoAt ?? '')}; revealed Hidden cards: ${v.reveal.hidden.map((h) => `${h.name} at ${locName(h.at)}`).join(', ') || 'none'}; ${fixedCount} Fixed, ${v.finished.length} Finished.`
      : `The public Fixed map, turn ${v.turn}: ${fixedCount} Fixed cards, ${v.fixed.topo.length} Fixed people, ${v.finished.length} Finished; Chapo ${v.chapo.status === 'fixed' ? `Fixed at ${locName(v.chapo.at ?? '')}` : v.chapo.status}.`;
  return {
    kind: hiddenBoard ? 'hidden-map' : 'fixed-map',
    width: W,
    height: H,
    svg: svgDocument(W, H, '#eef3f6', body),
    alt,
  };
}

const CARD_W = 258;
const CARD_H = 176;
const PER_ROW = 4;

function topoCard(t: TopoView, x: number, y: number): string[] {
  const w = CARD_W;
  const fill = t.faceUp ? (t.kind === 'nexus' ? '#f3e6f7' : '#e6eef7') : '#5b5b66';
  const ink = t.faceUp ? '#1b1b1b' : '#ffffff';
  const out = [
    box(x, y, w, CARD_H, { fill, stroke: t.fixedAt ? '#c8102e' : '#444', strokeWidth: 2, radius: 8 }),
    text(x + 8, y + 20, fit(`${t.slot} · ${t.kind} · ${t.subtype}`, w - 14, 14), { size: 14, fill: ink }),
  ];
  if (t.faceUp) {
    out.push(text(x + 8, y + 40, fit(t.name ?? '', w - 14, 15, true), { size: 15, bold: true }));
    out.push(text(x + 8, y + 58, fit(t.role ?? '', w - 14, 14), { size: 14, fill: '#444' }));
    // The card's printed Links: who and what a found person leads to. Four lines at the
    // toolkit's smallest legible size hold the longest (Emma Coronel's, 95 characters).
    wrap(t.linksLine ?? '', w - 14, MIN_TEXT_PX, false, 4).forEach((l, i) =>
      out.push(text(x + 8, y + 76 + i * 16, l, { size: MIN_TEXT_PX, fill: '#1f3f6f' })),
    );
  } else out.push(text(x + 8, y + 50, 'face down', { size: 16, fill: ink }));
  if (t.fixedAt)
    out.push(
      text(x + 8, y + 148, fit(`Fixed: ${locName(t.fixedAt)}`, w - 14, 14), { size: 14, fill: '#c8102e' }),
    );
  if (t.leads.length)
    out.push(
      text(x + 8, y + 166, fit(`Leads: ${t.leads.map(locName).join(', ')}`, w - 14, 14), {
        size: 14,
        fill: '#7a4b00',
        bold: true,
      }),
    );
  return out;
}

function topographyPicture(v: KpView): Picture | null {
  const h = v.hunters;
  if (!h) return null;
  const nexus = h.display.filter((t) => t.kind === 'nexus');
  const support = h.display.filter((t) => t.kind === 'support');
  const rows = (n: number): number => Math.ceil(n / PER_ROW);
  const pitch = CARD_H + 8;
  const sy = 72 + rows(nexus.length) * pitch + 24;
  const H = sy + rows(support.length) * pitch + 30;
  const body: string[] = [text(20, 34, 'Topography display (Hunters only)', { bold: true, size: 20 })];
  const place = (t: TopoView, i: number, top: number): string[] =>
    topoCard(t, 20 + (i % PER_ROW) * (CARD_W + 4), top + Math.floor(i / PER_ROW) * pitch);
  body.push(text(20, 62, 'Nexus', { bold: true, size: 16 }));
  nexus.forEach((t, i) => body.push(...place(t, i, 72)));
  body.push(text(20, sy - 8, 'Support', { bold: true, size: 16 }));
  support.forEach((t, i) => body.push(...place(t, i, sy)));
  body.push(
    text(
      20,
      H - 10,
      `Turn ${v.turn}: Intelligence ${h.available.intel}, Police ${h.available.police}, Marina ${h.available.marina}. Red border = Fixed.`,
      { size: 15 },
    ),
  );
  const found = h.display.filter((t) => t.faceUp);
  const alt = `The Hunters' topography display: ${found.length} of ${h.display.length} found (${found.map((t) => `${t.name ?? ''}: ${t.linksLine ?? ''}`).join('; ') || 'none'}).`;
  return { kind: 'topography', width: W, height: H, svg: svgDocument(W, H, '#eef1f4', body), alt };
}

export function drawPicture(view: KpView): Picture | null {
  if (view.viewer === 'hunters') return topographyPicture(view);
  return mapPicture(view, view.viewer === 'cartel');
}
