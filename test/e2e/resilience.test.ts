/**
 * The bot on a Discord that misbehaves as real networks and servers do: rate limits, a 500, a
 * slow answer, a dropped gateway, a stray promise rejection. No action may be lost.
 */
import { Writable } from 'node:stream';
import { Events } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/bot/kernel/logger.ts';
import { installProcessGuards } from '../../src/bot/app/process-guards.ts';
import { allComponents, renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness, type HarnessOptions } from '../../src/sandbox/harness.ts';
import { tally } from '../fixtures/tally.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function world(opts: HarnessOptions = {}) {
  h = await Harness.start({ games: [tally], ...opts });
  return { h, run: scripted(h) };
}

const START = `
@alice /game start game:tally seed:7
@bob click Join
@alice click Start`;

const total = async (h: Harness): Promise<number> => {
  const session = await h.bot.tables.load(h.channel.id);
  return (session?.state as { total: number } | null)?.total ?? -1;
};

describe('GIVEN Discord misbehaving during a game', () => {
  it('WHEN rate limits apply to every route and globally THEN discord.js waits them out and every move lands', async () => {
    const { h, run } = await world();
    let limited = 0;
    h.emu.events.on('rateLimited', () => (limited += 1));
    // Tight enough that a move's calls after its callback (new board, old board retired) meet them.
    h.emu.setRateLimits({ perRoute: { limit: 1, windowMs: 100 }, global: { limit: 1, windowMs: 100 } });
    await run(`${START}\n@alice click Add 1\n@bob click Add 2\n@alice click Add 1`);
    expect(await total(h)).toBe(4);
    expect(limited).toBeGreaterThan(0);
  });

  it('WHEN posting the board fails once with 500, and an edit answers slowly THEN the moves land once each', async () => {
    const { h, run } = await world();
    await run(START);
    let faults = 0;
    h.emu.events.on('fault', () => (faults += 1));
    h.emu.injectFault({ method: 'POST', path: /^\/channels\/\d+\/messages$/, status: 500 });
    await run('@alice click Add 1');
    h.emu.injectFault({ method: 'PATCH', path: /^\/channels\/\d+\/messages\/\d+$/, delayMs: 400 });
    await run('@bob click Add 2');
    expect(faults).toBe(1);
    expect(await total(h)).toBe(3);
    const boards = h.emu
      .messages(h.channel.id)
      .filter(
        (m) => titleOf(m) === 'Tally: 3/10' && [...allComponents(m.components)].some((c) => c.type === 1),
      );
    expect(boards).toHaveLength(1);
  });

  it('WHEN the gateway connection drops before a click THEN discord.js resumes, receives the click and the move lands', async () => {
    const { h, run } = await world();
    await run(START);
    let resumed = 0;
    h.bot.client.on(Events.ShardResume, () => (resumed += 1));
    h.emu.dropConnection();
    await run('@alice click Add 2');
    expect(await total(h)).toBe(2);
    expect(resumed).toBe(1);
  });
});

describe('GIVEN a handler that fails outside the interaction funnel', () => {
  it('WHEN it rejects a promise and throws asynchronously THEN both are logged and the next interaction is served', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'error',
      format: 'json',
      secrets: ['sandbox.local-token-not-secret'],
      destination: new Writable({ write: (c: Buffer, _e, cb) => (lines.push(c.toString()), cb()) }),
    });
    const { h, run } = await world({ logger });
    // The test runner's own listeners would count these as failures; the guard stands in for them.
    const saved = {
      rejection: process.listeners('unhandledRejection'),
      exception: process.listeners('uncaughtException'),
    };
    process.removeAllListeners('unhandledRejection');
    process.removeAllListeners('uncaughtException');
    const remove = installProcessGuards(logger);
    try {
      let fired = false;
      h.bot.client.on(Events.InteractionCreate, () => {
        if (fired) return;
        fired = true;
        void Promise.reject(new Error('stray rejection with sandbox.local-token-not-secret'));
        setTimeout(() => {
          throw new Error('thrown later');
        }, 0);
      });
      await run('@alice /game help');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const out = await run('@alice /game start game:tally');
      expect(out).toContain('Lobby for Tally opened below');
    } finally {
      remove();
      for (const l of saved.rejection) process.on('unhandledRejection', l);
      for (const l of saved.exception) process.on('uncaughtException', l);
    }
    expect(lines.filter((l) => l.includes('unhandled promise rejection'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('uncaught exception'))).toHaveLength(1);
    expect(lines.join('')).not.toContain('sandbox.local-token-not-secret');
  });
});

describe('GIVEN server nicknames', () => {
  it('WHEN players join THEN the table knows them by nickname, and a nickname "@everyone" pings nobody', async () => {
    const { h, run } = await world();
    h.emu.setNick(h.guild.id, h.user('alice').id, 'Control');
    h.emu.setNick(h.guild.id, h.user('bob').id, '@everyone');
    await run(
      `${START}\n@alice click Add 2\n@bob click Add 2\n@alice click Add 2\n@bob click Add 2\n@alice click Add 1\n@bob click Add 1`,
    );
    const session = await h.bot.tables.load(h.channel.id);
    expect(session?.seats.map((s) => s.name)).toEqual(['Control', '@everyone']);
    // The winner's nickname is posted as text: "@everyone reaches 10 and wins!".
    expect(
      h.emu.messages(h.channel.id).some((m) => renderMessageText(m).includes('@everyone reaches 10')),
    ).toBe(true);
    const bot = h.emu.messages(h.channel.id).filter((m) => m.authorId === h.emu.botUserId);
    expect(bot.some((m) => m.pinged?.everyone)).toBe(false);
    // Every board of the game in play pinged exactly the player to act, nobody else.
    const boards = bot.filter((m) => !m.ephemeralTo && titleOf(m)?.startsWith('Tally:') === true);
    expect(boards.length).toBeGreaterThan(3);
    for (const b of boards.slice(0, -1)) expect(b.pinged?.users).toHaveLength(1);
  });
});

describe('GIVEN a command that fails after deferring its reply', () => {
  it('THEN the deferred reply is edited with the explanation, not followed up', async () => {
    const { h } = await world();
    const followUps: string[] = [];
    h.emu.events.on('messageCreate', (m: { interactionId?: string; flags: number }) => {
      if (m.interactionId && !(m.flags & 128)) followUps.push(renderMessageText(m as never));
    });
    const handle = await h.emu.slash(h.user('alice').id, h.channel.id, 'game', { subcommand: 'status' });
    await h.settle();
    expect(renderMessageText(handle.message!)).toContain('There is no game in this channel');
    expect(handle.followUps).toEqual([]);
    expect(followUps).toEqual([]);
  });
});
