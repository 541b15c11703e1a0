/**
 * What a viewer may see. The public view holds the table, the story and whose decision it is;
 * a seated player's view adds their own hand, the crises they drew to choose from, and the
 * moves open to them. No other hand ever enters a view.
 */
import { crisis, realityCheck, technique } from '../collection-deck/cardset.ts';
import type { StoryCards } from './cards.ts';
import {
  crisisDifficulty,
  canCollect,
  canOperate,
  isCheckCard,
  isTarget,
  nameOf,
  OUTCOME_LABEL,
  resolutionOf,
} from './cards.ts';
import { boostTechniques, seatName } from './flow.ts';
import { helpWhy } from './help-why.ts';
import type { StoryLine, StState, TellKind } from './types.ts';

/** Story lines kept in the view (the board shows the latest of them). */
export const VIEW_STORY_LINES = 8;

export interface CrisisView {
  id: string;
  name: string;
  description: string;
  aspects: string;
  /** After the Target cards resting on it (S2), as every technique without immunities meets it. */
  difficulty: number;
  /** As printed on the card. */
  printedDifficulty: number;
  required: number;
  escalations: number;
  by: string;
  techniques: { name: string; discipline: string; by: string }[];
  checks: string[];
  ready: boolean;
  /** The introduction its creator wrote (or the bot's). */
  intro: string | null;
}

/** "difficulty 6", or "difficulty 5 (printed 6)" when a Target card changed it. */
export const difficultyText = (v: Pick<CrisisView, 'difficulty' | 'printedDifficulty'>): string =>
  v.difficulty === v.printedDifficulty
    ? `difficulty ${v.difficulty}`
    : `difficulty ${v.difficulty} (printed ${v.printedDifficulty})`;

export interface StoryLineView extends StoryLine {
  author: string | null;
  crisisName: string | null;
}

export interface ResolutionView {
  id: string;
  outcome: string;
  text: string;
}

export interface StageView {
  kind: 'choose-crisis' | 'tell' | 'turn' | 'boost' | 'pick';
  seat: string;
  seatName: string;
  tell: TellKind | null;
  crisis: string | null;
  crisisName: string | null;
  /** Resolution cards drawn for the operation being settled (public: drawn face up). */
  drawn: ResolutionView[];
}

export interface CardView {
  id: string;
  name: string;
  kind: 'technique' | 'reality';
  /** Technique: discipline, aspects, range; reality check: what it does. */
  detail: string;
  /** Technique: its printed description and restrictions, for telling what was learned; '' for a reality check. */
  description: string;
}

export interface MyView {
  seat: number;
  name: string;
  hand: CardView[];
  /** Crises drawn to choose from (creating a crisis). */
  choose: CardView[];
  collect: { technique: string; crisis: string }[];
  operate: string[];
  /** `why`: what the check would do there, and to the techniques in this hand (help-why.ts). */
  help: { card: string; crisis: string; why: string }[];
  boost: string[];
  /** This player decides whether to keep the Resolution card drawn or pay for a second (S6, S16). */
  secondDraw: boolean;
  /** It is this player's turn (Collect, Operate or Draw a New Hand). */
  turn: boolean;
}

export interface StView {
  round: number;
  rounds: number;
  crises: CrisisView[];
  defused: string[];
  failed: string[];
  stage: StageView | null;
  story: StoryLineView[];
  storyLength: number;
  deck: number;
  result: { victory: boolean; summary: string } | null;
  me: MyView | null;
}

function cardView(cards: StoryCards, id: string): CardView {
  const card = cards.index.byId.get(id);
  if (card?.kind === 'technique') {
    const t = technique(cards.index, id);
    return {
      id,
      name: t.name,
      kind: 'technique',
      detail: `${t.discipline}, ${t.aspects.join('')}, range ${t.range.min}-${t.range.max}`,
      description: [
        t.description,
        ...t.notAffectedBy.map((n) => `Not affected by ${n}.`),
        ...(t.onlyTargets ? [`Can only target ${t.onlyTargets.join(' or ')} crises.`] : []),
      ].join(' '),
    };
  }
  const detail = realityCheck(cards.index, id).description;
  return { id, name: nameOf(cards, id), kind: 'reality', detail, description: '' };
}

