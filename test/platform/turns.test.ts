/** Work ready at once spread over turns of the event loop (src/bot/kernel/turns.ts). */
import { describe, expect, it } from 'vitest';
import { ownTurn, TURN_MS } from '../../src/bot/kernel/turns.ts';

/** Three views ready at once, each taking `ms` of synchronous work; what ran in which order. */
async function views(ms: number): Promise<string[]> {
  const order: string[] = [];
  await Promise.all(
    [1, 2, 3].map((i) =>
      ownTurn().then(() => {
        order.push(`view ${i}`);
        for (const until = performance.now() + ms; performance.now() < until;);
        // Stands for the I/O and timers the loop serves between its turns.
        setImmediate(() => order.push(`after view ${i}`));
      }),
    ),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return order;
}

describe('GIVEN views waiting for their turn', () => {
  it('WHEN each takes longer than a turn allows THEN each goes in a turn of its own, in order, with the loop’s other work between', async () => {
    expect(await views(TURN_MS + 5)).toEqual([
      'view 1',
      'after view 1',
      'view 2',
      'after view 2',
      'view 3',
      'after view 3',
    ]);
  });

  it('WHEN they are quick THEN they share a turn', async () => {
    expect(await views(0)).toEqual([
      'view 1',
      'view 2',
      'view 3',
      'after view 1',
      'after view 2',
      'after view 3',
    ]);
  });
});
