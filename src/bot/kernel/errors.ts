/**
 * Expected failures (not your turn, stale button, bad option) are UserErrors: the player gets
 * the message ephemerally and nothing changes. Anything else is a bug: logged once, answered
 * with an apology and a reference id.
 */
export class UserError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const userError = (code: string, message: string): UserError => new UserError(code, message);

/** A control (or study control) whose game lives on another server: it does nothing here. */
export const otherServer = (): UserError =>
  userError(
    'other-server',
    'That control belongs to a game on another server, not this one, so it does nothing here. Nothing was changed.',
  );
