/**
 * What a viewer may see. The public view shows the table and never a hand; a seat's view
 * (any member of a team seat) adds its hand, what fits where, and its legal moves.
 */
import { describeEffect } from './cards/distribution.ts';
import type { CardIndex } from './cardset.ts';
import { cardName, checksOf, crisis, realityCheck } from './cardset.ts';
import { currentChallenge, FACILITATOR_VOTE, voterKeys } from './challenge.ts';
import type { Move } from './legal.ts';
import { legalMoves, techniqueLabel } from './legal.ts';
import { afterPlay } from './foresight.ts';
import {
  fittingFromHand,
  isCountered,
  isDefeated,
  isUnderChallenge,
  placedFits,
  standingTechniques,
  turnCrisis,
} from './strategy.ts';
import { seatIndexOf } from './table.ts';
import { activeUsers } from './timing.ts';
import type { CdPhase, CdState, Edition, FieldCrisis, TurnStage } from './types.ts';
import { DISRUPTION_CAP } from './types.ts';

export type TechniqueStatus = 'standing' | 'countered' | 'lost' | 'misfit' | 'challenged';

/** Hardcore asks every technique the same thing; a Manager Challenge card asks its own question. */
export const HARDCORE_QUESTION = 'How would this technique really work against this crisis?';

function challengeQuestion(cards: CardIndex, card: string | null): string {
  const effect = card === null ? undefined : realityCheck(cards, card).effect;
  return (effect?.type === 'manager-challenge' ? effect.question : undefined) ?? HARDCORE_QUESTION;
}

export interface CdCrisisView {
  id: string;
  name: string;
  points: number;
  aspects: string;
  difficulty: number;
  /** Difficulty with the Target cards on it (as a technique without immunities sees it). */
  currentDifficulty: number;
  modifiers: string[];
  techniques: { id: string; name: string; owner: string; mods: string[]; status: TechniqueStatus }[];
  targeted: boolean;
}

export interface CdHandCard {
  id: string;
  name: string;
  kind: 'technique' | 'reality';
  /** What the card is or does, without its name: "(SIGINT M 1-4)" or the reality check's text. */
  detail: string;
  /** The card's name first, then its detail. */
  summary: string;
  /** The card's full text (for a reality check, what it does), for the hand picture. */
  description: string;
  /** Techniques only (null or empty for reality checks). */
  discipline: string | null;
  aspects: string;
  range: { min: number; max: number } | null;
  /** Printed restrictions and traits: "Not affected by Cloud Cover", "Only targets terrorism". */
  notes: string[];
  /** A reality check's effect in a few words ("difficulty -1", "counter: HUMINT"); '' for a technique. */
  effect: string;
}

export interface CdViewerPart {
  seat: number;
  name: string;
  /** This seat is the one whose turn it is (it sees its own strategy, drafts included: D5). */
  active: boolean;
  hand: CdHandCard[];
  /** For each crisis on the Field, the techniques in hand that fit it right now. */
  fits: { crisis: string; techniques: string[] }[];
  moves: Move[];
}

export interface CdView {
  edition: Edition;
  round: number;
  phase: CdPhase;
  hardcore: boolean;
  challenge: boolean;
  seats: { id: string; name: string; score: number; solved: number; handSize: number; computer: boolean }[];
  field: CdCrisisView[];
  deckCount: number;
  discardCount: number;
  crisisDeckCount: number;
  turn: {
    seat: string;
    stage: TurnStage;
    crisis: string | null;
    disruptions: number;
    cap: number;
    /** Cards played this turn, face up: `text` is what the card does, so its target can answer. */
    plays: { card: string; text: string; by: string; on: string; defeated: boolean }[];
    challenge: {
      technique: string;
      /** What the challenged player must answer (the card's question, or Hardcore's standing one). */
      question: string;
      step: 'justify' | 'vote';
      justification: string | null;
      votes: number;
      voters: number;
    } | null;
    /**
     * This turn's answers to challenges, side by side while the table votes: those judged, then
     * the one being voted on (`feasible` null). Justifications are the players' words, public.
     */
    answers: { technique: string; justification: string | null; feasible: boolean | null }[];
  };
  waitingFor: string[];
  result: { winners: string[]; summary: string } | null;
  me: CdViewerPart | null;
}

