/**
 * What a player waits for in private: **My view** is answered before the store is read, and read
 * in the table's queue (the lock moves commit under); the mover's own view is redrawn from the
 * commit, without waiting for the public board.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { kingpin } from '../../src/games/kingpin/index.ts';
import type { KpState } from '../../src/games/kingpin/index.ts';
import { MY_VIEW_LABEL } from '../../src/bot/discord/board.ts';
import { planGesture } from '../../src/sandbox/autoplay.ts';
import { allComponents, titleOf, type EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';
import { KINGPIN_TEAMS_START } from './worlds.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const board = (hh: Harness): EmuMessage =>
  hh.emu
    .messages(hh.channel.id)
    .filter((m) => !m.ephemeralTo && /^Kingpin/.test(titleOf(m) ?? ''))
    .at(-1)!;

const myViewOf = (m: EmuMessage): string =>
  String([...allComponents(m.components)].find((c) => c.type === 2 && c.label === MY_VIEW_LABEL)?.custom_id);

describe('GIVEN a Kingpin table', () => {
  it('WHEN My view is pressed while a move holds the table THEN it is acknowledged at once and shown after the move', async () => {
    h = await Harness.start({ games: [kingpin] });
    const hh = h;
    await scripted(hh)(KINGPIN_TEAMS_START);
    const alice = hh.user('alice').id;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Something in the table's queue: the view must wait behind it, already acknowledged.
    const holding = hh.bot.tables.deps.store.withLock(hh.channel.id, () => held);
    const handle = await hh.emu.click(alice, board(hh).id, myViewOf(board(hh)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Acknowledged as an update of the board (so the board's next edit can ride on this click):
    // nothing is shown yet, and the board is untouched.
    expect(handle.responseType).toBe(6);
    expect(handle.followUps).toHaveLength(0);
    release();
    await holding;
    await hh.settle();
    const [view] = handle.followUps;
    expect(view?.ephemeralTo).toBe(alice);
    expect(view?.components.length).toBeGreaterThan(0);
  });

  it(
    "WHEN a move is made in My view and the board is slow to post THEN the mover's view is redrawn first",
    { timeout: 60_000 },
    async () => {
      h = await Harness.start({ games: [kingpin] });
      const hh = h;
      const run = scripted(hh);
      await run(KINGPIN_TEAMS_START);
      const alice = hh.user('alice').id;
      // The Cartel's setup moves, made in My view, until one changes the public board (a move that
      // leaves it looking the same writes nothing public at all since the board edits are skipped).
      const at: { view?: number; board?: number } = {};
      let t0 = 0;
      hh.emu.events.on('messageUpdate', (m: EmuMessage) => {
        if (m.ephemeralTo === hh.user('alice').id) at.view ??= Date.now() - t0;
        else at.board ??= Date.now() - t0;
      });
      hh.emu.events.on('messageCreate', (m: EmuMessage) => {
        if (!m.ephemeralTo) at.board ??= Date.now() - t0;
      });
      for (let moves = 0; moves < 8 && at.board === undefined; moves++) {
        const s = (await hh.bot.tables.deps.store.load(hh.channel.id)) as { session: { state: KpState } };
        const state = s.session.state;
        const seat = state.seats.find((x) => x.side === 'cartel')!;
        const wanted = kingpin.computerAction(state, seat.id)!;
        const plan = planGesture(kingpin, state, hh.user('alice').id, wanted)!;
        expect(plan.gesture.kind).toBe('select');
        const opened = await hh.emu.click(alice, board(hh).id, myViewOf(board(hh)));
        await hh.settle();
        // The board takes 1.5 s from now on, by the channel's route (a post, an edit, announcements)
        // or through the My view click (its @original is the board); the move's own token does not.
        hh.emu.injectFault({ path: /^\/channels\/\d+\/messages/, delayMs: 1500, times: 20 });
        const token = opened.token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        hh.emu.injectFault({ path: new RegExp(`^/webhooks/\\d+/${token}/`), delayMs: 1500, times: 20 });
        delete at.view;
        t0 = Date.now();
        await run(`@alice select ${plan.gesture.kind === 'select' ? plan.gesture.labels[0] : ''}`);
      }
      expect(at.board).toBeGreaterThanOrEqual(1500);
      expect(at.view).toBeLessThan(1500);
    },
  );
});
