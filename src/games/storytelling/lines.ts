/**
 * Short story lines the bot writes from the cards: for computer seats, and for any prompt
 * whose deadline passes (S12). Built only from public card faces, never from a hand.
 */
import { crisis, technique } from '../collection-deck/cardset.ts';
import type { CrisisKind } from '../collection-deck/cards/schema.ts';
import type { StoryCards } from './cards.ts';
import { nameOf, resolutionOf } from './cards.ts';
import type { Stage, StState } from './types.ts';
import { APPROACH_NAMES } from './types.ts';

/** Marks a line the bot wrote, wherever the story is shown. */
export const BOT_MARK = '(written by the bot)';

const HEARD: Record<CrisisKind, string> = {
  terrorism: 'a liaison partner passed on a name that kept turning up in chatter',
  proliferation: 'an export-control officer flagged a shipment that made no commercial sense',
  military: 'overnight imagery showed units where there had been none the week before',
  cyber: 'a private security firm shared logs from an intrusion it could not explain',
  political: 'an embassy cable reported a meeting that was never supposed to happen',
  economic: 'a bank compliance team noticed money moving in odd, round amounts',
  crime: 'a customs seizure turned up ledgers written in a simple code',
};

const COST: Record<CrisisKind, string> = {
  terrorism: 'people die in an attack we could have stopped',
  proliferation: 'a weapon reaches hands that should never hold it',
  military: 'a border war starts and drags in its neighbours',
  cyber: 'critical systems go dark and stay dark for days',
  political: 'a government falls and its successor turns hostile',
  economic: 'a market shock wipes out savings across a region',
  crime: 'a network grows rich enough to buy officials in three countries',
};

const WORSE: Record<CrisisKind, string> = {
  terrorism: 'the cell has gone quiet, which worries everyone more than the noise did',
  proliferation: 'a second shipment slipped through while we were looking at the first',
  military: 'reserve units are being called up and leave has been cancelled',
  cyber: 'the intruders have moved deeper and started covering their tracks',
  political: 'the street protests have grown and the ministers have stopped talking',
  economic: 'the currency fell again overnight and the capital controls are leaking',
  crime: 'a witness has disappeared and the local police stopped returning calls',
};

const RUMOUR: Record<CrisisKind, string> = {
  terrorism: 'someone swears the leader was seen at a wedding across the border',
  proliferation: 'a retired engineer hints that the real facility is somewhere else',
  military: 'a driver claims the tanks on the imagery are inflatable decoys',
  cyber: 'a forum post says the malware was bought, not built',
  political: 'a journalist says the minister has already packed his bags',
  economic: 'a trader insists the sanctions list leaked a week early',
  crime: 'a bartender says the money goes through a chain of car washes',
};

const kindOf = (cards: StoryCards, id: string): CrisisKind => crisis(cards.index, id).crisisKind;

/** The line a prompt gets when nobody writes one. */
export function botLine(cards: StoryCards, s: StState, stage: Extract<Stage, { kind: 'tell' }>): string {
  const c = stage.crisis;
  const cName = c === null ? 'the crisis' : nameOf(cards, c);
  const kind = c === null ? null : kindOf(cards, c);
  const ctx = stage.context;
  switch (stage.tell) {
    case 'intro': {
      const card = crisis(cards.index, c ?? '');
      return `${card.description} We first heard of it when ${HEARD[card.crisisKind]}. If we fail, ${COST[card.crisisKind]}.`;
    }
    case 'learned': {
      const t = technique(cards.index, ctx.technique ?? '');
      return `${t.name} (${t.discipline}) on ${cName}: ${t.description}`;
    }
    case 'approach':
      return `The team chooses ${APPROACH_NAMES[ctx.approach ?? 'own']} against ${cName}, built on what the collectors found.`;
    case 'outcome': {
      const r = resolutionOf(cards, ctx.resolution ?? '');
      return `${cName}: ${r.text}`;
    }
    case 'rumour':
      return kind
        ? `About ${cName}: ${RUMOUR[kind]}.`
        : 'A rumour goes round the office, but nobody can pin it down.';
    case 'escalation':
      return kind
        ? `${cName} gets worse (escalation ${ctx.escalation ?? 1} of 3): ${WORSE[kind]}.`
        : 'The pressure mounts.';
    case 'consequence':
      return kind ? `${cName} ran its course: ${COST[kind]}.` : 'The crisis ran its course.';
    case 'epilogue':
      return `Every crisis on the table was defused in ${s.round} round(s); the world is a little calmer and nobody outside will ever know why.`;
  }
}

/** Which crisis a rumour is about: the one closest to failing (the bot's choice). */
export function rumourTarget(s: StState): string | null {
  const sorted = [...s.table].sort((a, b) => b.escalations - a.escalations);
  return sorted[0]?.card ?? null;
}
