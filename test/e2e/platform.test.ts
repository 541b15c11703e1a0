/**
 * The platform end to end: the real discord.js client in the production bot, talking to the
 * loopback Discord emulator, driven by the sandbox's script runner and by direct emulator calls.
 */
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ButtonStyle, ComponentType, DiscordAPIError, type TextChannel } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../fixtures/temp-dirs.ts';
import { createLogger } from '../../src/bot/kernel/logger.ts';
import type { AnyEngine } from '../../src/games/contract.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { allComponents, renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness, type HarnessOptions } from '../../src/sandbox/harness.ts';
import { expectDeadline, secondsShown, timed } from './timing.ts';
import { scripted } from './scripted.ts';
import { tally } from '../fixtures/tally.ts';
import { historyLength } from '../../src/storage/history.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

async function world(opts: HarnessOptions = {}) {
  h = await Harness.start({ games: [tally], ...opts });
  const run = scripted(h);
  return { h, run };
}

const text = (m: EmuMessage) => renderMessageText(m);
const lastVisible = (h: Harness, user: string) => h.emu.visibleMessages(h.user(user).id, h.channel.id).at(-1);
const board = (h: Harness) =>
  h.emu
    .messages(h.channel.id)
    .filter((m) => !m.ephemeralTo && titleOf(m)?.startsWith('Tally:'))
    .at(-1);
const customId = (m: EmuMessage | undefined, label: string): string => {
  const c = [...allComponents(m?.components ?? [])].find((x) => x.label === label);
  if (typeof c?.custom_id !== 'string') throw new Error(`no ${label}`);
  return c.custom_id;
};

const START = `
@alice /game start game:tally seed:7
@bob click Join
@alice click Start`;

describe('GIVEN a game in progress', () => {
  it('WHEN someone who is not playing clicks a move THEN only they are told, and nothing changes', async () => {
    const { h, run } = await world();
    await run(START);
    const before = board(h);
    const out = await run('@carol click Add 2');
    expect(out).toContain('[only carol sees]');
    expect(out).toContain('You are not playing in this game.');
    expect(board(h)).toEqual(before);
  });

  it('WHEN a player presses My view THEN their secret reaches them alone, ephemerally', async () => {
    const { h, run } = await world();
    await run(`${START}\n@alice click My view`);
    const secret = /Your secret: (\d+)/.exec(text(lastVisible(h, 'alice')!))?.[1];
    expect(secret).toMatch(/^\d{4}$/);
    for (const name of ['bob', 'carol'])
      expect(
        h.emu.visibleMessages(h.user(name).id, h.channel.id).some((m) => text(m).includes(secret!)),
      ).toBe(false);
    const publicMessages = h.emu.messages(h.channel.id).filter((m) => !m.ephemeralTo);
    expect(publicMessages.some((m) => text(m).includes(secret!))).toBe(false);
  });

  it('WHEN a stale private control is used after the game moved on THEN it is refused kindly and nothing changes', async () => {
    const { h, run } = await world();
    await run(`${START}\n@alice click My view`);
    const oldView = lastVisible(h, 'alice')!;
    await run('@alice click Add 2');
    const select = [...allComponents(oldView.components)].find((c) => c.type === ComponentType.StringSelect)!;
    await h.emu.select(h.user('alice').id, oldView.id, String(select.custom_id), ['0']);
    await h.settle();
    expect(text(lastVisible(h, 'alice')!)).toContain('no longer available: the game has moved on');
    expect(titleOf(board(h)!)).toBe('Tally: 2/10');
  });

  it('WHEN a control from an earlier game is used THEN the player is told it belongs to that game', async () => {
    const { h, run } = await world();
    await run(`${START}\n@alice click My view`);
    const oldView = lastVisible(h, 'alice')!;
    await run(`@alice /game end\n@alice click End the game\n${START}`);
    await h.emu.click(h.user('alice').id, oldView.id, customId(oldView, 'Leave a note'));
    await h.settle();
    expect(text(lastVisible(h, 'alice')!)).toContain('belongs to an earlier game');
  });

  it('WHEN a message carries a custom_id that is not ours THEN the click is refused without effect', async () => {
    const { h, run } = await world();
    await run(START);
    const channel = (await h.bot.client.channels.fetch(h.channel.id)) as TextChannel;
    const forged = await channel.send({
      content: 'forged',
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: ButtonStyle.Primary, label: 'Win', custom_id: 'a|zzzzzzzz|0|p|0|0' },
          ],
        },
      ],
    });
    await h.emu.click(h.user('bob').id, forged.id, 'a|zzzzzzzz|0|p|0|0');
    await h.settle();
    expect(text(lastVisible(h, 'bob')!)).toContain('belongs to an earlier game');
    await h.emu.click(h.user('bob').id, forged.id, 'a|zzzzzzzz|0|p|0|0');
    const tampered = await channel.send({
      content: 'forged',
      components: [
        {
          type: 1,
          components: [{ type: 2, style: ButtonStyle.Primary, label: 'Win', custom_id: 'a|../../etc|x' }],
        },
      ],
    });
    await h.emu.click(h.user('bob').id, tampered.id, 'a|../../etc|x');
    await h.settle();
    expect(text(lastVisible(h, 'bob')!)).toContain('not one of mine');
  });

  it('WHEN an interaction is redelivered THEN its move is applied once', async () => {
    const { h, run } = await world();
    await run(START);
    const handle = await h.emu.click(h.user('alice').id, board(h)!.id, customId(board(h), 'Add 1'));
    await h.settle();
    h.emu.redeliver(handle);
    await h.settle();
    const loaded = await h.bot.tables.deps.store.load(h.channel.id);
    expect(loaded.kind === 'ok' && historyLength(loaded.session.history)).toBe(1);
    expect(titleOf(board(h)!)).toBe('Tally: 1/10');
  });

  it('WHEN the turn timer runs out THEN a reminder comes first, then the turn is skipped and the next player pinged', async () => {
    const { run } = await world();
    await run(`@alice /game start game:tally seed:7 turnseconds:120\n@bob click Join\n@alice click Start`);
    // The reminder goes out halfway, as the fixture asks: one minute before the end (real
    // milliseconds pass while the test runs, so the rounded figure may read 59s or 1m 1s).
    expect(await run('wait 61s')).toMatch(/Turn ends in (59s|1m|1m 1s)\. @alice/);
    const out = await run('wait 60s');
    expect(out).toContain('Time is up: Turn.');
    expect(out).toContain('@bob — your move.');
  });

  it('WHEN the host pauses THEN the clock stops until resumed', async () => {
    const { run } = await world();
    const setup = await timed(() =>
      run(
        `@alice /game start game:tally seed:7 turnseconds:120\n@bob click Join\n@alice click Start\nwait 30s`,
      ),
    );
    expect(await run('@bob /game pause')).toContain('Only the host');
    const pausing = await timed(() => run('@alice /game pause'));
    expectDeadline(
      secondsShown(pausing.value, /paused with ([\dhms ]+) left/),
      90,
      setup.seconds + pausing.seconds,
    );
    expect(await run('wait 1h')).not.toContain('Time is up');
    expect(await run('@alice /game resume')).toContain('The clock is running again.');
    expect(await run('wait 91s')).toContain('Time is up');
  });
});