/**
 * While a strategy is on the table, each card play says what it would do to it ("knocks out
 * Agent Recruitment"), so a newcomer can choose a disruption or a response without working out
 * ranges and difficulties by hand. Public facts and the viewer's own card only.
 */
function withOutcomes(cards: CardIndex, s: CdState, seat: number, moves: Move[]): Move[] {
  if (s.phase !== 'play' || (s.turn.stage !== 'disrupt' && s.turn.stage !== 'respond')) return moves;
  const f = turnCrisis(s);
  if (!f) return moves;
  const standingNow = new Set(standingTechniques(cards, s, f).map((t) => t.card));
  return moves.map((m) => {
    if (m.action.type !== 'play') return m;
    const next = afterPlay(cards, s, seat, m.action.card, m.action.on);
    const nf = next && turnCrisis(next);
    if (!next || !nf) return m;
    const after = new Set(standingTechniques(cards, next, nf).map((t) => t.card));
    const lost = [...standingNow].filter((t) => !after.has(t)).map((t) => cardName(cards, t));
    const back = [...after].filter((t) => !standingNow.has(t)).map((t) => cardName(cards, t));
    const outcome =
      lost.length > 0
        ? `knocks out ${lost.join(', ')}`
        : back.length > 0
          ? `brings back ${back.join(', ')}`
          : 'changes no technique now';
    return { ...m, outcome };
  });
}

function handCard(cards: CardIndex, id: string): CdHandCard {
  const card = cards.byId.get(id);
  if (card?.kind === 'technique') {
    const summary = techniqueLabel(cards, id);
    const notes = [
      ...card.notAffectedBy.map((n) => `Not affected by ${n}`),
      ...(card.onlyTargets ? [`Only targets ${card.onlyTargets.join(' or ')} crises`] : []),
      ...(card.tags.length > 0 ? [`Traits: ${card.tags.join(', ')}`] : []),
    ];
    return {
      id,
      name: card.name,
      kind: 'technique',
      detail: summary.slice(card.name.length).trim(),
      summary,
      description: card.description,
      discipline: card.discipline,
      aspects: card.aspects.join(''),
      range: { ...card.range },
      notes,
      effect: '',
    };
  }
  const r = realityCheck(cards, id);
  return {
    id,
    name: r.name,
    kind: 'reality',
    detail: r.description,
    summary: `${r.name}: ${r.description}`,
    description: r.description,
    discipline: null,
    aspects: '',
    range: null,
    notes: [],
    effect: describeEffect(r.effect),
  };
}

/**
 * Ruling D5: cards put down while building are still the builder's to take back (R4), so only the
 * builder sees them; the table sees the strategy when it is committed.
 */
function hiddenDraft(s: CdState, viewerSeat: number | null): ReadonlySet<string> {
  const t = s.turn;
  if (s.phase !== 'play' || t.stage !== 'build' || viewerSeat === t.seat || t.draftCards.length === 0)
    return new Set();
  return new Set(t.draftCards);
}

function withoutDraft(f: FieldCrisis, hidden: ReadonlySet<string>): FieldCrisis {
  const shown = <T extends { card: string }>(xs: readonly T[]): T[] => xs.filter((x) => !hidden.has(x.card));
  return {
    card: f.card,
    modifiers: shown(f.modifiers),
    techniques: shown(f.techniques).map((t) => ({ ...t, mods: shown(t.mods) })),
  };
}

