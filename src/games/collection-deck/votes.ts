/**
 * How a computer judges a free-text justification (Manager Challenge or Hardcore): by what its
 * sentences claim, not by how long it is nor by keywords alone (ruling C5). Feasible when one
 * sentence links the technique (its name or description, its discipline, its aspects) to the
 * crisis (the subject of its name or description) in two different words; not feasible when it
 * links nothing and says nothing the judge does not know (a list of keywords, a name and "trust
 * me"); otherwise the judge cannot tell and the computer abstains (R36). A structured claim
 * (claims.ts) is judged exactly instead. Vocabulary is data below; the judge is pure.
 */
import type { Aspect, Discipline } from './cards/schema.ts';
import type { CardIndex } from './cardset.ts';
import { crisis, technique } from './cardset.ts';

/** Words of each discipline, beyond its acronym: what a collector of that kind talks about. */
const DISCIPLINE_WORDS: Record<Discipline, readonly string[]> = {
  HUMINT: [
    'humint',
    'human',
    'source',
    'agent',
    'asset',
    'informant',
    'spy',
    'recruit',
    'debrief',
    'defector',
    'handler',
    'case officer',
    'interview',
    'contact',
  ],
  SIGINT: [
    'sigint',
    'signal',
    'intercept',
    'communication',
    'phone',
    'call',
    'radio',
    'email',
    'message',
    'traffic',
    'wiretap',
    'tap',
    'network',
    'electronic',
    'encrypted',
    'cyber',
  ],
  GEOINT: [
    'geoint',
    'imagery',
    'image',
    'satellite',
    'photo',
    'photograph',
    'aerial',
    'map',
    'overhead',
    'geospatial',
    'drone',
    'reconnaissance',
  ],
  MASINT: [
    'masint',
    'measurement',
    'signature',
    'sensor',
    'radar',
    'seismic',
    'acoustic',
    'spectral',
    'radiation',
    'sample',
    'telemetry',
    'infrared',
  ],
  OSINT: [
    'osint',
    'open source',
    'press',
    'media',
    'newspaper',
    'public',
    'internet',
    'social media',
    'post',
    'website',
    'publication',
    'broadcast',
    'online',
  ],
};

/** The aspects spelled out, with the words that belong to each. */
const ASPECT_WORDS: Record<Aspect, readonly string[]> = {
  P: [
    'political',
    'politics',
    'politician',
    'government',
    'leader',
    'minister',
    'diplomat',
    'election',
    'regime',
  ],
  M: ['military', 'army', 'troop', 'force', 'soldier', 'navy', 'commander', 'unit', 'base'],
  E: [
    'economic',
    'economy',
    'money',
    'finance',
    'financial',
    'bank',
    'trade',
    'payment',
    'company',
    'market',
  ],
  W: ['weapon', 'arms', 'missile', 'nuclear', 'warhead', 'chemical', 'biological', 'munition', 'explosive'],
};

/** Words too common to show that a text is about anything in particular. */
const STOPWORDS = new Set(
  (
    'the a an and or but of to in on at by for with from into onto over under about as is are was were be been ' +
    'being it its this that these those there their them they he she his her him we our us you your i me my ' +
    'would could should will can may might must shall do does did done have has had not no yes so very really ' +
    'just also then than too any all some each every other more most much many such what which who whom whose ' +
    'when where why how here out up down off again once only own same both few make made take get got go goes ' +
    'work works working well good great best better bad think thing things way ways good idea sure always never ' +
    'because while after before during against between through know known new old one two three use used using ' +
    'tell told say said see seen look looks like want need needs people time day days year years lot ' +
    'learn went come came point part whole order case fact kind sort ' +
    // Words that vouch without saying how.
    'trust believe handle handled fine easy easily obviously definitely surely certainly okay simply simple ' +
    'job problem solve solves sorted guaranteed promise ' +
    // Words every justification in this game uses, whatever it is about.
    'target technique crisis strategy collect collection collected intelligence information task tasked'
  ).split(' '),
);

