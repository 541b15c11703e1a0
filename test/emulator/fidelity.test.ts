/**
 * The emulator refuses what Discord refuses, with Discord's codes, through the real discord.js
 * client: channel permission overwrites, app_permissions, mentions, DMs, thread archive and
 * lock, rate limits, injected faults, contexts, raw Markdown.
 */
import { DiscordAPIError, PermissionFlagsBits as P, RESTJSONErrorCodes } from 'discord.js';
import type { Interaction, TextChannel } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { destroyClients, login, nextEvent, startWorld } from './harness.ts';
import type { World } from './harness.ts';

let world: World | undefined;
afterEach(async () => {
  await destroyClients();
  await world?.emu.stop();
  world = undefined;
});

const codeOf = async (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof DiscordAPIError ? e.code : e),
  );

async function textChannel(w: World): Promise<TextChannel> {
  const client = await login(w.emu);
  return (await client.channels.fetch(w.channel.id)) as TextChannel;
}

describe('permission overwrites', () => {
  it('GIVEN @everyone, role and member overwrites THEN they apply in Discord’s order and administrators bypass them', async () => {
    world = await startWorld();
    const { emu, guild, channel, alice, bob } = world;
    const scouts = emu.createRole(guild.id, { name: 'Scouts', permissions: 0n });
    const admins = emu.createRole(guild.id, { name: 'Admins', permissions: P.Administrator });
    emu.addMember(guild.id, alice.id, { roleIds: [scouts.id] });
    emu.addMember(guild.id, bob.id, { roleIds: [admins.id] });
    emu.setOverwrite(channel.id, { id: guild.id, type: 'role', deny: P.SendMessages });
    expect(emu.channel(channel.id).overwrites).toHaveLength(1);
    const userPerms = new Map<string, bigint>();
    const client = await login(emu);
    await client.application.commands.set([{ name: 'whoami', description: 'Permissions here' }], guild.id);
    client.on('interactionCreate', (i: Interaction) => {
      if (i.isChatInputCommand()) {
        userPerms.set(i.user.id, i.memberPermissions?.bitfield ?? 0n);
        void i.reply({ content: 'ok', flags: 64 });
      }
    });
    // What Discord puts in the interaction's member.permissions: overwrites applied.
    const ask = async (userId: string): Promise<bigint> => {
      await emu.slash(userId, channel.id, 'whoami');
      return userPerms.get(userId) ?? -1n;
    };
    expect((await ask(alice.id)) & P.SendMessages).toBe(0n);
    emu.setOverwrite(channel.id, { id: scouts.id, type: 'role', allow: P.SendMessages });
    expect((await ask(alice.id)) & P.SendMessages).toBe(P.SendMessages);
    emu.setOverwrite(channel.id, { id: alice.id, type: 'member', deny: P.SendMessages | P.EmbedLinks });
    expect((await ask(alice.id)) & (P.SendMessages | P.EmbedLinks)).toBe(0n);
    emu.setOverwrite(channel.id, { id: bob.id, type: 'member', deny: P.ViewChannel });
    expect(await ask(bob.id)).toBe(Object.values(P).reduce((all, bit) => all | bit, 0n));
  });

  it('GIVEN the bot denied a permission in a channel THEN app_permissions says so and REST answers 50013, or 50001 without View Channel', async () => {
    world = await startWorld();
    const { emu, channel, alice } = world;
    const client = await login(emu);
    await client.application.commands.set([{ name: 'ping', description: 'Ping' }], world.guild.id);
    const seen = nextEvent<Interaction>((cb) => client.once('interactionCreate', cb));
    emu.setOverwrite(channel.id, { id: emu.botUserId, type: 'member', deny: P.EmbedLinks });
    void emu.slash(alice.id, channel.id, 'ping').catch(() => undefined);
    const interaction = await seen;
    expect(interaction.appPermissions.has(P.SendMessages)).toBe(true);
    expect(interaction.appPermissions.has(P.EmbedLinks)).toBe(false);
    const target = (await client.channels.fetch(channel.id)) as TextChannel;
    expect(await codeOf(target.send('plain text'))).toBe('ok');
    expect(await codeOf(target.send({ embeds: [{ title: 'x' }] }))).toBe(
      RESTJSONErrorCodes.MissingPermissions,
    );
    expect(await codeOf(target.send({ files: [{ attachment: Buffer.from('x'), name: 'x.txt' }] }))).toBe(
      'ok',
    );
    emu.setOverwrite(channel.id, { id: emu.botUserId, type: 'member', deny: P.SendMessages });
    // Without Send Messages, embeds and files go too (Discord's implicit permissions).
    expect(await codeOf(target.send('plain'))).toBe(RESTJSONErrorCodes.MissingPermissions);
    emu.setOverwrite(channel.id, { id: emu.botUserId, type: 'member', deny: P.ViewChannel });
    expect(await codeOf(target.send('plain'))).toBe(RESTJSONErrorCodes.MissingAccess);
    // The bot role holds exactly the README's permissions: no Read Message History.
    emu.setOverwrite(channel.id, { id: emu.botUserId, type: 'member' });
    emu.setRolePermissions(world.guild.id, 0n);
    expect(await codeOf(target.messages.fetch({ limit: 5 }))).toBe(RESTJSONErrorCodes.MissingPermissions);
  });
});

