/** The shared commands and admin paths, end to end through the emulator. */
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, tempSqliteUrl } from '../fixtures/temp-dirs.ts';
import { allComponents, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { ScriptRunner } from '../../src/sandbox/script.ts';
import { scripted } from './scripted.ts';
import { deploy, commandBodies, commandProblems } from '../../deploy-commands.ts';
import { GAMES } from '../../src/games/index.ts';
import { tally } from '../fixtures/tally.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { SessionStore } from '../../src/storage/sessions.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

async function world() {
  h = await Harness.start({ games: [tally] });
  const run = scripted(h);
  return { h, run };
}

describe('/game start options', () => {
  it('GIVEN thread:true THEN the lobby opens in a new thread and the channel stays free for another game', async () => {
    const { h, run } = await world();
    const out = await run('@alice /game start game:tally thread:true');
    expect(out).toMatch(/Lobby for Tally opened in #thread-/);
    const thread = h.bot.client.channels.cache.find((c) => c.isThread());
    expect(thread).toBeDefined();
    expect(h.emu.messages(thread!.id).some((m) => titleOf(m) === 'Tally — lobby')).toBe(true);
    expect(await run('@bob /game start game:tally')).toContain('Lobby for Tally opened below');
  });

  it('GIVEN the same seed at two tables THEN both deals are the same', async () => {
    const { h, run } = await world();
    const secretOf = async (script: string) => {
      await run(script);
      return /Your secret: (\d+)/.exec(await run('@alice click My view'))?.[1];
    };
    const first = await secretOf(
      '@alice /game start game:tally seed:same\n@bob click Join\n@alice click Start',
    );
    await run('@alice /game end\n@alice click End the game');
    const second = await secretOf(
      '@alice /game start game:tally seed:same\n@bob click Join\n@alice click Start',
    );
    expect(first).toBeDefined();
    expect(second).toBe(first);
    void h;
  });

  it('GIVEN a bad option THEN the host is told what is wrong and no lobby opens', async () => {
    const { h, run } = await world();
    expect(await run('@alice /game start game:tally seed:no/slashes')).toContain(
      'A seed is up to 64 letters',
    );
    expect(h.emu.messages(h.channel.id).filter((m) => !m.ephemeralTo)).toHaveLength(0);
  });

  it('GIVEN a lobby already open THEN a second one in the same channel is refused with the way out', async () => {
    const { run } = await world();
    await run('@alice /game start game:tally');
    expect(await run('@bob /game start game:tally')).toContain('already gathering players here');
  });

  it('GIVEN a member with Manage Server who is not the host THEN they may start and end the game', async () => {
    const { run } = await world();
    await run('@alice /game start game:tally\n@bob click Join');
    expect(await run('@admin click Start')).toContain('Tally begins');
    expect(await run('@admin /game end')).toContain('End the game here (Tally) for everyone?');
  });
});

describe('/game help', () => {
  it('THEN it lists the games and commands, and a game’s own rules on request, privately', async () => {
    const { run } = await world();
    const all = await run('@carol /game help');
    expect(all).toContain('[only carol sees]');
    expect(all).toContain('Tally');
    expect(all).toContain('/game start game:<name>');
    expect(await run('@carol /game help game:tally')).toContain('Take turns adding 1 or 2');
  });
});

describe('a corrupt saved game', () => {
  it('THEN the channel is told, the record is set aside, and a new game can start', async () => {
    const { h, run } = await world();
    await run('@alice /game start game:tally');
    // Damage the stored record in place through the bot's own store.
    const store = h.bot.tables.deps.store as unknown as {
      keyv: { set(k: string, v: unknown): Promise<unknown> };
    };
    await store.keyv.set(`session:${h.channel.id}`, { schema: 1, id: 'x' });
    const out = await run('@bob /game status');
    expect(out).toContain('could not be read');
    expect(out).toContain('set aside as `quarantine:');
    expect(await run('@bob /game start game:tally')).toContain('Lobby for Tally opened');
  });
});

describe('graceful shutdown', () => {
  it('GIVEN a move in flight WHEN the bot is stopped THEN the move completes and is saved first', async () => {
    const url = tempSqliteUrl();
    h = await Harness.start({ games: [tally], storeUrl: url });
    const runner = new ScriptRunner(h, () => undefined);
    for (const line of ['@alice /game start game:tally', '@bob click Join', '@alice click Start'])
      await runner.line(line);
    const board = h.emu
      .messages(h.channel.id)
      .filter((m) => titleOf(m)?.startsWith('Tally:'))
      .at(-1)!;
    const add = [...allComponents(board.components)].find((c) => c.label === 'Add 2') as {
      custom_id: string;
    };
    // The click is acknowledged at once; the move itself is still being applied and saved.
    await h.emu.click(h.user('alice').id, board.id, add.custom_id);
    expect(h.bot.router.busy).toBe(true);
    await h.bot.stop();
    const store = new SessionStore(await openKeyv(url), () => 0);
    const loaded = await store.load(h.channel.id);
    expect(loaded.kind === 'ok' && loaded.session.history.recent.map((m) => m.action)).toEqual([
      { type: 'add', n: 2 },
    ]);
    await store.close();
    await h.emu.stop();
    h = undefined;
  });
});

describe('deploy-commands', () => {
  it('GIVEN the registry THEN --dry-run prints commands that pass Discord’s rules, with /tradecraft admin-only', async () => {
    const json = JSON.parse(await deploy({ dryRun: true, clear: false })) as {
      name: string;
      default_member_permissions?: string;
      contexts?: number[];
      integration_types?: number[];
    }[];
    // Servers only, server installs only; the deprecated dm_permission is gone.
    for (const command of json) {
      expect(command.contexts).toEqual([0]);
      expect(command.integration_types).toEqual([0]);
      expect(command).not.toHaveProperty('dm_permission');
    }
    expect(json.map((c) => c.name)).toEqual([
      'game',
      ...GAMES.filter((g) => g.slashActions.length).map((g) => g.id),
      'tradecraft',
    ]);
    expect(json.find((c) => c.name === 'tradecraft')?.default_member_permissions).toBe('32');
    expect(commandBodies(GAMES).problems).toEqual([]);
  });

  it('GIVEN a game whose command breaks the rules THEN the problems are listed by path before anything is sent', () => {
    const body = { name: 'Tally Game!', description: 'd'.repeat(101), options: [] };
    expect(commandProblems([body])).toEqual([
      '0.name: Command name is invalid',
      '0.description: Must be between 1 and 100 in length.',
    ]);
  });

  it('GIVEN --guild and then --clear THEN the emulator holds exactly the served commands, then none', async () => {
    const { h } = await world();
    const env = {
      DISCORD_TOKEN: h.emu.token,
      DISCORD_CLIENT_ID: h.emu.applicationId,
      DISCORD_API_URL: h.emu.apiUrl,
    };
    expect(await deploy({ guild: h.guild.id, dryRun: false, clear: false }, env)).toMatch(
      /^Registered \d+ commands in server/,
    );
    expect(h.emu.commands(h.guild.id).map((c) => c.name)).toContain('item-collection');
    await deploy({ dryRun: false, clear: false }, env);
    expect(h.emu.commands().map((c) => c.name)).toContain('game');
    expect(await deploy({ guild: h.guild.id, dryRun: false, clear: true }, env)).toMatch(
      /^Removed all commands/,
    );
    expect(h.emu.commands(h.guild.id)).toEqual([]);
  });
});
