/**
 * Kingpin twins. A seeded game is played by the computer strategies for a random number of moves,
 * then B is made from A by one change the other team cannot see, and the pair is kept only if
 * what the rules let that team know is the same in both (`facts`).
 *
 * The Cartel's secret (observers: the Hunters and the public):
 * - Chapo Hidden at another Location;
 * - a Hidden Need at another suitable Location, or with another number of discs;
 * - a Hidden Defense in another free legal box, or swapped with an unplayed Defense;
 * - aimed at what the rules are careful about (every other pair tries these first): the Mobility
 *   Defense that gives Chapo a free move left unplayed, Pine-Hut Camps Hidden where the Hunters
 *   look, a second Need Hidden with Chapo or where the Police look;
 * - two Needs swapped in the deck;
 * - during setup: another Need or another Defense in the blind draw.
 * The Hunters' secret (observers: the Cartel and the public):
 * - a face-down card of the Found area turned face up (as if found by a screened die);
 * - the screened Intelligence dice to come (another generator, while Intelligence resolves).
 * Hidden from both: two face-down topography cards of the same kind and subtype swapped.
 *
 * Facts, read from the state: for the Hunters everything on the Fixed board and in the Finished
 * box, Chapo once Fixed, the Found area (faces, Leads, Fixed Locations), every die, every Record,
 * their pawns and plans; for the Cartel all of its own cards, Chapo, its turn, a Fix it must
 * choose, the public dice and Records, the Fixed topography and the enforcement plan. Events:
 * a Defense acting, as the rules define it: a block, nullify, getaway or capture rule each time
 * the engine counts a use, the Pine-Hut weakening only when the roll was 4 or 5 (it changed the
 * result), a Mobility free move only when the Cartel chose it (`free: true`).
 */
import type { PlayerId } from '../../../src/games/contract.ts';
import {
  defenseLocations,
  discsPlaced,
  leadsOf,
  needLocations,
  totalCircles,
} from '../../../src/games/kingpin/board.ts';
import { loadContent, WITH_CHAPO } from '../../../src/games/kingpin/content/index.ts';
import type { KpState } from '../../../src/games/kingpin/types.ts';
import { nextInt, seedRng, type RngState } from '../../../src/games/rng.ts';
import { runOutWait } from '../../../src/games/waits.ts';
import type { Move, SecrecyCase, Twins } from '../secrecy.ts';
import { engineOf } from './common.ts';

const engine = engineOf('kingpin');

export const CARTEL: PlayerId = '700000000000000001';
export const HUNTERS: PlayerId = '700000000000000002';
const c = loadContent();

