/**
 * The differential secrecy harness (issue #23): two states whose public history is the same but
 * whose hidden information differs ("twins") are played on with the same public moves, and every
 * output someone without the secret can read must be the same, byte for byte.
 *
 * Who is who. For each pair a game case names the *observers* (seats without the secret, plus the
 * public, always) and the *secret holders* (the seats whose hidden information differs between
 * the twins, or nobody when only the deck or the dice to come differ).
 *
 * How the twins are played on.
 * - A secret holder acts in both twins at once when both wait for them, with an action both twins
 *   accept (their computer strategy's choice when the other twin offers it too, otherwise one of
 *   the controls both of their private panels show), or lets the clock run out in both (the wait's
 *   default). When only one twin waits for them, that twin plays on alone (their computer choice
 *   or the default) until both wait for an observer again.
 * - An observer acts only from what they see: a control of their own panel, or the move the
 *   tutorial hint gives them, chosen by the pair's seeded generator, the same in both twins.
 *
 * What is compared. Whenever both twins wait for an observer (a "sync point") the harness compares
 * what the observers saw since the last one: every distinct public board (panel), each observer's
 * own panel, the waits (who, for what, the ruling, whether a new deadline starts, an observer's
 * default), the announcements, the outcome; and at the sync point itself the public and observer
 * pictures (SVG and alt text), the debrief chart, the tutorial hint for each observer, their
 * autocomplete choices and the refusals they get for a sample of moves (the secret holder's moves
 * included).
 *
 * Legitimate differences. The rules do reveal some hidden things (a Police search finds a card, a
 * reveal turns a card up). Each case states what the rules let the observers know as plain data
 * read from the state (`facts`), never from the engine's words, plus the public events the state
 * does not keep (`events`). When the facts differ at a sync point the twins have legitimately
 * diverged and the pair ends there; when the facts agree and any output differs, that is a leak.
 */
import type { AnyAction, AnyEngine, PlayerId } from '../../src/games/contract.ts';
import type { Panel } from '../../src/games/panel.ts';
import { nextFloat, nextInt, seedRng, type RngState } from '../../src/games/rng.ts';
import { hint } from '../../src/games/tutorial/tutorial.ts';
import { runOutWait } from '../../src/games/waits.ts';

export interface Twins<S> {
  a: S;
  b: S;
  /** How B differs from A, for the failure message. */
  change: string;
  observers: PlayerId[];
  secret: PlayerId[];
}

export interface SecrecyCase<S> {
  engine: AnyEngine;
  /** The twins of pair `n`, or null when this seed offers none (counted, not failed). */
  twins(n: number): Twins<S> | null;
  /** What the rules let the observers of `t` know in `s`, as data read from the state. */
  facts(s: S, t: Twins<S>): unknown;
  /** Public events of one move the state does not keep (Kingpin: a Defense acting). */
  events?(before: S, after: S, action: Move): string[];
  /** Moves an observer tries whatever their panel offers: their refusals must match too. */
  probes?(s: S, rng: RngState): Move[];
  /** Sync points compared per pair at most (each pair also ends with the game). */
  syncs?: number;
  /** Share of sync points that also compare pictures, hints, autocomplete and refusals (0.5). */
  extrasShare?: number;
  /** Autocomplete fields an observer may type in: [action type, field]. */
  typed?: readonly (readonly [string, string])[];
}

export type Move = { type: string } & Record<string, unknown>;
const TIMEOUT = '⏱';

export interface Leak {
  pair: number;
  change: string;
  sync: number;
  what: string;
  a: string;
  b: string;
}

export interface Tally {
  pairs: number;
  noTwin: number;
  syncs: number;
  steps: number;
  diverged: number;
  ended: number;
  leaks: Leak[];
  /** Pairs with a leak, by the first line of what differed. */
  kinds: Record<string, number>;
}

/** Key-order-independent JSON (actions from different places compare equal). */
export function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

const pick = <T>(rng: RngState, xs: readonly T[]): T | undefined => xs[nextInt(rng, xs.length)];

