/** Failures of the store itself, as distinct from the records it holds. */

/** The store failed, timed out or refused a write: nothing was written by the failed call. */
export class StoreUnavailableError extends Error {
  /** Whether an earlier write of the same operation had already been saved (see SessionStore.withLock). */
  committed = false;
  /** A write that got no answer in time may still land: the caller must not promise it did not. */
  uncertain = false;

  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    super(
      `The session store failed during ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
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
