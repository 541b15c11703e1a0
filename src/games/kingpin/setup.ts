/**
 * Setup: two team seats (Cartel and Hunters), the Needs deck shuffled, the Cartel's blind draw
 * of 1 Defense and 3 Needs, the topography face down in its display boxes.
 */
import type { Result, SetupArgs } from '../contract.ts';
import { fail, ok } from '../contract.ts';
import { nextInt, seedRng, shuffle } from '../rng.ts';
import { content } from './board.ts';
import type { CardState, KpOptions, KpSeat, KpState, TopoState } from './types.ts';

/** Fixed deals for tests and tutorials: deck order, the blind Defense, and scripted dice. */
export interface Arrangement {
  needs?: string[];
  defense?: string;
  dice?: number[];
}

function parseArrangement(raw: unknown): Result<Arrangement> {
  if (raw === undefined) return ok({});
  if (typeof raw !== 'object' || raw === null)
    return fail('bad-arrangement', 'The arrangement must be an object.');
  const a = raw as Record<string, unknown>;
  const c = content();
  const needs = a['needs'];
  if (
    needs !== undefined &&
    (!Array.isArray(needs) || !needs.every((n) => typeof n === 'string' && c.need.has(n)))
  )
    return fail('bad-arrangement', 'arrangement.needs must list Needs card ids.');
  const defense = a['defense'];
  if (defense !== undefined && (typeof defense !== 'string' || !c.defense.has(defense)))
    return fail('bad-arrangement', 'arrangement.defense must be a Defense card id.');
  const dice = a['dice'];
  if (
    dice !== undefined &&
    (!Array.isArray(dice) || !dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6))
  )
    return fail('bad-arrangement', 'arrangement.dice must be die results 1-6.');
  return ok({
    ...(needs !== undefined ? { needs: needs as string[] } : {}),
    ...(defense !== undefined ? { defense } : {}),
    ...(dice !== undefined ? { dice: dice as number[] } : {}),
  });
}

export function setupGame(args: SetupArgs<KpOptions>): Result<KpState> {
  if (args.players.length !== 2)
    return fail('two-teams', 'Kingpin is played by exactly two teams: the Cartel and the Hunters.');
  const arranged = parseArrangement(args.arrangement);
  if (!arranged.ok) return arranged;
  const arr = arranged.value;
  const c = content();
  const rng = seedRng(`kingpin|${args.seed}`);
  const hostSide = args.options.host;
  const seats: KpSeat[] = args.players.map((p, i) => ({
    id: p.id,
    name: p.name,
    members: p.members ?? [p.id],
    ...(p.computer !== undefined ? { computer: p.computer } : {}),
    side: (i === 0) === (hostSide === 'cartel') ? 'cartel' : 'hunters',
  }));
  const deckOrder = shuffle(
    rng,
    c.needs.map((n) => n.id),
  );
  const listed = arr.needs ?? [];
  const deck = [...listed, ...deckOrder.filter((n) => !listed.includes(n))];
  const defense = arr.defense ?? c.defenses[nextInt(rng, c.defenses.length)]?.id ?? '';
  const drawn = deck.splice(0, 3);
  const cards: Record<string, CardState> = {};
  for (const n of c.needs)
    cards[n.id] = { zone: drawn.includes(n.id) ? 'unplayed' : 'deck', at: null, discs: 0 };
  for (const d of c.defenses) cards[d.id] = { zone: 'unplayed', at: null, discs: 0 };
  const slots = (kind: 'nexus' | 'support', prefix: string): TopoState[] =>
    shuffle(
      rng,
      c.topography.filter((t) => t.kind === kind).map((t) => t.id),
    ).map((card, i) => ({ slot: `${prefix}${i + 1}`, card, faceUp: false, fixedAt: null }));
  return ok({
    seq: 0,
    rng,
    script: arr.dice ?? [],
    seats,
    turn: 1,
    phase: 'setup',
    chapo: { at: null, fixed: false, captured: false },
    cards,
    needsDeck: deck,
    toPlace: [defense, ...drawn, 'chapo'],
    topo: [...slots('nexus', 'N'), ...slots('support', 'S')],
    cartel: { actions: 0, chapoActions: 0, fulfilled: false, freeUsed: [], picked: null, drawn: null },
    hunt: {
      available: { intel: 0, police: 0, marina: 0 },
      proposal: [],
      proposedBy: null,
      plan: [],
      used: {},
    },
    pending: null,
    log: [],
    records: [],
    dice: [],
    result: null,
    defensesUsed: 0,
  });
}