/** Lower case, letters and digits only, a plural "s" dropped: "Intercepts" and "intercept" match. */
function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** The meaningful words of a text, stemmed. */
function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((w) => w.length >= 3 && !STOPWORDS.has(w))
    .map(stem);
}

/** A phrase ("open source") matches when its words follow each other in the text. */
function mentions(words: readonly string[], phrase: string): boolean {
  const parts = contentWords(phrase);
  if (parts.length === 0) return false;
  for (let i = 0; i + parts.length <= words.length; i++)
    if (parts.every((p, j) => words[i + j] === p)) return true;
  return false;
}

export type Judgement = 'feasible' | 'not-feasible' | 'cannot-judge';

export interface Verdict {
  /** Judged feasible (a computer voter votes so); false for both other judgements. */
  feasible: boolean;
  judgement: Judgement;
  /** Words (or phrases) of the text that speak of the technique. */
  techniqueWords: string[];
  /** Words of the text that speak of the crisis. */
  crisisWords: string[];
}

/** The vocabulary a justification of this technique against this crisis may use. */
function vocabulary(
  cards: CardIndex,
  techniqueId: string,
  crisisId: string,
): { technique: string[]; crisis: string[] } {
  const t = technique(cards, techniqueId);
  const c = crisis(cards, crisisId);
  const own = [...contentWords(t.name), ...contentWords(t.description)];
  const discipline = [t.discipline.toLowerCase(), ...DISCIPLINE_WORDS[t.discipline]];
  const aspects = t.aspects.flatMap((a) => ASPECT_WORDS[a]);
  return {
    technique: [...new Set([...own, ...discipline, ...aspects])],
    crisis: [...new Set([...contentWords(c.name), ...contentWords(c.description)])],
  };
}

/** A sentence short of this many words states no claim (a keyword, a name). */
const CLAIM_WORDS = 5;
/** A sentence this long with this many words the judge does not know says something it cannot judge. */
const UNKNOWN_SENTENCE = 6;
const UNKNOWN_WORDS = 2;

/** Judges a justification of `techniqueId` against `crisisId` by what its sentences claim. */
export function judgeJustification(
  cards: CardIndex,
  techniqueId: string,
  crisisId: string,
  text: string,
): Verdict {
  const v = vocabulary(cards, techniqueId, crisisId);
  const techniqueWords = new Set<string>();
  const crisisWords = new Set<string>();
  let linked = false;
  let unjudged = false;
  for (const sentence of text.split(/[.!?;\n]+/)) {
    const words = contentWords(sentence);
    const onTechnique = v.technique.filter((p) => mentions(words, p));
    const onCrisis = v.crisis.filter((p) => mentions(words, p));
    onTechnique.forEach((w) => techniqueWords.add(w));
    onCrisis.forEach((w) => crisisWords.add(w));
    const tokens = sentence.match(/[a-z0-9]+/gi)?.length ?? 0;
    // One word that belongs to both (say "nuclear") does not make a claim on its own.
    const distinct = new Set([...onTechnique, ...onCrisis].map((p) => contentWords(p).join(' ')));
    if (tokens >= CLAIM_WORDS && onTechnique.length > 0 && onCrisis.length > 0 && distinct.size >= 2)
      linked = true;
    const known = new Set([...v.technique, ...v.crisis].flatMap((p) => contentWords(p)));
    const unknown = words.filter((w) => !known.has(w)).length;
    if (tokens >= UNKNOWN_SENTENCE && unknown >= UNKNOWN_WORDS && onTechnique.length + onCrisis.length > 0)
      unjudged = true;
  }
  const judgement: Judgement = linked ? 'feasible' : unjudged ? 'cannot-judge' : 'not-feasible';
  return {
    feasible: judgement === 'feasible',
    judgement,
    techniqueWords: [...techniqueWords],
    crisisWords: [...crisisWords],
  };
}
