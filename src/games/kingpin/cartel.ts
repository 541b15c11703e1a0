/**
 * The Cartel's turn (rulebook 2.0): up to 3 actions, at most 2 of them Chapo actions and at most
 * one Fulfil; Defenses placed and moved for their cost; Needs drawn at any time in the turn.
 */
import type { Result } from '../contract.ts';
import { ok } from '../contract.ts';
import { WITH_CHAPO } from './content/index.ts';
import {
  cardName,
  content,
  defenseLocations,
  defensesAt,
  inPlay,
  isHidden,
  locName,
  needLocations,
  note,
} from './board.ts';
import { HIDDEN_DEFENSE_USED } from './effects.ts';
import { remember, setCard, writable } from './clone.ts';
import { refuse } from './errors.ts';
import type { KpAction, KpState } from './types.ts';

export const MAX_ACTIONS = 3;
export const MAX_CHAPO_ACTIONS = 2;

type Done = Result<null>;
const done: Done = ok(null);
const locationIds = (): string[] => content().locations.map((l) => l.id);

export function setupPlace(s: KpState, item: string, location: string): Done {
  if (!s.toPlace.includes(item))
    return refuse(
      'nothing-to-place',
      `${cardName(item)} is not waiting to be placed`,
      `Place one of: ${s.toPlace.map(cardName).join(', ')}.`,
    );
  const legal = legalSetupLocations(s, item);
  if (!legal.includes(location))
    return refuse(
      'bad-location',
      `${item === 'chapo' ? 'Chapo' : cardName(item)} cannot start at ${locName(location)}`,
      `Legal Locations: ${legal.map(locName).join(', ')}.`,
    );
  s.toPlace = s.toPlace.filter((x) => x !== item);
  if (s.cartel.picked === item) s.cartel.picked = null;
  if (item === 'chapo') {
    s.chapo = { at: location, fixed: false, captured: false };
    remember(s, { trail: { turn: 0, at: location, how: 'start' } });
  } else setCard(s, item, { zone: 'hidden', at: location, discs: 0 });
  note(s, 'cartel', `Setup: ${item === 'chapo' ? 'Chapo' : cardName(item)} placed at ${locName(location)}.`);
  return done;
}

/** The setup item placed next: the one picked in My view, else the first of the blind draw (R16, R32). */
export const setupItem = (s: KpState): string | null =>
  s.cartel.picked !== null && s.toPlace.includes(s.cartel.picked) ? s.cartel.picked : (s.toPlace[0] ?? null);

/** Picks which item of the blind draw to place next (R32: any order). */
export function setupPick(s: KpState, item: string): Done {
  if (!s.toPlace.includes(item))
    return refuse(
      'nothing-to-place',
      `${item === 'chapo' ? 'Chapo' : cardName(item)} is not waiting to be placed`,
      `Place one of: ${s.toPlace.map((x) => (x === 'chapo' ? 'Chapo' : cardName(x))).join(', ')}.`,
    );
  s.cartel.picked = item;
  return done;
}

export function legalSetupLocations(s: KpState, item: string): string[] {
  if (item === 'chapo') return locationIds();
  const def = content().defense.get(item);
  return def ? defenseLocations(s, def, 'hidden') : needLocations(item);
}

const left = (s: KpState): number => MAX_ACTIONS - s.cartel.actions;

function spend(s: KpState, cost: number, what: string): Done {
  if (cost > left(s))
    return refuse(
      'too-many-actions',
      `${what} costs ${cost} action${cost > 1 ? 's' : ''} and ${left(s)} ${left(s) === 1 ? 'is' : 'are'} left this turn`,
      'Fulfil or move Chapo with what is left, draw a Need, or end the turn.',
    );
  s.cartel.actions += cost;
  return done;
}

export function placeDefense(s: KpState, a: Extract<KpAction, { type: 'place-defense' }>): Done {
  const def = content().defense.get(a.card);
  if (!def || s.cards[a.card]?.zone !== 'unplayed')
    return refuse(
      'not-unplayed',
      `${cardName(a.card)} is not an unplayed Defense`,
      'Place a Defense from your unplayed ones.',
    );
  const legal = defenseLocations(s, def, 'hidden');
  if (!legal.includes(a.location) && defenseLocations(s, def, 'hidden', true).includes(a.location))
    return refuse(
      'box-taken',
      `The ${def.defenseType} box at ${locName(a.location)} already holds a Hidden Defense`,
      legal.length > 0
        ? `Free legal Locations: ${legal.map(locName).join(', ')}.`
        : 'Move that Defense away first.',
      'R3',
    );
  if (!legal.includes(a.location))
    return refuse(
      'illegal-location',
      `${def.name} cannot be placed at ${locName(a.location)}`,
      legal.length > 0
        ? `Its legal Hidden Locations now: ${legal.map(locName).join(', ')}.`
        : 'Every legal box for it is taken.',
    );
  const paid = spend(s, def.cost, `Placing ${def.name}`);
  if (!paid.ok) return paid;
  setCard(s, a.card, { zone: 'hidden', at: a.location, discs: 0 });
  s.cartel.picked = null;
  note(
    s,
    'cartel',
    `${def.name} placed at ${locName(a.location)} (${def.cost} action${def.cost > 1 ? 's' : ''}).`,
  );
  return done;
}

