/**
 * Panels: the public board (Fixed board, Finished box, turn track, what happened) and each
 * team's private view (the Cartel's Hidden board, the Hunters' Found area) with only the
 * controls that are legal now. Within Discord's limits: 25 options per select, labels of 80.
 */
import type { Panel, PanelButton, PanelField, PanelSelect } from '../panel.ts';
import { content, locName } from './board.ts';
import { defenseLine } from './cards.ts';
import { defenseLines, hiddenLines, trailLines } from './reveal.ts';
import type { ActionOption, CardView, KpView, PawnView, TopoView } from './view.ts';
import { chunkLines, literal } from '../text.ts';

const PHASE_WORDS: Record<KpView['phase'], string> = {
  setup: 'The Cartel prepares: places its blind draw and Chapo',
  cartel: 'Cartel turn: up to 3 actions behind the screen',
  'intel-plan': 'Hunters plan Intelligence',
  'intel-resolve': 'Hunters resolve Intelligence',
  'police-plan': 'Hunters plan Police and the Marina',
  'police-resolve': 'Hunters resolve Police and the Marina',
  over: 'Game over',
};

const clip = (t: string, n: number): string => (t.length <= n ? t : `${t.slice(0, n - 1)}…`);
const PAWN = { intel: 'Intelligence', police: 'Police', marina: 'Marina' } as const;

/** Discord's limit for one field's value. */
const FIELD_MAX = 1024;

/**
 * A list of lines as one field, or several ("name (continued)") when it is longer than a field
 * holds: a list is split between its lines, never cut.
 */
const listFields = (name: string, lines: string[]): PanelField[] =>
  chunkLines(lines.join('\n'), FIELD_MAX).map((value, n) => ({
    name: n === 0 ? name : `${name} (continued)`,
    value,
  }));

function cardLine(c: CardView, rules = false): string {
  const extra =
    c.kind === 'need'
      ? ` ${'●'.repeat(c.discs ?? 0)}${'○'.repeat((c.circles ?? 0) - (c.discs ?? 0))}`
      : ` (${c.defenseType}${rules && c.rule ? `: ${c.rule}` : ''})`;
  return `${c.name}${extra}`;
}

/** `rules`: each Defense with what it does (the Fixed board, where both sides read it). */
function byLocation(cards: CardView[], topo: TopoView[], rules = false): string {
  const places = [...new Set([...cards.map((c) => c.at), ...topo.map((t) => t.fixedAt ?? '')])].filter(
    Boolean,
  );
  if (places.length === 0) return 'Nothing is Fixed yet.';
  return places
    .map((at) => {
      const items = [
        ...cards.filter((c) => c.at === at).map((c) => cardLine(c, rules)),
        ...topo
          .filter((t) => t.fixedAt === at)
          .map(
            (t) =>
              `👤 ${t.name ?? t.slot}${t.leads.length ? ` — Leads: ${t.leads.map(locName).join(', ')}` : ''}`,
          ),
      ];
      return `**${locName(at)}**: ${items.join('; ')}`;
    })
    .join('\n');
}

function chapoLine(v: KpView): string {
  switch (v.chapo.status) {
    case 'unplaced':
      return 'El Chapo: not yet placed.';
    case 'hidden':
      return 'El Chapo: Hidden.';
    case 'fixed':
      return `El Chapo: **Fixed at ${locName(v.chapo.at ?? '')}**.`;
    case 'captured':
      return `El Chapo: **captured at ${locName(v.chapo.at ?? '')}**.`;
  }
}

/** R35: once the game is over, everything that was secret, first (it is what the end is for). */
function revealFields(v: KpView): PanelField[] {
  const r = v.reveal;
  if (!r) return [];
  return [
    ...listFields('Revealed: where Chapo was', trailLines(r)),
    ...listFields('Revealed: the Hidden board at the end', hiddenLines(r)),
    ...listFields('Revealed: Defenses used', defenseLines(r)),
  ];
}

function commonFields(v: KpView): PanelField[] {
  const fields: PanelField[] = [
    ...revealFields(v),
    { name: 'Fixed board', value: clip(byLocation(v.fixed.cards, v.fixed.topo, true), 1024) },
  ];
  if (v.finished.length)
    fields.push({ name: 'Finished box', value: clip(v.finished.map((c) => cardLine(c)).join('; '), 1024) });
  if (v.enforcement.length)
    fields.push({ name: 'Enforcement planned', value: clip(pawnLines(v.enforcement), 1024) });
  const records = v.records.slice(-6);
  if (records.length)
    fields.push({
      name: 'Records',
      value: clip(
        records
          .map((r) => `T${r.turn} ${PAWN[r.pawn]} · ${r.label}: ${r.found ? '🎯 something' : 'nothing'}`)
          .join('\n'),
        1024,
      ),
    });
  const log = v.log.slice(-8);
  if (log.length) fields.push({ name: 'Latest', value: clip(log.join('\n'), 1024) });
  return fields;
}

