/** `npm run stress` refuses what it does not understand instead of running everything (issue #32). */
import { describe, expect, it } from 'vitest';
import { parseStressArgs } from '../../scripts/stress/args.ts';

describe('GIVEN the stress script’s options', () => {
  it('WHEN they are the documented ones THEN they are read', () => {
    expect(parseStressArgs(['--quick', '--only', 'kills,fuzz'])).toEqual({
      json: false,
      quick: true,
      only: new Set(['kills', 'fuzz']),
    });
    expect(parseStressArgs(['--json'])).toEqual({ json: true, quick: false, only: null });
  });

  it.each([
    [['--quik'], /Unknown option '--quik'/],
    [
      ['--only', 'kils'],
      /--only takes sections from clicks, kills, faults, evening, fuzz, records \(got "kils"\)/,
    ],
    [['--only'], /argument missing/],
    [['kills'], /Unexpected argument 'kills'/],
  ])('WHEN given %j THEN it is an error, not a full run', (argv, message) => {
    expect(() => parseStressArgs(argv)).toThrow(message);
  });
});
