/**
 * Builds docs/cards.md from the card data, so the document always describes the cards as
 * they are. A test compares the file with this output; regenerate it with
 * `npx vitest run test/games/collection-deck/cards.test.ts -u`.
 */
import { counterHits, fittingTechniques } from './fit.ts';
import { ASPECTS, CRISIS_KINDS, DISCIPLINES, TECHNIQUE_TAGS } from './schema.ts';
import type { RealityCheck, RealityEffect, Technique } from './schema.ts';
import type { CardSet } from './validate.ts';
import { REDACTED } from './redacted.ts';
import { RESOLUTION_OUTCOMES, RESOLUTIONS } from './resolutions.ts';

type Cell = string | number;

function table(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const line = (cells: readonly Cell[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

const count = <T>(items: readonly T[], keep: (item: T) => boolean): number => items.filter(keep).length;
const range = (t: Technique): string => `${t.range.min}-${t.range.max}`;
const width = (t: Technique): number => t.range.max - t.range.min + 1;
const names = (items: readonly { name: string }[]): string =>
  [...new Set(items.map((item) => item.name))].join(', ');

/** Plain words for an effect, e.g. "counter: HUMINT" or "difficulty +2". */
export function describeEffect(effect: RealityEffect): string {
  switch (effect.type) {
    case 'difficulty':
      return `difficulty ${effect.delta > 0 ? '+' : ''}${effect.delta}`;
    case 'counter': {
      const what = [effect.discipline, effect.tag].filter((part) => part !== undefined).join(' + ');
      return `counter: ${what || 'any technique'}`;
    }
    case 'extend-range':
      return `extend range +${effect.by}`;
    case 'add-aspect':
      return `add aspect ${effect.aspect}`;
    case 'think-outside-the-box':
      return 'Think Outside the Box';
    case 'manager-challenge':
      return 'Collection Manager Challenge';
  }
}

function techniqueSections({ techniques }: CardSet): string[] {
  const byDiscipline = DISCIPLINES.map((discipline) => {
    const own = techniques.filter((t) => t.discipline === discipline);
    return [
      discipline,
      own.length,
      ...ASPECTS.map((aspect) => count(own, (t) => t.aspects.includes(aspect))),
      count(own, (t) => t.tags.includes('satellite')),
    ];
  });
  const widths = [...new Set(techniques.map(width))]
    .sort((a, b) => a - b)
    .map((w) => {
      const own = techniques.filter((t) => width(t) === w);
      const meanAspects = own.reduce((sum, t) => sum + t.aspects.length, 0) / own.length;
      return [w, own.length, meanAspects.toFixed(1)];
    });
  const coverage = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => [
    d,
    count(techniques, (t) => t.range.min <= d && d <= t.range.max),
  ]);
  const tags = TECHNIQUE_TAGS.map((tag) => {
    const own = techniques.filter((t) => t.tags.includes(tag));
    return [tag, own.length, names(own)];
  });
  const special = techniques
    .filter((t) => t.notAffectedBy.length > 0 || t.onlyTargets)
    .map((t) => [t.id, t.name, t.notAffectedBy.join(', ') || '-', t.onlyTargets?.join(', ') ?? '-']);
  return [
    `## Techniques (${techniques.length})`,
    'Techniques per discipline, and how many of them cover each aspect (a technique counts once per aspect).',
    table(['discipline', 'techniques', ...ASPECTS, 'satellite'], byDiscipline),
    'Range widths (difficulties covered); wide ranges sit on fewer aspects.',
    table(['width', 'techniques', 'mean aspects'], widths),
    'Techniques whose range covers each difficulty.',
    table(['difficulty', 'techniques'], coverage),
    'Tags (what tag-specific reality checks hit).',
    table(['tag', 'techniques', 'names'], tags),
    '"Not affected by" and "Can only target" lines.',
    table(['id', 'technique', 'not affected by', 'can only target'], special),
  ];
}

function crisisSections({ crises, techniques }: CardSet): string[] {
  const byRequired = ([1, 2, 3] as const).map((n) => [n, count(crises, (c) => c.techniquesRequired === n)]);
  const byDifficulty = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => [d, count(crises, (c) => c.difficulty === d)]);
  const byKind = CRISIS_KINDS.map((kind) => {
    const own = crises.filter((c) => c.crisisKind === kind);
    return [kind, own.length, own.reduce((sum, c) => sum + c.techniquesRequired, 0)];
  });
  const fits = crises.map((c) => ({ crisis: c, fitting: fittingTechniques(c, techniques).length }));
  const tightest = [...fits]
    .sort((a, b) => a.fitting / a.crisis.techniquesRequired - b.fitting / b.crisis.techniquesRequired)
    .slice(0, 5)
    .map(({ crisis, fitting }) => [crisis.id, crisis.name, crisis.techniquesRequired, fitting]);
  const points = crises.reduce((sum, c) => sum + c.techniquesRequired, 0);
  return [
    `## Crises (${crises.length}, ${points} points in all)`,
    'By techniques required (also the points a crisis is worth).',
    table(['techniques required', 'crises'], byRequired),
    'By difficulty.',
    table(['difficulty', 'crises'], byDifficulty),
    'By kind.',
    table(['kind', 'crises', 'points'], byKind),
    `Every crisis can be solved from the deck as printed. Fewest fitting techniques: ${Math.min(...fits.map((f) => f.fitting))}; the tightest crises relative to what they need:`,
    table(['id', 'crisis', 'techniques required', 'techniques that fit'], tightest),
  ];
}

function realitySections({ realityChecks, techniques }: CardSet): string[] {
  const groups = new Map<string, RealityCheck[]>();
  for (const check of realityChecks) {
    const label = describeEffect(check.effect);
    groups.set(label, [...(groups.get(label) ?? []), check]);
  }
  const rows = [...groups].map(([label, checks]) => {
    const first = checks[0];
    const hits = first?.effect.type === 'counter' ? count(techniques, (t) => counterHits(first, t)) : '-';
    return [label, checks.length, names(checks), hits];
  });
  return [
    `## Reality checks (${realityChecks.length})`,
    'By effect; "techniques hit" is how many techniques a counter of that kind can counter.',
    table(['effect', 'cards', 'names', 'techniques hit'], rows),
  ];
}

function cardList({ techniques, crises, realityChecks }: CardSet): string[] {
  return [
    '## Card list',
    table(
      ['id', 'technique', 'discipline', 'aspects', 'range', 'tags'],
      techniques.map((t) => [
        t.id,
        t.name,
        t.discipline,
        t.aspects.join(' '),
        range(t),
        t.tags.join(', ') || '-',
      ]),
    ),
    table(
      ['id', 'crisis', 'kind', 'techniques required', 'aspects', 'difficulty'],
      crises.map((c) => [
        c.id,
        c.name,
        c.crisisKind,
        c.techniquesRequired,
        c.aspects.join(' '),
        c.difficulty,
      ]),
    ),
    table(
      ['id', 'reality check', 'effect'],
      realityChecks.map((r) => [r.id, r.name, describeEffect(r.effect)]),
    ),
  ];
}

// Decisions the data encodes that the rulebooks leave open.
const NOTES = [
  '## Notes',
  [
    '- Known cards keep their real values: Foreign Media Transcription (T39), Computer Network Exploitation (T51), ' +
      'Foreign Material Exploitation (T13), Pakistan Nuclear Security (C01), Iran Missile Testing (C02), ' +
      'Really Hard Target (R10), Misinformed Source (R11). All other card text is written for this project.',
    '- A counter naming both a discipline and a tag needs both to match: Cloud Cover blinds satellite imagery ' +
      '(GEOINT), not satellite SIGINT or infrared.',
    '- Some "not affected by" lines repeat an immunity the tags already give (Foreign Media Transcription has no ' +
      '`language` tag), as on the real cards; they are kept because the printed card says so.',
    '- "Trophies" is read as wildlife trafficking (ivory, rhino horn); the reviews give only its name and size.',
    '- A crisis counts as solvable when enough distinct techniques fit it as printed (shared aspect, range covers ' +
      'difficulty, "can only target" allows its kind), with no reality check in play.',
    '- The 12 Collection Manager Challenges carry a Resolution face for the storytelling variant ' +
      '(`resolutions.ts`), three of each outcome.',
  ].join('\n'),
];

/** The storytelling variant reads each Manager Challenge by its Resolution face. */
function resolutionSection(cards: CardSet): string[] {
  const nameOf = (id: string) => cards.realityChecks.find((r) => r.id === id)?.name ?? id;
  return [
    '## Resolution cards (storytelling variant)',
    'Each Collection Manager Challenge doubles as a Resolution card: one face each, the spread balanced ' +
      'between the four outcomes. Rules for what each outcome does: docs/rules/collection-deck.md (S7).',
    table(
      ['outcome', 'cards'],
      RESOLUTION_OUTCOMES.map((o) => [o, count(RESOLUTIONS, (r) => r.outcome === o)]),
    ),
    table(
      ['id', 'card', 'outcome', 'Resolution face'],
      RESOLUTIONS.map((r) => [r.card, nameOf(r.card), r.outcome, r.text]),
    ),
  ];
}

/** Collect It All's blank cards: in the box, out of every game. */
function redactedSection(): string[] {
  return [
    `## Blank "redacted" cards (${REDACTED.length}, Collect It All)`,
    'The box holds one blank card of each kind. Setup removes them ("Remove … the blank \'redacted\' cards"), ' +
      'and they are offered for replacing missing cards or creating your own, so they are never dealt; ' +
      '`/collection-deck card` shows them.',
    table(
      ['id', 'card', 'blank for', 'text'],
      REDACTED.map((r) => [r.id, r.name, r.blankFor, r.description]),
    ),
  ];
}

export function buildCardsMarkdown(cards: CardSet): string {
  const sections = [
    '# Collection Deck cards',
    'Generated from `src/games/collection-deck/cards/` by `distribution.ts`; do not edit by hand. ' +
      'Regenerate with `npx vitest run test/games/collection-deck/cards.test.ts -u`.',
    ...techniqueSections(cards),
    ...crisisSections(cards),
    ...realitySections(cards),
    ...NOTES,
    ...resolutionSection(cards),
    ...redactedSection(),
    ...cardList(cards),
  ];
  return `${sections.join('\n\n')}\n`;
}