/** Every move a panel offers: buttons, menu options, forms (filled in) and multi-choice menus. */
export function panelMoves(panel: Panel, rng: RngState): Move[] {
  const out: Move[] = [];
  for (const b of panel.buttons ?? []) {
    if (b.disabled) continue;
    if (b.action) out.push(b.action);
    if (b.modal) out.push({ ...b.modal.template, [b.modal.field]: 'A line written for the test.' });
  }
  for (const s of panel.selects ?? []) {
    for (const o of s.options) if (o.action) out.push(o.action);
    if (s.multi) {
      const values = s.options.flatMap((o) => (o.value === undefined ? [] : [o.value]));
      const n = Math.min(values.length, s.multi.min + nextInt(rng, s.multi.max - s.multi.min + 1));
      const chosen = values.filter(() => nextFloat(rng) < 0.5).slice(0, n);
      while (chosen.length < Math.min(s.multi.min, values.length))
        chosen.push(...values.filter((v) => !chosen.includes(v)).slice(0, 1));
      out.push({ ...s.multi.template, [s.multi.field]: chosen });
    }
  }
  return out;
}

interface Side<S> {
  s: S;
  seg: string[];
  events: string[];
  keys: Set<string>;
}

/**
 * The engine with its pure reads remembered per state (and per view for panels): the harness and
 * the hint ask for the same view of the same state several times. Engines are pure and states are
 * never changed, so this changes nothing but the time taken.
 */
export function remembering(engine: AnyEngine): AnyEngine {
  const views = new WeakMap<object, Map<PlayerId | null, unknown>>();
  const panels = new WeakMap<object, Panel>();
  const cpu = new WeakMap<object, Map<PlayerId | null, unknown>>();
  const waits = new WeakMap<object, ReturnType<AnyEngine['waits']>>();
  const per = <V>(m: WeakMap<object, Map<PlayerId | null, V>>, s: object): Map<PlayerId | null, V> => {
    let x = m.get(s);
    if (!x) m.set(s, (x = new Map<PlayerId | null, V>()));
    return x;
  };
  return {
    ...engine,
    view: (s: object, viewer: PlayerId | null) => {
      const m = per(views, s);
      if (!m.has(viewer)) m.set(viewer, engine.view(s, viewer));
      return m.get(viewer);
    },
    present: (view: object, ctx) => {
      let p = panels.get(view);
      if (!p) panels.set(view, (p = engine.present(view, ctx)));
      return p;
    },
    computerAction: (s: object, player: PlayerId) => {
      const m = per(cpu, s);
      if (!m.has(player)) m.set(player, engine.computerAction(s, player));
      return (m.get(player) ?? null) as AnyAction | null;
    },
    waits: (s: object) => {
      let w = waits.get(s);
      if (!w) waits.set(s, (w = engine.waits(s)));
      return w;
    },
  };
}

export class Harness<S> {
  private readonly engine: AnyEngine;
  constructor(private readonly c: SecrecyCase<S>) {
    this.engine = remembering(c.engine);
  }

  /** Waits for `who` among `players` in state s. */
  private waitsFor(s: S, players: readonly PlayerId[]): PlayerId[] {
    if (this.engine.outcome(s)) return [];
    return [...new Set(this.engine.waits(s).map((w) => w.player))].filter((p) => players.includes(p));
  }

  /** The boards and waits an observer reads after a move: one entry of a segment. */
  private board(side: Side<S>, t: Twins<S>): string {
    const e = this.engine;
    const s = side.s;
    const pub = e.present(e.view(s, null), { viewer: null });
    const own = t.observers.map((o) => e.present(e.view(s, o), { viewer: o }));
    const waits = e.waits(s).map((w) => ({
      player: w.player,
      for: w.for,
      rule: w.rule,
      fresh: !side.keys.has(w.key),
      ...(t.observers.includes(w.player) ? { default: w.default } : {}),
    }));
    side.keys = new Set(e.waits(s).map((w) => w.key));
    const timer = e.timer(s);
    // Panels are built field by field in a fixed order, so plain JSON compares them byte for byte.
    return JSON.stringify({
      pub,
      own,
      waits,
      active: e.activePlayers(s),
      outcome: e.outcome(s),
      timer: timer ? { label: timer.label, durationMs: timer.durationMs } : null,
      round: e.roundOf?.(s) ?? null,
    });
  }

