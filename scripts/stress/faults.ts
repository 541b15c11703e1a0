/**
 * Store faults under a running game (SQLite): each kind injected beneath the bot's store
 * before a move. A refusal tells the truth when the player hears that nothing was changed (and
 * why), the public board and the stored game are as before, and the same move works once the
 * store is back. A single lost race must instead be retried and land exactly once.
 */
import { Harness } from '../../src/sandbox/harness.ts';
import { injectStoreFaults, type StoreFaultKind } from '../../src/sandbox/store-faults.ts';
import { tally, type TallyState } from '../../test/fixtures/tally.ts';
import { failures, tried, type Figure } from './figures.ts';
import {
  answerText,
  countingLogger,
  customIdOf,
  explain,
  openTables,
  publicView,
  withControl,
} from './world.ts';

interface Case {
  kind: StoreFaultKind;
  /** How many calls fail in a row. */
  count: number;
  /** What the player must be told; null when the move must simply land (a lost race retried). */
  told: RegExp | null;
  label: string;
}

const CASES: Case[] = [
  {
    kind: 'read-error',
    count: 1,
    told: /not answering right now, so nothing was changed/,
    label: 'read-error',
  },
  {
    kind: 'write-error',
    count: 1,
    told: /not answering right now, so nothing was changed/,
    label: 'write-error',
  },
  { kind: 'hang', count: 1, told: /not answering right now, so nothing was changed/, label: 'hang' },
  {
    kind: 'write-refused',
    count: 8,
    told: /changed at the same moment from elsewhere, so nothing was changed/,
    label: 'write-refused',
  },
  { kind: 'write-refused', count: 1, told: null, label: 'lost-race-retried' },
];

export async function storeFaults(opts: { perKind: number; storeUrl: string }): Promise<Figure[]> {
  const log = countingLogger();
  const h = await Harness.start({ games: [tally], storeUrl: opts.storeUrl, logger: log.logger });
  const figures: Figure[] = [];
  const problems: string[] = [];
  try {
    const [channelId = ''] = await openTables(h, 1, 50);
    const store = h.bot.tables.deps.store;
    store.timeoutMs = 200;
    const faults = injectStoreFaults(store);
    const players = [h.user('alice').id, h.user('bob').id];
    const load = async () => (await h.bot.tables.load(channelId))?.state as TallyState;
    /** The current player clicks Add 1 (whose turn it is read before any fault is injected). */
    const click = async (turn: number) => {
      const board = withControl(h, channelId, 'Add 1');
      if (!board) throw new Error('no board');
      const handle = await h.emu.click(players[turn % 2] ?? '', board.id, customIdOf(board, 'Add 1'));
      await h.settle();
      return answerText(handle);
    };
    for (const c of CASES) {
      let truthful = 0;
      for (let i = 0; i < opts.perKind; i++) {
        // A game that ends is replaced, so every fault meets a move in progress.
        if ((await load()).winner) {
          await h.bot.tables.deps.store.delete(channelId);
          await openTables(h, 1, 50);
        }
        const { moves, turn } = await load();
        const before = { view: publicView(h, channelId), moves };
        faults.inject(c.kind, c.count);
        const said = await click(turn);
        faults.clear();
        const after = { view: publicView(h, channelId), moves: (await load()).moves };
        let ok: boolean;
        if (c.told) {
          const retried = await click(turn);
          ok =
            c.told.test(said) &&
            after.view === before.view &&
            after.moves === before.moves &&
            retried === '' &&
            (await load()).moves === before.moves + 1;
        } else ok = said === '' && after.moves === before.moves + 1;
        if (ok) truthful += 1;
        else problems.push(`${c.label}: told "${said}", moves ${before.moves} → ${after.moves}`);
      }
      figures.push(
        tried('store faults', 'store_faults_injected', opts.perKind, c.label),
        tried('store faults', 'refusals_that_told_the_truth', truthful, c.label),
        failures('store faults', 'refusals_that_did_not', opts.perKind - truthful, c.label),
      );
    }
    explain('store faults', problems);
    return figures;
  } finally {
    await h.stop();
  }
}