export function buildView(cards: CardIndex, s: CdState, viewer: string | null): CdView {
  const name = (i: number): string => s.seats[i]?.name ?? '?';
  const seatIdx = seatIndexOf(s, viewer);
  const hidden = hiddenDraft(s, seatIdx);
  const field: CdCrisisView[] = s.field.map((onTable) => {
    const f = hidden.size === 0 ? onTable : withoutDraft(onTable, hidden);
    const c = crisis(cards, f.card);
    const mods = checksOf(cards, f.modifiers);
    return {
      id: f.card,
      name: c.name,
      points: c.techniquesRequired,
      aspects: c.aspects.join(''),
      difficulty: c.difficulty,
      currentDifficulty: mods.reduce(
        (d, m) => d + (m.effect.type === 'difficulty' ? m.effect.delta : 0),
        c.difficulty,
      ),
      modifiers: mods.map((m) => m.name),
      techniques: f.techniques.map((t) => ({
        id: t.card,
        name: cardName(cards, t.card),
        owner: name(t.owner),
        mods: t.mods.map((m) => cardName(cards, m.card)),
        status: t.lost
          ? 'lost'
          : isCountered(cards, s, t)
            ? 'countered'
            : isUnderChallenge(s, t)
              ? 'challenged'
              : placedFits(cards, f, t)
                ? 'standing'
                : 'misfit',
      })),
      targeted: s.phase === 'play' && s.turn.crisis === f.card,
    };
  });
  const ch = currentChallenge(s);
  const mine = seatIdx === null ? undefined : s.seats[seatIdx];
  return {
    edition: s.edition,
    round: s.round,
    phase: s.phase,
    hardcore: s.options.hardcore,
    challenge: s.options.challenge,
    seats: s.seats.map((x, i) => ({
      id: x.id,
      name: x.name,
      score: x.score,
      solved: x.solved.length,
      // A hidden draft is still counted in the builder's hand, so the count gives nothing away.
      handSize: x.hand.length + (i === s.turn.seat ? hidden.size : 0),
      computer: x.computer !== undefined,
    })),
    field,
    deckCount: s.deck.length,
    discardCount: s.discard.length,
    crisisDeckCount: s.crisisDeck.length,
    turn: {
      seat: name(s.turn.seat),
      stage: s.turn.stage,
      crisis: s.turn.crisis,
      disruptions: s.turn.disruptions,
      cap: DISRUPTION_CAP,
      plays: s.turn.plays.map((p) => ({
        card: cardName(cards, p.card),
        text: cards.byId.get(p.card)?.description ?? '',
        by: name(p.by),
        on: cardName(cards, p.on),
        defeated: isDefeated(cards, s.turn.plays, p.card),
      })),
      challenge: ch
        ? {
            technique: cardName(cards, ch.technique),
            question: challengeQuestion(cards, ch.card),
            step: ch.step,
            justification: ch.justification,
            votes: Object.keys(ch.votes).length,
            voters: voterKeys(s).length,
          }
        : null,
      answers: [
        ...(s.turn.judged ?? []).map((j) => ({ ...j, technique: cardName(cards, j.technique) })),
        ...(ch?.step === 'vote'
          ? [{ technique: cardName(cards, ch.technique), justification: ch.justification, feasible: null }]
          : []),
      ],
    },
    waitingFor: [
      ...activeUsers(s).map((i) => name(i)),
      // A facilitator judging a justification alone is who the table waits for (not a seat).
      ...(currentChallenge(s)?.step === 'vote' &&
      voterKeys(s).includes(FACILITATOR_VOTE) &&
      !(FACILITATOR_VOTE in (currentChallenge(s)?.votes ?? {}))
        ? ['the facilitator']
        : []),
    ],
    result: s.result,
    me:
      seatIdx !== null && mine
        ? {
            seat: seatIdx,
            name: mine.name,
            active: seatIdx === s.turn.seat && s.phase === 'play',
            hand: mine.hand.map((id) => handCard(cards, id)),
            fits: s.field.map((f) => ({ crisis: f.card, techniques: fittingFromHand(cards, f, mine.hand) })),
            moves: withOutcomes(cards, s, seatIdx, legalMoves(cards, s, seatIdx)),
          }
        : null,
  };
}

/** The crisis the viewer's own strategy targets this turn (as they see it, drafts included), if any. */
export function myStrategy(v: CdView): CdCrisisView | null {
  if (!v.me?.active || v.turn.crisis === null) return null;
  return v.field.find((c) => c.id === v.turn.crisis) ?? null;
}

/** "1 of 2 techniques standing: 1 more needed", counted as the rules count them. */
export function strategyProgress(c: CdCrisisView): string {
  const standing = c.techniques.filter((t) => t.status === 'standing').length;
  const missing = c.points - standing;
  return `${standing} of ${c.points} technique${c.points === 1 ? '' : 's'} standing: ${missing > 0 ? `${missing} more needed` : 'complete'}`;
}