export function moveDefense(
  s: KpState,
  a: Extract<KpAction, { type: 'move-defense' }>,
  announce: string[],
): Done {
  const def = content().defense.get(a.card);
  const card = s.cards[a.card];
  if (!def || !card || !inPlay(s, a.card))
    return refuse(
      'not-on-board',
      `${cardName(a.card)} is not a Defense on the Hidden or Fixed board`,
      'Only Hidden or Fixed Defenses move; Finished ones never do.',
    );
  const zone = card.zone === 'fixed' ? 'fixed' : 'hidden';
  const legal = defenseLocations(s, def, zone).filter((l) => l !== card.at);
  if (!legal.includes(a.location))
    return refuse(
      'board-crossing',
      `${def.name} cannot move to ${locName(a.location)} on the ${zone === 'fixed' ? 'Fixed' : 'Hidden'} board`,
      legal.length > 0
        ? `It may move (${zone === 'fixed' ? 'Fixed to Fixed' : 'Hidden to Hidden'}) to: ${legal.map(locName).join(', ')}.`
        : 'It has nowhere legal to go.',
    );
  const paid = spend(s, def.moveCost, `Moving ${def.name}`);
  if (!paid.ok) return paid;
  const from = card.at ?? '';
  setCard(s, a.card, { ...card, at: a.location });
  s.cartel.picked = null;
  note(s, 'cartel', `${def.name} moved from ${locName(from)} to ${locName(a.location)}.`);
  if (zone === 'fixed') {
    const line = `The Cartel moved ${def.name} (Fixed) from ${locName(from)} to ${locName(a.location)}.`;
    announce.push(line);
    note(s, 'public', line);
  }
  return done;
}

/**
 * A free Chapo move from a Mobility Defense reaching Chapo, not yet spent this turn: one in the
 * With-Chapo box first, as its use (named when it is Fixed, R30) says nothing of where he is.
 */
export function freeMover(s: KpState): string | null {
  if (s.chapo.at === null) return null;
  const unused = defensesAt(s, s.chapo.at, 'extra-move').filter((d) => !s.cartel.freeUsed.includes(d.id));
  return (unused.find((d) => s.cards[d.id]?.at === WITH_CHAPO) ?? unused[0])?.id ?? null;
}

function chapoAction(s: KpState, what: string): Done {
  if (s.cartel.chapoActions >= MAX_CHAPO_ACTIONS)
    return refuse(
      'too-many-chapo',
      `${what} would be a third Chapo action this turn`,
      freeMover(s)
        ? 'A Mobility Defense still gives Chapo a free move: use it, or use the rest on Defenses.'
        : 'Use the rest on Defenses, draw a Need, or end the turn.',
    );
  const paid = spend(s, 1, what);
  if (!paid.ok) return paid;
  s.cartel.chapoActions += 1;
  return done;
}

export function moveChapo(
  s: KpState,
  a: Extract<KpAction, { type: 'move-chapo' }>,
  announce: string[],
): Done {
  if (!locationIds().includes(a.location))
    return refuse(
      'bad-location',
      `${locName(a.location)} is not a Location for Chapo`,
      'Move him to a named Location on the map.',
    );
  if (a.location === s.chapo.at && !(a.reveal === true && !s.chapo.fixed))
    return refuse(
      'same-location',
      `Chapo is already at ${locName(a.location)}`,
      'Move him to another Location.',
      'R5',
    );
  if (s.chapo.fixed && a.reveal === false)
    return refuse(
      'fixed-to-hidden',
      'Chapo cannot go from the Fixed board back to Hidden',
      'Move him to another Location: he stays Fixed.',
    );
  // R30: the free move of a Mobility Defense is the Cartel's to use or not; using it is announced
  // (rulebook 2.0: a Hidden Defense used), an ordinary move never is.
  if (a.free === true) {
    const free = freeMover(s);
    if (!free)
      return refuse(
        'no-free-move',
        'No Mobility Defense gives Chapo a free move now',
        'Move him with a Chapo action instead.',
        'R30',
      );
    s.cartel.freeUsed.push(free);
    remember(s, { use: { turn: s.turn, card: free, what: 'a free Chapo move' } });
    note(s, 'cartel', `${cardName(free)} gave a free Chapo move.`);
    if (isHidden(s, free)) {
      announce.push(HIDDEN_DEFENSE_USED);
      note(s, 'public', HIDDEN_DEFENSE_USED);
    } else {
      const line = `The Cartel used ${cardName(free)}: a free move for Chapo.`;
      announce.push(line);
      note(s, 'public', line);
    }
  } else {
    const paid = chapoAction(s, 'Moving Chapo');
    if (!paid.ok) return paid;
  }
  const from = s.chapo.at;
  s.chapo.at = a.location;
  remember(s, { trail: { turn: s.turn, at: a.location, how: a.free === true ? 'free move' : 'move' } });
  note(s, 'cartel', `Chapo moved to ${locName(a.location)}${from ? ` from ${locName(from)}` : ''}.`);
  if (s.chapo.fixed || a.reveal === true) {
    s.chapo.fixed = true;
    const line = `El Chapo moves to ${locName(a.location)} (Fixed).`;
    announce.push(line);
    note(s, 'public', line);
  }
  return done;
}

