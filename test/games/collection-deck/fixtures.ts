/**
 * A small card set for rule tests, and a helper that deals chosen hands and a chosen Field
 * through the engine's own arrangement option (so setup validation is exercised too).
 */
import type { Seat } from '../../../src/games/contract.ts';
import type { Crisis, RealityCheck, Technique } from '../../../src/games/collection-deck/cards/schema.ts';
import type { CardSet } from '../../../src/games/collection-deck/cardset.ts';
import { indexCards } from '../../../src/games/collection-deck/cardset.ts';
import { createEngine } from '../../../src/games/collection-deck/engine.ts';
import { deckFor, resolveOptions } from '../../../src/games/collection-deck/setup.ts';
import type { CdAction, CdOptions, CdState } from '../../../src/games/collection-deck/types.ts';

const tech = (
  id: string,
  name: string,
  discipline: Technique['discipline'],
  aspects: string,
  min: number,
  max: number,
  extra: Partial<Technique> = {},
): Technique => ({
  kind: 'technique',
  id,
  name,
  discipline,
  description: `${name} for tests.`,
  aspects: [...aspects] as Technique['aspects'],
  range: { min, max },
  tags: [],
  notAffectedBy: [],
  ...extra,
});

const crisisCard = (
  id: string,
  name: string,
  req: 1 | 2 | 3,
  aspects: string,
  difficulty: number,
  crisisKind: Crisis['crisisKind'] = 'military',
): Crisis => ({
  kind: 'crisis',
  id,
  name,
  description: `${name} for tests.`,
  crisisKind,
  techniquesRequired: req,
  aspects: [...aspects] as Crisis['aspects'],
  difficulty,
});

const rc = (id: string, name: string, effect: RealityCheck['effect']): RealityCheck => ({
  kind: 'reality',
  id,
  name,
  description: `${name} for tests.`,
  effect,
});

/** Techniques that fit nothing in this set (only cyber crises, and there are none): hand padding. */
const fillers = Array.from({ length: 40 }, (_, i) =>
  tech(`T${100 + i}`, `Filler ${i}`, 'OSINT', 'E', 9, 9, { onlyTargets: ['cyber'] }),
);

export const TECHNIQUES: Technique[] = [
  tech('T01', 'Agent Recruitment', 'HUMINT', 'PM', 3, 7, { tags: ['diplomatic-cover'] }),
  tech('T02', 'Cable Intercept', 'SIGINT', 'PMEW', 5, 9, { tags: ['cyber'] }),
  tech('T03', 'Imagery Pass', 'GEOINT', 'MW', 2, 6, { tags: ['satellite'] }),
  tech('T04', 'Press Monitoring', 'OSINT', 'PE', 1, 7, {
    tags: ['language'],
    notAffectedBy: ['Linguists Reassigned'],
  }),
  tech('T05', 'Seismic Sensors', 'MASINT', 'W', 6, 9),
  tech('T06', 'Defector Debrief', 'HUMINT', 'PMEW', 1, 9),
  tech('T07', 'Phone Tap', 'SIGINT', 'PE', 2, 5, { onlyTargets: ['crime'] }),
  tech('T08', 'Drone Survey', 'GEOINT', 'M', 4, 8, { tags: ['airborne'] }),
  tech('T09', 'Attache Reporting', 'HUMINT', 'PMEW', 1, 9),
  tech('T10', 'Radar Tracking', 'MASINT', 'MW', 1, 9),
  tech('T11', 'Forum Scraping', 'OSINT', 'PMEW', 1, 9),
  tech('T12', 'Hard Case', 'MASINT', 'MW', 1, 9, {
    notAffectedBy: ['Hard Target', 'Budget Cut', 'Manager Challenge'],
  }),
  ...fillers,
];

export const CRISES: Crisis[] = [
  crisisCard('C01', 'Border Incursion', 1, 'M', 5),
  crisisCard('C02', 'Missile Test', 2, 'MW', 8, 'proliferation'),
  crisisCard('C03', 'Election Interference', 2, 'P', 4, 'political'),
  crisisCard('C04', 'Smuggling Ring', 1, 'E', 3, 'crime'),
  crisisCard('C05', 'Coup Rumours', 3, 'PM', 5, 'political'),
  crisisCard('C06', 'Pipeline Sabotage', 1, 'E', 6, 'economic'),
  crisisCard('C07', 'Arms Shipment', 1, 'W', 7, 'proliferation'),
  crisisCard('C08', 'Naval Standoff', 2, 'M', 6),
  crisisCard('C09', 'Bank Fraud', 1, 'E', 2, 'crime'),
  crisisCard('C10', 'Militia Buildup', 1, 'M', 4),
  crisisCard('C11', 'Reactor Leak', 2, 'W', 9, 'proliferation'),
  crisisCard('C12', 'Protest Wave', 1, 'P', 3, 'political'),
];

