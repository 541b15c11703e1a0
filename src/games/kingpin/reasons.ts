/**
 * Why a computer team would make a move, in Kingpin's terms, for the post-game review (which
 * comes after the end reveal, so it may name what was Hidden).
 */
import { cardName, content, locName } from './board.ts';
import { chapoSighting, emptySpots } from './mastermind.ts';
import { unfilledNeedsAt } from './methodical.ts';
import { spotLabel } from './spots.ts';
import type { KpAction, KpState } from './types.ts';
import { plural } from '../text.ts';

const optionName = (id: string): string => (id === 'chapo' ? 'Chapo' : cardName(id));

export function moveReason(s: KpState, a: KpAction): string | null {
  switch (a.type) {
    case 'choose-fix': {
      const others = (s.pending?.options ?? []).filter((o) => o !== a.option);
      if (others.length === 0) return `${optionName(a.option)} was the only thing Hidden there to give up`;
      return `it gives up ${optionName(a.option)}, the least costly to lose, and keeps ${others.map(optionName).join(', ')} Hidden`;
    }
    case 'move-defense':
    case 'place-defense': {
      const d = content().defense.get(a.card);
      const guards = a.location === s.chapo.at || a.location === 'with-chapo';
      return d && guards ? `${d.name} would guard Chapo at ${locName(s.chapo.at ?? '')}` : null;
    }
    case 'move-chapo': {
      const open = unfilledNeedsAt(s).get(a.location);
      return open
        ? `Chapo would reach ${locName(a.location)}, where ${plural(open, 'Needs circle')} ${open === 1 ? 'waits' : 'wait'}`
        : null;
    }
    case 'fulfil':
      return `a disc on ${cardName(a.card)} brings the Cartel closer to half the circles`;
    case 'add-pawn': {
      const seen = chapoSighting(s);
      if (seen && a.pawn !== 'intel' && (a.spot === `loc:${seen.at}` || a.spot === `fixed:${seen.need}`))
        return `Chapo was seen at ${locName(seen.at)} this turn (a disc on ${cardName(seen.need)}, Fixed there)`;
      const skipped = [...emptySpots(s)];
      return skipped.length
        ? `it searches ${spotLabel(s, a.spot, false)} instead of ${skipped.map((x) => spotLabel(s, x, false)).join(', ')}, searched empty last turn`
        : null;
    }
    default:
      return null;
  }
}
