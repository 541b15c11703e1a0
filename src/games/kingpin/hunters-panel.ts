/**
 * The Hunters' private panel: the Found area, the pawns of the turn and the plan, and the
 * controls to plan (every legal placement, by Location when there are more than three menus
 * hold), resolve and Fix, with the public board's fields below.
 */
import type { Panel, PanelButton, PanelField, PanelSelect } from '../panel.ts';
import { locName } from './board.ts';
import { clip } from '../text.ts';
import { boardPanel, chapoLine, commonFields, pawnLines, statusLine } from './board-panel.ts';
import { button, field, ofType, selects, withDescriptions } from './panel-controls.ts';
import type { ActionOption, KpView, TopoView } from './view.ts';

function topoLine(t: TopoView): string {
  const head = t.faceUp ? `**${t.name}** (${t.role})` : `face down`;
  const where = t.fixedAt ? ` — Fixed at ${locName(t.fixedAt)}` : '';
  const leads = t.leads.length ? ` — Leads: ${t.leads.map(locName).join(', ')}` : '';
  const links = t.linksLine ? `\n  ↳ ${t.linksLine}` : '';
  return `${t.slot} ${t.kind}/${t.subtype}: ${head}${where}${leads}${links}`;
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

export function huntersPanel(v: KpView): Panel {
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
