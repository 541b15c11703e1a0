/**
 * The Hunters' turn (rulebook 3.0): one more Intelligence pawn, plan then resolve Intelligence,
 * plan then resolve Police and the Marina. Planning is a team proposal the team confirms.
 */
import type { Result } from '../contract.ts';
import { ok } from '../contract.ts';
import { cardName, content, defensesInPlay, isHidden, leadsOf, locName, note, topoBySlot } from './board.ts';
import { HIDDEN_DEFENSE_USED } from './effects.ts';
import { writableHunt, writableTopo } from './clone.ts';
import { refuse } from './errors.ts';
import { spotAllowed, spotLabel } from './spots.ts';
import type { KpAction, KpState, Pawn, PlannedPawn } from './types.ts';
import { plural } from '../text.ts';

export const MAX_INTEL = 6;
export const POLICE = 3;
export const MARINA = 1;

type Done = Result<null>;
const done: Done = ok(null);

/** Pawns for this turn: one more Intelligence pawn each turn (R10), less what Detection Defenses take. */
export function startHunterTurn(s: KpState, announce: string[]): void {
  const available: Record<Pawn, number> = {
    intel: Math.min(MAX_INTEL, s.turn),
    police: POLICE,
    marina: MARINA,
  };
  s.hunt = { available, proposal: [], proposedBy: null, plan: [], used: {} };
  for (const d of defensesInPlay(s, 'fewer-pawns')) {
    if (d.effect.kind !== 'fewer-pawns') continue;
    const pawn = d.effect.pawn;
    available[pawn] = Math.max(0, available[pawn] - d.effect.count);
    note(
      s,
      'cartel',
      `${d.name} takes ${plural(d.effect.count, `${pawn === 'intel' ? 'Intelligence' : 'Police'} pawn`)} from the Hunters.`,
    );
    note(
      s,
      'hunters',
      `${plural(d.effect.count, `${pawn === 'intel' ? 'Intelligence' : 'Police'} pawn`)} unavailable this turn because of a Cartel Defense.`,
    );
    const line = isHidden(s, d.id)
      ? HIDDEN_DEFENSE_USED
      : `The Cartel used ${d.name}: the Hunters have fewer pawns.`;
    announce.push(line);
    note(s, 'public', line);
  }
  s.phase = 'intel-plan';
}

const planPawns = (s: KpState): Pawn[] => (s.phase === 'intel-plan' ? ['intel'] : ['police', 'marina']);

function checkPlacement(s: KpState, pawn: Pawn, spot: string, already: PlannedPawn[]): Done {
  const kinds = planPawns(s);
  if (!kinds.includes(pawn))
    return refuse(
      'bad-spot',
      `A ${pawn} pawn cannot be planned now`,
      s.phase === 'intel-plan'
        ? 'Plan Intelligence pawns first; Police and the Marina come after.'
        : 'Intelligence was planned earlier this turn; plan Police and the Marina.',
    );
  const used = already.filter((p) => p.pawn === pawn).length;
  if (used >= s.hunt.available[pawn])
    return refuse(
      'no-pawn-left',
      `Every available ${pawn} pawn is already planned (${s.hunt.available[pawn]})`,
      'Remove one to plan it elsewhere, or confirm the plan.',
    );
  if (!spotAllowed(s, pawn, spot))
    return pawn === 'intel'
      ? refuse(
          'bad-spot',
          `Intelligence cannot go on ${spotLabel(s, spot, true)}`,
          'Place it on a topography card or on a Lead marker.',
        )
      : refuse(
          'bad-enforcement-spot',
          `${pawn === 'marina' ? 'The Marina' : 'Police'} cannot go on ${spotLabel(s, spot, true)}`,
          'Place it on a Location, a Lead on a Fixed card, or a Fixed Need or Defense.',
        );
  return done;
}

export function addPawn(s: KpState, actor: string, a: Extract<KpAction, { type: 'add-pawn' }>): Done {
  const r = checkPlacement(s, a.pawn, a.spot, s.hunt.proposal);
  if (!r.ok) return r;
  const hunt = writableHunt(s);
  hunt.proposal.push({ pawn: a.pawn, spot: a.spot, resolved: false });
  hunt.proposedBy = actor;
  return done;
}

export function removePawn(s: KpState, index: number): Done {
  if (index >= s.hunt.proposal.length)
    return refuse(
      'no-such-pawn',
      `There is no pawn ${index + 1} in the proposal`,
      'Pick a pawn the proposal lists.',
    );
  writableHunt(s).proposal.splice(index, 1);
  return done;
}

export function propose(s: KpState, actor: string, a: Extract<KpAction, { type: 'propose' }>): Done {
  const next: PlannedPawn[] = [];
  for (const p of a.placements) {
    const r = checkPlacement(s, p.pawn, p.spot, next);
    if (!r.ok) return r;
    next.push({ pawn: p.pawn, spot: p.spot, resolved: false });
  }
  const hunt = writableHunt(s);
  hunt.proposal = next;
  hunt.proposedBy = actor;
  return done;
}

/** The team confirms its proposal (R11: any member, the proposer too); resolution begins. */
export function confirm(s: KpState, announce: string[]): void {
  const hunt = writableHunt(s);
  hunt.plan = hunt.proposal.map((p) => ({ ...p, resolved: false }));
  hunt.proposal = [];
  hunt.proposedBy = null;
  if (s.phase === 'intel-plan') {
    note(
      s,
      'hunters',
      `Intelligence planned: ${s.hunt.plan.map((p) => spotLabel(s, p.spot, true)).join(', ') || 'none'}.`,
    );
    s.phase = 'intel-resolve';
  } else {
    const line = s.hunt.plan.length
      ? `The Hunters plan: ${s.hunt.plan.map((p) => `${p.pawn === 'marina' ? 'Marina' : 'Police'} on ${spotLabel(s, p.spot, false)}`).join('; ')}.`
      : 'The Hunters plan no enforcement this turn.';
    announce.push(line);
    note(s, 'public', line);
    s.phase = 'police-resolve';
  }
}

/** Moves a face-up card bearing a Lead to that Lead's Fixed Location, with its pawns (rulebook 3.0, Leads). */
export function fixTopography(
  s: KpState,
  a: Extract<KpAction, { type: 'fix-card' }>,
  announce: string[],
): Done {
  const t = topoBySlot(s, a.slot);
  if (!t || !leadsOf(s, t).includes(a.location))
    return refuse(
      'no-such-lead',
      `That card bears no Lead to ${locName(a.location)}`,
      'Move a face-up card only to a Location one of its Leads names.',
    );
  if (t.fixedAt === a.location)
    return refuse(
      'no-such-lead',
      `${cardName(t.card)} is already Fixed at ${locName(a.location)}`,
      'Pursue its Leads with Intelligence or Police instead.',
    );
  const own = writableTopo(s, a.slot);
  if (own) own.fixedAt = a.location;
  const line = `The Hunters Fix ${cardName(t.card)} (${content().topo.get(t.card)?.role ?? ''}) at ${locName(a.location)}.`;
  announce.push(line);
  note(s, 'public', line);
  return done;
}
