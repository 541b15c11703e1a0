/** Private views built one per turn of the event loop (src/bot/kernel/turns.ts). */
import { describe, expect, it } from 'vitest';
import { ownTurn } from '../../src/bot/kernel/turns.ts';

describe('GIVEN views waiting for their turn', () => {
  it('WHEN three are ready at once THEN each goes in a later turn of the event loop than the one before, in order', async () => {
    const order: string[] = [];
    await Promise.all(
      [1, 2, 3].map((i) =>
        ownTurn().then(() => {
          order.push(`view ${i}`);
          // Work the view started (its I/O, a timer) gets its turn before the views two behind.
          setImmediate(() => order.push(`after view ${i}`));
        }),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['view 1', 'view 2', 'after view 1', 'view 3', 'after view 2', 'after view 3']);
  });
});
