/**
 * What a player is told when the session store failed or another process won a save race.
 * The store writes nothing on a failed call, so "nothing was changed" is said only when no
 * earlier write of the same operation had been saved.
 */
import { StoreUnavailableError, VersionConflictError } from '../../storage/errors.ts';

export function storeRefusal(err: unknown, ref: string): string | null {
  if (err instanceof StoreUnavailableError && err.uncertain)
    return `The game store did not answer in time, so your move may or may not have been saved. \`/game status\` shows where the game stands. Reference: \`${ref}\`.`;
  if (err instanceof StoreUnavailableError)
    return err.committed
      ? `The game store failed part-way: your move was saved, but the board may be behind. \`/game status\` posts it again. Reference: \`${ref}\`.`
      : `The game store is not answering right now, so nothing was changed. Please try again in a moment. Reference: \`${ref}\`.`;
  if (err instanceof VersionConflictError)
    return `The game changed at the same moment from elsewhere, so nothing was changed. Please try again. Reference: \`${ref}\`.`;
  return null;
}
