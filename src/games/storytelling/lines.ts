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

/** Two or three phrasings per kind of crisis, chosen by the card so a story does not repeat itself. */
type Phrases = Record<CrisisKind, readonly string[]>;

const HEARD: Phrases = {
  terrorism: [
    'a liaison partner passed on a name that kept turning up in chatter',
    'a border guard photographed a passport that had been reported stolen years ago',
  ],
  proliferation: [
    'an export-control officer flagged a shipment that made no commercial sense',
    'a scientist at a conference asked questions far outside his field',
  ],
  military: [
    'overnight imagery showed units where there had been none the week before',
    'a defence attaché noticed that officers had stopped turning up at receptions',
  ],
  cyber: [
    'a private security firm shared logs from an intrusion it could not explain',
    'a hospital reported that its backups had been quietly encrypted months ago',
  ],
  political: [
    'an embassy cable reported a meeting that was never supposed to happen',
    'a local journalist called the station chief late at night, frightened',
  ],
  economic: [
    'a bank compliance team noticed money moving in odd, round amounts',
    'a shipping insurer refused to cover a run of tankers and would not say why',
  ],
  crime: [
    'a customs seizure turned up ledgers written in a simple code',
    'a defector from a gang asked for protection in exchange for bank records',
  ],
};

const COST: Phrases = {
  terrorism: ['people die in an attack we could have stopped', 'a city learns to live behind checkpoints'],
  proliferation: [
    'a weapon reaches hands that should never hold it',
    'the neighbours start their own programmes',
  ],
  military: ['a border war starts and drags in its neighbours', 'an ally stops trusting our warnings'],
  cyber: ['critical systems go dark and stay dark for days', 'years of secrets are sold in an online market'],
  political: [
    'a government falls and its successor turns hostile',
    'an election is decided by a foreign hand',
  ],
  economic: ['a market shock wipes out savings across a region', 'food prices double and the streets fill'],
  crime: [
    'a network grows rich enough to buy officials in three countries',
    'the smuggling routes open to anything, weapons included',
  ],
};

const WORSE: Phrases = {
  terrorism: [
    'the cell has gone quiet, which worries everyone more than the noise did',
    'a second group claims it is working with the first',
  ],
  proliferation: [
    'a second shipment slipped through while we were looking at the first',
    'the inspectors were turned away at the gate',
  ],
  military: [
    'reserve units are being called up and leave has been cancelled',
    'fuel trucks are moving to the border at night',
  ],
  cyber: [
    'the intruders have moved deeper and started covering their tracks',
    'the same tools have turned up inside a second ministry',
  ],
  political: [
    'the street protests have grown and the ministers have stopped talking',
    'the opposition leader has vanished from public view',
  ],
  economic: [
    'the currency fell again overnight and the capital controls are leaking',
    'two more banks have closed their doors',
  ],
  crime: [
    'a witness has disappeared and the local police stopped returning calls',
    'the network has bought a port terminal outright',
  ],
};

const RUMOUR: Phrases = {
  terrorism: ['someone swears the leader was seen at a wedding across the border'],
  proliferation: ['a retired engineer hints that the real facility is somewhere else'],
  military: ['a driver claims the tanks on the imagery are inflatable decoys'],
  cyber: ['a forum post says the malware was bought, not built'],
  political: ['a journalist says the minister has already packed his bags'],
  economic: ['a trader insists the sanctions list leaked a week early'],
  crime: ['a bartender says the money goes through a chain of car washes'],
};

/** A phrase for this card: the same card and turn of the story always read the same. */
function phrase(table: Phrases, kind: CrisisKind, cardId: string, salt: number): string {
  const options = table[kind];
  const n = [...cardId].reduce((a, ch) => a + ch.charCodeAt(0), salt);
  return options[n % options.length] ?? options[0] ?? '';
}

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
      return `${card.description} We first heard of it when ${phrase(HEARD, card.crisisKind, card.id, 0)}. If we fail, ${phrase(COST, card.crisisKind, card.id, 0)}.`;
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
        ? `About ${cName}: ${phrase(RUMOUR, kind, c ?? '', s.round)}.`
        : 'A rumour goes round the office, but nobody can pin it down.';
    case 'escalation':
      return kind
        ? `${cName} gets worse (escalation ${ctx.escalation ?? 1} of 3): ${phrase(WORSE, kind, c ?? '', ctx.escalation ?? 1)}.`
        : 'The pressure mounts.';
    case 'consequence':
      return kind
        ? `${cName} ran its course: ${phrase(COST, kind, c ?? '', 0)}.`
        : 'The crisis ran its course.';
    case 'epilogue':
      return `Every crisis on the table was defused in ${s.round} round(s); the world is a little calmer and nobody outside will ever know why.`;
  }
}

/** Which crisis a rumour is about: the one closest to failing (the bot's choice). */
export function rumourTarget(s: StState): string | null {
  const sorted = [...s.table].sort((a, b) => b.escalations - a.escalations);
  return sorted[0]?.card ?? null;
}
