/**
 * Autocomplete is built from a seat's hand, so it is a way to read hidden cards. Over every
 * game, every slash option and every state of seeded games played to the end: a user without a
 * seat (an onlooker, or the facilitator) is offered nothing, and a seated player is offered only
 * what their own view shows or the option's fixed vocabulary.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { actionCommand, autocompleteChoices } from '../../src/commands/actions.ts';
import type { AnyEngine, Seat } from '../../src/games/contract.ts';
import { playthrough, tableOf } from '../../src/games/playthrough.ts';
import { GAMES } from '../../src/games/index.ts';
import { SESSION_SCHEMA_VERSION, type Session } from '../../src/storage/session.ts';
import { emptyHistory } from '../../src/storage/history.ts';

const ONLOOKER = '900000000000000001';
const FACILITATOR = '900000000000000002';

function strings(x: unknown, out = new Set<string>()): Set<string> {
  if (typeof x === 'string') out.add(x);
  else if (Array.isArray(x)) for (const v of x) strings(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) strings(v, out);
  return out;
}

interface Field {
  action: string;
  name: string;
  /** Values the option's schema fixes (an enum): public vocabulary, not hidden cards. */
  vocabulary: Set<string>;
}

/** Every option of every subcommand of `/<game>`, as registered. */
function fields(engine: AnyEngine): Field[] {
  const union = engine.actionSchema as unknown as { options: { shape: Record<string, z.ZodType> }[] };
  const data = actionCommand(engine).data;
  return (data.options ?? []).flatMap((sub) => {
    const variant = union.options.find(
      (o) => (o.shape['type'] as unknown as { value: string }).value.toLowerCase() === sub.name,
    );
    // Subcommands that are not moves (the public card reference) read no hand.
    if (!variant) return [];
    const type = (variant.shape['type'] as unknown as { value: string }).value;
    const options = 'options' in sub ? (sub.options ?? []) : [];
    return options.map((o) => {
      const schema = variant.shape[o.name];
      const json = schema ? (z.toJSONSchema(schema, { unrepresentable: 'any' }) as { enum?: unknown[] }) : {};
      return { action: type, name: o.name, vocabulary: new Set((json.enum ?? []).map(String)) };
    });
  });
}

function sessionOf(engine: AnyEngine, seats: Seat[], state: unknown, facilitator: boolean): Session {
  return {
    schema: SESSION_SCHEMA_VERSION,
    id: 'abcd1234',
    channelId: 'c',
    guildId: 'g',
    gameId: engine.id,
    status: 'playing',
    version: 1,
    host: facilitator ? FACILITATOR : (seats[0]?.id ?? ''),
    facilitator,
    seats,
    options: {},
    seed: 's',
    state,
    history: emptyHistory(),
    handled: [],
    createdAt: 0,
    updatedAt: 0,
  };
}

const TYPED = ['', 'a', 'e', '1', 'Q'];

describe.each(GAMES.map((g) => [g.id, g] as const))('autocomplete in %s', (_id, engine) => {
  const seats = tableOf(Math.max(engine.minPlayers, Math.min(engine.maxPlayers, 4)));
  const options = fields(engine);

  it.each([
    ['a seated table', false],
    ['a facilitated table', true],
  ])(
    'GIVEN %s THEN a user without a seat is offered nothing, in every state and every option',
    (_l, facilitating) => {
      let states = 0;
      let offered = 0;
      for (const seed of ['1', '2']) {
        for (const state of playthrough(engine, seats, {
          seed,
          ...(facilitating ? { facilitator: FACILITATOR } : {}),
        })) {
          states++;
          const session = sessionOf(engine, seats, state, facilitating);
          for (const f of options)
            for (const typed of TYPED) {
              for (const outsider of [ONLOOKER, FACILITATOR])
                expect(
                  autocompleteChoices(engine, session, outsider, f.action, { name: f.name, typed }),
                  `${f.action} ${f.name} "${typed}" for ${outsider}`,
                ).toEqual([]);
              for (const seat of seats) {
                const mine = strings(engine.view(state, seat.id));
                const choices = autocompleteChoices(engine, session, seat.id, f.action, {
                  name: f.name,
                  typed,
                });
                offered += choices.length;
                for (const c of choices)
                  expect(
                    mine.has(c.value) || f.vocabulary.has(c.value),
                    `${seat.name} was offered ${c.value} (${c.name}), which their view does not show`,
                  ).toBe(true);
              }
            }
        }
      }
      // The walk really reached states where seated players had choices.
      expect(states).toBeGreaterThan(10);
      expect(offered).toBeGreaterThan(0);
    },
  );
});
