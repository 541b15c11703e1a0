/**
 * Simultaneous clicks: every table's two players hammer its board at the same moment (both
 * buttons, both players, on 100 tables at once), each click then redelivered as Discord
 * sometimes does. Each click must be answered once (acknowledged once, never with an
 * apology), and the moves in each table's state must be exactly the clicks that were not
 * refused: none lost, none applied twice.
 */
import type { InteractionHandle } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { tally, type TallyState } from '../../test/fixtures/tally.ts';
import { failures, tried, type Figure } from './figures.ts';
import { answerText, APOLOGY, countingLogger, customIdOf, openTables, withControl } from './world.ts';
import { historyLength } from '../../src/storage/history.ts';

export async function clicks(opts: {
  channels: number;
  perChannel: number;
  storeUrl: string;
}): Promise<Figure[]> {
  const log = countingLogger();
  const h = await Harness.start({ games: [tally], storeUrl: opts.storeUrl, logger: log.logger });
  const refusedAgain: string[] = [];
  h.emu.events.on('restError', (e: { body: { code?: number } }) => {
    // A second answer to one interaction (40060) means it was answered twice.
    if (e.body.code === 40060) refusedAgain.push('40060');
  });
  try {
    const channels = await openTables(h, opts.channels);
    const users = [h.user('alice').id, h.user('bob').id];
    const pending: { channelId: string; click: Promise<InteractionHandle> }[] = [];
    for (const channelId of channels) {
      const board = withControl(h, channelId, 'Add 1');
      if (!board) throw new Error(`no board in ${channelId}`);
      for (let i = 0; i < opts.perChannel; i++) {
        const label = i % 4 < 2 ? 'Add 1' : 'Add 2';
        pending.push({
          channelId,
          click: h.emu.click(users[Math.floor(i / 3) % 2] ?? '', board.id, customIdOf(board, label)),
        });
      }
    }
    const settled = await Promise.allSettled(pending.map((p) => p.click));
    await h.settle();
    const handles = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const handle of handles) h.emu.redeliver(handle);
    await h.settle();

    let answeredOnce = 0;
    let appliedOnce = 0;
    for (const channelId of channels) {
      const mine = settled
        .map((s, i) => ({ s, channelId: pending[i]?.channelId }))
        .filter((x) => x.channelId === channelId)
        .map((x) => (x.s.status === 'fulfilled' ? x.s.value : null));
      const answered = mine.filter(
        (hd): hd is InteractionHandle =>
          hd !== null && hd.responseType !== undefined && !answerText(hd).includes(APOLOGY),
      );
      answeredOnce += answered.length;
      // A click answered without a refusal is one that moved the game.
      const moved = answered.filter((hd) => answerText(hd) === '').length;
      const session = await h.bot.tables.load(channelId);
      const state = session?.state as TallyState | undefined;
      const consistent = state?.moves === moved && (session ? historyLength(session.history) : -1) === moved;
      if (consistent) appliedOnce += answered.length;
    }
    const total = pending.length;
    answeredOnce = Math.max(0, answeredOnce - refusedAgain.length);
    return [
      tried('clicks', 'clicks_tried', total),
      tried('clicks', 'clicks_answered_once', answeredOnce),
      tried('clicks', 'clicks_applied_once', appliedOnce),
      failures('clicks', 'clicks_not_answered_once', total - answeredOnce),
      failures('clicks', 'clicks_not_applied_once', total - appliedOnce),
      failures('clicks', 'clicks_errors_logged', log.errors()),
    ];
  } finally {
    await h.stop();
  }
}
