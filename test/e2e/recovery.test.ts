/** Start-up after a crash or a long absence: boards caught up, timers re-armed, old records removed. */
import type { Session } from '../../src/storage/session.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { boardPayload } from '../../src/bot/discord/board.ts';
import { renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { WRAP_UP_STEPS } from '../../src/bot/table/wrap-up.ts';
import { sendOnce } from '../../src/bot/table/board-message.ts';
import { nonceFor } from '../../src/bot/table/nonce.ts';
import { owe, owes, outboxOf } from '../../src/storage/outbox.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
import { removeTempDirs, urlFor } from '../storage/stores.ts';
import { scripted } from './scripted.ts';
import { liveBoards } from './live-controls.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

const DAY = 24 * 60 * 60 * 1000;

async function world(start: string) {
  h = await Harness.start({ games: [tally], storeUrl: urlFor({ name: 'sqlite', url: 'sqlite' }) });
  const run = scripted(h);
  await run(start);
  return { h, run };
}

const START = `@alice /game start game:tally seed:7\n@bob click Join\n@alice click Start`;

describe('GIVEN a crash between saving a move and publishing it', () => {
  it('WHEN the bot starts again THEN the board is republished with the saved state', async () => {
    const { h } = await world(START);
    const { store } = h.bot.tables.deps;
    const r = await store.load(h.channel.id);
    if (r.kind !== 'ok') throw new Error('no session');
    // What the crashed process left: the move saved (its board owed), the board not updated.
    const state = { ...(r.session.state as TallyState), total: 2, turn: 1, moves: 1 };
    await store.save(owe({ ...r.session, state }, { repost: true }), r.session.version);
    await h.restartBot();
    await h.settle();
    const boards = h.emu.messages(h.channel.id).filter((m) => titleOf(m)?.startsWith('Tally:') === true);
    expect(titleOf(boards.at(-1)!)).toBe('Tally: 2/10');
    const after = await h.bot.tables.deps.store.load(h.channel.id);
    expect(after.kind === 'ok' && owes(after.session)).toBe(false);
  });
});

describe("GIVEN a crash between a game's last move and its debrief", () => {
  it('WHEN the bot starts again THEN the debrief is posted, the result counted and nothing is owed any more', async () => {
    const { h, run } = await world(START);
    // Both play (a result belongs to who played the seat), then the crash comes.
    await run('@alice click Add 2\n@bob click Add 2');
    const { store } = h.bot.tables.deps;
    const r = await store.load(h.channel.id);
    if (r.kind !== 'ok') throw new Error('no session');
    // What the crashed process left: the winning move saved (board shown), the wrap-up still owed.
    const alice = h.user('alice').id;
    const state = { ...(r.session.state as TallyState), total: 10, moves: 5, winner: alice };
    await store.save(
      { ...r.session, state, status: 'ended', endedReason: 'finished', wrapUp: { owed: [...WRAP_UP_STEPS] } },
      r.session.version,
    );
    const debriefs = () =>
      h.emu.messages(h.channel.id).filter((m) => renderMessageText(m).includes('**Debrief**: 5 moves.'));
    expect(debriefs()).toHaveLength(0);

    await h.restartBot();
    await h.settle();
    expect(debriefs()).toHaveLength(1);
    const stats = await h.bot.tables.deps.records.stats.table(h.guild.id, 'tally');
    expect(stats[alice]).toMatchObject({ played: 1, won: 1 });
    const after = await h.bot.tables.deps.store.load(h.channel.id);
    expect(after.kind === 'ok' && after.session.wrapUp).toBeUndefined();

    // Owed no more: a second restart posts no second debrief.
    await h.restartBot();
    await h.settle();
    expect(debriefs()).toHaveLength(1);
  });

  it('WHEN a game ends normally THEN its wrap-up is done and not owed', async () => {
    const { h, run } = await world(START);
    await run(
      '@alice click Add 2\n@bob click Add 2\n@alice click Add 2\n@bob click Add 2\n@alice click Add 2',
    );
    const after = await h.bot.tables.deps.store.load(h.channel.id);
    if (after.kind !== 'ok') throw new Error('no session');
    expect(after.session.status).toBe('ended');
    expect(after.session.wrapUp).toBeUndefined();
    expect(h.emu.messages(h.channel.id).some((m) => renderMessageText(m).includes('**Debrief**'))).toBe(true);
  });
});

/** Messages that still carry live game controls (buttons or menus of a board). */
describe('GIVEN a crash between posting a new board and saving its id', () => {
  it('WHEN the bot starts again THEN the board drawn from the stored record is adopted: one live board, the stored one', async () => {
    const { h } = await world(START);
    const { store } = h.bot.tables.deps;
    const r = await store.load(h.channel.id);
    if (r.kind !== 'ok') throw new Error('no session');
    const old = r.session.boardMessageId;
    // What the crashed process left: the move saved (its board owed), then the new board
    // posted, and the process killed before the board's id was saved.
    const state = { ...(r.session.state as TallyState), total: 2, turn: 1, moves: 1 };
    const saved = await store.save(owe({ ...r.session, state }, { repost: true }), r.session.version);
    const orphan = await (await h.bot.tables.channel(h.channel.id)).send(boardPayload(tally, saved));
    expect(liveBoards(h.emu.messages(h.channel.id)).map((m) => m.id)).toEqual([old, orphan.id]);

    await h.restartBot();
    await h.settle();
    const live = liveBoards(h.emu.messages(h.channel.id));
    const after = await h.bot.tables.deps.store.load(h.channel.id);
    if (after.kind !== 'ok') throw new Error('no session');
    expect(live.map((m) => m.id)).toEqual([orphan.id]);
    expect(after.session.boardMessageId).toBe(orphan.id);
    expect(titleOf(live[0]!)).toBe('Tally: 2/10');
    expect(owes(after.session)).toBe(false);
  });

  it('WHEN the record changed after that board was drawn THEN the board the store never recorded loses its controls, and one live board remains', async () => {
    const { h } = await world(START);
    const { store } = h.bot.tables.deps;
    const r = await store.load(h.channel.id);
    if (r.kind !== 'ok') throw new Error('no session');
    const state = { ...(r.session.state as TallyState), total: 2, turn: 1, moves: 1 };
    const saved = await store.save(owe({ ...r.session, state }, { repost: true }), r.session.version);
    const orphan = await (await h.bot.tables.channel(h.channel.id)).send(boardPayload(tally, saved));
    // A bookkeeping save after it (another process's reminder, say): the orphan is not the stored version.
    await store.save(saved, saved.version);

    await h.restartBot();
    await h.settle();
    const live = liveBoards(h.emu.messages(h.channel.id));
    const after = await h.bot.tables.deps.store.load(h.channel.id);
    if (after.kind !== 'ok') throw new Error('no session');
    expect(live.map((m) => m.id)).toEqual([after.session.boardMessageId]);
    expect(live[0]?.id).not.toBe(orphan.id);
    expect(titleOf(live[0]!)).toBe('Tally: 2/10');
    // The orphan keeps its text (what the table looked like), without controls.
    const disarmed = h.emu.messages(h.channel.id).find((m) => m.id === orphan.id);
    expect(titleOf(disarmed!)).toBe('Tally: 2/10');
    expect(owes(after.session)).toBe(false);
  });
});

describe('GIVEN a crash around the end of a game, after a post and before recording it', () => {
  const count = (h: Harness, text: string) =>
    h.emu.messages(h.channel.id).filter((m) => renderMessageText(m).includes(text)).length;

  /** The winning move saved (its lines and final board owed, its wrap-up owed), nothing shown yet. */
  async function wonButNotShown(h: Harness) {
    const { store } = h.bot.tables.deps;
    const r = await store.load(h.channel.id);
    if (r.kind !== 'ok') throw new Error('no session');
    const alice = h.user('alice').id;
    const state = { ...(r.session.state as TallyState), total: 10, moves: 5, winner: alice };
    const ended = owe<Session>(
      { ...r.session, state, status: 'ended', endedReason: 'finished', wrapUp: { owed: [...WRAP_UP_STEPS] } },
      { lines: ['alice reaches 10 and wins!'], repost: true },
    );
    return store.save(ended, r.session.version);
  }

  it.each([
    ['within minutes (Discord still knows the nonce)', 0],
    ['a day later (the bot finds it in the channel)', DAY],
  ])(
    'WHEN the winner line had been posted and the bot starts again %s THEN it is not posted again, and the final board and debrief follow once',
    async (_when, later) => {
      const { h } = await world(START);
      const saved = await wonButNotShown(h);
      // What the dead process did: the line went out (with its nonce), the record was never told.
      const channel = await h.bot.tables.channel(h.channel.id);
      await sendOnce(
        channel,
        { content: 'alice reaches 10 and wins!', allowedMentions: { parse: [] } },
        nonceFor(saved.id, 'a', 0),
      );
      await h.clock.advance(later);
      await h.restartBot();
      await h.settle();
      expect(count(h, 'alice reaches 10 and wins!')).toBe(1);
      expect(count(h, '**Debrief**')).toBe(1);
      const boards = h.emu.messages(h.channel.id).filter((m) => titleOf(m)?.startsWith('Tally:') === true);
      expect(titleOf(boards.at(-1)!)).toBe('Tally: 10/10');
      expect(liveBoards(h.emu.messages(h.channel.id))).toEqual([]);
      const after = await h.bot.tables.load(h.channel.id);
      expect(owes(after!)).toBe(false);
      expect(after?.wrapUp).toBeUndefined();
    },
  );

  it.each([
    ['within minutes', 0],
    ['a day later', DAY],
  ])(
    'WHEN the debrief had been posted and the stats counted, and the bot starts again %s THEN neither is done again',
    async (_when, later) => {
      const { h, run } = await world(START);
      const alice = h.user('alice').id;
      // The game ends; then, as if the process had died after posting the debrief and counting
      // the stats but before recording either, the wrap-up is owed again.
      await run(
        '@alice click Add 2\n@bob click Add 2\n@alice click Add 2\n@bob click Add 2\n@alice click Add 2',
      );
      expect(count(h, '**Debrief**')).toBe(1);
      const { store } = h.bot.tables.deps;
      const r = await store.load(h.channel.id);
      if (r.kind !== 'ok') throw new Error('no session');
      const { last: _l, ...outbox } = outboxOf(r.session);
      await store.save({ ...r.session, outbox, wrapUp: { owed: [...WRAP_UP_STEPS] } }, r.session.version);
      await h.clock.advance(later);
      await h.restartBot();
      await h.settle();
      expect(count(h, '**Debrief**')).toBe(1);
      const stats = await h.bot.tables.deps.records.stats.table(h.guild.id, 'tally');
      expect(stats[alice]).toMatchObject({ played: 1, won: 1 });
      expect((await h.bot.tables.load(h.channel.id))?.wrapUp).toBeUndefined();
    },
  );
});

describe('GIVEN a timer index that lost a running game (crash between two writes)', () => {
  it('WHEN the bot starts again THEN the turn timer still fires', async () => {
    const { h } = await world(START.replace('seed:7', 'seed:7 turnseconds:60'));
    await h.bot.tables.deps.store.timerIndex.set([]);
    await h.restartBot();
    await h.clock.advance(61_000);
    await h.settle();
    expect(h.emu.messages(h.channel.id).some((m) => renderMessageText(m).includes('Turn skipped'))).toBe(
      true,
    );
    expect(await h.bot.tables.deps.store.timerIndex.channels()).toEqual([h.channel.id]);
  });
});

describe('GIVEN records left for a long time', () => {
  it('WHEN a finished game is older than 30 days at start-up THEN it is removed; a younger one is kept', async () => {
    const { h, run } = await world(START);
    await run('@alice /game end\n@alice click End the game');
    await h.clock.advance(29 * DAY);
    await h.restartBot();
    expect((await h.bot.tables.deps.store.load(h.channel.id)).kind).toBe('ok');
    await h.clock.advance(2 * DAY);
    await h.restartBot();
    expect(await h.bot.tables.deps.store.load(h.channel.id)).toEqual({ kind: 'none' });
  });

  it('WHEN a lobby was left unstarted for more than 7 days THEN start-up closes it and says so', async () => {
    const { h } = await world('@alice /game start game:tally');
    await h.clock.advance(8 * DAY);
    await h.restartBot();
    await h.settle();
    const r = await h.bot.tables.deps.store.load(h.channel.id);
    expect(r.kind === 'ok' && r.session.status).toBe('ended');
    expect(
      h.emu.messages(h.channel.id).some((m) => m.content.includes('nobody started it within 7 days')),
    ).toBe(true);
  });
});
