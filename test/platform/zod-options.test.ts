import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { SlashCommandStringOption } from '@discordjs/builders';
import {
  configure,
  deriveOption,
  deriveOptions,
  enumSuggestions,
  UnsupportedSchemaError,
} from '../../src/commands/zod-options.ts';

describe('slash options derived from zod', () => {
  it('GIVEN an options object THEN each field becomes a typed option, required ones first, limits kept', () => {
    const options = deriveOptions({
      minutes: z.number().int().min(0).max(60).optional().describe('Minutes'),
      edition: z.enum(['cia', 'collect-it-all']).default('cia').describe('Edition'),
      name: z.string().max(40).describe('Name'),
      ratio: z.number(),
      hard: z.boolean().optional(),
    });
    expect(options).toEqual([
      { name: 'name', description: 'Name', kind: 'string', required: true, maxLength: 40 },
      { name: 'ratio', description: 'ratio', kind: 'number', required: true },
      { name: 'minutes', description: 'Minutes', kind: 'integer', required: false, min: 0, max: 60 },
      {
        name: 'edition',
        description: 'Edition',
        kind: 'string',
        required: false,
        choices: ['cia', 'collect-it-all'],
      },
      { name: 'hard', description: 'hard', kind: 'boolean', required: false },
    ]);
  });

  it('GIVEN a field type Discord cannot express THEN building the command fails loudly', () => {
    expect(() => deriveOptions({ cards: z.array(z.string()) })).toThrow(UnsupportedSchemaError);
  });

  it('GIVEN a string with a minimum length THEN Discord is told it, so a shorter one cannot be sent', () => {
    const option = deriveOption('note', z.string().min(3).max(40).describe('A note'));
    const json = configure(new SlashCommandStringOption(), option, false).toJSON();
    expect(json).toMatchObject({ min_length: 3, max_length: 40 });
  });

  it('GIVEN an enum of more than 25 values THEN it is offered by autocomplete, matching what is typed', () => {
    const cities = Array.from({ length: 30 }, (_, i) => `city-${String(i).padStart(2, '0')}`);
    const option = deriveOption('city', z.enum(cities as [string, ...string[]]));
    const json = configure(new SlashCommandStringOption(), option, false).toJSON();
    expect(json.autocomplete).toBe(true);
    expect(json.choices ?? []).toEqual([]);
    expect(enumSuggestions(option, '')).toHaveLength(25);
    expect(enumSuggestions(option, 'CITY-2').map((c) => c.value)).toEqual(cities.slice(20, 30));
    // Up to 25 values stay a fixed list of choices.
    const short = configure(new SlashCommandStringOption(), deriveOption('e', z.enum(['a', 'b'])), false);
    expect(short.toJSON()).toMatchObject({
      choices: [
        { name: 'a', value: 'a' },
        { name: 'b', value: 'b' },
      ],
    });
  });
});
