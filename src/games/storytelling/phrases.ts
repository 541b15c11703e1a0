/**
 * The phrase tables the bot's story lines draw on (lines.ts): several phrasings per kind of
 * crisis, approach, discipline and outcome, so that lines built from the cards read differently.
 */
import type { CrisisKind, Discipline } from '../collection-deck/cards/schema.ts';
import type { Resolution } from '../collection-deck/cards/index.ts';
import type { Approach } from './types.ts';

/** Two or three phrasings per kind of crisis, chosen by the card so a story does not repeat itself. */
export type Phrases = Record<CrisisKind, readonly string[]>;

export const HEARD: Phrases = {
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

export const COST: Phrases = {
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

export const WORSE: Phrases = {
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

export const RUMOUR: Phrases = {
  terrorism: [
    'someone swears the leader was seen at a wedding across the border',
    'a cousin of one of the recruits says they were told to buy winter clothes',
    'a taxi driver claims he drove two of them to the airport last week',
  ],
  proliferation: [
    'a retired engineer hints that the real facility is somewhere else',
    'a freight forwarder says the crates were far heavier than the manifest',
    'a diplomat insists the programme was cancelled years ago and nobody told the scientists',
  ],
  military: [
    'a driver claims the tanks on the imagery are inflatable decoys',
    'a conscript’s mother says the whole unit was sent home on leave',
    'a contractor swears the new runway is too short for anything but drones',
  ],
  cyber: [
    'a forum post says the malware was bought, not built',
    'a former employee claims the passwords were never changed after the last breach',
    'a researcher says the same code signs itself with a university’s certificate',
  ],
  political: [
    'a journalist says the minister has already packed his bags',
    'a waiter overheard two deputies planning the vote count',
    'a party official hints the general was promised a ministry',
  ],
  economic: [
    'a trader insists the sanctions list leaked a week early',
    'a clerk says the central bank’s gold left the vault by night',
    'an accountant hints that the tankers sail full and arrive empty',
  ],
  crime: [
    'a bartender says the money goes through a chain of car washes',
    'a lorry driver claims the border post closes for an hour every Tuesday',
    'a lawyer hints that a judge has a new villa by the sea',
  ],
};

/** How each approach plays out, a few ways each; `{c}` is the crisis, `{on}` what was collected. */
export const APPROACH_LINES: Record<Approach, readonly string[]> = {
  backchannels: [
    'A quiet channel opens to the people behind {c}, and our negotiators walk in knowing {on}.',
    'An old friend of the station carries a private message about {c}; it leans on {on}.',
  ],
  treaty: [
    'The lawyers draft terms that close every door {c} depends on, drafted from {on}.',
    'Formal talks open on {c}, and our delegation reads from a brief built on {on}.',
  ],
  ally: [
    'A partner service takes the lead against {c}, with {on} handed over the night before.',
    'We share {on} with an ally whose people are closer to {c} than ours.',
  ],
  'aid-or-arms': [
    'A package lands where it will hurt {c} most, its size and route chosen from {on}.',
    'The offer is made: aid for cooperation on {c}, and {on} tells us whom to offer it to.',
  ],
  sanctions: [
    'Treasury names the names behind {c}: {on} had them all.',
    'Accounts freeze across three continents at once; {on} mapped the money behind {c}.',
  ],
  'special-forces': [
    'A small team goes in against {c} at night, on a plan drawn from {on}.',
    'The raid on {c} is timed to the hour {on} pointed to.',
  ],
  'drone-strike': [
    'A drone waits above {c} for the target {on} promised; the lawyers sign at dawn.',
    'The strike package against {c} rests on {on}, and on nobody else being there.',
  ],
  invasion: [
    'The order goes out: forces move against {c}, their maps marked from {on}.',
    'An invasion is the bluntest answer to {c}; {on} at least tells the generals where to go.',
  ],
  own: [
    'The team improvises against {c}, in a way no manual describes, trusting {on}.',
    'Something new is tried against {c}, built on {on}.',
  ],
};

/** Who in the building reacts to a discipline's report. */
export const DESK: Record<Discipline, readonly string[]> = {
  HUMINT: ['the case officers', 'the source handlers', 'the station'],
  SIGINT: ['the intercept analysts', 'the signals desk', 'the linguists on the night shift'],
  GEOINT: ['the imagery analysts', 'the mapping cell', 'the overhead team'],
  MASINT: ['the sensor specialists', 'the technical collectors', 'the lab'],
  OSINT: ['the open-source team', 'the media monitors', 'the research desk'],
};

/** How a report opens, with `{t}` the technique and `{c}` the crisis. */
export const LEARNED_OPENINGS: readonly string[] = [
  '{t} comes back on {c}.',
  'New reporting on {c}, from {t}.',
  '{t} is tasked against {c}, and it delivers.',
  'A first look through {t} at {c}.',
  'The file on {c} grows: {t}.',
];

/** The first sentence of an outcome, by how the Resolution card reads. */
export const OUTCOME_OPENINGS: Record<Resolution['outcome'], readonly string[]> = {
  'success-and': ['{c} is over, and better than anyone hoped.', 'Clean work on {c}.'],
  'success-but': ['{c} is defused, at a price.', 'It works on {c}, but not for free.'],
  'failure-but': ['{c} holds for now.', 'The operation against {c} falls short, yet something is saved.'],
  'failure-and': ['{c} goes wrong.', 'The operation against {c} fails, and it costs us.'],
};

/** What the team says when the last crisis is defused. */
export const EPILOGUES: readonly string[] = [
  '{list}: defused in {rounds}. The world is a little calmer, and nobody outside will ever know why.',
  'In {rounds} the team closed {list}. The files go to the archive; the people in them never learn how close it came.',
  'No headline will mention {list}. {rounds} of quiet work, and the map looks the way it did.',
];
