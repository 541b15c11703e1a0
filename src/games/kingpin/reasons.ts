/**
 * Why a computer team would make a move, in Kingpin's terms, for the post-game review (which
 * comes after the end reveal, so it may name what was Hidden).
 */
import { cardName, content, locName } from './board.ts';
import { chapoSighting, fixedNeedAt, hiddenOpenAt, missing } from './cartel-plan.ts';
import { emptySpots, unfilledNeedsAt } from './methodical.ts';
import { huntReason } from './hunt-plan.ts';
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
      if (d?.effect.kind === 'fewer-pawns' && a.type === 'place-defense')
        return `${d.name} takes a Hunter pawn every turn from wherever it stands`;
      const guards = a.location === s.chapo.at || a.location === 'with-chapo';
      return d && guards ? `${d.name} would guard Chapo at ${locName(s.chapo.at ?? '')}` : null;
    }
    case 'move-chapo': {
      const from = s.chapo.at ?? '';
      const left =
        chapoSighting(s)?.at === from
          ? `Chapo leaves ${locName(from)}, where the disc on a Fixed Need showed him this turn`
          : fixedNeedAt(s, from)
            ? `Chapo leaves ${locName(from)}, where a Fixed Need draws the Police`
            : null;
      const open = unfilledNeedsAt(s).get(a.location);
      const to = open
        ? `Chapo would reach ${locName(a.location)}, where ${plural(open, 'Needs circle')} ${open === 1 ? 'waits' : 'wait'}`
        : null;
      return left && to ? `${left}; ${to.replace('Chapo would reach', 'he would reach')}` : (left ?? to);
    }
    case 'draw-need': {
      const lacking = missing(s);
      let open = 0;
      for (const n of hiddenOpenAt(s).values()) open += n;
      return `the Cartel still lacks ${plural(lacking, 'disc')} and its Hidden Needs have only ${plural(open, 'open circle')} left`;
    }
    case 'fulfil':
      return `a disc on ${cardName(a.card)} brings the Cartel closer to half the circles`;
    case 'add-pawn': {
      const why = huntReason(s, a.pawn, a.spot);
      if (why) return why;
      const skipped = [...emptySpots(s)];
      return skipped.length
        ? `it searches ${spotLabel(s, a.spot, false)} instead of ${skipped.map((x) => spotLabel(s, x, false)).join(', ')}, searched empty last turn`
        : null;
    }
    default:
      return null;
  }
}
