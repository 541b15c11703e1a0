/**
 * What each viewer may see (rulebook 1, Layout). The public view holds the Fixed board, the
 * Finished box, the turn track and public Records and dice. The Cartel adds its Hidden board;
 * the Hunters add the Found area (the topography display), their screened dice and Records.
 * Views are built field by field from what the viewer may know, never by deleting secrets.
 */
import { WITH_CHAPO } from './content/index.ts';
import { content, discsPlaced, leadsOf, needed, seatOf, totalCircles } from './board.ts';
import { sideToAct } from './apply.ts';
import { freeMover, MAX_ACTIONS, MAX_CHAPO_ACTIONS } from './cartel.ts';
import { effectRule, linkNames, linksLine } from './cards.ts';
import { MAX_INTEL } from './hunters.ts';
import { actionLabel } from './labels.ts';
import { type Reveal, revealOf } from './reveal.ts';
import { legalActions } from './legal.ts';
import { spotLabel } from './spots.ts';
import type { KpAction, KpState, Pawn, Phase, Side } from './types.ts';

export interface CardView {
  id: string;
  name: string;
  kind: 'need' | 'defense';
  at: string;
  /** Needs: discs and circles; Defenses: type. */
  discs?: number;
  circles?: number;
  defenseType?: string;
  /** Defenses: what it does, as printed (cards.ts). */
  rule?: string;
  text: string;
}

export interface TopoView {
  slot: string;
  kind: 'nexus' | 'support';
  subtype: string;
  faceUp: boolean;
  name?: string;
  role?: string;
  /** Needs and Defenses this person is tied to, by name (printed on the card). */
  links?: string[];
  /** The card's Links as printed (subtypes, then Needs and Defenses): the Hunters' view only. */
  linksLine?: string;
  fixedAt: string | null;
  leads: string[];
}

export interface PawnView {
  pawn: Pawn;
  spot: string;
  label: string;
  resolved: boolean;
}

export interface ActionOption {
  label: string;
  action: KpAction;
}

export interface KpView {
  viewer: Side | null;
  seats: { side: Side; name: string; members: string[] }[];
  turn: number;
  phase: Phase;
  toAct: Side | null;
  mention: string[];
  chapo: { status: 'unplaced' | 'hidden' | 'fixed' | 'captured'; at: string | null };
  fixed: { cards: CardView[]; topo: TopoView[] };
  finished: CardView[];
  /** Public plan of Police and the Marina (the Fixed area). */
  enforcement: PawnView[];
  records: { turn: number; pawn: Pawn; label: string; found: boolean }[];
  dice: { pawn: Pawn; roll: number; turn: number }[];
  log: string[];
  pendingFix: boolean;
  result: { kind: string; summary: string; discs?: number; circles?: number } | null;
  /** Everything revealed, once the game is over (R35); null before. */
  reveal: Reveal | null;
  cartel?: {
    hidden: CardView[];
    chapoAt: string | null;
    unplayed: { id: string; name: string; defenseType: string; cost: number; rule: string; text: string }[];
    toPlace: string[];
    drawn: string | null;
    deck: number;
    actionsLeft: number;
    chapoLeft: number;
    fulfilled: boolean;
    freeMove: boolean;
    picked: string | null;
    pending: { at: string; options: string[] } | null;
    discs: number;
    circles: number;
    needed: number;
  };
  hunters?: {
    display: TopoView[];
    available: Record<Pawn, number>;
    proposal: PawnView[];
    proposedBy: string | null;
    plan: PawnView[];
    /** The Location whose placements the menus list when they are too many (R37). */
    focus: string | null;
    /** Intelligence pawns the turn number gives (before Defenses take any). */
    intelBase: number;
  };
  /** What this viewer's team may do now. */
  options: ActionOption[];
}

function cardView(s: KpState, id: string): CardView | null {
  const c = content();
  const card = s.cards[id];
  if (!card || card.at === null) return null;
  const need = c.need.get(id);
  if (need)
    return {
      id,
      name: need.name,
      kind: 'need',
      at: card.at,
      discs: card.discs,
      circles: need.circles,
      text: need.text,
    };
  const d = c.defense.get(id);
  if (!d) return null;
  return {
    id,
    name: d.name,
    kind: 'defense',
    at: card.at,
    defenseType: d.defenseType,
    rule: effectRule(d),
    text: d.text,
  };
}

const cardsIn = (s: KpState, zone: 'hidden' | 'fixed' | 'finished'): CardView[] =>
  Object.entries(s.cards)
    .filter(([, c]) => c.zone === zone)
    .map(([id]) => cardView(s, id))
    .filter((v): v is CardView => v !== null)
    .sort((a, b) => a.id.localeCompare(b.id));