  /** Pictures, hints and autocomplete at a sync point (costlier, so not after every move). */
  private extras(s: S, t: Twins<S>): Record<string, string> {
    const e = this.engine;
    const out: Record<string, string> = {};
    for (const viewer of [null, ...t.observers]) {
      const p = e.picture?.(e.view(s, viewer), { viewer });
      out[`picture ${viewer ?? 'public'}`] = JSON.stringify(p ?? null);
    }
    // The debrief chart (issue #29) is public: null until the end, then only what the end reveals.
    out['debrief chart'] = JSON.stringify(e.chart?.(s) ?? null);
    for (const o of t.observers) {
      out[`hint ${o}`] = stable(hint(e, s, o));
      for (const [type, field] of this.c.typed ?? [])
        for (const typed of ['', 'a', 'e'])
          out[`autocomplete ${o} ${type}.${field} '${typed}'`] = stable(
            e.autocomplete(s, o, type, field, typed),
          );
    }
    return out;
  }

  private apply(
    side: Side<S>,
    actor: PlayerId,
    move: Move,
    t: Twins<S>,
    done?: { state: unknown; announce: string[] },
  ): boolean {
    const before = side.s;
    let after: S;
    let announce: string[];
    if (move.type === TIMEOUT) {
      const r = runOutWait(this.engine, before, move['key'] as string);
      if (!r.ok) return false;
      after = r.value.state as S;
      announce = r.value.announce;
      side.seg.push(`timeout ${actor}`);
    } else {
      const r = done ? { ok: true as const, value: done } : this.engine.apply(before, actor, move);
      if (!r.ok) return false;
      after = r.value.state as S;
      announce = r.value.announce;
    }
    side.events.push(...(this.c.events?.(before, after, move) ?? []));
    side.s = after;
    for (const line of announce) side.seg.push(`say ${line}`);
    const board = this.board(side, t);
    if (side.seg.at(-1) !== board) side.seg.push(board);
    return true;
  }

  /** What `player` may do in `s`: their computer choice first, then their panel, then the clock. */
  private candidates(s: S, player: PlayerId, rng: RngState): Map<string, Move> {
    const e = this.engine;
    const out = new Map<string, Move>();
    const cpu = e.computerAction(s, player);
    if (cpu) out.set(stable(cpu), cpu);
    for (const m of panelMoves(e.present(e.view(s, player), { viewer: player }), rng)) out.set(stable(m), m);
    return out;
  }

  private timeout(s: S, player: PlayerId): Move | null {
    const w = this.engine.waits(s).find((x) => x.player === player);
    return w ? { type: TIMEOUT, key: w.key } : null;
  }

