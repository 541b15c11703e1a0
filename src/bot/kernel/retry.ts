/**
 * Back-off for work the bot owes and tries again by itself (a deadline whose store read failed,
 * an index write that did not land): 1 s, 2 s, 4 s… up to a minute, each with some jitter so
 * that many tables failing together do not all come back in the same instant.
 */
export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 60_000;

/** The pause before attempt `attempt` (1 for the first retry). */
export function retryDelay(attempt: number): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}
