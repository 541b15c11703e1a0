import { DiscordAPIError } from 'discord.js';
import type { ApplicationCommandDataResolvable } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { destroyClients, login, startWorld } from './harness.ts';
import type { World } from './harness.ts';

let world: World | undefined;
afterEach(async () => {
  await destroyClients();
  await world?.emu.stop();
  world = undefined;
});

type Raw = Record<string, unknown>;
const opt = (name: string, extra: Raw = {}): Raw => ({ type: 3, name, description: `The ${name}`, ...extra });
const cmd = (name: string, extra: Raw = {}): Raw => ({ name, description: `The ${name} command`, ...extra });

describe('registering commands', () => {
  it('WHEN the bot sets global and guild commands THEN both are stored and guild ones are found by slash', async () => {
    world = await startWorld();
    const { emu, guild } = world;
    const client = await login(emu);
    const global = await client.application.commands.set([{ name: 'play', description: 'Start a game' }]);
    const local = await client.application.commands.set(
      [{ name: 'admin', description: 'Table admin' }],
      guild.id,
    );
    expect(global.first()?.id).toBeDefined();
    expect(emu.commands().map((c) => c.name)).toEqual(['play']);
    expect(emu.commands(guild.id).map((c) => c.name)).toEqual(['admin']);
    expect(local.first()?.guildId).toBe(guild.id);
    client.on('interactionCreate', (i) => {
      if (i.isChatInputCommand()) void i.reply(`${i.commandName} ${i.commandGuildId ?? 'global'}`);
    });
    expect((await emu.slash(world.owner.id, world.channel.id, 'admin')).message?.content).toBe(
      `admin ${guild.id}`,
    );
    expect((await emu.slash(world.owner.id, world.channel.id, 'play')).message?.content).toBe('play global');

    // Re-setting keeps the id of a command with the same name, as Discord does.
    const again = await client.application.commands.set([{ name: 'play', description: 'Start a new game' }]);
    expect(again.first()?.id).toBe(global.first()?.id);
    const fetched = await client.application.commands.fetch();
    expect(fetched.map((c) => c.description)).toEqual(['Start a new game']);
  });

  const invalid: [string, Raw[], string][] = [
    ['an uppercase name', [cmd('Play')], '0.name'],
    ['a name with a space', [cmd('ok'), cmd('two words')], '1.name'],
    ['a 33-character name', [cmd('x'.repeat(33))], '0.name'],
    ['an empty description', [cmd('play', { description: '' })], '0.description'],
    ['a 101-character description', [cmd('play', { description: 'd'.repeat(101) })], '0.description'],
    ['an invalid option name', [cmd('play', { options: [opt('ok'), opt('Bad Name')] })], '0.options.1.name'],
    [
      'a required option after an optional one',
      [cmd('play', { options: [opt('a'), opt('b', { required: true })] })],
      '0.options.1.required',
    ],
    [
      '26 options',
      [cmd('play', { options: Array.from({ length: 26 }, (_, i) => opt(`o${i}`)) })],
      '0.options',
    ],
    [
      '26 choices',
      [
        cmd('play', {
          options: [
            opt('pick', {
              choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` })),
            }),
          ],
        }),
      ],
      '0.options.0.choices',
    ],
    [
      '26 subcommands',
      [
        cmd('play', {
          options: Array.from({ length: 26 }, (_, i) => ({ type: 1, name: `s${i}`, description: 'sub' })),
        }),
      ],
      '0.options',
    ],
    ['duplicate names', [cmd('play'), cmd('play')], '1.name'],
    [
      'more than 8000 characters in all',
      [
        cmd('play', {
          options: Array.from({ length: 25 }, (_, i) =>
            opt(`o${i}`, {
              choices: Array.from({ length: 25 }, (_, c) => ({
                name: `${'n'.repeat(90)}${c}`,
                value: `v${c}`,
              })),
            }),
          ),
        }),
      ],
      '0',
    ],
  ];

  it.each(invalid)('GIVEN %s THEN Discord answers 50035 at %s', async (_name, body, path) => {
    world = await startWorld();
    const client = await login(world.emu);
    const error = await client.application.commands
      .set(body as unknown as ApplicationCommandDataResolvable[])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(50035);
    let node: unknown = (error as DiscordAPIError).rawError;
    for (const key of ['errors', ...path.split('.')]) node = (node as Record<string, unknown>)[key];
    expect(node).toHaveProperty('_errors');
    expect(world.emu.commands()).toEqual([]);
  });

  it('GIVEN 101 commands THEN Discord refuses the whole set', async () => {
    world = await startWorld();
    const client = await login(world.emu);
    const body = Array.from({ length: 101 }, (_, i) => cmd(`c${i}`));
    await expect(
      client.application.commands.set(body as unknown as ApplicationCommandDataResolvable[]),
    ).rejects.toMatchObject({ code: 50035 });
    const hundred = await client.application.commands.set(
      body.slice(0, 100) as unknown as ApplicationCommandDataResolvable[],
    );
    expect(hundred.size).toBe(100);
  });
});