function start(seed: string, cartel: string, hunters: string): KpState {
  const r = engine.setup({
    players: [
      { id: CARTEL, name: 'Cartel', computer: cartel },
      { id: HUNTERS, name: 'Hunters', computer: hunters },
    ],
    options: { host: 'cartel' },
    seed,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as KpState;
}

/** Plays `steps` computer moves (fewer if the game ends). */
export function playFor(s: KpState, steps: number): KpState {
  let state = s;
  for (let i = 0; i < steps && !state.result; i++) {
    const actor = engine.activePlayers(state)[0];
    if (!actor) break;
    const seat = state.seats.find((x) => x.members.includes(actor));
    const a = engine.computerAction(state, seat?.id ?? actor);
    if (!a) break;
    const r = engine.apply(state, seat?.id ?? actor, a);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state as KpState;
  }
  return state;
}

const sideOf = (t: Twins<KpState>): 'cartel' | 'hunters' =>
  t.observers.includes(HUNTERS) ? 'hunters' : 'cartel';

/** What the rules let the observing team know (see the file header). */
export function kingpinFacts(s: KpState, t: Twins<KpState>): unknown {
  const shared = {
    turn: s.turn,
    phase: s.phase,
    // The end of the game reveals the circles filled (the result names them).
    result: s.result
      ? { kind: s.result.kind, winners: s.result.winners, discs: discsPlaced(s), circles: totalCircles(s) }
      : null,
    chapo: s.chapo.fixed || s.chapo.captured ? s.chapo : s.chapo.at === null ? 'unplaced' : 'hidden',
    board: Object.entries(s.cards)
      .filter(([, x]) => x.zone === 'fixed' || x.zone === 'finished')
      .sort(([a], [b]) => a.localeCompare(b)),
    fixedTopo: s.topo
      .filter((x) => x.fixedAt !== null)
      .map((x) => ({ ...x, card: x.faceUp ? x.card : null, leads: leadsOf(s, x) })),
    dice: s.dice.filter((d) => !d.screened),
    records: s.records.filter((r) => r.to === 'public'),
    enforcement: s.phase === 'police-resolve' ? s.hunt.plan : [],
    // R35: the end reveals everything (Chapo's path, the Hidden board, the Defenses used).
    revealed: s.result ? { chapo: s.chapo, cards: s.cards, trail: s.trail, uses: s.uses } : null,
  };
  if (sideOf(t) === 'hunters')
    return {
      ...shared,
      topo: s.topo.map((x) => ({ ...x, card: x.faceUp ? x.card : null, leads: leadsOf(s, x) })),
      subtypes: s.topo.map((x) => c.topo.get(x.card)?.subtype),
      dice: s.dice,
      records: s.records.filter((r) => r.to !== 'cartel'),
      hunt: { available: s.hunt.available, proposal: s.hunt.proposal, plan: s.hunt.plan },
    };
  return {
    ...shared,
    chapo: s.chapo,
    cards: Object.entries(s.cards)
      .filter(([, x]) => x.zone !== 'deck')
      .sort(([a], [b]) => a.localeCompare(b)),
    deck: s.needsDeck.length,
    toPlace: s.toPlace,
    cartel: s.cartel,
    pending: s.pending ? { at: s.pending.at, options: s.pending.options } : null,
    records: s.records.filter((r) => r.to !== 'hunters'),
  };
}

const SUCCESS = 4;

/** A Defense acting, as the rules define it (see the file header). */
export function kingpinEvents(before: KpState, after: KpState, move: Move): string[] {
  const out: string[] = [];
  const sameTurn = before.turn === after.turn && before.phase !== 'cartel';
  for (const [id, n] of Object.entries(after.hunt.used)) {
    const was = sameTurn ? (before.hunt.used[id] ?? 0) : 0;
    if (n <= was) continue;
    const d = c.defense.get(id);
    const shown = after.cards[id]?.zone === 'hidden' ? 'hidden' : id;
    if (d?.effect.kind === 'weaken') {
      const roll = after.dice.at(-1)?.roll ?? 0;
      if (roll >= SUCCESS && roll < d.effect.minRoll) out.push(`defense ${shown}`);
    } else for (let k = was; k < n; k++) out.push(`defense ${shown}`);
  }
  const freeBefore =
    before.phase === 'cartel' && before.turn === after.turn ? before.cartel.freeUsed.length : 0;
  if (after.cartel.freeUsed.length > freeBefore && move['free'] === true) out.push('defense free move');
  return out;
}

type Change = (s: KpState, rng: RngState) => { s: KpState; change: string } | null;

const clone = (s: KpState): KpState => structuredClone(s);
const hiddenOf = (s: KpState, kind: 'need' | 'defense'): string[] =>
  Object.entries(s.cards)
    .filter(([id, x]) => x.zone === 'hidden' && (kind === 'need' ? c.need.has(id) : c.defense.has(id)))
    .map(([id]) => id)
    .sort();
const pickOf = <T>(rng: RngState, xs: readonly T[]): T | undefined => xs[nextInt(rng, xs.length)];

const CARTEL_CHANGES: Change[] = [
  function chapoElsewhere(s, rng) {
    if (s.chapo.at === null || s.chapo.fixed || s.phase === 'over') return null;
    // A Fix the Cartel must answer lists Chapo only where he is: moving him away from (or to)
    // that Location would make a twin the rules cannot reach.
    if (s.pending?.at === s.chapo.at) return null;
    const to = pickOf(
      rng,
      c.locations.map((l) => l.id).filter((l) => l !== s.chapo.at && l !== s.pending?.at),
    );
    if (!to) return null;
    const b = clone(s);
    b.chapo.at = to;
    return { s: b, change: `Chapo Hidden at ${to} instead of ${s.chapo.at}` };
  },
  function needElsewhere(s, rng) {
    const id = pickOf(rng, hiddenOf(s, 'need'));
    const card = id ? s.cards[id] : undefined;
    if (!id || !card) return null;
    const to = pickOf(
      rng,
      needLocations(id).filter((l) => l !== card.at),
    );
    if (!to) return null;
    const b = clone(s);
    b.cards[id] = { ...card, at: to };
    return { s: b, change: `${id} Hidden at ${to} instead of ${card.at}` };
  },
  function otherDiscs(s, rng) {
    const id = pickOf(rng, hiddenOf(s, 'need'));
    const card = id ? s.cards[id] : undefined;
    const need = id ? c.need.get(id) : undefined;
    if (!id || !card || !need || need.circles < 2) return null;
    const discs = (card.discs + 1 + nextInt(rng, need.circles)) % (need.circles + 1);
    if (discs === card.discs) return null;
    const b = clone(s);
    b.cards[id] = { ...card, discs };
    return { s: b, change: `${id} with ${discs} discs instead of ${card.discs}` };
  },
  function defenseElsewhere(s, rng) {
    const id = pickOf(rng, hiddenOf(s, 'defense'));
    const card = id ? s.cards[id] : undefined;
    const def = id ? c.defense.get(id) : undefined;
    if (!id || !card || !def) return null;
    const to = pickOf(
      rng,
      defenseLocations(s, def, 'hidden').filter((l) => l !== card.at),
    );
    if (!to) return null;
    const b = clone(s);
    b.cards[id] = { ...card, at: to };
    return { s: b, change: `${id} Hidden at ${to} instead of ${card.at}` };
  },
  function otherDefense(s, rng) {
    const id = pickOf(rng, hiddenOf(s, 'defense'));
    const card = id ? s.cards[id] : undefined;
    if (!id || !card || card.at === null || s.phase === 'setup') return null;
    const others = c.defenses.filter(
      (d) =>
        s.cards[d.id]?.zone === 'unplayed' &&
        defenseLocations(
          { ...s, cards: { ...s.cards, [id]: { ...card, zone: 'unplayed', at: null } } },
          d,
          'hidden',
        ).includes(card.at ?? ''),
    );
    const other = pickOf(rng, others);
    if (!other) return null;
    const b = clone(s);
    b.cards[id] = { zone: 'unplayed', at: null, discs: 0 };
    b.cards[other.id] = { zone: 'hidden', at: card.at, discs: 0 };
    return { s: b, change: `${other.id} Hidden at ${card.at} instead of ${id}` };
  },
  function deckOrder(s, rng) {
    if (s.needsDeck.length < 2) return null;
    const i = nextInt(rng, s.needsDeck.length);
    const j = (i + 1 + nextInt(rng, s.needsDeck.length - 1)) % s.needsDeck.length;
    const b = clone(s);
    [b.needsDeck[i], b.needsDeck[j]] = [s.needsDeck[j] as string, s.needsDeck[i] as string];
    return { s: b, change: `Needs deck cards ${i} and ${j} swapped` };
  },
  function otherBlindNeed(s, rng) {
    if (s.phase !== 'setup') return null;
    const id = pickOf(
      rng,
      s.toPlace.filter((x) => c.need.has(x)),
    );
    if (!id) return null;
    const j = nextInt(rng, s.needsDeck.length);
    const other = s.needsDeck[j];
    if (!other) return null;
    const b = clone(s);
    b.toPlace = s.toPlace.map((x) => (x === id ? other : x));
    b.needsDeck[j] = id;
    b.cards[id] = { zone: 'deck', at: null, discs: 0 };
    b.cards[other] = { zone: 'unplayed', at: null, discs: 0 };
    return { s: b, change: `blind draw with ${other} instead of ${id}` };
  },
  function otherBlindDefense(s, rng) {
    if (s.phase !== 'setup') return null;
    const id = s.toPlace.find((x) => c.defense.has(x));
    if (!id) return null;
    const other = pickOf(
      rng,
      c.defenses.map((d) => d.id).filter((d) => d !== id && s.cards[d]?.zone === 'unplayed'),
    );
    if (!other) return null;
    const b = clone(s);
    b.toPlace = s.toPlace.map((x) => (x === id ? other : x));
    return { s: b, change: `blind draw with ${other} instead of ${id}` };
  },
];

/** A free Chapo move some Mobility Defense gives now (the rules' "extra-move"). */
function freeMoverOf(s: KpState): string | undefined {
  if (s.chapo.at === null) return undefined;
  return c.defenses.find((d) => {
    const card = s.cards[d.id];
    const at = card?.at === WITH_CHAPO ? s.chapo.at : card?.at;
    return d.effect.kind === 'extra-move' && card?.zone === 'hidden' && at === s.chapo.at;
  })?.id;
}

/** Changes aimed at the situations the rules are most careful about (tried first when they apply). */
const AIMED: Change[] = [
  function noFreeMove(s) {
    const id = freeMoverOf(s);
    if (!id || s.phase === 'setup') return null;
    const b = clone(s);
    b.cards[id] = { zone: 'unplayed', at: null, discs: 0 };
    return { s: b, change: `${id} unplayed instead of giving Chapo a free move` };
  },
  function pineHutWhereTheyLook(s, rng) {
    const def = c.defense.get('def-pine-huts');
    if (!def || s.cards[def.id]?.zone !== 'unplayed' || s.phase === 'setup') return null;
    const free = defenseLocations(s, def, 'hidden');
    const watched = free.filter(
      (l) => s.chapo.at === l || Object.values(s.cards).some((x) => x.at === l && x.zone !== 'finished'),
    );
    const at = pickOf(rng, watched.length ? watched : free);
    if (!at) return null;
    const b = clone(s);
    b.cards[def.id] = { zone: 'hidden', at, discs: 0 };
    return { s: b, change: `${def.id} Hidden at ${at} instead of unplayed` };
  },
  function secondThingWhereTheyLook(s, rng) {
    if (s.phase === 'setup') return null;
    // Where the Police go: Locations of Fixed cards and of Leads on Fixed topography (public).
    const looked = new Set<string>([
      ...Object.values(s.cards).flatMap((x) => (x.zone === 'fixed' && x.at ? [x.at] : [])),
      ...s.topo.flatMap((t) => (t.fixedAt !== null ? leadsOf(s, t) : [])),
    ]);
    // Where exactly one thing is Hidden, so that B has two (the Cartel then chooses).
    const things = (l: string): number =>
      Object.values(s.cards).filter((x) => x.zone === 'hidden' && x.at === l).length +
      (s.chapo.at === l && !s.chapo.fixed ? 1 : 0);
    const moves = hiddenOf(s, 'need').flatMap((n) =>
      needLocations(n)
        .filter((l) => looked.has(l) && l !== s.cards[n]?.at && things(l) === 1)
        .map((l) => [n, l] as const),
    );
    const m = pickOf(rng, moves);
    const card = m ? s.cards[m[0]] : undefined;
    if (!m || !card) return null;
    const b = clone(s);
    b.cards[m[0]] = { ...card, at: m[1] };
    return { s: b, change: `${m[0]} Hidden at ${m[1]}, where the Police look, instead of ${card.at}` };
  },
  function secondThingWithChapo(s, rng) {
    if (s.chapo.at === null || s.chapo.fixed || s.phase === 'setup') return null;
    const at = s.chapo.at;
    // Chapo alone there in A, so that B has two things Hidden (the Cartel then chooses).
    if (Object.values(s.cards).some((x) => x.zone === 'hidden' && x.at === at)) return null;
    const id = pickOf(
      rng,
      hiddenOf(s, 'need').filter((n) => s.cards[n]?.at !== at && needLocations(n).includes(at)),
    );
    const card = id ? s.cards[id] : undefined;
    if (!id || !card) return null;
    const b = clone(s);
    b.cards[id] = { ...card, at };
    return { s: b, change: `${id} Hidden with Chapo at ${at} instead of ${card.at}` };
  },
];

const HUNTER_CHANGES: Change[] = [
  function foundFaceUp(s, rng) {
    if (s.phase === 'setup') return null;
    const slot = pickOf(
      rng,
      s.topo.filter((x) => !x.faceUp && x.fixedAt === null).map((x) => x.slot),
    );
    if (!slot) return null;
    const b = clone(s);
    const t = b.topo.find((x) => x.slot === slot);
    if (t) t.faceUp = true;
    return { s: b, change: `${slot} face up in the Found area` };
  },
  function otherScreenedDice(s, rng) {
    if (s.phase !== 'intel-resolve' && s.phase !== 'intel-plan') return null;
    const b = clone(s);
    b.rng = seedRng(`other|${nextInt(rng, 1e9)}`);
    return { s: b, change: 'other dice to come while Intelligence resolves' };
  },
];

const BOTH_CHANGES: Change[] = [
  function sameSubtypeSwapped(s, rng) {
    const down = s.topo.filter((x) => !x.faceUp);
    const pairs = down.flatMap((x) =>
      down
        .filter(
          (y) =>
            y.slot > x.slot &&
            c.topo.get(y.card)?.kind === c.topo.get(x.card)?.kind &&
            c.topo.get(y.card)?.subtype === c.topo.get(x.card)?.subtype,
        )
        .map((y) => [x.slot, y.slot] as const),
    );
    const p = pickOf(rng, pairs);
    if (!p) return null;
    const b = clone(s);
    const x = b.topo.find((t) => t.slot === p[0]);
    const y = b.topo.find((t) => t.slot === p[1]);
    if (!x || !y) return null;
    [x.card, y.card] = [y.card, x.card];
    return { s: b, change: `face-down ${p[0]} and ${p[1]} swapped` };
  },
];

/** Every computer level, so the differential test covers each one's choices (R33, K3). */
const STRATEGIES = ['methodical', 'reckless', 'mastermind'] as const;

const human = (s: KpState, id: PlayerId): KpState => ({
  ...s,
  seats: s.seats.map(({ computer, ...seat }) =>
    seat.id === id ? seat : { ...seat, ...(computer ? { computer } : {}) },
  ),
});

export const kingpinCase: SecrecyCase<KpState> = {
  engine: engine,
  syncs: 25,
  twins(n) {
    const rng = seedRng(`kingpin-twins|${n}`);
    const cartelSecret = n % 3 !== 2;
    const base = start(
      `twins-${n}`,
      STRATEGIES[n % 3] ?? 'methodical',
      STRATEGIES[Math.floor(n / 3) % 3] ?? 'methodical',
    );
    // Most pairs start in play; one in eight during setup.
    let steps = n % 8 === 0 ? nextInt(rng, 5) : 5 + nextInt(rng, 150);
    let played = playFor(base, steps);
    // A short game (a Reckless Cartel is soon caught) is cut earlier rather than lost.
    while (played.result && steps > 5) played = playFor(base, (steps = Math.floor(steps / 2)));
    if (played.result) return null;
    const changes = [...(cartelSecret ? CARTEL_CHANGES : HUNTER_CHANGES), ...BOTH_CHANGES];
    // The observers are people (their hint is the newcomer's hint, never a computer's choice).
    const observer = cartelSecret ? HUNTERS : CARTEL;
    const a = human(played, observer);
    const t0: Omit<Twins<KpState>, 'b' | 'change'> = {
      a,
      observers: cartelSecret ? [HUNTERS] : [CARTEL],
      secret: cartelSecret ? [CARTEL] : [HUNTERS],
    };
    for (let tries = 0; tries < 12; tries++) {
      // Every other pair first tries one of the changes aimed at what the rules are careful about.
      const aimed =
        cartelSecret && n % 2 === 0 && tries < 2 ? AIMED[(n / 2 + tries) % AIMED.length]?.(a, rng) : null;
      const made = aimed ?? pickOf(rng, changes)?.(a, rng);
      if (!made) continue;
      const t = { ...t0, b: made.s, change: made.change };
      if (JSON.stringify(kingpinFacts(a, t)) === JSON.stringify(kingpinFacts(made.s, t))) return t;
    }
    return null;
  },
  facts: kingpinFacts,
  events: kingpinEvents,
  probes(s, rng) {
    const ids = [...c.needs, ...c.defenses].map((x) => x.id);
    const locs = [...c.locations.map((l) => l.id), WITH_CHAPO];
    const id = ids[nextInt(rng, ids.length)] ?? '';
    const loc = locs[nextInt(rng, locs.length)] ?? '';
    const slot = s.topo[nextInt(rng, s.topo.length)]?.slot ?? 'N1';
    return [
      { type: 'add-pawn', pawn: 'police', spot: `fixed:${id}` },
      { type: 'add-pawn', pawn: 'intel', spot: `lead:${slot}:${loc}` },
      { type: 'fix-card', slot, location: loc },
      { type: 'choose-fix', option: id },
      { type: 'choose-fix', option: 'chapo' },
      { type: 'fulfil', card: id },
      { type: 'move-chapo', location: loc },
    ];
  },
  typed: [
    ['add-pawn', 'spot'],
    ['fix-card', 'slot'],
    ['fix-card', 'location'],
    ['move-chapo', 'location'],
    ['fulfil', 'card'],
  ],
};

/**
 * A Cartel that misses its setup, in twins that differ only in the hidden generator (the dice to
 * come, which nobody sees): the public knows only that the clock ran out, so where the defaults
 * put Chapo must not follow from that (ruling R16). Returns how many items the first time-out
 * placed and where Chapo ended up in each twin.
 */
export function missedSetup(n: number): { firstTimeout: number; chapo: [string | null, string | null] } {
  const a = start(`missed-${n}`, 'methodical', 'methodical');
  const b: KpState = { ...a, rng: seedRng(`missed-other-${n}`) };
  const runOut = (s: KpState): KpState => {
    const w = engine.waits(s)[0];
    if (!w) throw new Error('the setup waits for nobody');
    const r = runOutWait(engine, s, w.key);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.state as KpState;
  };
  let x = runOut(a);
  const firstTimeout = a.toPlace.length - x.toPlace.length;
  let y = runOut(b);
  for (let guard = 0; guard < 10 && (x.phase === 'setup' || y.phase === 'setup'); guard++) {
    if (x.phase === 'setup') x = runOut(x);
    if (y.phase === 'setup') y = runOut(y);
  }
  return { firstTimeout, chapo: [x.chapo.at, y.chapo.at] };
}
