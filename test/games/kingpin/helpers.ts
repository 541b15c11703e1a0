/** Shared by the Kingpin tests: a table of two teams, moves that must pass, refusals by code. */
import { expect } from 'vitest';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import type { KpAction, KpState } from '../../../src/games/kingpin/index.ts';
import type { Arrangement } from '../../../src/games/kingpin/setup.ts';

/** Cartel team: c (seat) and c2; Hunter team: h (seat) and h2. */
export const CARTEL = 'c';
export const CARTEL2 = 'c2';
export const HUNTERS = 'h';
export const HUNTERS2 = 'h2';

export const ARRANGED: Arrangement = {
  needs: ['need-wife-twins', 'need-beach', 'need-launder'],
  defense: 'def-halcones',
};

export function fresh(arrangement: Arrangement = ARRANGED, seed = 'kp-test'): KpState {
  const r = kingpin.setup({
    players: [
      { id: CARTEL, name: 'Cartel team', members: [CARTEL, CARTEL2] },
      { id: HUNTERS, name: 'Hunter team', members: [HUNTERS, HUNTERS2] },
    ],
    options: { host: 'cartel' },
    seed,
    arrangement,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export interface Step {
  s: KpState;
  announce: string[];
}

export function act(s: KpState, actor: string, action: KpAction): Step {
  const r = kingpin.apply(s, actor, action);
  if (!r.ok) throw new Error(`${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message}`);
  return { s: r.value.state, announce: r.value.announce };
}

export const go = (s: KpState, actor: string, ...actions: KpAction[]): KpState =>
  actions.reduce((state, a) => act(state, actor, a).s, s);

export function refused(s: KpState, actor: string, action: KpAction): string {
  const r = kingpin.apply(s, actor, action);
  expect(r.ok, `${JSON.stringify(action)} should be refused`).toBe(false);
  return r.ok ? 'accepted' : r.error.code;
}

/** Setup done: Halcones, Wife and Twins and Chapo in Culiacán, Days by the Sea in Mazatlán, Launder in Guadalajara. */
export function placed(arrangement: Arrangement = ARRANGED): KpState {
  return go(
    fresh(arrangement),
    CARTEL,
    { type: 'setup-place', item: 'def-halcones', location: 'culiacan' },
    { type: 'setup-place', item: 'need-wife-twins', location: 'culiacan' },
    { type: 'setup-place', item: 'need-beach', location: 'mazatlan' },
    { type: 'setup-place', item: 'need-launder', location: 'guadalajara' },
    { type: 'setup-place', item: 'chapo', location: 'culiacan' },
  );
}

/** A copy changed by `f`, for positions the tests set up directly. */
export function edit(s: KpState, f: (x: KpState) => void): KpState {
  const x = structuredClone(s);
  f(x);
  return x;
}

export const slotOf = (s: KpState, card: string): string => {
  const t = s.topo.find((x) => x.card === card);
  if (!t) throw new Error(card);
  return t.slot;
};

/** Ends the Cartel turn: the Hunters plan Intelligence. */
export const toHunters = (s: KpState): KpState => go(s, CARTEL, { type: 'end-turn' });

/** Plans and confirms one phase for the Hunters. */
export function plan(
  s: KpState,
  placements: { pawn: 'intel' | 'police' | 'marina'; spot: string }[],
): KpState {
  return go(s, HUNTERS, { type: 'propose', placements }, { type: 'confirm' });
}

/** Resolves every planned pawn in plan order. */
export function resolveAll(s: KpState): Step {
  let step: Step = { s, announce: [] };
  while ((step.s.phase === 'intel-resolve' || step.s.phase === 'police-resolve') && !step.s.pending) {
    const index = step.s.hunt.plan.findIndex((p) => !p.resolved);
    if (index < 0) break;
    const next = act(step.s, HUNTERS, { type: 'resolve', index });
    step = { s: next.s, announce: [...step.announce, ...next.announce] };
  }
  return step;
}

/** With dice scripted from now on. */
export const dice = (s: KpState, ...rolls: number[]): KpState => edit(s, (x) => (x.script = rolls));

/** A Police success at Guadalajara, with Halcones Lookouts Hidden there: the Cartel must Fix one of `options`. */
export function forcedFixAtGuadalajara(s: KpState, options: string[]): KpState {
  return edit(s, (x) => {
    x.cards['def-halcones'] = { zone: 'hidden', at: 'guadalajara', discs: 0 };
    x.pending = { id: x.seq, at: 'guadalajara', options, why: 'Police at the Location', pawn: null };
  });
}