describe('application commands', () => {
  it('GIVEN contexts and integration_types THEN their values are checked, and a DM-less command is not offered in a DM', async () => {
    world = await startWorld();
    const client = await login(world.emu);
    const bad = await codeOf(
      client.application.commands.set([
        { name: 'x', description: 'x', contexts: [5], integration_types: [0, 0] },
      ] as never),
    );
    expect(bad).toBe(50035);
    await client.application.commands.set([
      { name: 'x', description: 'x', contexts: [0], integration_types: [0] },
    ] as never);
    expect(world.emu.commands()[0]).toMatchObject({ contexts: [0], integration_types: [0] });
  });
});

describe('mentions', () => {
  it('GIVEN allowed_mentions THEN only the allowed pings are recorded, and @everyone in a name pings nobody', async () => {
    world = await startWorld();
    const { emu, alice, bob } = world;
    const target = await textChannel(world);
    const sent = (m: Promise<{ id: string }>) => m.then((x) => emu.message(x.id) as EmuMessage);
    const all = await sent(target.send(`<@${alice.id}> <@${bob.id}> @everyone`));
    expect(all.mentions).toEqual({ users: [alice.id, bob.id], roles: [], everyone: true });
    const some = await sent(
      target.send({
        content: `Your move <@${alice.id}>, says @everyone <@${bob.id}>`,
        allowedMentions: { users: [alice.id] },
      }),
    );
    expect(some.mentions).toEqual({ users: [alice.id], roles: [], everyone: false });
    const none = await sent(
      target.send({ content: `@everyone <@${alice.id}>`, allowedMentions: { parse: [] } }),
    );
    expect(none.mentions).toEqual({ users: [], roles: [], everyone: false });
    expect(
      await codeOf(target.send({ content: 'x', allowedMentions: { parse: ['users'], users: [alice.id] } })),
    ).toBe(50035);
  });
});

describe('DM channels', () => {
  it('GIVEN a user whose DMs are closed THEN the DM channel opens but sending answers 50007', async () => {
    world = await startWorld();
    const { emu, alice, bob } = world;
    const client = await login(emu);
    emu.setDmsClosed(bob.id, true);
    const toAlice = await client.users.createDM(alice.id);
    expect(await codeOf(toAlice.send('Your hand: 3 cards'))).toBe('ok');
    const toBob = await client.users.createDM(bob.id);
    expect(await codeOf(toBob.send('Your hand'))).toBe(RESTJSONErrorCodes.CannotSendMessagesToThisUser);
  });
});

describe('threads', () => {
  it('GIVEN inactivity beyond auto_archive_duration THEN the thread archives; a message unarchives it, unless it is locked', async () => {
    world = await startWorld();
    const { emu, clock } = world;
    const target = await textChannel(world);
    const thread = await target.threads.create({ name: 'Op', autoArchiveDuration: 60 });
    const message = await thread.send('Briefing');
    await clock.advance(61 * 60_000);
    expect(emu.channel(thread.id).archived).toBe(true);
    expect(await codeOf(message.edit('Edited'))).toBe(RESTJSONErrorCodes.InvalidActionOnArchivedThread);
    expect(await codeOf(thread.send('Back'))).toBe('ok');
    expect(emu.channel(thread.id).archived).toBe(false);
    emu.setThreadState(thread.id, { archived: true, locked: true });
    expect(await codeOf(thread.send('Again'))).toBe(RESTJSONErrorCodes.InvalidActionOnArchivedThread);
    emu.setOverwrite(world.channel.id, { id: emu.botUserId, type: 'member', allow: P.ManageThreads });
    expect(await codeOf(thread.send('As a moderator'))).toBe('ok');
  });
});

