/**
 * What a player is told when the session store failed or another process won a save race.
 * The store writes nothing on a failed call, so "nothing was changed" is said only when nothing
 * of the operation had been saved; once something was (a move, then the store failed while its
 * board was recorded), the player hears that it counts and that the board catches up (issue #24).
 */
import { StoreUnavailableError, VersionConflictError } from '../../storage/errors.ts';

/** Why the store refused, for the player. */
function why(err: StoreUnavailableError): string {
  switch (err.reason) {
    case 'unreachable':
      return ' (the bot cannot reach its database: the connection is down)';
    case 'timeout':
      return ' (the database did not answer in time)';
    case 'failed':
      return '';
  }
}

/**
 * The answer for a failure after something was saved (`what`: "Your move"), whatever failed.
 * Null when the failure is not the store's and nothing was saved (the caller words it).
 */
export function storeRefusal(err: unknown, ref: string, saved = false, what = 'Your move'): string | null {
  const store = err instanceof StoreUnavailableError ? err : null;
  if (saved || store?.committed)
    return `${what} was saved and counts. ${store ? `The game store failed afterwards${why(store)}, while the board was being updated` : 'Something went wrong afterwards, while the board was being updated'}, so the board may be behind for a moment: it catches up by itself (\`/game status\` posts it now). Reference: \`${ref}\`.`;
  if (store?.uncertain)
    return `The game store did not answer in time, so your move may or may not have been saved. \`/game status\` shows where the game stands. Reference: \`${ref}\`.`;
  if (store)
    return `The game store is not answering right now, so nothing was changed${why(store)}. Please try again in a moment. Reference: \`${ref}\`.`;
  if (err instanceof VersionConflictError)
    return `The game changed at the same moment from elsewhere, so nothing was changed. Please try again. Reference: \`${ref}\`.`;
  return null;
}
