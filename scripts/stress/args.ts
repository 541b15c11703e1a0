/**
 * `npm run stress` options, parsed strictly with node:util's parseArgs: a misspelt flag or an
 * unknown section is an error (exit 2 with the reason), never a silent full run.
 */
import { parseArgs } from 'node:util';

export const SECTIONS = ['clicks', 'kills', 'faults', 'evening', 'fuzz', 'records'] as const;
export type Section = (typeof SECTIONS)[number];

export interface StressArgs {
  json: boolean;
  quick: boolean;
  /** The sections to run; null for all. */
  only: ReadonlySet<Section> | null;
}

export function parseStressArgs(argv: readonly string[]): StressArgs {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      json: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  let only: Set<Section> | null = null;
  if (values.only !== undefined) {
    const names = values.only.split(',').filter(Boolean);
    const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
    if (names.length === 0 || unknown.length > 0)
      throw new TypeError(`--only takes sections from ${SECTIONS.join(', ')} (got "${values.only}").`);
    only = new Set(names as Section[]);
  }
  return { json: values.json, quick: values.quick, only };
}