describe('rate limits and faults', () => {
  it('GIVEN a per-route limit THEN discord.js gets 429s with retry_after, waits, and every message arrives in order', async () => {
    world = await startWorld();
    const { emu, channel } = world;
    const target = await textChannel(world);
    const limited: { retry_after: number; global: boolean }[] = [];
    emu.events.on('rateLimited', (e: { retry_after: number; global: boolean }) => limited.push(e));
    // Headers announce the bucket, so discord.js mostly waits before being refused; the global
    // limit below is unannounced and must produce real 429s that it honours.
    emu.setRateLimits({ perRoute: { limit: 5, windowMs: 100 }, global: { limit: 2, windowMs: 100 } });
    await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => target.send(`message ${n}`)));
    expect(emu.messages(channel.id).map((m) => m.content)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `message ${n}`),
    );
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.some((l) => l.global)).toBe(true);
    expect(limited.every((l) => l.retry_after > 0 && l.retry_after <= 0.1)).toBe(true);
  });

  it('GIVEN a route that fails once with 500, or answers slowly THEN discord.js retries or waits and the message arrives once', async () => {
    world = await startWorld();
    const { emu, channel } = world;
    const target = await textChannel(world);
    const faults: unknown[] = [];
    emu.events.on('fault', (e) => faults.push(e));
    emu.injectFault({ method: 'POST', path: /\/messages$/, status: 500 });
    await target.send('after a 500');
    emu.injectFault({ method: 'POST', path: /\/messages$/, delayMs: 300 });
    const started = performance.now();
    await target.send('slowly');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(faults).toHaveLength(1);
    expect(emu.messages(channel.id).map((m) => m.content)).toEqual(['after a 500', 'slowly']);
  });
});

describe('raw Markdown', () => {
  it('GIVEN the lenient mode and a table or an HTML tag THEN the message is sent and carries a warning; code blocks do not count', async () => {
    world = await startWorld({ markdown: 'lenient' });
    const { emu } = world;
    const target = await textChannel(world);
    const warned: string[][] = [];
    emu.events.on('markdownWarning', (e: { warnings: string[] }) => warned.push(e.warnings));
    const table = await target.send('| a | b |\n| --- | --- |\n| 1 | 2 |');
    expect(emu.message(table.id)?.markdownWarnings).toEqual([
      'a Markdown table (Discord shows the pipes as text)',
    ]);
    await target.send('<details><summary>More</summary>x</details>');
    await target.send('```\n| a | b |\n| --- | --- |\n```\n## Heading\n- a list <@1> <t:1:R>');
    expect(warned).toEqual([['a Markdown table (Discord shows the pipes as text)'], ['an HTML tag']]);
  });

  it.each([
    ['a table', '| a | b |\n| --- | --- |\n| 1 | 2 |', 'a Markdown table'],
    ['a level-4 heading', '#### Deep', 'a heading of level 4 or deeper'],
    ['an underlined heading', 'Title\n=====', 'an underlined (setext) heading'],
    ['an HTML tag', 'a<br>b', 'an HTML tag'],
    ['an image', '![map](https://example.com/m.png)', 'a Markdown image'],
    ['a horizontal rule', 'above\n\n---\n\nbelow', 'a horizontal rule'],
    ['a task list', '- [ ] to do', 'a task-list checkbox'],
  ])(
    'GIVEN the strict mode (default) WHEN the bot sends %s THEN it is refused with 50035 naming the field and the construct, and nothing is stored',
    async (_what, text, named) => {
      world = await startWorld();
      const { emu, channel } = world;
      const target = await textChannel(world);
      const error = await target.send(text).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DiscordAPIError);
      expect((error as DiscordAPIError).code).toBe(50035);
      expect((error as DiscordAPIError).message).toContain('content[MARKDOWN_NOT_RENDERED]');
      expect((error as DiscordAPIError).message).toContain(named);
      expect(emu.messages(channel.id)).toHaveLength(0);
    },
  );

  it('GIVEN the strict mode THEN what Discord renders passes: ### headings, subtext, quotes, lists, code blocks holding a table', async () => {
    world = await startWorld();
    const { emu, channel } = world;
    const target = await textChannel(world);
    await target.send(
      '# One\n## Two\n### Three\n-# small\n> quote\n- item\n1. first\n**bold** *it* __u__ ~~s~~ ||sp|| `c`\n```\n| a | b |\n| --- | --- |\n#### in code\n```',
    );
    await target.send({ embeds: [{ description: '- **Label:** value' }] });
    expect(emu.messages(channel.id)).toHaveLength(2);
  });

  it('GIVEN the strict mode WHEN an edit or an embed brings a table THEN the refusal names that field and the message keeps its text', async () => {
    world = await startWorld();
    const { emu } = world;
    const target = await textChannel(world);
    const sent = await target.send('fine');
    const error = await sent
      .edit({ embeds: [{ description: '| a | b |\n|---|---|' }] })
      .catch((e: unknown) => e);
    expect((error as DiscordAPIError).message).toContain('embeds[0].description[MARKDOWN_NOT_RENDERED]');
    expect(emu.message(sent.id)?.embeds).toEqual([]);
  });
});
