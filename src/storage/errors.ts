/** Failures of the store itself, as distinct from the records it holds. */
import type { HistoryEntry } from './history.ts';

/** The store failed, timed out or refused a write: nothing was written by the failed call. */
export class StoreUnavailableError extends Error {
  /** Whether an earlier write of the same operation had already been saved (see SessionStore.withLock). */
  committed = false;
  /** A write that got no answer in time may still land: the caller must not promise it did not. */
  uncertain = false;
  /** The call got no answer within the store's timeout (rather than an error). */
  timedOut = false;

  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    super(
      `The session store failed during ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }

  /** Why, in a few words a player can read: the store cannot be reached, is slow, or failed. */
  get reason(): 'unreachable' | 'timeout' | 'failed' {
    if (this.timedOut) return 'timeout';
    return isConnectionError(this.cause) ? 'unreachable' : 'failed';
  }
}

/** Errors of a store's connection (refused, reset, closed, offline), as the drivers word them. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // PostgreSQL: terminating connection due to administrator command
  '57P03', // PostgreSQL: the database system is starting up
]);

export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (
      /offline|client is closed|not connected|connection terminated|connection refused|socket closed|failed to connect/i.test(
        e.message,
      ) ||
      e.name === 'ClientOfflineError' ||
      e.name === 'ClientClosedError'
    )
      return true;
  }
  return false;
}

/**
 * The store answered, but part of a game's stored move history is missing or unreadable (a store
 * that lost or mangled data): trying again cannot help. Carries what could be read.
 */
export class HistoryDamagedError extends Error {
  constructor(
    readonly channelId: string,
    readonly sessionId: string,
    /** The damaged stretches of moves, by number (first and last, inclusive). */
    readonly damaged: readonly { from: number; to: number }[],
    /** Every move that could be read, in order (with gaps where `damaged` says). */
    readonly readable: readonly HistoryEntry[],
  ) {
    super(`moves ${describeDamage(damaged)} are missing or unreadable (the game in ${channelId})`);
  }
}

/** "9-16 and 33-40"; past five stretches, "… and N more stretches" (it goes into messages). */
export function describeDamage(damaged: readonly { from: number; to: number }[]): string {
  const parts = damaged.slice(0, 5).map((d) => `${d.from}-${d.to}`);
  if (damaged.length > 5) {
    const more = damaged.length - 5;
    // storage sits below games/text.ts, so its plural() is out of reach here.
    parts.push(`${more} more stretch${more === 1 ? '' : 'es'}`);
  }
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

export class VersionConflictError extends Error {
  constructor(channelId: string, expected: number, found: number) {
    super(`Session ${channelId} changed underneath us (expected version ${expected}, found ${found}).`);
  }
}

/** Store calls that take longer than this are abandoned and reported as failures. */
export const STORE_TIMEOUT_MS = 5000;

/** Told of every failed store call (the bot counts them for its metrics). */
let onFailure: ((failure: StoreUnavailableError) => void) | null = null;

export function onStoreFailure(listener: (failure: StoreUnavailableError) => void): void {
  onFailure = listener;
}

/** Runs a store operation with the store's timeout and failure reporting (SessionStore's `call`). */
export type StoreCall = <T>(operation: string, fn: () => Promise<T>, write?: boolean) => Promise<T>;

/** Runs one store call with a deadline; any failure becomes a StoreUnavailableError. */
export async function storeCall<T>(
  operation: string,
  fn: () => Promise<T>,
  timeoutMs = STORE_TIMEOUT_MS,
  write = false,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const clock = { timedOut: false };
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      clock.timedOut = true;
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([fn(), timeout]);
  } catch (err) {
    if (err instanceof StoreUnavailableError) throw err;
    const failure = new StoreUnavailableError(operation, err);
    failure.timedOut = clock.timedOut;
    failure.uncertain = clock.timedOut && write;
    onFailure?.(failure);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}

/** A store URL safe to log: any password (and user name) replaced. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    if (u.username) u.username = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}