const pawnLines = (ps: PawnView[]): string =>
  ps.map((p, i) => `${i + 1}. ${PAWN[p.pawn]} on ${p.label}${p.resolved ? ' ✓' : ''}`).join('\n') || '—';

function title(v: KpView): string {
  return v.phase === 'setup'
    ? 'Kingpin — setup'
    : v.phase === 'over'
      ? 'Kingpin — game over'
      : `Kingpin — turn ${v.turn} of 8`;
}

function statusLine(v: KpView): string {
  if (v.result) return `**${v.result.summary}**`;
  const who = v.toAct === 'cartel' ? 'the Cartel' : 'the Hunters';
  return `${PHASE_WORDS[v.phase]}${v.pendingFix ? ' — the Cartel is choosing what to Fix' : ''}. Waiting for ${who}.`;
}

export function boardPanel(v: KpView): Panel {
  const sides = v.seats
    .map((x) => `${x.side === 'cartel' ? '💰 Cartel' : '🚁 Hunters'}: ${literal(x.name)}`)
    .join(' · ');
  return {
    title: title(v),
    description: [
      statusLine(v),
      chapoLine(v),
      sides,
      'Each team sees its secret board with **My view**.',
      ...(v.phase === 'setup'
        ? [
            'New to Kingpin? Type `/kingpin card` and pick the *Initial Investigation and Hunter Constraints* brief or the *Player Aid*, the sheets every player holds.',
          ]
        : []),
    ].join('\n'),
    fields: commonFields(v),
    tone: v.result
      ? v.result.kind === 'draw'
        ? 'info'
        : 'success'
      : v.toAct === 'cartel'
        ? 'warning'
        : 'info',
    mention: v.mention,
  };
}

/** Splits options into selects of at most 25, up to `max` selects. */
function selects(placeholder: string, options: ActionOption[], max: number): PanelSelect[] {
  const out: PanelSelect[] = [];
  for (let i = 0; i < options.length && out.length < max; i += 25) {
    const chunk = options.slice(i, i + 25);
    out.push({
      placeholder: clip(options.length > 25 ? `${placeholder} (${out.length + 1})` : placeholder, 150),
      options: chunk.map((o) => ({ label: clip(o.label, 100), action: o.action })),
    });
  }
  return out;
}

const field = (o: ActionOption, name: string): unknown => (o.action as Record<string, unknown>)[name];
const ofType = (v: KpView, ...types: string[]): ActionOption[] =>
  v.options.filter((o) => types.includes(o.action.type));
const button = (o: ActionOption, style: PanelButton['style'] = 'primary'): PanelButton => ({
  label: clip(o.label, 80),
  action: o.action,
  style,
});

