/**
 * Card text as printed on the physical cards, for whoever may see the card: a Defense's effect
 * in words (made from the effect data the engine executes, so the words cannot drift from the
 * rule), a Need's type, circles and terrain, a person's subtype and Links. And the
 * `/kingpin card` lookup (ruling R34): only the cards the asker's side sees now, and an unseen
 * card reads exactly like one that does not exist.
 */
import type { Autocomplete, CardReference } from '../contract.ts';
import type { Defense, Need, Topography } from './content/index.ts';
import { WITH_CHAPO } from './content/index.ts';
import { SHEETS } from './content/sheets.ts';
import { content, seatOf } from './board.ts';
import type { KpState, Side } from './types.ts';

const PAWN_WORD = { intel: 'Intelligence', police: 'Police', marina: 'Marina' } as const;

/**
 * What a Defense does, in one short sentence, from its effect data: the card's own rule sentence
 * (each card's text ends with it; test/games/kingpin/content.test.ts holds them together). A
 * Defense that only goes with Chapo is always where he is, so its free move is not "while here".
 */
export function effectRule(d: Defense): string {
  const e = d.effect;
  switch (e.kind) {
    case 'block':
      if (e.pawn === 'marina') return 'The first Marina strike here each Hunter turn fails.';
      return e.count === 1
        ? `The first ${PAWN_WORD[e.pawn]} pawn here each Hunter turn does nothing.`
        : `The first ${e.count} ${PAWN_WORD[e.pawn]} pawns here each Hunter turn do nothing.`;
    case 'weaken':
      return `${PAWN_WORD[e.pawn]} here succeed only on a ${e.minRoll === 6 ? '6' : `${e.minRoll}-6`}.`;
    case 'capture-needs':
      return `A capture here needs the Marina plus ${e.police} Police pawns at this Location.`;
    case 'fewer-pawns':
      return `The Hunters have ${e.count} fewer ${PAWN_WORD[e.pawn]} pawn${e.count === 1 ? '' : 's'} each turn.`;
    case 'nullify':
      return `The first ${e.what === 'fix' ? 'Fix' : 'Finish'} here each Hunter turn fails.`;
    case 'extra-move':
      return d.places.every((p) => p === WITH_CHAPO)
        ? 'The Cartel gets 1 free Chapo move each turn.'
        : 'While Chapo is here, the Cartel gets 1 free Chapo move each turn.';
    case 'getaway':
      return 'When Chapo is Fixed here, he slips away along the escape route (still Fixed).';
  }
}

const places = (d: Defense): string =>
  d.places.map((p) => (p === WITH_CHAPO ? 'the With-Chapo box' : p)).join(', ');

/** A Defense's printed line: type, cost, where it goes, what it does. */
export function defenseLine(d: Defense): string {
  return `${d.defenseType} · ${d.cost === 2 ? '$$' : '$'} to place, ${d.moveCost} to move · ${places(d)} — ${effectRule(d)}`;
}

/** A Need's printed line. */
export const needLine = (n: Need): string =>
  `${n.needType} Need · ${n.circles} circle${n.circles === 1 ? '' : 's'} · ${n.terrain.join(', ')}`;

/** The Needs and Defenses a person is tied to, by name. */
export const linkNames = (t: Topography): string[] =>
  t.links.map((l) => content().need.get(l)?.name ?? content().defense.get(l)?.name ?? l);

/** A found person's Links as printed: the other side's subtypes, then the Needs and Defenses. */
export function linksLine(t: Topography): string {
  const other = t.kind === 'nexus' ? 'Support' : 'Nexus';
  return `Links: ${other} ${t.linkedSubtypes.join(', ')}; ${linkNames(t).join(', ')}`;
}

