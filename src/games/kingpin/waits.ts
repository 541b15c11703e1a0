/**
 * What the table waits for, and the default applied if a team never answers (rulings R15-R19
 * in docs/rules/kingpin.md). One decision at a time: either the Cartel or the Hunters.
 */
import type { Wait } from '../contract.ts';
import { nextInt, seedRng } from '../rng.ts';
import { needLocations, seatFor } from './board.ts';
import { sideToAct } from './apply.ts';
import { legalSetupLocations, setupItem } from './cartel.ts';
import { fixCost } from './cartel-plan.ts';
import { unresolved } from './resolve.ts';
import type { KpAction, KpState, PendingFix } from './types.ts';

const rule = (n: number): string => `kingpin R${n}`;

/**
 * R31: a default the game's hidden generator picks, so that a time-out (which the table is told
 * of) says nothing about where the Cartel's things went. The generator is only read, never
 * advanced, so the dice to come are unchanged and the default stays the same while it waits.
 */
function hiddenPick<T>(s: KpState, salt: string, options: readonly T[]): T | undefined {
  if (options.length === 0) return undefined;
  return options[nextInt(seedRng(`kingpin-default|${s.rng.join(',')}|${salt}`), options.length)];
}

/**
 * R15: the card Hidden there that costs the Cartel least (its stand-in's answer), Chapo only if
 * no card is. Not a random pick: while Intelligence resolves the generator holds the Hunters'
 * screened dice to come, and a default read from it told the Cartel something of them.
 */
function fixDefault(s: KpState, p: PendingFix): string {
  const cards = p.options.filter((o) => o !== 'chapo');
  return cards.length ? cards.reduce((best, o) => (fixCost(s, o) < fixCost(s, best) ? o : best)) : 'chapo';
}

/** R16: the next item of the setup at a legal Location picked at random. */
function setupDefault(s: KpState): KpAction {
  const item = setupItem(s) ?? 'chapo';
  const location = hiddenPick(s, `setup|${item}`, legalSetupLocations(s, item)) ?? '';
  return { type: 'setup-place', item, location };
}

export function waits(s: KpState): Wait<KpAction>[] {
  const side = sideToAct(s);
  if (side === null) return [];
  const player = seatFor(s, side).id;
  const t = `kp:t${s.turn}`;
  if (s.pending)
    return [
      {
        player,
        for: 'choose what to Fix',
        default: { type: 'choose-fix', option: fixDefault(s, s.pending) },
        rule: rule(15),
        key: `${t}:fix:${s.pending.id}`,
      },
    ];
  switch (s.phase) {
    case 'setup':
      // One decision per item: each time-out places only the next one (R16).
      return [
        {
          player,
          for: 'place the blind draw and Chapo',
          default: setupDefault(s),
          rule: rule(16),
          key: `kp:setup:${s.toPlace.length}`,
        },
      ];
    case 'cartel': {
      const drawn = s.cartel.drawn;
      const location = drawn === null ? undefined : hiddenPick(s, `place|${drawn}`, needLocations(drawn));
      const def: KpAction = location !== undefined ? { type: 'place-need', location } : { type: 'end-turn' };
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
