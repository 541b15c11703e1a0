import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { deriveOptions, UnsupportedSchemaError } from '../../src/commands/zod-options.ts';

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
});
