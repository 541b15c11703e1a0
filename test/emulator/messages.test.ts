import {
  AttachmentBuilder,
  ChannelType,
  DiscordAPIError,
  GatewayIntentBits,
  MessageFlags,
  Routes,
} from 'discord.js';
import type { TextChannel } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { DiscordEmulator } from '../../src/sandbox/emulator/index.ts';
import { destroyClients, login, startWorld } from './harness.ts';
import type { World } from './harness.ts';

let world: World | undefined;
afterEach(async () => {
  await destroyClients();
  await world?.emu.stop();
  world = undefined;
});

const x = (n: number): string => 'x'.repeat(n);
const button = (id: string, label = 'Go'): Record<string, unknown> => ({
  type: 2,
  style: 1,
  custom_id: id,
  label,
});
const row = (...components: Record<string, unknown>[]): Record<string, unknown> => ({ type: 1, components });
const select = (extra: Record<string, unknown>): Record<string, unknown> => ({
  type: 3,
  custom_id: 'pick',
  options: [{ label: 'A', value: 'a' }],
  ...extra,
});

describe('channel messages', () => {
  it('GIVEN embeds, components and a file WHEN the bot sends them THEN the message holds all three and the file can be downloaded', async () => {
    world = await startWorld();
    const { emu, channel } = world;
    const client = await login(emu);
    const target = client.channels.cache.get(channel.id) as TextChannel;
    const sent = await target.send({
      content: 'Mission board',
      embeds: [
        {
          title: 'Operation Nightjar',
          description: 'Phase 1',
          fields: [{ name: 'Agents', value: '3' }],
          footer: { text: 'Round 1' },
        },
      ],
      components: [
        row(button('board:join', 'Join'), { ...button('board:leave', 'Leave'), disabled: true }) as never,
      ],
      files: [new AttachmentBuilder(Buffer.from('map data'), { name: 'map.txt' })],
    });
    const stored = emu.message(sent.id);
    expect(stored?.embeds[0]?.title).toBe('Operation Nightjar');
    expect(stored?.components[0]?.components).toHaveLength(2);
    expect(stored?.attachments.map((a) => [a.filename, a.data.toString()])).toEqual([
      ['map.txt', 'map data'],
    ]);
    expect(sent.attachments.first()?.name).toBe('map.txt');
    const download = await fetch(sent.attachments.first()?.url ?? '');
    expect(await download.text()).toBe('map data');

    await sent.edit({ content: 'Mission board (closed)', components: [] });
    expect(emu.message(sent.id)?.content).toBe('Mission board (closed)');
    expect(emu.message(sent.id)?.editedAt).toBeDefined();
    await sent.delete();
    expect(emu.message(sent.id)?.deleted).toBe(true);
    expect(emu.visibleMessages(world.alice.id, channel.id)).toEqual([]);
  });

  it('WHEN the bot sends 2001 characters THEN Discord refuses with 50035 on content', async () => {
    world = await startWorld();
    const client = await login(world.emu);
    const target = client.channels.cache.get(world.channel.id) as TextChannel;
    const error = await target.send(x(2001)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({
      code: 50035,
      status: 400,
      rawError: { errors: { content: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] } } },
    });
  });

  it('WHEN the bot sends an empty message THEN Discord refuses with 50006', async () => {
    world = await startWorld();
    const client = await login(world.emu);
    const error = await client.rest
      .post(Routes.channelMessages(world.channel.id), { body: { content: '' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 50006, status: 400 });
  });

  const limits: [string, Record<string, unknown>, string][] = [
    ['content over 2000', { content: x(2001) }, 'content'],
    ['11 embeds', { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, 'embeds'],
    ['embed title over 256', { embeds: [{ title: x(257) }] }, 'embeds[0].title'],
    ['embed description over 4096', { embeds: [{ description: x(4097) }] }, 'embeds[0].description'],
    [
      '26 embed fields',
      { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] },
      'embeds[0].fields',
    ],
    [
      'field name over 256',
      { embeds: [{ fields: [{ name: x(257), value: 'v' }] }] },
      'embeds[0].fields[0].name',
    ],
    [
      'field value over 1024',
      { embeds: [{ fields: [{ name: 'n', value: x(1025) }] }] },
      'embeds[0].fields[0].value',
    ],
    ['footer over 2048', { embeds: [{ footer: { text: x(2049) } }] }, 'embeds[0].footer.text'],
    ['author name over 256', { embeds: [{ author: { name: x(257) } }] }, 'embeds[0].author.name'],
    ['embeds over 6000 in all', { embeds: [{ description: x(4000) }, { description: x(2001) }] }, 'embeds'],
    [
      '6 action rows',
      { components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) },
      'components',
    ],
    [
      '6 buttons in a row',
      { components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] },
      'components[0].components',
    ],
    ['a select beside a button', { components: [row(select({}), button('b'))] }, 'components[0].components'],
    ['button label over 80', { components: [row(button('b', x(81)))] }, 'components[0].components[0].label'],
    ['custom_id over 100', { components: [row(button(x(101)))] }, 'components[0].components[0].custom_id'],
    [
      'duplicate custom_id',
      { components: [row(button('same')), row(button('same'))] },
      'components[1].components[0].custom_id',
    ],
    [
      'select without options',
      { components: [row(select({ options: [] }))] },
      'components[0].components[0].options',
    ],
    [
      'select with 26 options',
      {
        components: [
          row(
            select({ options: Array.from({ length: 26 }, (_, i) => ({ label: `o${i}`, value: `o${i}` })) }),
          ),
        ],
      },
      'components[0].components[0].options',
    ],
    [
      'select option label over 100',
      { components: [row(select({ options: [{ label: x(101), value: 'a' }] }))] },
      'components[0].components[0].options[0].label',
    ],
    [
      'select placeholder over 150',
      { components: [row(select({ placeholder: x(151) }))] },
      'components[0].components[0].placeholder',
    ],
    [
      'select min_values above max_values',
      { components: [row(select({ min_values: 2, max_values: 1 }))] },
      'components[0].components[0].min_values',
    ],
  ];

  it.each(limits)('GIVEN %s THEN Discord answers 50035 at %s', async (_name, body, path) => {
    world ??= await startWorld();
    const client = await login(world.emu);
    const error = await client.rest
      .post(Routes.channelMessages(world.channel.id), { body })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(50035);
    expect((error as DiscordAPIError).message).toContain(`\n${path}[`);
    expect(world.emu.messages(world.channel.id)).toEqual([]);
  });

  it('GIVEN an interaction reply over the limits THEN the path starts at data and nothing is acknowledged', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    const client = await login(emu);
    await client.application.commands.set([{ name: 'ping', description: 'Ping' }]);
    let failure: unknown;
    client.on('interactionCreate', (i) => {
      if (!i.isChatInputCommand()) return;
      void i
        .reply({ embeds: [{ title: x(300) }] })
        .catch((e: unknown) => (failure = e))
        .then(() => i.reply({ content: 'fixed', flags: MessageFlags.Ephemeral }));
    });
    const handle = await emu.slash(alice.id, channel.id, 'ping');
    expect((failure as DiscordAPIError).message).toContain('data.embeds[0].title[');
    expect(handle.message?.content).toBe('fixed');
  });
});