function cartelPanel(v: KpView): Panel {
  const c = v.cartel;
  if (!c) return boardPanel(v);
  const hidden = byLocation(c.hidden, []).replace('Nothing is Fixed yet.', 'Nothing Hidden yet.');
  const fields: PanelField[] = [
    { name: 'Hidden board', value: clip(hidden, 1024) },
    {
      name: 'Needs',
      value: `${c.discs} of ${c.circles} circles filled; ${c.needed} needed to win at the end. Deck: ${c.deck}.`,
    },
  ];
  if (c.unplayed.length)
    fields.push(
      ...listFields(
        'Unplayed Defenses',
        c.unplayed.map((d) => `**${d.name}** (${d.defenseType}, ${d.cost === 2 ? '$$' : '$'}): ${d.rule}`),
      ),
    );
  fields.push(...commonFields(v));
  const buttons: PanelButton[] = [];
  const sel: PanelSelect[] = [];
  if (c.pending) {
    sel.push(...selects(`Fix one thing at ${locName(c.pending.at)}`, ofType(v, 'choose-fix'), 1));
  } else if (v.phase === 'setup') {
    // R32: the whole blind draw is shown; any item may go next.
    fields.unshift({ name: 'Blind draw to place (any order)', value: clip(blindDraw(c.toPlace), 1024) });
    const item = c.picked !== null && c.toPlace.includes(c.picked) ? c.picked : c.toPlace[0];
    sel.push(
      ...selects(
        `Place ${itemName(item ?? '')} at…`,
        ofType(v, 'setup-place').filter((o) => field(o, 'item') === item),
        1,
      ),
    );
    sel.push(...selects('Or place another first…', ofType(v, 'pick'), 1));
  } else if (c.drawn) {
    sel.push(...selects('Place the drawn Need at…', ofType(v, 'place-need'), 1));
  } else if (v.phase === 'cartel') {
    for (const o of ofType(v, 'end-turn', 'draw-need'))
      buttons.push(button(o, o.action.type === 'end-turn' ? 'danger' : 'secondary'));
    sel.push(
      ...selects('Chapo: move or fulfil a Need', [...ofType(v, 'fulfil'), ...ofType(v, 'move-chapo')], 2),
    );
    sel.push(...withDescriptions(selects('Pick a Defense to place or move', ofType(v, 'pick'), 1)));
    if (c.picked)
      sel.push(
        ...selects(
          'Where to?',
          ofType(v, 'place-defense', 'move-defense').filter((o) => field(o, 'card') === c.picked),
          1,
        ),
      );
  }
  const where = c.chapoAt
    ? `${locName(c.chapoAt)}${v.chapo.status === 'fixed' ? ' (Fixed)' : ' (Hidden)'}`
    : 'not placed';
  const turn =
    v.phase === 'cartel'
      ? `\nActions left: ${c.actionsLeft} (Chapo ${Math.min(c.chapoLeft, c.actionsLeft)})${c.fulfilled ? ', Fulfil used' : ''}${c.freeMove ? ', a free Chapo move' : ''}.`
      : '';
  return {
    title: 'Cartel — Hidden board',
    description: `${statusLine(v)}\nEl Chapo: **${where}**.${turn}`,
    fields: fields.slice(0, 25),
    tone: 'warning',
    buttons: buttons.slice(0, 5),
    selects: sel.slice(0, 4),
  };
}

const itemName = (item: string): string =>
  item === 'chapo' ? 'Chapo' : (content().need.get(item)?.name ?? content().defense.get(item)?.name ?? item);

/** The blind draw still to place, each card with what decides where it may go. */
function blindDraw(toPlace: string[]): string {
  return toPlace
    .map((item) => {
      const need = content().need.get(item);
      if (need)
        return `Need: **${need.name}** (${need.needType}, ${need.circles} circle${need.circles === 1 ? '' : 's'}; ${need.terrain.join(', ')})`;
      const d = content().defense.get(item);
      if (d) return `Defense: **${d.name}** (${d.defenseType}; ${d.places.join(', ')}): ${d.text}`;
      return '**Chapo** (any Location)';
    })
    .join('\n');
}

function topoLine(t: TopoView): string {
  const head = t.faceUp ? `**${t.name}** (${t.role})` : `face down`;
  const where = t.fixedAt ? ` — Fixed at ${locName(t.fixedAt)}` : '';
  const leads = t.leads.length ? ` — Leads: ${t.leads.map(locName).join(', ')}` : '';
  const links = t.linksLine ? `\n  ↳ ${t.linksLine}` : '';
  return `${t.slot} ${t.kind}/${t.subtype}: ${head}${where}${leads}${links}`;
}

/**
 * The printed text under each option that names a card: a Defense's effect when picking one, a
 * found person's Links when planning a pawn on them or on one of their Leads.
 */
function withDescriptions(sel: PanelSelect[], display: TopoView[] = []): PanelSelect[] {
  const describe = (o: PanelSelect['options'][number]): string | undefined => {
    const a = o.action;
    if (a?.type === 'pick') {
      const d = content().defense.get(typeof a['card'] === 'string' ? a['card'] : '');
      return d ? defenseLine(d) : undefined;
    }
    const spot = typeof a?.['spot'] === 'string' ? a['spot'] : '';
    const slot = /^(?:card|lead):([^:]+)/.exec(spot)?.[1];
    return display.find((t) => t.slot === slot)?.linksLine;
  };
  return sel.map((x) => ({
    ...x,
    options: x.options.map((o) => {
      const description = describe(o);
      return description ? { ...o, description: clip(description, 100) } : o;
    }),
  }));
}

