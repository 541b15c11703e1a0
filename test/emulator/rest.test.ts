import { DiscordAPIError, MessageFlags } from 'discord.js';
import type { Interaction } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { destroyClients, login, startWorld } from './harness.ts';
import type { World } from './harness.ts';

let world: World | undefined;
afterEach(async () => {
  await destroyClients();
  await world?.emu.stop();
  world = undefined;
});

describe('REST surface', () => {
  it('GIVEN no or a wrong Bot token THEN bot routes answer 401 with JSON, and unknown routes 404 reported as restError', async () => {
    world = await startWorld();
    const { emu } = world;
    const errors: { path: string; status: number }[] = [];
    emu.events.on('restError', (e: { path: string; status: number }) => errors.push(e));
    const none = await fetch(`${emu.apiUrl}/v10/users/@me`);
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toBe('application/json');
    expect(await none.json()).toEqual({ code: 0, message: '401: Unauthorized' });
    const wrong = await fetch(`${emu.apiUrl}/v10/gateway/bot`, { headers: { Authorization: 'Bot nope' } });
    expect(wrong.status).toBe(401);
    const good = await fetch(`${emu.apiUrl}/v10/gateway/bot`, {
      headers: { Authorization: `Bot ${emu.token}` },
    });
    expect(await good.json()).toMatchObject({
      url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/gateway$/) as unknown,
      shards: 1,
    });
    const unknown = await fetch(`${emu.apiUrl}/v10/voice/regions`, {
      headers: { Authorization: `Bot ${emu.token}` },
    });
    expect(unknown.status).toBe(404);
    expect(errors.map((e) => [e.path, e.status])).toEqual([
      ['/api/v10/users/@me', 401],
      ['/api/v10/gateway/bot', 401],
      ['/api/v10/voice/regions', 404],
    ]);
    expect(emu.stats.restRequests).toBe(4);
  });

  it('GIVEN withResponse WHEN the bot replies THEN the callback answers with the created message', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    const client = await login(emu);
    await client.application.commands.set([{ name: 'ping', description: 'Ping' }]);
    let messageId: string | undefined;
    client.on('interactionCreate', (i) => {
      if (!i.isChatInputCommand()) return;
      void i
        .reply({ content: 'pong', withResponse: true })
        .then((r) => (messageId = r.resource?.message?.id));
    });
    const handle = await emu.slash(alice.id, channel.id, 'ping');
    await emu.waitForIdle();
    expect(messageId).toBe(handle.message?.id);
  });
});

describe('modal, autocomplete and select limits', () => {
  async function answerWith(w: World, respond: (i: Interaction) => Promise<unknown>): Promise<unknown[]> {
    const client = await login(w.emu);
    await client.application.commands.set([
      {
        name: 'go',
        description: 'Go',
        options: [{ type: 3, name: 'q', description: 'query', autocomplete: true }],
      },
    ]);
    const errors: unknown[] = [];
    client.on('interactionCreate', (i) => void respond(i).catch((e: unknown) => errors.push(e)));
    return errors;
  }

  it('GIVEN a modal titled with 46 characters and 6 inputs THEN Discord answers 50035 on data.title and data.components', async () => {
    world = await startWorld();
    const errors = await answerWith(world, async (i) => {
      if (!i.isChatInputCommand()) return;
      const input = (n: number): Record<string, unknown> => ({
        type: 1,
        components: [{ type: 4, custom_id: `f${n}`, label: 'Field', style: 1 }],
      });
      await i.client.rest.post(`/interactions/${i.id}/${i.token}/callback`, {
        auth: false,
        body: {
          type: 9,
          data: {
            custom_id: 'm',
            title: 't'.repeat(46),
            components: Array.from({ length: 6 }, (_, n) => input(n)),
          },
        },
      });
    });
    const pending = world.emu.slash(world.alice.id, world.channel.id, 'go').catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    await world.clock.advance(3_001);
    expect(await pending).toMatchObject({ code: 'no-response' });
    const message = (errors[0] as DiscordAPIError).message;
    expect(message).toContain('data.title[');
    expect(message).toContain('data.components[');
  });

  it('GIVEN 26 autocomplete choices THEN Discord answers 50035 on data.choices', async () => {
    world = await startWorld();
    const { emu, alice, channel, clock } = world;
    const errors = await answerWith(world, async (i) => {
      if (!i.isAutocomplete()) return;
      await i.respond(Array.from({ length: 26 }, (_, n) => ({ name: `c${n}`, value: `c${n}` })));
    });
    const pending = emu
      .autocomplete(alice.id, channel.id, 'go', { options: { q: 'c' }, focused: 'q' })
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    await clock.advance(3_001);
    expect(await pending).toMatchObject({ code: 'no-response' });
    expect(errors[0]).toBeInstanceOf(DiscordAPIError);
    expect((errors[0] as DiscordAPIError).message).toContain('data.choices[');
  });

  it('GIVEN a select menu WHEN a user picks values THEN the bot receives them, and an unknown value is refused', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    const client = await login(emu);
    const target = client.channels.cache.get(channel.id);
    if (!target?.isSendable()) throw new Error('channel not sendable');
    const options = ['Berlin', 'Lisbon', 'Vienna'].map((c) => ({ label: c, value: c.toLowerCase() }));
    const sent = await target.send({
      content: 'Where?',
      components: [{ type: 1, components: [{ type: 3, custom_id: 'city', options, max_values: 2 }] }],
    });
    client.on('interactionCreate', (i) => {
      if (i.isStringSelectMenu())
        void i.reply({ content: `going to ${i.values.join(' and ')}`, flags: MessageFlags.Ephemeral });
    });
    const handle = await emu.select(alice.id, sent.id, 'city', ['berlin', 'vienna']);
    expect(handle.message?.content).toBe('going to berlin and vienna');
    await expect(emu.select(alice.id, sent.id, 'city', ['paris'])).rejects.toMatchObject({
      code: 'bad-selection',
    });
    await expect(emu.select(alice.id, sent.id, 'city', ['berlin', 'vienna', 'lisbon'])).rejects.toMatchObject(
      { code: 'bad-selection' },
    );
  });
});

describe('renderMessageText', () => {
  it('shows content, embed parts, buttons with disabled marks and select option labels', () => {
    const message: EmuMessage = {
      id: '1',
      channelId: '2',
      authorId: '3',
      content: 'Round 2',
      mentions: { users: [], roles: [], everyone: false },
      embeds: [
        {
          title: 'Board',
          description: 'Two agents left',
          fields: [{ name: 'Score', value: '4-3' }],
          footer: { text: 'Turn of alice' },
        },
      ],
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 1, custom_id: 'a', label: 'Play' },
            { type: 2, style: 2, custom_id: 'b', label: 'Pass', disabled: true },
          ],
        },
        {
          type: 1,
          components: [
            {
              type: 3,
              custom_id: 'c',
              placeholder: 'Pick a card',
              options: [
                { label: 'Ace', value: 'a' },
                { label: 'King', value: 'k' },
              ],
            },
          ],
        },
      ],
      attachments: [],
      createdAt: 0,
      flags: 0,
    };
    expect(renderMessageText(message)).toBe(
      [
        'Round 2',
        '| **Board**',
        '| Two agents left',
        '| Score: 4-3',
        '| — Turn of alice',
        '[Play] [Pass] (disabled)',
        '<Pick a card: Ace | King>',
      ].join('\n'),
    );
  });
});
