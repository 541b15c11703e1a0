/**
 * Structured justifications (ruling R36): instead of free text, the challenged player may claim
 * what the technique collects (each discipline's product) about which aspect of the crisis.
 * A claim is judged exactly, by every computer voter alike: the product must be the technique's
 * own discipline's, and the aspect one the technique (with the cards resting on it) shares with
 * the crisis, which is what made it fit. Pure data and functions.
 */
import type { Aspect, Discipline } from './cards/schema.ts';
import { DISCIPLINES } from './cards/schema.ts';
import type { CardIndex } from './cardset.ts';
import { crisis, effectiveAspects, realityCheck, technique } from './cardset.ts';
import type { Claim } from './types.ts';

/** What each discipline collects, as a player would say it. */
export const PRODUCT: Record<Discipline, string> = {
  HUMINT: 'what people tell a source or an officer',
  SIGINT: 'intercepted communications and signals',
  GEOINT: 'imagery of places, equipment and movements',
  MASINT: 'physical signatures: radiation, seismic, acoustic, spectral',
  OSINT: 'published and public material: press, records, posts',
};

export const ASPECT_NAME: Record<Aspect, string> = {
  P: 'political',
  M: 'military',
  E: 'economic',
  W: 'weapons',
};

/** The claim in words, as the table reads it. */
export function claimText(cards: CardIndex, techniqueId: string, crisisId: string, claim: Claim): string {
  const t = technique(cards, techniqueId);
  const c = crisis(cards, crisisId);
  return `${t.name} collects ${PRODUCT[claim.collects]} (${claim.collects}) about the ${ASPECT_NAME[claim.aspect]} side of ${c.name}.`;
}

export interface ClaimVerdict {
  feasible: boolean;
  /** Why, in the game's terms. */
  reason: string;
}

/** Judges a claim exactly; `mods` are the reality checks resting on the technique (added aspects count). */
export function judgeClaim(
  cards: CardIndex,
  techniqueId: string,
  crisisId: string,
  claim: Claim,
  mods: readonly string[] = [],
): ClaimVerdict {
  const t = technique(cards, techniqueId);
  const c = crisis(cards, crisisId);
  if (claim.collects !== t.discipline)
    return {
      feasible: false,
      reason: `${t.name} is ${t.discipline}: it does not collect ${PRODUCT[claim.collects]}`,
    };
  const shared = effectiveAspects(
    t,
    mods.map((m) => realityCheck(cards, m)),
  ).filter((a) => (c.aspects as readonly string[]).includes(a));
  if (!shared.includes(claim.aspect))
    return {
      feasible: false,
      reason: `${t.name} and ${c.name} share no ${ASPECT_NAME[claim.aspect]} aspect`,
    };
  return {
    feasible: true,
    reason: `${t.name} is ${t.discipline} and covers the ${ASPECT_NAME[claim.aspect]} side of ${c.name}`,
  };
}

/** Every claim a player may make about this technique and crisis: each discipline's product × each of the crisis's aspects. */
export function claimOptions(cards: CardIndex, crisisId: string): Claim[] {
  const c = crisis(cards, crisisId);
  return DISCIPLINES.flatMap((collects) => c.aspects.map((aspect): Claim => ({ collects, aspect })));
}

/** A sound claim for the technique (the computers' answer and the silent player's standard answer, R27). */
export function soundClaim(
  cards: CardIndex,
  techniqueId: string,
  crisisId: string,
  mods: readonly string[] = [],
): Claim {
  const t = technique(cards, techniqueId);
  const c = crisis(cards, crisisId);
  const aspects = effectiveAspects(
    t,
    mods.map((m) => realityCheck(cards, m)),
  );
  const aspect: Aspect = c.aspects.find((a) => aspects.includes(a)) ?? c.aspects[0] ?? 'P';
  return { collects: t.discipline, aspect };
}
