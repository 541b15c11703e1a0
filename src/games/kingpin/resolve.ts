/**
 * Resolving Hunter pawns one at a time, in the order the team picks (rulebook 3.0). Intelligence
 * dice are screened (R12): only the Hunters see them. Police dice and Marina strikes are public.
 */
import type { Result } from '../contract.ts';
import { ok } from '../contract.ts';
import { WITH_CHAPO } from './content/index.ts';
import { cardName, content, defensesAt, hiddenLinks, locName, note, topoBySlot } from './board.ts';
import {
  finishCard,
  fixChapo,
  fixCard,
  fixOneAt,
  record,
  rollDie,
  unusedDefense,
  useDefense,
} from './effects.ts';
import { writableHunt, writableTopo } from './clone.ts';
import { refuse } from './errors.ts';
import { parseSpot, spotLabel, spotLocation } from './spots.ts';
import type { KpState, Pawn, PlannedPawn } from './types.ts';

type Done = Result<null>;

const SUCCESS = 4;

/** The roll a pawn needs where it stands: 4, or more under a weakening Defense (R13). */
function needed(s: KpState, pawn: Pawn, at: string | null): { min: number; by: string | null } {
  if (at === null || pawn === 'marina') return { min: SUCCESS, by: null };
  const where = at === WITH_CHAPO ? s.chapo.at : at;
  let best = { min: SUCCESS, by: null as string | null };
  for (const d of where ? defensesAt(s, where, 'weaken') : [])
    if (d.effect.kind === 'weaken' && d.effect.pawn === pawn && d.effect.minRoll > best.min)
      best = { min: d.effect.minRoll, by: d.id };
  return best;
}

/** R29: a weakening Defense is used only when the roll would have succeeded without it. */
function weakened(s: KpState, need: { min: number; by: string | null }, r: number, announce: string[]): void {
  if (need.by && r >= SUCCESS && r < need.min)
    useDefense(s, need.by, announce, `a roll of ${r} needed ${need.min}`);
}

/** Turns a topography card face up (on the working copy's own entry). */
function faceUp(s: KpState, slot: string): void {
  const t = writableTopo(s, slot);
  if (t) t.faceUp = true;
}

/** Fixes every Hidden card linked to a topography card; false if none was Hidden. */
function fixLinked(s: KpState, slot: string, announce: string[]): boolean {
  const t = topoBySlot(s, slot);
  if (!t) return false;
  const hidden = hiddenLinks(s, t);
  for (const id of hidden) fixCard(s, id, announce);
  return hidden.length > 0;
}

function resolveIntel(s: KpState, p: PlannedPawn, announce: string[]): void {
  const spot = parseSpot(p.spot);
  const hunters = (text: string): void => note(s, 'hunters', text);
  if (spot?.kind === 'card') {
    const t = topoBySlot(s, spot.slot);
    const card = t ? content().topo.get(t.card) : undefined;
    if (!t || !card) return;
    if (!t.faceUp && card.kind === 'nexus') {
      faceUp(s, t.slot);
      hunters(`Found: ${card.name} (${card.role}).`);
      record(s, p, true);
      return;
    }
    if (!t.faceUp) {
      const need = needed(s, 'intel', t.fixedAt);
      const r = rollDie(s, 'intel', true);
      const hit = r >= need.min;
      weakened(s, need, r, announce);
      if (hit) faceUp(s, t.slot);
      hunters(
        `Intelligence on ${t.slot}: rolled ${r}${hit ? `, found ${card.name} (${card.role})` : ', nothing'}.`,
      );
      record(s, p, hit);
      return;
    }
    if (card.kind === 'nexus') {
      const next = s.topo.find((o) => {
        const oc = content().topo.get(o.card);
        return !o.faceUp && oc?.kind === 'support' && card.linkedSubtypes.includes(oc.subtype);
      });
      if (next) faceUp(s, next.slot);
      hunters(
        next ? `${card.name} leads you to ${cardName(next.card)}.` : `${card.name} leads to no one new.`,
      );
      record(s, p, next !== undefined, true);
      return;
    }
    hunters(`${card.name} is already found; pursue one of the Leads on the card instead (R14).`);
    record(s, p, false, true);
    return;
  }
  if (spot?.kind === 'lead') {
    const t = topoBySlot(s, spot.slot);
    if (!t) return;
    const need = needed(s, 'intel', t.fixedAt);
    const r = rollDie(s, 'intel', true);
    weakened(s, need, r, announce);
    const hit = r >= need.min && blocked(s, 'intel', t.fixedAt, announce) === false;
    hunters(
      `Intelligence on the Lead ${locName(spot.at)} of ${cardName(t.card)}: rolled ${r}${hit ? ', success' : ', no result'}.`,
    );
    const found = hit && fixLinked(s, spot.slot, announce);
    // R8, R28: the fallback may wait for the Cartel's answer, and its Record with it.
    const asked =
      hit && !found && t.fixedAt !== null && fixOneAt(s, spot.at, 'a Lead on a Fixed card', announce, p);
    if (!asked) record(s, p, found, hit);
  }
}

/** An Exposure Defense that stops this pawn outright, used up if so (rulebook 2.0: block). */
function blocked(s: KpState, pawn: Pawn, at: string | null, announce: string[]): boolean {
  const id = unusedDefense(s, at, (d) =>
    d.effect.kind === 'block' && d.effect.pawn === pawn ? d.effect.count : 0,
  );
  if (!id) return false;
  useDefense(
    s,
    id,
    announce,
    `${pawn === 'marina' ? 'the Marina strike' : `a ${pawn} pawn`} at ${locName(at ?? '')} had no effect`,
  );
  return true;
}

