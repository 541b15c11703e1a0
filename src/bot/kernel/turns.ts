/**
 * One at a time per turn of the event loop (issue #25). When 100 players press My view or move at
 * once, their private views become ready together (the store's answers arrive in one poll of the
 * loop) and building each one's picture (the SVG, a few ms) ran back to back: the loop did not
 * poll again, nor fire a timer, for hundreds of ms. Each view now waits for its own turn: one is
 * let through per turn of the loop (a `setImmediate` scheduled from the check phase runs in the
 * next turn, after its timers and I/O), in order.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

/** Resolves in a turn of the event loop of its own, after those who asked before. */
export function ownTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (scheduled) return;
    scheduled = true;
    setImmediate(letOneThrough);
  });
}

function letOneThrough(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(letOneThrough);
  else scheduled = false;
}