  /** One secret holder's move in both twins (or in the one that waits for them). */
  private secretStep(A: Side<S>, B: Side<S>, t: Twins<S>, rng: RngState): boolean {
    const wa = this.waitsFor(A.s, t.secret);
    const wb = this.waitsFor(B.s, t.secret);
    const joint = wa.find((p) => wb.includes(p));
    if (joint !== undefined) {
      const ca = this.candidates(A.s, joint, rng);
      const cb = this.candidates(B.s, joint, rng);
      const cpuA = this.engine.computerAction(A.s, joint);
      const cpuB = this.engine.computerAction(B.s, joint);
      const common = [...ca.keys()].filter((k) => cb.has(k));
      const roll = nextFloat(rng);
      const tries: Move[] = [];
      if (roll < 0.06) {
        const ta = this.timeout(A.s, joint);
        const tb = this.timeout(B.s, joint);
        if (ta && tb) {
          const okA = this.apply(A, joint, ta, t);
          const okB = this.apply(B, joint, tb, t);
          if (okA && okB) return true;
        }
      }
      if (roll < 0.6) {
        if (cpuA && cb.has(stable(cpuA))) tries.push(cpuA);
        if (cpuB && ca.has(stable(cpuB))) tries.push(cpuB);
      }
      const shuffled = common.slice();
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = nextInt(rng, i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string];
      }
      tries.push(...shuffled.map((k) => ca.get(k) as Move));
      for (const m of tries) {
        const ra = this.engine.apply(A.s, joint, m);
        const rb = this.engine.apply(B.s, joint, m);
        if (ra.ok && rb.ok) {
          this.apply(A, joint, m, t, ra.value);
          this.apply(B, joint, m, t, rb.value);
          return true;
        }
      }
      // Nothing both twins accept: each plays its own computer choice (the twins will diverge).
      const own = (side: Side<S>, cpu: Move | null): boolean =>
        (cpu !== null && this.apply(side, joint, cpu, t)) ||
        this.apply(side, joint, this.timeout(side.s, joint) ?? { type: TIMEOUT, key: '' }, t);
      return own(A, cpuA) && own(B, cpuB);
    }
    const alone = (side: Side<S>, waiting: PlayerId[]): boolean => {
      const p = waiting[0];
      if (p === undefined) return false;
      const cpu = this.engine.computerAction(side.s, p);
      if (cpu && nextFloat(rng) < 0.8 && this.apply(side, p, cpu, t)) return true;
      const candidates = [...this.candidates(side.s, p, rng).values()];
      for (let n = 0; n < 4; n++) {
        const m = pick(rng, candidates);
        if (m && this.apply(side, p, m, t)) return true;
      }
      const to = this.timeout(side.s, p);
      return to !== null && this.apply(side, p, to, t);
    };
    if (wa.length > 0) return alone(A, wa);
    if (wb.length > 0) return alone(B, wb);
    return false;
  }

  /** Plays pair `n`; adds what it found to the tally. */
  run(n: number, tally: Tally): void {
    const t = this.c.twins(n);
    tally.pairs++;
    if (!t) {
      tally.noTwin++;
      return;
    }
    const rng = seedRng(`secrecy|${this.engine.id}|${n}`);
    const A: Side<S> = { s: t.a, seg: [], events: [], keys: new Set() };
    const B: Side<S> = { s: t.b, seg: [], events: [], keys: new Set() };
    A.seg.push(this.board(A, t));
    B.seg.push(this.board(B, t));
    const leak = (sync: number, what: string, a: string, b: string): void => {
      tally.leaks.push({ pair: n, change: t.change, sync, what, a, b });
      const kind = what.split('\n')[0] ?? what;
      tally.kinds[kind] = (tally.kinds[kind] ?? 0) + 1;
    };
    const maxSyncs = this.c.syncs ?? 40;
    for (let sync = 0; sync < maxSyncs; sync++) {
      // Secret holders play until both twins wait for an observer (or the game is over).
      for (let guard = 0; guard < 400; guard++) {
        const more = this.waitsFor(A.s, t.secret).length > 0 || this.waitsFor(B.s, t.secret).length > 0;
        if (!more || !this.secretStep(A, B, t, rng)) break;
        tally.steps++;
      }
      tally.syncs++;
      const fa = stable([this.c.facts(A.s, t), A.events]);
      const fb = stable([this.c.facts(B.s, t), B.events]);
      if (fa !== fb) {
        tally.diverged++;
        return;
      }
      const first = firstDifference(A.seg, B.seg);
      if (first)
        return leak(sync, `what the observers saw since the last decision\n${first.where}`, first.a, first.b);
      // Pictures, hints, autocomplete and refusals at a share of the sync points (they cost the most).
      if (nextFloat(rng) < (this.c.extrasShare ?? 0.5)) {
        const xa = this.extras(A.s, t);
        const xb = this.extras(B.s, t);
        for (const k of Object.keys(xa)) if (xa[k] !== xb[k]) return leak(sync, k, xa[k] ?? '', xb[k] ?? '');
        const probe = this.probe(A.s, B.s, t, rng);
        if (probe) return leak(sync, probe.what, probe.a, probe.b);
      }
      if (this.engine.outcome(A.s)) {
        tally.ended++;
        return;
      }
      // An observer moves, from what they see, the same in both twins.
      const waiting = this.waitsFor(A.s, t.observers);
      const who = pick(rng, waiting);
      if (who === undefined) {
        tally.ended++;
        return;
      }
      A.seg = [];
      B.seg = [];
      const moves = [...this.candidates(A.s, who, rng).values()];
      const h = hint(this.engine, A.s, who);
      const order = h && nextFloat(rng) < 0.7 ? [h.action as Move, ...moves] : moves;
      let moved = false;
      for (let n2 = 0; n2 < 6 && !moved; n2++) {
        const m = n2 === 0 ? order[0] : pick(rng, order);
        if (!m) break;
        const ra = this.engine.apply(A.s, who, m);
        const rb = this.engine.apply(B.s, who, m);
        if (ra.ok !== rb.ok || (!ra.ok && !rb.ok && stable(ra.error) !== stable(rb.error)))
          return leak(
            sync,
            `${who}'s move ${stable(m)} is taken in one twin and not the other`,
            stable(ra.ok ? ra.value.announce : ra.error),
            stable(rb.ok ? rb.value.announce : rb.error),
          );
        if (ra.ok && rb.ok) {
          this.apply(A, who, m, t, ra.value);
          this.apply(B, who, m, t, rb.value);
          moved = true;
        }
      }
      if (!moved) {
        const ta = this.timeout(A.s, who);
        const tb = this.timeout(B.s, who);
        if (!ta || !tb || !this.apply(A, who, ta, t) || !this.apply(B, who, tb, t)) {
          tally.ended++;
          return;
        }
      }
      tally.steps++;
    }
    tally.ended++;
  }

  /** Observers try moves (theirs and the secret holder's); the answers must match. */
  private probe(a: S, b: S, t: Twins<S>, rng: RngState): { what: string; a: string; b: string } | null {
    const e = this.engine;
    const pool = new Map<string, Move>();
    for (const p of t.secret)
      for (const s of [a, b]) for (const [k, m] of this.candidates(s, p, rng)) pool.set(k, m);
    for (const m of this.c.probes?.(a, rng) ?? []) pool.set(stable(m), m);
    const keys = [...pool.keys()].sort();
    for (let i = 0; i < Math.min(6, keys.length); i++) {
      const m = pool.get(keys[nextInt(rng, keys.length)] ?? '') as Move;
      for (const o of t.observers) {
        const ra = e.apply(a, o, m);
        const rb = e.apply(b, o, m);
        // An accepted move may reveal what the rules reveal; only a refusal's words are compared.
        const sa = ra.ok ? 'accepted' : stable(ra.error);
        const sb = rb.ok ? 'accepted' : stable(rb.error);
        if (sa !== sb) return { what: `${o} tries ${stable(m)}`, a: sa, b: sb };
      }
    }
    return null;
  }
}

