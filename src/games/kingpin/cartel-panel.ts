/**
 * The Cartel's private panel: its Hidden board, Needs and unplayed Defenses, and the controls of
 * the moment (placing the blind draw at setup, choosing what to Fix, placing a drawn Need, the
 * turn's Chapo moves and Defenses), with the public board's fields below.
 */
import type { Panel, PanelButton, PanelField, PanelSelect } from '../panel.ts';
import { content, locName } from './board.ts';
import { clip } from '../text.ts';
import { boardPanel, byLocation, commonFields, listFields, statusLine } from './board-panel.ts';
import { button, field, ofType, selects, withDescriptions } from './panel-controls.ts';
import type { KpView } from './view.ts';

export function cartelPanel(v: KpView): Panel {
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
