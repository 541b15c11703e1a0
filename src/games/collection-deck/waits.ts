/**
 * Who the table waits for, and what is played for them if they never answer (rulings R24-R30
 * in docs/rules/collection-deck.md). Every default is a move the seat (or the facilitator)
 * may make in that state, applied as them.
 */
import { FACILITATOR_ACTOR, type Wait } from '../contract.ts';
import type { CardIndex } from './cardset.ts';
import { cardName } from './cardset.ts';
import { currentChallenge, FACILITATOR_VOTE, voterKeys } from './challenge.ts';
import { computerJustification } from './computer.ts';
import { canDisrupt } from './plays.ts';
import { opponentsInOrder } from './table.ts';
import type { CdAction, CdState } from './types.ts';

type CdWait = Wait<CdAction>;

const rule = (n: number): string => `collection-deck R${n}`;

/** R27: the card's own claim (R36) stands in for a silent player's justification; the vote still judges it. */
export function defaultJustification(cards: CardIndex, s: CdState): CdAction {
  return {
    ...computerJustification(cards, s),
    text: '(No answer in time; the standard answer from the card.)',
  };
}

function playWaits(cards: CardIndex, s: CdState): CdWait[] {
  const t = s.turn;
  const id = (seat: number): string | undefined => s.seats[seat]?.id;
  const turnKey = `cd:${s.round}:${s.stats.turns}`;
  const one = (seat: number, w: Omit<CdWait, 'player'>): CdWait[] => {
    const player = id(seat);
    return player === undefined ? [] : [{ player, ...w }];
  };
  switch (t.stage) {
    case 'build':
      return one(t.seat, {
        for: 'build a strategy or pass',
        default: { type: 'pass' },
        rule: rule(24),
        key: `${turnKey}:build`,
      });
    case 'disrupt':
      // CIA: every opponent who has not passed; Collect It All: the one whose chance it is.
      return opponentsInOrder(s, t.seat)
        .filter((o) => canDisrupt(s, o))
        .flatMap((o) =>
          one(o, {
            for: 'answer the disruption window (disrupt or let it through)',
            default: { type: 'pass' },
            rule: rule(25),
            key: `${turnKey}:disrupt:${t.disruptions}:${o}`,
          }),
        );
    case 'respond':
      // Challenges begun while responding (Hardcore replacements) make each return a new decision.
      return one(t.seat, {
        for: 'respond to the disruption or say done',
        default: { type: 'pass' },
        rule: rule(26),
        key: `${turnKey}:respond:${t.disruptions}:${s.stats.challenges}`,
      });
    case 'challenge': {
      const c = currentChallenge(s);
      if (!c) return [];
      const technique = cardName(cards, c.technique);
      const challengeKey = `${turnKey}:challenge:${s.stats.challenges - t.challenges.length}`;
      if (c.step === 'justify')
        return one(t.seat, {
          for: `justify ${technique}`,
          default: defaultJustification(cards, s),
          rule: rule(27),
          key: `${challengeKey}:justify`,
        });
      return voterKeys(s)
        .filter((v) => !(v in c.votes))
        .flatMap((v): CdWait[] => {
          const base = { default: { type: 'vote', feasible: true } as const, rule: rule(28) };
          const key = `${challengeKey}:vote:${v}`;
          if (v === FACILITATOR_VOTE)
            return [
              { player: FACILITATOR_ACTOR, for: `judge the justification of ${technique}`, key, ...base },
            ];
          return one(Number(v), { for: `vote on the justification of ${technique}`, key, ...base });
        });
    }
  }
}

export function waits(cards: CardIndex, s: CdState): CdWait[] {
  switch (s.phase) {
    case 'over':
      return [];
    case 'discard':
      // R29: a silent seat keeps its hand, as when the discard timer runs out (R18).
      return s.discardPending.flatMap((seat): CdWait[] => {
        const player = s.seats[seat]?.id;
        return player === undefined
          ? []
          : [
              {
                player,
                for: 'choose cards to discard, or keep your hand',
                default: { type: 'discard', cards: [] },
                rule: rule(29),
                key: `cd:${s.round}:discard:${seat}`,
              },
            ];
      });
    case 'play':
      return playWaits(cards, s);
  }
}