/** The first entry where two segments differ, and the text around the first differing character. */
export function firstDifference(
  a: readonly string[],
  b: readonly string[],
): { where: string; a: string; b: string } | null {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '(nothing)';
    const y = b[i] ?? '(nothing)';
    if (x === y) continue;
    let c = 0;
    while (c < x.length && x[c] === y[c]) c++;
    const from = Math.max(0, c - 80);
    return { where: `entry ${i}`, a: x.slice(from, c + 160), b: y.slice(from, c + 160) };
  }
  return null;
}

export function emptyTally(): Tally {
  return { pairs: 0, noTwin: 0, syncs: 0, steps: 0, diverged: 0, ended: 0, leaks: [], kinds: {} };
}

export function runPairs<S>(c: SecrecyCase<S>, pairs: number, from = 0): Tally {
  const h = new Harness(c);
  const tally = emptyTally();
  for (let n = from; n < from + pairs; n++) h.run(n, tally);
  return tally;
}

/** `ms`: wall-clock time; `cpu`: this process's CPU time (steadier on a shared machine). */
export function report(game: string, t: Tally, ms: number, cpu?: number): string {
  const kinds = Object.entries(t.kinds)
    .map(([k, v]) => `  ${v} × ${k}`)
    .join('\n');
  return `${game}: ${t.pairs} pairs (${t.noTwin} without a twin), ${t.syncs} sync points, ${t.steps} moves, ${t.diverged} ended by a legitimate reveal, ${t.ended} ran to the end or the limit, ${t.leaks.length} leaks, ${Math.round(ms)} ms${cpu === undefined ? '' : ` (${Math.round(cpu)} ms CPU)`}${kinds ? `\n${kinds}` : ''}`;
}

export function describeLeak(l: Leak): string {
  return `pair ${l.pair} (${l.change}), sync ${l.sync}: ${l.what}\n  A: ${l.a}\n  B: ${l.b}`;
}
