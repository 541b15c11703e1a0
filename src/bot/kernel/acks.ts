/**
 * Acknowledgements first. Discord gives an interaction 3 seconds to be answered; nothing else
 * a move does has a deadline. So once a click is acknowledged, its work waits while other
 * clicks in this process are still being acknowledged (briefly: at most MAX_WAIT_MS), and a
 * burst of clicks is answered before any of them loads a session or draws a board.
 */
const MAX_WAIT_MS = 250;

export class AckGate {
  private inFlight = 0;
  private waiters: Array<() => void> = [];

  /** Runs an acknowledgement, counted while it is in flight. */
  async acknowledge<T>(ack: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await ack();
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) for (const resolve of this.waiters.splice(0)) resolve();
    }
  }

  /** Resolves once no acknowledgement is in flight (or after MAX_WAIT_MS). */
  clear(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, MAX_WAIT_MS);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