/** The pawns, and why there is no Intelligence pawn when there is none (R37). */
function pawnsLine(v: KpView, h: NonNullable<KpView['hunters']>): string {
  const line = `Intelligence ${h.available.intel}, Police ${h.available.police}, Marina ${h.available.marina}.`;
  if (v.phase !== 'intel-plan' || h.available.intel > 0) return line;
  const taken = h.intelBase - h.available.intel;
  return `${line}\nNo Intelligence pawn this turn: the Hunters get one per turn number (${h.intelBase} on turn ${v.turn}), and a Cartel Defense takes ${taken}. Press **Confirm the plan** to go on to Police and the Marina.`;
}

/** The Location a placement acts at: its own, a Lead's, or a Fixed card's. */
function placementAt(v: KpView, o: ActionOption): string {
  const value = field(o, 'spot');
  const spot = typeof value === 'string' ? value : '';
  const [kind, a, b] = spot.split(':');
  if (kind === 'loc') return a ?? '';
  if (kind === 'lead') return b ?? '';
  return v.fixed.cards.find((c) => c.id === a)?.at ?? '';
}

/**
 * The planning menus: every legal placement. Three menus hold 75; when there are more (up to 98
 * for Police and the Marina), the first menu chooses a Location and the others list every
 * placement at it (R37).
 */
function placementMenus(v: KpView, adds: ActionOption[], focus: string | null): PanelSelect[] {
  if (adds.length <= 75) return selects('Plan a pawn on…', adds, 3);
  const places = [...new Set(adds.map((o) => placementAt(v, o)))];
  const chooser: PanelSelect = {
    placeholder: `Too many to list at once (${adds.length}): choose a Location`,
    options: places.slice(0, 25).map((at) => ({
      label: clip(`${locName(at)}: ${adds.filter((o) => placementAt(v, o) === at).length} placements`, 100),
      action: { type: 'focus', location: at },
    })),
  };
  const here = focus && places.includes(focus) ? focus : places[0];
  return [
    chooser,
    ...selects(
      `Plan a pawn at ${locName(here ?? '')}…`,
      adds.filter((o) => placementAt(v, o) === here),
      2,
    ),
  ];
}

function huntersPanel(v: KpView): Panel {
  const h = v.hunters;
  if (!h) return boardPanel(v);
  const fields: PanelField[] = [
    ...(['nexus', 'support'] as const).map((kind) => ({
      name: `Found area: ${kind === 'nexus' ? 'Nexus' : 'Support'} cards`,
      value: clip(
        h.display
          .filter((t) => t.kind === kind)
          .map(topoLine)
          .join('\n'),
        1024,
      ),
    })),
    { name: 'Pawns this turn', value: pawnsLine(v, h) },
  ];
  if (h.proposal.length)
    fields.push({ name: 'Proposed plan (confirm to commit)', value: clip(pawnLines(h.proposal), 1024) });
  if (h.plan.length) fields.push({ name: 'Plan', value: clip(pawnLines(h.plan), 1024) });
  fields.push(...commonFields(v));
  const buttons: PanelButton[] = [];
  const sel: PanelSelect[] = [];
  if (v.phase === 'intel-plan' || v.phase === 'police-plan') {
    for (const o of ofType(v, 'confirm')) buttons.push(button(o, 'success'));
    const removes = ofType(v, 'remove-pawn');
    const last = removes.at(-1);
    if (last) buttons.push({ ...button(last, 'secondary'), label: 'Undo the last pawn' });
    sel.push(...withDescriptions(placementMenus(v, ofType(v, 'add-pawn'), h.focus), h.display));
  } else if (v.phase === 'intel-resolve' || v.phase === 'police-resolve') {
    const resolves = ofType(v, 'resolve');
    const next = resolves[0];
    if (next) buttons.push({ ...button(next, 'success'), label: clip(`Resolve ${next.label}`, 80) });
    sel.push(...selects('Resolve a pawn, in any order', resolves, 1));
  }
  sel.push(...selects('Fix a card at its Lead’s Location', ofType(v, 'fix-card'), 1));
  return {
    title: 'Hunters — Found area',
    description: `${statusLine(v)}\n${chapoLine(v)}`,
    fields: fields.slice(0, 25),
    tone: 'info',
    buttons: buttons.slice(0, 5),
    selects: sel.slice(0, 4),
  };
}

export function present(v: KpView): Panel {
  if (v.viewer === 'cartel') return cartelPanel(v);
  if (v.viewer === 'hunters') return huntersPanel(v);
  return boardPanel(v);
}
