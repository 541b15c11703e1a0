/** The 66 techniques, in id order (grouped by discipline: GEOINT, HUMINT, MASINT, OSINT, SIGINT). */
import type { Technique } from './schema.ts';
import { GEOINT_TECHNIQUES } from './techniques/geoint.ts';
import { HUMINT_TECHNIQUES } from './techniques/humint.ts';
import { MASINT_TECHNIQUES } from './techniques/masint.ts';
import { OSINT_TECHNIQUES } from './techniques/osint.ts';
import { SIGINT_TECHNIQUES } from './techniques/sigint.ts';

export const TECHNIQUES: readonly Technique[] = [
  ...GEOINT_TECHNIQUES,
  ...HUMINT_TECHNIQUES,
  ...MASINT_TECHNIQUES,
  ...OSINT_TECHNIQUES,
  ...SIGINT_TECHNIQUES,
];