export const REALITY_CHECKS: RealityCheck[] = [
  rc('R01', 'Hard Target', { type: 'difficulty', delta: 1 }),
  rc('R02', 'Soft Target', { type: 'difficulty', delta: -1 }),
  rc('R03', 'Very Hard Target', { type: 'difficulty', delta: 2 }),
  rc('R04', 'Very Soft Target', { type: 'difficulty', delta: -2 }),
  rc('R05', 'Misinformed Source', { type: 'counter', discipline: 'HUMINT' }),
  rc('R06', 'Cloud Cover', { type: 'counter', tag: 'satellite' }),
  rc('R07', 'Budget Cut', { type: 'counter' }),
  rc('R08', 'Linguists Reassigned', { type: 'counter', tag: 'language' }),
  rc('R09', 'Extended Reach', { type: 'extend-range', by: 1 }),
  rc('R10', 'Long Reach', { type: 'extend-range', by: 2 }),
  rc('R11', 'New Angle', { type: 'add-aspect', aspect: 'W' }),
  rc('R12', 'Think Outside the Box', { type: 'think-outside-the-box' }),
  rc('R13', 'Think Outside the Box', { type: 'think-outside-the-box' }),
  rc('R14', 'Think Outside the Box', { type: 'think-outside-the-box' }),
  rc('R15', 'Manager Challenge', { type: 'manager-challenge' }),
  rc('R16', 'Manager Challenge', { type: 'manager-challenge', question: 'Who would collect this, and how?' }),
  rc('R17', 'Budget Cut', { type: 'counter' }),
  rc('R18', 'Budget Cut', { type: 'counter' }),
  rc('R19', 'Hard Target', { type: 'difficulty', delta: 1 }),
];

export const FIXTURE_SET: CardSet = { techniques: TECHNIQUES, crises: CRISES, realityChecks: REALITY_CHECKS };
export const fixtureIndex = indexCards(FIXTURE_SET);
export const engine = createEngine(FIXTURE_SET);

export const players = (n: number): Seat[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, name: `P${i}` }));

export interface DealSpec {
  /** Cards per seat; each hand is padded to seven with fillers that fit nothing. */
  hands: string[][];
  /** The first crises of the Field, in order; the rest follow in id order. */
  field?: string[];
  options?: Partial<CdOptions>;
  seats?: Seat[];
  facilitator?: string;
  /** Cards to put right after the hands (the next draws). */
  next?: string[];
}

export function deal(spec: DealSpec): CdState {
  const resolved = resolveOptions({ edition: 'cia', ...spec.options });
  if (!resolved.ok) throw new Error(resolved.error.message);
  const { deck } = deckFor(fixtureIndex, resolved.value);
  const chosen = new Set([...spec.hands.flat(), ...(spec.next ?? [])]);
  const pad = deck.filter((c) => c.startsWith('T1') && c.length === 4 && !chosen.has(c));
  const hands = spec.hands.map((h) => {
    const out = [...h];
    while (out.length < 7) {
      const f = pad.shift();
      if (f === undefined) throw new Error('out of fillers');
      out.push(f);
    }
    return out;
  });
  const used = new Set([...hands.flat(), ...(spec.next ?? [])]);
  const order = [...hands.flat(), ...(spec.next ?? []), ...deck.filter((c) => !used.has(c))];
  const first = spec.field ?? [];
  const crises = [...first, ...CRISES.map((c) => c.id).filter((c) => !first.includes(c))];
  const seats = spec.seats ?? players(spec.hands.length);
  const r = engine.setup({
    players: seats,
    seed: 'fixture',
    options: { edition: 'cia', window: 60, hardcore: false, rounds: 30, ...spec.options },
    arrangement: { deck: order, crises },
    ...(spec.facilitator !== undefined ? { facilitator: spec.facilitator } : {}),
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Applies actions in order, failing the test on the first rule error. */
export function run(state: CdState, steps: [string, CdAction][]): { state: CdState; announce: string[] } {
  let s = state;
  const announce: string[] = [];
  for (const [actor, action] of steps) {
    const r = engine.apply(s, actor, action);
    if (!r.ok) throw new Error(`${actor} ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
    s = r.value.state;
    announce.push(...r.value.announce);
  }
  return { state: s, announce };
}

/** The rule error code an action gets, or 'ok'. */
export function codeOf(state: CdState, actor: string, action: CdAction): string {
  const r = engine.apply(state, actor, action);
  return r.ok ? 'ok' : r.error.code;
}

export const sorted = (xs: readonly string[]): string[] => [...xs].sort();