async function threadWorld(emu: DiscordEmulator, channelId: string): Promise<TextChannel> {
  const client = await login(emu);
  return client.channels.cache.get(channelId) as TextChannel;
}

describe('threads', () => {
  it('WHEN the bot opens a private thread THEN it exists, the client learns of it, and messages can be sent there', async () => {
    world = await startWorld();
    const { emu, channel } = world;
    const target = await threadWorld(emu, channel.id);
    const thread = await target.threads.create({ name: 'Safehouse', type: ChannelType.PrivateThread });
    expect(thread.parentId).toBe(channel.id);
    expect(emu.findChannel('Safehouse')?.type).toBe(12);
    await thread.members.add(world.alice.id);
    const sent = await thread.send('Only you two');
    expect(emu.messages(thread.id).map((m) => m.content)).toEqual(['Only you two']);
    expect(sent.channelId).toBe(thread.id);
  });

  it('WHEN the bot starts a thread from a message THEN the thread takes the message id', async () => {
    world = await startWorld();
    const { emu, channel } = world;
    const target = await threadWorld(emu, channel.id);
    const message = await target.send('Debrief here');
    const thread = await message.startThread({ name: 'Debrief' });
    expect(thread.id).toBe(message.id);
    expect(thread.type).toBe(ChannelType.PublicThread);
    expect(emu.findChannel('Debrief')?.parentId).toBe(channel.id);
  });
});

describe('user chat', () => {
  it('GIVEN the message intents WHEN a user talks THEN the bot receives it, with content only under MESSAGE_CONTENT', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    const withContent = await login(emu, {
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
    });
    const without = await login(emu, {
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    });
    const seen = (c: typeof without): Promise<string> =>
      new Promise((resolve) => c.once('messageCreate', (m) => resolve(`${m.author.username}:${m.content}`)));
    const full = seen(withContent);
    const stripped = seen(without);
    const said = await emu.say(alice.id, channel.id, 'I accuse bob');
    expect(said.authorId).toBe(alice.id);
    expect(await full).toBe('alice:I accuse bob');
    expect(await stripped).toBe('alice:');
    expect(emu.visibleMessages(alice.id, channel.id).map((m) => m.content)).toEqual(['I accuse bob']);
  });
});

describe('message nonces (enforce_nonce)', () => {
  it('GIVEN a nonce sent with enforce_nonce WHEN the same message is sent again within minutes THEN the first message comes back and no second is created; later, or without enforce_nonce, a new one is', async () => {
    world = await startWorld();
    const { emu, channel, clock } = world;
    const client = await login(emu);
    const target = client.channels.cache.get(channel.id) as TextChannel;
    const first = await target.send({ content: 'Announcement', nonce: 'game1:a0', enforceNonce: true });
    const again = await target.send({
      content: 'Announcement, sent again',
      nonce: 'game1:a0',
      enforceNonce: true,
    });
    expect(again.id).toBe(first.id);
    expect(again.content).toBe('Announcement');
    expect(emu.messages(channel.id).map((m) => m.id)).toEqual([first.id]);
    expect(emu.messages(channel.id)[0]?.nonce).toBe('game1:a0');
    // Without enforce_nonce the nonce only comes back on the message.
    const plain = await target.send({ content: 'Plain', nonce: 'game1:a0', enforceNonce: false });
    expect(plain.id).not.toBe(first.id);
    await clock.advance(6 * 60 * 1000);
    const later = await target.send({ content: 'Announcement', nonce: 'game1:a0', enforceNonce: true });
    expect(later.id).not.toBe(first.id);
  });

  it('GIVEN a nonce longer than 25 characters WHEN sent THEN Discord refuses it (50035)', async () => {
    world = await startWorld();
    const { emu, channel } = world;
    const client = await login(emu);
    const target = client.channels.cache.get(channel.id) as TextChannel;
    const refused = await target
      .send({ content: 'x', nonce: x(26), enforceNonce: true })
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DiscordAPIError);
    expect((refused as DiscordAPIError).code).toBe(50035);
  });
});
