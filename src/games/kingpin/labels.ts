/** Words for actions, as the acting team sees them (labels of controls and autocomplete). */
import { cardName, content, locName } from './board.ts';
import { describePawn } from './resolve.ts';
import { spotLabel } from './spots.ts';
import { freeMover } from './cartel.ts';
import type { KpAction, KpState } from './types.ts';
import { plural } from '../text.ts';

export function actionLabel(s: KpState, a: KpAction): string {
  const hunters = true;
  switch (a.type) {
    case 'setup-place':
      return `${a.item === 'chapo' ? 'Chapo' : cardName(a.item)} → ${locName(a.location)}`;
    case 'pick':
      if (s.phase === 'setup') return `Place ${a.card === 'chapo' ? 'Chapo' : cardName(a.card)} next`;
      return `${cardName(a.card)} (${s.cards[a.card]?.zone === 'unplayed' ? `place, ${content().defense.get(a.card)?.cost ?? 1} act.` : `move, ${content().defense.get(a.card)?.moveCost ?? 1} act.`})`;
    case 'place-defense':
      return `Place ${cardName(a.card)} at ${locName(a.location)}`;
    case 'move-defense':
      return `Move ${cardName(a.card)} to ${locName(a.location)}`;
    case 'move-chapo': {
      const base =
        a.reveal === true
          ? a.location === s.chapo.at
            ? `Reveal Chapo at ${locName(a.location)} (to Fixed)`
            : `Chapo → ${locName(a.location)} on the Fixed board`
          : `Chapo → ${locName(a.location)}`;
      const free = a.free === true ? freeMover(s) : null;
      return free ? `${base}, free move (${cardName(free)}; announced)` : base;
    }
    case 'fulfil':
      return `Fulfil ${cardName(a.card)}`;
    case 'draw-need':
      return 'Draw a Need';
    case 'place-need':
      return `${cardName(s.cartel.drawn ?? '')} → ${locName(a.location)}`;
    case 'end-turn':
      return 'End the Cartel turn';
    case 'choose-fix':
      return a.option === 'chapo' ? 'Fix Chapo' : `Fix ${cardName(a.option)}`;
    case 'focus':
      return `Plan at ${locName(a.location)}`;
    case 'add-pawn':
      return `${describePawn(a.pawn)} on ${spotLabel(s, a.spot, hunters)}`;
    case 'remove-pawn': {
      const p = s.hunt.proposal[a.index];
      return p ? `Remove ${describePawn(p.pawn)} on ${spotLabel(s, p.spot, hunters)}` : 'Remove a pawn';
    }
    case 'propose':
      return `Propose ${plural(a.placements.length, 'pawn')}`;
    case 'confirm':
      return `Confirm the plan (${s.hunt.proposal.length} pawn${s.hunt.proposal.length === 1 ? '' : 's'})`;
    case 'resolve': {
      const p = s.hunt.plan[a.index];
      if (!p) return 'Resolve';
      const base = `${a.index + 1}. ${describePawn(p.pawn)} on ${spotLabel(s, p.spot, hunters)}`;
      return a.here === true ? `${base}, at the Location itself` : base;
    }
    case 'fix-card':
      return `Fix ${cardName(s.topo.find((t) => t.slot === a.slot)?.card ?? a.slot)} at ${locName(a.location)}`;
  }
}