describe('GIVEN a handler that fails unexpectedly', () => {
  it('THEN the player gets an apology with a reference, and the error is logged once with that reference', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'error',
      format: 'json',
      secrets: [],
      destination: new Writable({ write: (c: Buffer, _e, cb) => (lines.push(c.toString()), cb()) }),
    });
    const broken: AnyEngine = {
      ...tally,
      apply: () => {
        throw new Error('kaboom');
      },
    };
    const { h, run } = await world({ games: [broken], logger });
    await run(START);
    const out = await run('@alice click Add 1');
    const ref = /Reference: `([0-9A-F]{6})`/.exec(out)?.[1];
    expect(ref).toBeDefined();
    const errors = lines.filter((l) => l.includes('kaboom'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(ref);
    expect(titleOf(board(h)!)).toBe('Tally: 0/10');
  });
});

describe('GIVEN Discord’s limits', () => {
  it('WHEN the bot sends more than Discord allows THEN the emulator refuses it with 50035 and the field path', async () => {
    const { h } = await world();
    const channel = (await h.bot.client.channels.fetch(h.channel.id)) as TextChannel;
    const err = await channel.send({ content: 'x'.repeat(2001) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).code).toBe(50035);
    expect(JSON.stringify((err as DiscordAPIError).rawError)).toContain('content');
  });

  it('WHEN a game produces oversized text THEN the board is clipped to fit and Discord accepts it', async () => {
    const wordy: AnyEngine = {
      ...tally,
      present: (v: Parameters<typeof tally.present>[0], c: Parameters<typeof tally.present>[1]) => ({
        ...tally.present(v, c),
        title: 'T'.repeat(400),
        description: 'd'.repeat(5000),
        fields: Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'v'.repeat(2000) })),
      }),
    };
    const { h, run } = await world({ games: [wordy] });
    const refused: unknown[] = [];
    h.emu.events.on('restError', (e) => refused.push(e));
    await run(START);
    expect(refused).toEqual([]);
    const m = h.emu
      .messages(h.channel.id)
      .filter((x) => titleOf(x)?.startsWith('TTT'))
      .at(-1);
    // Components V2: at most 4,000 characters of text in the whole message; the body gave way.
    const shown = [...allComponents(m!.components)].flatMap((c) =>
      c.type === 10 ? [String(c.content)] : [],
    );
    expect(shown.reduce((n, t) => n + [...t].length, 0)).toBeLessThanOrEqual(4000);
    expect(titleOf(m!)!.length).toBeLessThan(400);
    expect(shown.join('\n')).toMatch(/d{1000,}…/);
  });
});

describe('GIVEN a restart of the bot mid-lobby', () => {
  it('THEN the lobby, its buttons and its players survive', async () => {
    const dir = tempDir('tradecraft-');
    const { h, run } = await world({ storeUrl: `sqlite://${join(dir, 'store.sqlite')}` });
    await run('@alice /game start game:tally seed:7\n@bob click Join');
    await h.restartBot();
    const out = await run('@carol click Join\n@alice click Start');
    expect(out).toContain('Tally begins: @alice, @bob, @carol.');
  });
});
