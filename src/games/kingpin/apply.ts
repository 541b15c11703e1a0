/**
 * Applying an action: who may act in which phase, then the rule modules. The state is copied
 * first; a refusal leaves it untouched.
 */
import type { Applied, Result } from '../contract.ts';
import { ok } from '../contract.ts';
import { cardName, content, sideOf } from './board.ts';
import { WITH_CHAPO } from './content/index.ts';
import * as cartel from './cartel.ts';
import { cloneState, writableHunt } from './clone.ts';
import { answerFix } from './effects.ts';
import { refuse } from './errors.ts';
import { advance, endCartelTurn, leadSnapshot, noteNewLeads, startCartelTurn } from './flow.ts';
import * as hunters from './hunters.ts';
import { resolvePawn } from './resolve.ts';
import type { KpAction, KpState, Side } from './types.ts';

const CARTEL_ACTIONS = new Set<KpAction['type']>([
  'setup-place',
  'pick',
  'place-defense',
  'move-defense',
  'move-chapo',
  'fulfil',
  'draw-need',
  'place-need',
  'end-turn',
  'choose-fix',
]);

const MAY_ADD_LEADS = new Set<KpAction['type']>([
  'setup-place',
  'place-defense',
  'move-defense',
  'place-need',
  'resolve',
  'choose-fix',
]);

/** Whose move the phase is; a pending Fix choice belongs to the Cartel. */
export function sideToAct(s: KpState): Side | null {
  if (s.phase === 'over') return null;
  if (s.pending) return 'cartel';
  return s.phase === 'setup' || s.phase === 'cartel' ? 'cartel' : 'hunters';
}

function cartelAction(s: KpState, a: KpAction, announce: string[]): Result<null> {
  if (a.type === 'choose-fix') {
    const p = s.pending;
    const name = (o: string): string => (o === 'chapo' ? 'Chapo' : cardName(o));
    if (!p || !p.options.includes(a.option))
      return refuse(
        'bad-choice',
        `${name(a.option)} is not one of the things to Fix`,
        `Choose one of: ${(p?.options ?? []).map(name).join(', ')}.`,
        'R28',
      );
    answerFix(s, p, a.option, announce);
    return ok(null);
  }
  if (s.phase === 'setup') {
    if (a.type === 'pick') return cartel.setupPick(s, a.card);
    if (a.type !== 'setup-place')
      return refuse(
        'nothing-to-place',
        'The Cartel is still preparing',
        'Place the drawn Defense, the three Needs and Chapo first.',
      );
    const r = cartel.setupPlace(s, a.item, a.location);
    if (r.ok && s.toPlace.length === 0) startCartelTurn(s, announce);
    return r;
  }
  if (s.cartel.drawn !== null && a.type !== 'place-need')
    return refuse(
      'place-drawn-first',
      `You hold ${cardName(s.cartel.drawn)}, not yet placed`,
      'Place the drawn Need at a suitable Hidden Location first.',
      'R6',
    );
  switch (a.type) {
    case 'pick':
      if (!cartel.pickable(s).includes(a.card))
        return refuse(
          'not-unplayed',
          `${cardName(a.card)} cannot be placed or moved now`,
          'Pick a Defense you can afford to place or move.',
        );
      s.cartel.picked = a.card;
      return ok(null);
    case 'place-defense':
      return cartel.placeDefense(s, a);
    case 'move-defense':
      return cartel.moveDefense(s, a, announce);
    case 'move-chapo':
      return cartel.moveChapo(s, a, announce);
    case 'fulfil':
      return cartel.fulfil(s, a.card, announce);
    case 'draw-need':
      return cartel.drawNeed(s);
    case 'place-need':
      return cartel.placeNeed(s, a.location);
    case 'end-turn':
      endCartelTurn(s, announce);
      return ok(null);
    default:
      return refuse('not-your-turn', 'That is not a Cartel move', 'End the turn or take a Cartel action.');
  }
}

function hunterAction(s: KpState, actor: string, a: KpAction, announce: string[]): Result<null> {
  if (a.type === 'fix-card') return hunters.fixTopography(s, a, announce);
  const planning = s.phase === 'intel-plan' || s.phase === 'police-plan';
  const resolving = s.phase === 'intel-resolve' || s.phase === 'police-resolve';
  switch (a.type) {
    case 'focus':
      if (s.phase !== 'police-plan' || (!content().location.has(a.location) && a.location !== WITH_CHAPO))
        return refuse(
          'not-your-turn',
          `There is no ${a.location} to list placements for now`,
          'Choose a Location from the menu while planning Police and the Marina.',
        );
      writableHunt(s).focus = a.location;
      return ok(null);
    case 'add-pawn':
    case 'remove-pawn':
    case 'propose':
    case 'confirm':
      if (!planning)
        return refuse(
          'not-your-turn',
          'The plan is already confirmed',
          'Resolve the planned pawns, in any order.',
        );
      if (a.type === 'add-pawn') return hunters.addPawn(s, actor, a);
      if (a.type === 'remove-pawn') return hunters.removePawn(s, a.index);
      if (a.type === 'propose') return hunters.propose(s, actor, a);
      hunters.confirm(s, announce);
      return ok(null);
    case 'resolve':
      if (!resolving)
        return refuse(
          'not-your-turn',
          'Nothing is planned to resolve yet',
          'Plan pawns and confirm the plan first.',
        );
      return resolvePawn(s, a.index, a.here === true, announce);
    default:
      return refuse(
        'not-your-turn',
        'That is not a Hunter move',
        'Plan, confirm, resolve pawns, or Fix a card with a Lead.',
      );
  }
}

export function applyAction(state: KpState, actor: string, action: KpAction): Result<Applied<KpState>> {
  if (state.phase === 'over')
    return refuse('game-over', 'The game is over', 'Start a new game with /game start.');
  const side = sideOf(state, actor);
  if (side === null)
    return refuse(
      'not-seated',
      'You hold no seat at this table',
      'Watch the public board, or join the next game.',
    );
  const wants: Side = CARTEL_ACTIONS.has(action.type) ? 'cartel' : 'hunters';
  const toAct = sideToAct(state);
  if (wants !== side || toAct !== side) {
    if (state.pending && side === 'hunters')
      return refuse(
        'fix-pending',
        'The Cartel is choosing what to Fix',
        'Wait for its choice; resolution then goes on.',
      );
    return refuse(
      'not-your-turn',
      `It is not the ${side === 'cartel' ? 'Cartel' : 'Hunters'}' move`,
      `The ${toAct === 'cartel' ? 'Cartel' : 'Hunters'} act now.`,
    );
  }
  const s = cloneState(state);
  const announce: string[] = [];
  const r = side === 'cartel' ? cartelAction(s, action, announce) : hunterAction(s, actor, action, announce);
  if (!r.ok) return r;
  // Only these can bring a Lead into play (planning moves are the most frequent and never do),
  // and only by changing cards or topography, which the working copy then no longer shares with
  // the input (clone.ts); the input, never changed, still holds the Leads as they were.
  if (MAY_ADD_LEADS.has(action.type) && (s.cards !== state.cards || s.topo !== state.topo))
    noteNewLeads(s, leadSnapshot(state));
  if (s.phase !== 'setup' && s.phase !== 'cartel') advance(s, announce);
  s.seq += 1;
  return ok({ state: s, announce });
}
