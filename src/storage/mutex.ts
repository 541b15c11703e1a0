/** One queue per key: callers for the same key run one after another, in arrival order. */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(fn, fn);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      // Drop the entry once nobody queued behind us, so the map does not grow forever.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Resolves when every queued task has finished (graceful shutdown). */
  async drain(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
