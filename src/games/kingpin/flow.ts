/**
 * The turn track (rulebook 1, Sequence of Play; 4.0; 5.0): after setup, up to 8 pairs of Cartel
 * and Hunter turns; the Hunters win on capture; after the 8th pair the Cartel wins with at
 * least half the circles (rounded up) filled, otherwise the game is drawn.
 */
import { cardName, discsPlaced, leadsOf, locName, needed, note, seatFor, totalCircles } from './board.ts';
import { writableHunt } from './clone.ts';
import { startHunterTurn } from './hunters.ts';
import { unresolved } from './resolve.ts';
import type { KpState } from './types.ts';
import { literal } from '../text.ts';

export const TURNS = 8;

export function startCartelTurn(s: KpState, announce: string[]): void {
  s.phase = 'cartel';
  s.cartel = { actions: 0, chapoActions: 0, fulfilled: false, freeUsed: [], picked: null, drawn: null };
  const line = `Turn ${s.turn} of ${TURNS}: the Cartel moves behind its screen.`;
  announce.push(line);
  note(s, 'public', line);
}

export function endCartelTurn(s: KpState, announce: string[]): void {
  const line = `The Cartel ends turn ${s.turn}. The Hunters plan Intelligence.`;
  announce.push(line);
  note(s, 'public', line);
  startHunterTurn(s, announce);
}

function finish(s: KpState, announce: string[]): void {
  const hunters = seatFor(s, 'hunters');
  const cartel = seatFor(s, 'cartel');
  if (s.chapo.captured) {
    s.result = {
      kind: 'capture',
      winners: [hunters.id],
      summary: `The Hunters (${literal(hunters.name)}) capture El Chapo at ${locName(s.chapo.at ?? '')} on turn ${s.turn}.`,
    };
  } else {
    const got = discsPlaced(s);
    const total = totalCircles(s);
    const won = got >= needed(s);
    s.result = won
      ? {
          kind: 'cartel',
          winners: [cartel.id],
          summary: `The Cartel (${literal(cartel.name)}) wins: El Chapo is still free after ${TURNS} turns and ${got} of ${total} Needs circles are filled.`,
        }
      : {
          kind: 'draw',
          winners: [],
          summary: `A draw: El Chapo is still free after ${TURNS} turns, but only ${got} of ${total} Needs circles are filled (${needed(s)} needed).`,
        };
  }
  s.phase = 'over';
  s.pending = null;
  announce.push(s.result.summary);
  note(s, 'public', s.result.summary);
}

/** After a Hunter action: capture ends the game; finished phases move on; turn 8 ends it. */
export function advance(s: KpState, announce: string[]): void {
  if (s.chapo.captured) return finish(s, announce);
  if (s.pending) return;
  if (s.phase === 'intel-resolve' && unresolved(s).length === 0) {
    s.phase = 'police-plan';
    writableHunt(s).plan = [];
  }
  if (s.phase === 'police-resolve' && unresolved(s).length === 0) {
    writableHunt(s).plan = [];
    if (s.turn >= TURNS) return finish(s, announce);
    s.turn += 1;
    startCartelTurn(s, announce);
  }
}

/** Leads as the Hunters know them, for telling them when a new one appears (rulebook 4.0). */
export function leadSnapshot(s: KpState): Set<string> {
  const out = new Set<string>();
  for (const t of s.topo) for (const at of leadsOf(s, t)) out.add(`${t.slot}|${at}`);
  return out;
}

export function noteNewLeads(s: KpState, before: Set<string>): void {
  for (const key of leadSnapshot(s)) {
    if (before.has(key)) continue;
    const [slot, at] = key.split('|');
    const t = s.topo.find((x) => x.slot === slot);
    if (!t || !at) continue;
    note(
      s,
      t.fixedAt !== null ? 'public' : 'hunters',
      `The Referee places a Lead marker on ${cardName(t.card)}: ${locName(at)}.`,
    );
  }
}
