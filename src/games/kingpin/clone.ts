/**
 * A working copy of the state for one action. Faster than structuredClone (the benchmark asks
 * for tens of thousands of actions a second): the small records are copied at once; the longer
 * lists (log, Records, dice, scripted dice, Needs deck, topography, the Hunter turn) are shared with the input
 * and copied only when this action first writes to them (`writable`, `writableTopo`), so an
 * action that logs nothing copies none of them. Card entries are replaced, never changed in
 * place, so the map is copied on the first `setCard`. The input is never changed (test: frozen states).
 */
import type { CardState, KpState, TopoState } from './types.ts';

/**
 * The working copy of the action being applied and the arrays and entries it already owns (may
 * change in place). Applying is synchronous and never nested, so one working copy at a time;
 * a plain Set, because a WeakMap of short-lived keys costs the garbage collector more than it saves.
 */
let working: KpState | null = null;
const owned = new Set<object>();

const owns = (s: KpState, x: object): boolean => s === working && owned.has(x);
function adopt<T extends object>(s: KpState, x: T): T {
  if (s === working) owned.add(x);
  return x;
}

export function cloneState(s: KpState): KpState {
  owned.clear();
  // Every field named (no spread): one object shape for every working copy.
  working = {
    seq: s.seq,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    script: s.script,
    seats: s.seats,
    turn: s.turn,
    phase: s.phase,
    chapo: { at: s.chapo.at, fixed: s.chapo.fixed, captured: s.chapo.captured },
    cards: s.cards,
    needsDeck: s.needsDeck,
    toPlace: s.toPlace,
    topo: s.topo,
    cartel: { ...s.cartel, freeUsed: [...s.cartel.freeUsed] },
    hunt: s.hunt,
    pending: s.pending ? { ...s.pending, options: [...s.pending.options] } : null,
    log: s.log,
    records: s.records,
    dice: s.dice,
    result: s.result ? { ...s.result, winners: [...s.result.winners] } : null,
    defensesUsed: s.defensesUsed ?? 0,
  };
  return working;
}

type Shared = 'log' | 'records' | 'dice' | 'script' | 'needsDeck' | 'topo';

/** The working copy's own `s[key]`, copied on the first write of this action. */
export function writable<K extends Shared>(s: KpState, key: K): KpState[K] {
  const current = s[key];
  if (owns(s, current)) return current;
  const copy = adopt(s, current.slice() as KpState[K]);
  s[key] = copy;
  return copy;
}

/** The working copy's own Hunter turn record (plans, proposal, Defense uses), copied on the first write. */
export function writableHunt(s: KpState): KpState['hunt'] {
  if (owns(s, s.hunt)) return s.hunt;
  const h = s.hunt;
  s.hunt = adopt(s, {
    available: { ...h.available },
    proposal: h.proposal.map((p) => ({ ...p })),
    proposedBy: h.proposedBy,
    plan: h.plan.map((p) => ({ ...p })),
    used: { ...h.used },
  });
  return s.hunt;
}

/** Puts a card entry (entries are never changed in place), copying the map on this action's first write. */
export function setCard(s: KpState, id: string, card: CardState): void {
  if (!owns(s, s.cards)) s.cards = adopt(s, { ...s.cards });
  s.cards[id] = card;
}

/** The topography entry in `slot`, made the working copy's own so it may change in place. */
export function writableTopo(s: KpState, slot: string): TopoState | undefined {
  const topo = writable(s, 'topo');
  const i = topo.findIndex((t) => t.slot === slot);
  const t = topo[i];
  if (!t) return undefined;
  if (owns(s, t)) return t;
  const copy = adopt(s, { ...t });
  topo[i] = copy;
  return copy;
}
