/**
 * What the table waits for, and the default applied if a team never answers (rulings R15-R19
 * in docs/rules/kingpin.md). One decision at a time: either the Cartel or the Hunters.
 */
import type { Wait } from '../contract.ts';
import { seatFor } from './board.ts';
import { sideToAct } from './apply.ts';
import { legalActions } from './legal.ts';
import { unresolved } from './resolve.ts';
import type { KpAction, KpState } from './types.ts';

const rule = (n: number): string => `kingpin R${n}`;

export function waits(s: KpState): Wait<KpAction>[] {
  const side = sideToAct(s);
  if (side === null) return [];
  const player = seatFor(s, side).id;
  const t = `kp:t${s.turn}`;
  if (s.pending) {
    const option = s.pending.options[0] ?? 'chapo';
    return [
      {
        player,
        for: 'choose what to Fix',
        default: { type: 'choose-fix', option },
        rule: rule(15),
        key: `${t}:fix:${s.pending.id}`,
      },
    ];
  }
  switch (s.phase) {
    case 'setup': {
      const first = legalActions(s, 'cartel')[0] ?? { type: 'end-turn' };
      return [
        { player, for: 'place the blind draw and Chapo', default: first, rule: rule(16), key: 'kp:setup' },
      ];
    }
    case 'cartel': {
      const drawn = s.cartel.drawn !== null;
      const first = legalActions(s, 'cartel')[0];
      const def: KpAction = drawn && first ? first : { type: 'end-turn' };
      return [
        {
          player,
          for: 'take Cartel actions or end the turn',
          default: def,
          rule: rule(17),
          key: `${t}:cartel`,
        },
      ];
    }
    case 'intel-plan':
    case 'police-plan':
      return [
        {
          player,
          for:
            s.phase === 'intel-plan'
              ? 'plan Intelligence and confirm'
              : 'plan Police and the Marina and confirm',
          default: { type: 'confirm' },
          rule: rule(18),
          key: `${t}:${s.phase}`,
        },
      ];
    case 'intel-resolve':
    case 'police-resolve': {
      const left = unresolved(s);
      const index = left[0] ?? 0;
      return [
        {
          player,
          for: 'resolve the next planned pawn',
          default: { type: 'resolve', index },
          rule: rule(19),
          key: `${t}:${s.phase}:${s.hunt.plan.length - left.length}`,
        },
      ];
    }
    default:
      return [];
  }
}