/** Police pawns planned this turn in a Location (for "capture here needs Police"). */
const policeAt = (s: KpState, at: string): number =>
  s.hunt.plan.filter((p) => p.pawn === 'police' && spotLocation(s, p.spot) === at).length;

function capture(s: KpState, announce: string[]): boolean {
  const at = s.chapo.at ?? '';
  for (const d of defensesAt(s, at, 'capture-needs')) {
    if (d.effect.kind !== 'capture-needs' || policeAt(s, at) >= d.effect.police) continue;
    useDefense(s, d.id, announce, `a capture at ${locName(at)} needs ${d.effect.police} Police pawns there`);
    return false;
  }
  const stop = unusedDefense(s, at, (d) =>
    d.effect.kind === 'nullify' && d.effect.what === 'finish' ? 1 : 0,
  );
  if (stop) {
    useDefense(s, stop, announce, 'the capture failed');
    return false;
  }
  s.chapo.captured = true;
  const line = `The Marina captures El Chapo at ${locName(at)}!`;
  announce.push(line);
  note(s, 'public', line);
  return true;
}

/**
 * A successful Police action (or a Marina strike without Chapo Fixed there): whether it found
 * something; 'asked' when the Cartel must answer first (R28: the Record waits for it); 'said'
 * when nothing was Hidden at the Location and that was already said.
 */
type Enforced = boolean | 'asked' | 'said';
function enforce(s: KpState, pawn: PlannedPawn, announce: string[]): Enforced {
  const p = parseSpot(pawn.spot);
  if (!p) return false;
  if (p.kind === 'loc') return fixOneAt(s, p.at, 'Police at the Location', announce, pawn) ? 'asked' : 'said';
  if (p.kind === 'lead') {
    if (fixLinked(s, p.slot, announce)) return true;
    return fixOneAt(s, p.at, 'a Lead on a Fixed card', announce, pawn) ? 'asked' : 'said';
  }
  if (p.kind === 'fixed') {
    const at = s.cards[p.card]?.at ?? null;
    const finished = finishCard(s, p.card, announce);
    if (at !== null && at !== WITH_CHAPO && s.chapo.at === at && !s.chapo.fixed) fixChapo(s, announce);
    return finished;
  }
  return false;
}

/** Places the Record of an enforcement pawn (unless it waits for the Cartel's answer). */
function recordEnforced(s: KpState, p: PlannedPawn, found: Enforced, say: (text: string) => void): void {
  if (found === 'asked') return;
  if (found === false) say('Nothing there.');
  record(s, p, found === true, true);
}

function resolveEnforcement(s: KpState, p: PlannedPawn, announce: string[]): void {
  const at = spotLocation(s, p.spot);
  const say = (text: string): void => {
    announce.push(text);
    note(s, 'public', text);
  };
  if (p.pawn === 'marina') {
    say(`The Marina strikes ${spotLabel(s, p.spot, false)}.`);
    if (blocked(s, 'marina', at, announce)) return record(s, p, false);
    const onChapo = p.spot === `loc:${s.chapo.at ?? ''}` && s.chapo.fixed;
    if (onChapo) return record(s, p, capture(s, announce));
    // A strike that finds nothing says so, as a Police success that finds nothing does.
    return recordEnforced(s, p, enforce(s, p, announce), () => say('The Marina strike finds nothing.'));
  }
  const need = needed(s, 'police', at);
  const r = rollDie(s, 'police', false);
  // R29: the roll alone is announced; a weakening Defense is used (and announced as used,
  // never by its effect) only when it turned a success into a failure.
  say(`Police on ${spotLabel(s, p.spot, false)}: rolled ${r}.`);
  if (r < need.min) {
    weakened(s, need, r, announce);
    return record(s, p, false);
  }
  if (blocked(s, 'police', at, announce)) return record(s, p, false);
  recordEnforced(s, p, enforce(s, p, announce), say);
}

/** Resolves one planned pawn; `here` repositions it onto its Location first (rulebook 3.0). */
export function resolvePawn(s: KpState, index: number, here: boolean, announce: string[]): Done {
  const p = writableHunt(s).plan[index];
  if (!p || p.resolved)
    return refuse(
      'no-such-pawn',
      `Pawn ${index + 1} is not waiting to be resolved`,
      'Resolve one of the pawns the plan still lists.',
    );
  if (here) {
    const at = spotLocation(s, p.spot);
    if (p.pawn === 'intel' || at === null || p.spot === `loc:${at}`)
      return refuse(
        'reposition-elsewhere',
        `${spotLabel(s, p.spot, true)} cannot be repositioned onto a Location`,
        'Only Police and the Marina on Fixed cards or their Leads may move onto that Location itself.',
      );
    p.spot = `loc:${at}`;
  }
  p.resolved = true;
  if (p.pawn === 'intel') resolveIntel(s, p, announce);
  else resolveEnforcement(s, p, announce);
  return ok(null);
}

export const unresolved = (s: KpState): number[] => s.hunt.plan.flatMap((p, i) => (p.resolved ? [] : [i]));

export const describePawn = (pawn: Pawn): string =>
  pawn === 'intel' ? 'Intelligence' : pawn === 'police' ? 'Police' : 'Marina';
