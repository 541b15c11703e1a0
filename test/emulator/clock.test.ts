import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/bot/kernel/clock.ts';
import { AdjustableClock } from '../../src/sandbox/clock.ts';

describe('AdjustableClock', () => {
  it('WHEN advanced THEN now() moves forward by at least the jump', async () => {
    const clock = new AdjustableClock();
    const before = clock.now();
    await clock.advance(60_000);
    expect(clock.now() - before).toBeGreaterThanOrEqual(60_000);
    expect(clock.now() - before).toBeLessThan(61_000);
  });

  it('WHEN advanced past several timers THEN each fires once, in due order, at its own due time', async () => {
    const clock = new AdjustableClock();
    const t0 = clock.now();
    const fired: [string, number][] = [];
    clock.schedule(t0 + 3_000, () => fired.push(['b', clock.now() - t0]));
    clock.schedule(t0 + 1_000, () => fired.push(['a', clock.now() - t0]));
    clock.schedule(t0 + 3_000, () => fired.push(['c', clock.now() - t0]));
    clock.schedule(t0 + 10_000, () => fired.push(['late', clock.now() - t0]));
    await clock.advance(5_000);
    expect(fired.map(([name]) => name)).toEqual(['a', 'b', 'c']);
    expect(fired[0]?.[1]).toBeGreaterThanOrEqual(1_000);
    expect(fired[0]?.[1]).toBeLessThan(1_500);
    await clock.advance(5_000);
    expect(fired.map(([name]) => name)).toEqual(['a', 'b', 'c', 'late']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('GIVEN a timer that schedules another within the jump THEN the second one fires too', async () => {
    const clock = new AdjustableClock();
    const t0 = clock.now();
    const fired: string[] = [];
    clock.schedule(t0 + 1_000, () => {
      fired.push('first');
      clock.schedule(clock.now() + 1_000, () => fired.push('second'));
      clock.schedule(clock.now() + 10_000, () => fired.push('outside'));
    });
    await clock.advance(3_000);
    expect(fired).toEqual(['first', 'second']);
  });

  it('GIVEN async timer functions THEN advance awaits each before firing the next', async () => {
    const clock = new AdjustableClock();
    const t0 = clock.now();
    const log: string[] = [];
    clock.schedule(t0 + 100, async () => {
      log.push('a:start');
      await new Promise((r) => setTimeout(r, 20));
      log.push('a:end');
    });
    clock.schedule(t0 + 200, () => log.push('b'));
    await clock.advance(1_000);
    expect(log).toEqual(['a:start', 'a:end', 'b']);
  });

  it('GIVEN a timer that re-arms itself for its own instant while it works THEN advance waits for the re-armed one before jumping on', async () => {
    // As a deadline wake-up does when it wakes a millisecond early: nothing is due yet, so it
    // is armed again for the same instant, which fires at once on a real zero-delay timeout.
    const clock = new AdjustableClock();
    const t0 = clock.now();
    const HOUR = 3_600_000;
    const log: string[] = [];
    clock.schedule(t0 + HOUR, async () => {
      log.push('wake');
      clock.schedule(clock.now(), async () => {
        await new Promise((r) => setTimeout(r, 30));
        log.push(`again at ${Math.round((clock.now() - t0) / HOUR)}h`);
      });
      await new Promise((r) => setTimeout(r, 10));
    });
    clock.schedule(t0 + 3 * HOUR, () => log.push('3h timer'));
    await clock.advance(5 * HOUR);
    expect(log).toEqual(['wake', 'again at 1h', '3h timer']);
  });

  it('GIVEN a cancelled timer THEN it never fires', async () => {
    const clock = new AdjustableClock();
    let fired = false;
    const cancel = clock.schedule(clock.now() + 10, () => (fired = true));
    cancel();
    await clock.advance(100);
    await new Promise((r) => setTimeout(r, 30));
    expect(fired).toBe(false);
  });

  it('WHEN real time reaches a timer THEN it fires by itself, and a later advance does not fire it again', async () => {
    const clock = new AdjustableClock();
    let count = 0;
    clock.schedule(clock.now() + 30, () => count++);
    await new Promise((r) => setTimeout(r, 80));
    expect(count).toBe(1);
    await clock.advance(1_000);
    expect(count).toBe(1);
  });

  it('GIVEN a jump that leaves a timer partly due THEN it fires on real time at the shortened delay', async () => {
    const clock = new AdjustableClock();
    let count = 0;
    clock.schedule(clock.now() + 10_050, () => count++);
    await clock.advance(10_000);
    expect(count).toBe(0);
    await new Promise((r) => setTimeout(r, 150));
    expect(count).toBe(1);
  });
});

describe('SystemClock', () => {
  it('fires a scheduled function at the requested time and can cancel', async () => {
    const clock = new SystemClock();
    const start = clock.now();
    const firedAt = await new Promise<number>((resolve) =>
      clock.schedule(start + 30, () => resolve(clock.now())),
    );
    expect(firedAt - start).toBeGreaterThanOrEqual(29);
    let fired = false;
    clock.schedule(clock.now() + 10, () => (fired = true))();
    await new Promise((r) => setTimeout(r, 30));
    expect(fired).toBe(false);
  });
});

describe('AdjustableClock stepping its wall clock', () => {
  it('WHEN the wall steps back an hour THEN now() goes back, monotonic time does not, and an armed timer keeps its real delay', async () => {
    const clock = new AdjustableClock();
    const wall = clock.now();
    const mono = clock.monotonic();
    let fired = false;
    clock.schedule(wall + 3_000, () => (fired = true));
    clock.stepWall(-3_600_000);
    expect(wall - clock.now()).toBeGreaterThanOrEqual(3_599_000);
    expect(clock.monotonic()).toBeGreaterThanOrEqual(mono);
    await clock.advance(3_000);
    expect(fired).toBe(true);
  });

  it('WHEN a timer is set after a step back THEN its delay is counted from the stepped wall time', async () => {
    const clock = new AdjustableClock();
    clock.stepWall(-3_600_000);
    let fired = false;
    clock.schedule(clock.now() + 2_000, () => (fired = true));
    await clock.advance(1_000);
    expect(fired).toBe(false);
    await clock.advance(1_000);
    expect(fired).toBe(true);
  });
});