/** One card (or reference sheet) in full, Markdown. */
export function cardDetail(id: string): { title: string; text: string } | null {
  const sheet = SHEETS.find((x) => x.id === id);
  if (sheet) return { title: sheet.title, text: sheet.text };
  const c = content();
  const d = c.defense.get(id);
  if (d)
    return {
      title: d.name,
      text: [
        `**${d.defenseType[0]?.toUpperCase()}${d.defenseType.slice(1)} Defense** · ${d.cost === 2 ? '$$ (2 actions)' : '1 action'} to place · ${d.moveCost} action${d.moveCost === 1 ? '' : 's'} to move`,
        `Goes to: ${places(d)}`,
        `**Effect:** ${effectRule(d)}`,
        // The card's text ends with the rule just shown in bold (content.test.ts checks): not twice.
        d.text.slice(0, d.text.length - effectRule(d).length).trimEnd(),
      ]
        .filter(Boolean)
        .join('\n'),
    };
  const n = c.need.get(id);
  if (n)
    return {
      title: n.name,
      text: [
        `**${n.needType === 'personal' ? 'Personal' : 'Operational'} Need** · ${n.circles} circle${n.circles === 1 ? '' : 's'} to fill`,
        `Suitable terrain: ${n.terrain.join(', ')}`,
        n.text,
      ].join('\n'),
    };
  const t = c.topo.get(id);
  if (t)
    return {
      title: t.name,
      text: [
        `**${t.kind === 'nexus' ? 'Nexus' : 'Support'}: ${t.subtype}** · ${t.role}`,
        `Suitable terrain: ${t.terrain.join(', ')}`,
        `**${linksLine(t)}**`,
        t.fact,
      ].join('\n'),
    };
  return null;
}

/**
 * The cards a viewer may read now (R34). Everyone: Needs and Defenses on the Fixed board or
 * Finished, and people Fixed on the board. The Cartel adds every Defense (all are its own), its
 * Needs in play and the one it drew; the Hunters add the people face up in their Found area.
 * Once the game is over everything that was played is revealed (R35).
 */
export function visibleCards(s: KpState, side: Side | null): string[] {
  const c = content();
  const over = s.result !== null;
  const seen = new Set<string>();
  for (const [id, card] of Object.entries(s.cards)) {
    const shown =
      card.zone === 'fixed' ||
      card.zone === 'finished' ||
      (card.zone === 'hidden' && (side === 'cartel' || over)) ||
      (side === 'cartel' && (c.defense.has(id) || s.cartel.drawn === id || s.toPlace.includes(id))) ||
      (over && c.defense.has(id));
    if (shown) seen.add(id);
  }
  for (const t of s.topo)
    if (t.fixedAt !== null || (t.faceUp && side === 'hunters') || (t.faceUp && over)) seen.add(t.card);
  return [...seen];
}

/** The reference sheets every player holds (rulebook 1: Reference sheets), readable by anyone. */
const SHEET_IDS = SHEETS.map((x) => x.id);

const allIds = (): string[] => {
  const c = content();
  return [...c.defenses, ...c.needs, ...c.topography].map((x) => x.id);
};

function kindWord(id: string): string {
  if (SHEET_IDS.includes(id)) return 'reference sheet';
  const c = content();
  if (c.defense.has(id)) return 'Defense';
  if (c.need.has(id)) return 'Need';
  return c.topo.get(id)?.kind === 'nexus' ? 'Nexus' : 'Support';
}

/**
 * The lookup for one asker. Without a game (`state` null) the whole box is readable: nothing
 * in it is secret until cards are dealt. In a game, only `visibleCards` of the asker's side.
 */
export function kingpinReference(state: KpState | null, viewer: string | null): CardReference {
  const ids = [
    ...SHEET_IDS,
    ...(state ? visibleCards(state, seatOf(state, viewer)?.side ?? null) : allIds()),
  ];
  const allowed = new Set(ids);
  return {
    search(typed: string): Autocomplete[] {
      const needle = typed.trim().toLowerCase();
      return ids
        .map((id) => ({ name: `${cardDetail(id)?.title ?? id} (${kindWord(id)})`, value: id }))
        .filter((x) => !needle || x.name.toLowerCase().includes(needle))
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, 25);
    },
    show(id: string) {
      return allowed.has(id) ? cardDetail(id) : null;
    },
  };
}
