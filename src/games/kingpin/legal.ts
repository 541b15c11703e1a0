/**
 * Every legal action of a side now, enumerated: the source of controls, defaults, autocomplete
 * and the computer players. A test checks that the engine accepts each one.
 */
import { content, defenseLocations, inPlay, leadsOf, needLocations } from './board.ts';
import {
  freeMover,
  legalSetupLocations,
  MAX_ACTIONS,
  MAX_CHAPO_ACTIONS,
  pickable,
  setupItem,
} from './cartel.ts';
import { sideToAct } from './apply.ts';
import { spotLocation, spotsFor } from './spots.ts';
import { unresolved } from './resolve.ts';
import type { KpAction, KpState, Pawn, Side } from './types.ts';

/**
 * Action lists that depend on little, built once and shared (frozen: actions are values, never
 * changed): Chapo's moves by where he is and whether he is Fixed; pawn placements by spot list.
 */
const chapoMoveCache = new Map<string, readonly KpAction[]>();
/** Chapo's moves from `at`: with a Chapo action, or (`free`) with a Mobility Defense's free move (R30). */
function chapoMoves(at: string, fixed: boolean, free: boolean): readonly KpAction[] {
  const key = `${at}|${fixed}|${free}`;
  let moves = chapoMoveCache.get(key);
  if (!moves) {
    const out: KpAction[] = [];
    const extra = free ? { free: true } : {};
    for (const l of content().locations) {
      if (l.id !== at) out.push(Object.freeze({ type: 'move-chapo', location: l.id, ...extra }));
      if (!fixed) out.push(Object.freeze({ type: 'move-chapo', location: l.id, reveal: true, ...extra }));
    }
    moves = Object.freeze(out);
    chapoMoveCache.set(key, moves);
  }
  return moves;
}

const addCache = new WeakMap<readonly string[], Partial<Record<Pawn, readonly KpAction[]>>>();
function addPawns(spots: readonly string[], pawn: Pawn): readonly KpAction[] {
  let byPawn = addCache.get(spots);
  if (!byPawn) addCache.set(spots, (byPawn = {}));
  return (byPawn[pawn] ??= Object.freeze(
    spots.map((spot): KpAction => Object.freeze({ type: 'add-pawn', pawn, spot })),
  ));
}

function cartelActions(s: KpState): KpAction[] {
  const c = content();
  if (s.pending) return s.pending.options.map((option) => ({ type: 'choose-fix', option }));
  if (s.phase === 'setup') {
    // R32: the whole blind draw is in hand; any item may be placed next (`pick` chooses which).
    const current = setupItem(s);
    return [
      ...s.toPlace.flatMap((item) =>
        legalSetupLocations(s, item).map((location): KpAction => ({ type: 'setup-place', item, location })),
      ),
      ...s.toPlace.filter((item) => item !== current).map((card): KpAction => ({ type: 'pick', card })),
    ];
  }
  const drawn = s.cartel.drawn;
  if (drawn !== null) return needLocations(drawn).map((location) => ({ type: 'place-need', location }));
  const out: KpAction[] = [];
  const left = MAX_ACTIONS - s.cartel.actions;
  if (s.chapo.at !== null) {
    if (left > 0 && s.cartel.chapoActions < MAX_CHAPO_ACTIONS)
      out.push(...chapoMoves(s.chapo.at, s.chapo.fixed, false));
    if (freeMover(s) !== null) out.push(...chapoMoves(s.chapo.at, s.chapo.fixed, true));
  }
  if (left > 0 && s.cartel.chapoActions < MAX_CHAPO_ACTIONS && !s.cartel.fulfilled)
    for (const n of c.needs) {
      const card = s.cards[n.id];
      if (card && inPlay(s, n.id) && card.at === s.chapo.at && card.discs < n.circles)
        out.push({ type: 'fulfil', card: n.id });
    }
  for (const id of pickable(s)) {
    const d = c.defense.get(id);
    const card = s.cards[id];
    if (!d || !card) continue;
    out.push({ type: 'pick', card: id });
    if (card.zone === 'unplayed')
      for (const location of defenseLocations(s, d, 'hidden'))
        out.push({ type: 'place-defense', card: id, location });
    else if (card.zone === 'hidden' || card.zone === 'fixed')
      for (const location of defenseLocations(s, d, card.zone))
        if (location !== card.at) out.push({ type: 'move-defense', card: id, location });
  }
  if (s.needsDeck.length > 0) out.push({ type: 'draw-need' });
  out.push({ type: 'end-turn' });
  return out;
}

function hunterActions(s: KpState): KpAction[] {
  const out: KpAction[] = [];
  if (s.phase === 'intel-plan' || s.phase === 'police-plan') {
    const pawns = s.phase === 'intel-plan' ? (['intel'] as const) : (['police', 'marina'] as const);
    for (const pawn of pawns) {
      if (s.hunt.proposal.filter((p) => p.pawn === pawn).length >= s.hunt.available[pawn]) continue;
      out.push(...addPawns(spotsFor(s, pawn), pawn));
    }
    s.hunt.proposal.forEach((_, index) => out.push({ type: 'remove-pawn', index }));
    out.push({ type: 'confirm' });
  }
  if (s.phase === 'intel-resolve' || s.phase === 'police-resolve')
    for (const index of unresolved(s)) {
      out.push({ type: 'resolve', index });
      const p = s.hunt.plan[index];
      const at = p ? spotLocation(s, p.spot) : null;
      if (p && p.pawn !== 'intel' && at !== null && p.spot !== `loc:${at}`)
        out.push({ type: 'resolve', index, here: true });
    }
  for (const t of s.topo)
    for (const location of leadsOf(s, t))
      if (t.fixedAt !== location) out.push({ type: 'fix-card', slot: t.slot, location });
  return out;
}

/** The side's legal actions now; empty when it is not that side's move. */
export function legalActions(s: KpState, side: Side): KpAction[] {
  if (sideToAct(s) !== side) return [];
  return side === 'cartel' ? cartelActions(s) : hunterActions(s);
}