function topoView(s: KpState, t: KpState['topo'][number], hunters: boolean): TopoView {
  const card = content().topo.get(t.card);
  const base: TopoView = {
    slot: t.slot,
    kind: card?.kind ?? 'nexus',
    subtype: card?.subtype ?? '',
    faceUp: t.faceUp,
    fixedAt: t.fixedAt,
    leads: leadsOf(s, t),
  };
  if (!t.faceUp || !card) return base;
  return {
    ...base,
    name: card.name,
    role: card.role,
    ...(hunters ? { links: linkNames(card), linksLine: linksLine(card) } : {}),
  };
}

const pawnView =
  (s: KpState, hunters: boolean) =>
  (p: KpState['hunt']['plan'][number]): PawnView => ({
    pawn: p.pawn,
    spot: p.spot,
    label: spotLabel(s, p.spot, hunters),
    resolved: p.resolved,
  });

export function buildView(s: KpState, viewer: string | null): KpView {
  const seat = seatOf(s, viewer);
  const side = seat?.side ?? null;
  const toAct = sideToAct(s);
  const hunters = side === 'hunters';
  const enforcementPhase = s.phase === 'police-resolve';
  const chapoStatus = s.chapo.captured
    ? 'captured'
    : s.chapo.at === null
      ? 'unplaced'
      : s.chapo.fixed
        ? 'fixed'
        : 'hidden';
  const audience = (to: string): boolean => to === 'public' || to === side;
  const view: KpView = {
    viewer: side,
    seats: s.seats.map((x) => ({ side: x.side, name: x.name, members: x.members })),
    turn: s.turn,
    phase: s.phase,
    toAct,
    mention: toAct ? (s.seats.find((x) => x.side === toAct)?.members ?? []) : [],
    chapo: { status: chapoStatus, at: s.chapo.fixed || s.chapo.captured ? s.chapo.at : null },
    fixed: {
      cards: cardsIn(s, 'fixed'),
      topo: s.topo.filter((t) => t.fixedAt !== null).map((t) => topoView(s, t, false)),
    },
    finished: cardsIn(s, 'finished'),
    enforcement: enforcementPhase ? s.hunt.plan.map(pawnView(s, false)) : [],
    records: s.records
      .filter((r) => audience(r.to))
      .map((r) => ({ turn: r.turn, pawn: r.pawn, label: spotLabel(s, r.spot, hunters), found: r.found })),
    dice: s.dice
      .filter((d) => !d.screened || hunters)
      .map((d) => ({ pawn: d.pawn, roll: d.roll, turn: d.turn })),
    log: s.log.filter((l) => audience(l.to)).map((l) => l.text),
    pendingFix: s.pending !== null,
    result: s.result
      ? { kind: s.result.kind, summary: s.result.summary, discs: discsPlaced(s), circles: totalCircles(s) }
      : null,
    reveal: revealOf(s),
    options:
      side && toAct === side
        ? legalActions(s, side).map((action) => ({ label: actionLabel(s, action), action }))
        : [],
  };
  if (side === 'cartel') {
    const c = content();
    view.cartel = {
      hidden: cardsIn(s, 'hidden'),
      chapoAt: s.chapo.at,
      unplayed: c.defenses
        .filter((d) => s.cards[d.id]?.zone === 'unplayed' && !s.toPlace.includes(d.id))
        .map((d) => ({
          id: d.id,
          name: d.name,
          defenseType: d.defenseType,
          cost: d.cost,
          rule: effectRule(d),
          text: d.text,
        })),
      toPlace: s.toPlace,
      drawn: s.cartel.drawn,
      deck: s.needsDeck.length,
      actionsLeft: MAX_ACTIONS - s.cartel.actions,
      chapoLeft: MAX_CHAPO_ACTIONS - s.cartel.chapoActions,
      fulfilled: s.cartel.fulfilled,
      freeMove: freeMover(s) !== null,
      picked: s.cartel.picked,
      pending: s.pending ? { at: s.pending.at, options: s.pending.options } : null,
      discs: discsPlaced(s),
      circles: totalCircles(s),
      needed: needed(s),
    };
  }
  if (hunters) {
    view.hunters = {
      display: s.topo.map((t) => topoView(s, t, true)),
      available: s.hunt.available,
      proposal: s.hunt.proposal.map(pawnView(s, true)),
      proposedBy: s.hunt.proposedBy,
      plan: s.hunt.plan.map(pawnView(s, true)),
      focus: s.hunt.focus ?? null,
      intelBase: Math.min(s.turn, MAX_INTEL),
    };
  }
  return view;
}

export const isWithChapoBox = (at: string | null): boolean => at === WITH_CHAPO;