/** The public line of a disc on a Fixed Need: it shows where Chapo stood (the Hunters read it). */
export const DISC_ON_FIXED = 'The Cartel places a disc on ';

export function fulfil(s: KpState, id: string, announce: string[]): Done {
  const need = content().need.get(id);
  const card = s.cards[id];
  if (!need || !card || !inPlay(s, id))
    return refuse(
      'not-with-chapo',
      `${cardName(id)} is not a Need on the board`,
      'Fulfil a Hidden or Fixed Need; Finished Needs cannot be fulfilled.',
    );
  if (card.at !== s.chapo.at)
    return refuse(
      'not-with-chapo',
      `${need.name} is at ${locName(card.at ?? '')} and Chapo is not`,
      'Move Chapo to its Location first (R4: the named Location, on either board).',
    );
  if (card.discs >= need.circles)
    return refuse('need-full', `${need.name} has every circle filled`, 'Fulfil another Need.');
  if (s.cartel.fulfilled)
    return refuse(
      'fulfil-once',
      'A second Fulfil this turn',
      'Only one Chapo action per turn may place a disc; move Chapo or use Defenses.',
    );
  const paid = chapoAction(s, 'Fulfilling a Need');
  if (!paid.ok) return paid;
  s.cartel.fulfilled = true;
  const discs = card.discs + 1;
  setCard(s, id, { ...card, discs });
  note(s, 'cartel', `${need.name} fulfilled: ${discs}/${need.circles}.`);
  if (card.zone === 'fixed') {
    const line = `${DISC_ON_FIXED}${need.name} (Fixed): ${discs}/${need.circles}.`;
    announce.push(line);
    note(s, 'public', line);
  }
  return done;
}

export function drawNeed(s: KpState): Done {
  if (s.cartel.drawn !== null)
    return refuse(
      'place-drawn-first',
      `You already hold ${cardName(s.cartel.drawn)}`,
      'Place it at a suitable Hidden Location first.',
      'R6',
    );
  const top = s.needsDeck.length > 0 ? writable(s, 'needsDeck').shift() : undefined;
  if (top === undefined)
    return refuse('deck-empty', 'The Needs deck is empty', 'Play on with the Needs on the table.');
  s.cartel.drawn = top;
  setCard(s, top, { zone: 'unplayed', at: null, discs: 0 });
  note(s, 'cartel', `Drew ${cardName(top)}.`);
  return done;
}

export function placeNeed(s: KpState, location: string): Done {
  const id = s.cartel.drawn;
  if (id === null) return refuse('nothing-to-place', 'No drawn Need is waiting', 'Draw a Need first.');
  const legal = needLocations(id);
  if (!legal.includes(location))
    return refuse(
      'bad-location',
      `${cardName(id)} does not suit ${locName(location)}`,
      `Suitable Locations: ${legal.map(locName).join(', ')}.`,
    );
  setCard(s, id, { zone: 'hidden', at: location, discs: 0 });
  s.cartel.drawn = null;
  note(s, 'cartel', `${cardName(id)} placed at ${locName(location)}.`);
  return done;
}

/** Defenses the Cartel could pick now: unplayed ones it can afford, in-play ones it can afford to move. */
export function pickable(s: KpState): string[] {
  return content()
    .defenses.filter((d) => {
      const z = s.cards[d.id]?.zone;
      if (z === 'unplayed') return d.cost <= left(s) && defenseLocations(s, d, 'hidden').length > 0;
      if (z === 'hidden' || z === 'fixed')
        return d.moveCost <= left(s) && defenseLocations(s, d, z).some((l) => l !== s.cards[d.id]?.at);
      return false;
    })
    .map((d) => d.id);
}

export const isWithChapo = (at: string | null): boolean => at === WITH_CHAPO;