function resolutionView(cards: StoryCards, id: string): ResolutionView {
  const r = resolutionOf(cards, id);
  return { id, outcome: OUTCOME_LABEL[r.outcome], text: r.text };
}

export function storyLineView(cards: StoryCards, s: StState, line: StoryLine): StoryLineView {
  return {
    ...line,
    author: line.by === null ? null : seatName(s, line.by),
    crisisName: line.crisis ? nameOf(cards, line.crisis) : null,
  };
}

function myView(cards: StoryCards, s: StState, seat: number): MyView {
  const hand = s.seats[seat]?.hand ?? [];
  const stage = s.stage;
  const mine = stage?.seat === seat;
  const turn = mine && stage.kind === 'turn';
  const unique = [...new Set(hand)];
  return {
    seat,
    name: seatName(s, seat),
    hand: hand.map((c) => cardView(cards, c)),
    choose:
      mine && stage.kind === 'choose-crisis'
        ? stage.options.map((c) => ({
            id: c,
            name: nameOf(cards, c),
            kind: 'reality',
            detail: crisis(cards.index, c).description,
            description: '',
          }))
        : [],
    collect: turn
      ? s.table.flatMap((tc) =>
          unique.filter((t) => canCollect(cards, t, tc)).map((t) => ({ technique: t, crisis: tc.card })),
        )
      : [],
    operate: turn ? s.table.filter((tc) => canOperate(cards, tc)).map((tc) => tc.card) : [],
    help: s.result
      ? []
      : s.table.flatMap((tc) =>
          unique
            .filter(
              (c) =>
                isCheckCard(cards, c) &&
                !(isTarget(cards, c) && tc.checks.some((x) => isTarget(cards, x.card))),
            )
            .map((c) => ({ card: c, crisis: tc.card, why: helpWhy(cards, c, tc, hand) })),
        ),
    boost: mine && stage.kind === 'boost' ? boostTechniques(cards, s, seat, stage.crisis) : [],
    secondDraw: mine && stage.kind === 'boost',
    turn,
  };
}

export function buildView(cards: StoryCards, s: StState, viewer: string | null): StView {
  const stage = s.stage;
  const seat = viewer === null ? -1 : s.seats.findIndex((x) => x.id === viewer);
  const intros = new Map(
    s.story.filter((l) => l.kind === 'intro' && l.crisis).map((l) => [l.crisis, l.text]),
  );
  return {
    round: s.round,
    rounds: s.options.rounds,
    crises: s.table.map((tc) => {
      const c = crisis(cards.index, tc.card);
      return {
        id: tc.card,
        name: c.name,
        description: c.description,
        aspects: c.aspects.join(''),
        difficulty: crisisDifficulty(cards, tc),
        printedDifficulty: c.difficulty,
        required: c.techniquesRequired,
        escalations: tc.escalations,
        by: seatName(s, tc.by),
        techniques: tc.techniques.map((p) => {
          const t = technique(cards.index, p.card);
          return { name: t.name, discipline: t.discipline, by: seatName(s, p.by) };
        }),
        checks: tc.checks.map((x) => nameOf(cards, x.card)),
        ready: canOperate(cards, tc),
        intro: intros.get(tc.card) ?? null,
      };
    }),
    defused: s.defused.map((c) => nameOf(cards, c)),
    failed: s.failed.map((c) => nameOf(cards, c)),
    stage: stage
      ? {
          kind: stage.kind,
          seat: s.seats[stage.seat]?.id ?? '',
          seatName: seatName(s, stage.seat),
          tell: stage.kind === 'tell' ? stage.tell : null,
          crisis: 'crisis' in stage ? stage.crisis : null,
          crisisName: 'crisis' in stage && stage.crisis ? nameOf(cards, stage.crisis) : null,
          drawn:
            stage.kind === 'boost'
              ? [resolutionView(cards, stage.drawn)]
              : stage.kind === 'pick'
                ? stage.drawn.map((d) => resolutionView(cards, d))
                : [],
        }
      : null,
    story: s.story.slice(-VIEW_STORY_LINES).map((l) => storyLineView(cards, s, l)),
    storyLength: s.story.length,
    deck: s.deck.length,
    result: s.result,
    me: seat >= 0 ? myView(cards, s, seat) : null,
  };
}
