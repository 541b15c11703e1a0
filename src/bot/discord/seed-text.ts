/**
 * What messages say about a table's seed (issue #23; the rules are in src/bot/table/deal.ts):
 * the lobby only that the deal is fixed, whoever chose a seed privately what it means, and the
 * debrief the seed itself once it may be shown.
 */
import type { Session } from '../../storage/session.ts';

/** Whether the seed may be shown to everyone now, and if not, why. */
export type SeedReveal = { shown: true; seed: string } | { shown: false; why: string };

/** The debrief's closing line: the seed and how to deal the game again, or why it is withheld. */
export function seedLine(gameId: string, reveal: SeedReveal): string {
  if (!reveal.shown) return `🎲 ${reveal.why}`;
  return `🎲 Seed: \`${reveal.seed}\`, kept secret until now. \`/game start game:${gameId} seed:${reveal.seed}\` deals this game again; \`/game review\` walks through it.`;
}

/** What the lobby says about the deal, in public: never the seed itself. */
export function dealLine(session: Session): string | null {
  if (session.deal?.study !== undefined)
    return 'Deal: the same at every table of the study session (its seed is revealed when they have all ended).';
  if (session.deal?.chosenBy !== undefined)
    return 'Deal: fixed by a chosen seed (the same seed deals the same game at any table; revealed at the end).';
  return null;
}

/**
 * Told privately to whoever chose a seed. A seat-holder is warned plainly: with the seed, the
 * whole deal can be worked out.
 */
export function chosenSeedNotice(seed: string, seated: boolean): string {
  const shown = `Your seed \`${seed}\` fixes the deal; only you are shown it (players see only that the deal is fixed).`;
  if (!seated) return shown;
  return `${shown}\n⚠️ You hold a seat in a game whose deal you can work out: anyone who knows this seed can compute every hand, face-down card, draw and die roll (the games are open source), you included. Keep it to yourself; to run a known deal fairly, facilitate (\`facilitate:true\`) and leave the seats to others.`;
}
