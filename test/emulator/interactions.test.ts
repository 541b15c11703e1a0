import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import type { Client, Interaction } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { EmulatorError } from '../../src/sandbox/emulator/index.ts';
import { destroyClients, login, nextEvent, startWorld } from './harness.ts';
import type { World } from './harness.ts';

let world: World | undefined;
afterEach(async () => {
  await destroyClients();
  await world?.emu.stop();
  world = undefined;
});

const mission = new SlashCommandBuilder()
  .setName('mission')
  .setDescription('Run a mission')
  .addSubcommand((s) =>
    s
      .setName('start')
      .setDescription('Start one')
      .addStringOption((o) => o.setName('codename').setDescription('Code name').setRequired(true))
      .addIntegerOption((o) => o.setName('agents').setDescription('How many'))
      .addBooleanOption((o) => o.setName('secret').setDescription('Quietly'))
      .addUserOption((o) => o.setName('handler').setDescription('Who runs it')),
  )
  .addSubcommand((s) =>
    s
      .setName('pick')
      .setDescription('Pick a target')
      .addStringOption((o) =>
        o.setName('target').setDescription('Target').setAutocomplete(true).setRequired(true),
      ),
  );

const simple = (name: string): { name: string; description: string } => ({
  name,
  description: `The ${name} command`,
});

/** Logs a bot in, registers commands and routes every interaction to `handler`, surfacing its errors. */
async function bot(
  w: World,
  handler: (i: Interaction) => Promise<unknown>,
): Promise<{ client: Client<true>; errors: unknown[] }> {
  const client = await login(w.emu);
  await client.application.commands.set([
    mission.toJSON(),
    simple('ping'),
    simple('secret'),
    simple('slow'),
    simple('panel'),
    simple('form'),
  ]);
  const errors: unknown[] = [];
  client.on('interactionCreate', (i) => void handler(i).catch((e: unknown) => errors.push(e)));
  return { client, errors };
}

const panelRow = (): ActionRowBuilder<ButtonBuilder> =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId('panel:advance').setLabel('Advance').setStyle(ButtonStyle.Primary),
    new ButtonBuilder().setCustomId('panel:form').setLabel('Report').setStyle(ButtonStyle.Secondary),
  );

describe('slash commands and replies', () => {
  it('GIVEN registered options WHEN a user runs the command THEN the bot receives typed values and its reply arrives', async () => {
    world = await startWorld();
    const { emu, alice, bob, channel } = world;
    let seen: Record<string, unknown> = {};
    await bot(world, async (i) => {
      if (!i.isChatInputCommand()) return;
      seen = {
        sub: i.options.getSubcommand(),
        codename: i.options.getString('codename'),
        agents: i.options.getInteger('agents'),
        secret: i.options.getBoolean('secret'),
        handler: i.options.getUser('handler')?.username,
        channel: i.channel?.id,
        canManage: i.memberPermissions?.has('ManageGuild'),
      };
      await i.reply(`Mission ${String(seen.codename)} started`);
    });
    const handle = await emu.slash(alice.id, channel.id, 'mission', {
      subcommand: 'start',
      options: { codename: 'Nightjar', agents: '3', secret: true, handler: bob.id },
    });
    expect(seen).toEqual({
      sub: 'start',
      codename: 'Nightjar',
      agents: 3,
      secret: true,
      handler: 'bob',
      channel: channel.id,
      canManage: false,
    });
    expect(handle.responseType).toBe(4);
    expect(handle.message?.content).toBe('Mission Nightjar started');
    expect(emu.visibleMessages(bob.id, channel.id).map((m) => m.content)).toEqual([
      'Mission Nightjar started',
    ]);
    expect(emu.stats.interactions).toBe(1);
  });

  it('GIVEN the guild owner WHEN they run a command THEN the bot sees Manage Server permission', async () => {
    world = await startWorld();
    let canManage: boolean | undefined;
    await bot(world, async (i) => {
      if (!i.isChatInputCommand()) return;
      canManage = i.memberPermissions?.has('ManageGuild');
      await i.reply('ok');
    });
    await world.emu.slash(world.owner.id, world.channel.id, 'ping');
    expect(canManage).toBe(true);
  });

  it('WHEN a test runs an unregistered command or option THEN it is told what is registered', async () => {
    world = await startWorld();
    await bot(world, () => Promise.resolve());
    await expect(world.emu.slash(world.alice.id, world.channel.id, 'launch')).rejects.toThrow(
      /registered: mission, ping/,
    );
    await expect(
      world.emu.slash(world.alice.id, world.channel.id, 'mission', {
        subcommand: 'start',
        options: { codename: 'x', speed: 3 },
      }),
    ).rejects.toMatchObject({ code: 'unknown-option' });
  });

  it('GIVEN an ephemeral reply THEN only the interacting user sees it', async () => {
    world = await startWorld();
    const { emu, alice, bob, channel } = world;
    await bot(world, (i) =>
      i.isChatInputCommand()
        ? i.reply({ content: 'your hand: 3 cards', flags: MessageFlags.Ephemeral })
        : Promise.resolve(),
    );
    const handle = await emu.slash(alice.id, channel.id, 'secret');
    expect(handle.message?.ephemeralTo).toBe(alice.id);
    expect(emu.visibleMessages(alice.id, channel.id).map((m) => m.content)).toEqual(['your hand: 3 cards']);
    expect(emu.visibleMessages(bob.id, channel.id)).toEqual([]);
    expect(emu.messages(channel.id)).toHaveLength(1);
  });

  it('GIVEN an ephemeral deferReply WHEN the bot edits the reply THEN the message stays ephemeral and shows the edit', async () => {
    world = await startWorld();
    const { emu, alice, bob, channel } = world;
    const done = nextEvent<unknown>((cb) => emu.events.on('messageUpdate', cb));
    await bot(world, async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await i.editReply('dossier ready');
    });
    const handle = await emu.slash(alice.id, channel.id, 'slow');
    expect(handle.responseType).toBe(5);
    await done;
    expect(handle.message?.content).toBe('dossier ready');
    expect(handle.message?.ephemeralTo).toBe(alice.id);
    expect(handle.message?.flags).toBe(MessageFlags.Ephemeral);
    expect(emu.visibleMessages(bob.id, channel.id)).toEqual([]);
  });

  it('GIVEN a reply WHEN the bot sends a follow-up THEN it is recorded on the handle and visible in the channel', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    // The handler's end, not a quiet spell on the wire: under load the bot can pause longer than
    // waitForIdle's 20 ms between the reply's answer and its first follow-up.
    let handled: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (handled = resolve));
    await bot(world, async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('round 1');
      await i.followUp('round 2');
      await i.followUp({ content: 'psst', flags: MessageFlags.Ephemeral });
      handled();
    });
    const handle = await emu.slash(alice.id, channel.id, 'ping');
    await done;
    expect(handle.followUps.map((m) => m.content)).toEqual(['round 2', 'psst']);
    expect(emu.visibleMessages(world.bob.id, channel.id).map((m) => m.content)).toEqual([
      'round 1',
      'round 2',
    ]);
  });
});

describe('components and modals', () => {
  it('GIVEN a panel with buttons WHEN a user clicks one and the bot updates THEN the panel message changes in place', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    await bot(world, async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'Turn 1', components: [panelRow()] });
      else if (i.isButton() && i.customId === 'panel:advance')
        await i.update({ content: `Turn 2 by ${i.user.username}` });
    });
    const panel = await emu.slash(alice.id, channel.id, 'panel');
    const messageId = panel.message?.id ?? '';
    const click = await emu.click(alice.id, messageId, 'panel:advance');
    expect(click.responseType).toBe(7);
    expect(click.message?.id).toBe(messageId);
    expect(emu.message(messageId)?.content).toBe('Turn 2 by alice');
    expect(emu.message(messageId)?.components).toHaveLength(1);
    await expect(emu.click(alice.id, messageId, 'panel:nope')).rejects.toThrow(/panel:advance, panel:form/);
  });

  it('GIVEN a click deferred with deferUpdate THEN its token edits the clicked message as @original, and no other message', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    let tried: (refusals: unknown[]) => void = () => undefined;
    const refused = new Promise<unknown[]>((resolve) => (tried = resolve));
    let other = '';
    await bot(world, async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'Turn 1', components: [panelRow()] });
      else if (i.isButton() && i.customId === 'panel:advance') {
        await i.deferUpdate();
        await i.editReply({ content: 'Turn 2' });
        tried(
          await Promise.all(
            [other, i.message.id].map((id) =>
              i.webhook.editMessage(id, { content: 'x' }).catch((e: unknown) => e),
            ),
          ),
        );
      }
    });
    other = (await emu.slash(alice.id, channel.id, 'panel')).message?.id ?? '';
    const panel = await emu.slash(alice.id, channel.id, 'panel');
    const messageId = panel.message?.id ?? '';
    const before = emu.stats;
    await emu.click(alice.id, messageId, 'panel:advance');
    const refusals = await refused;
    expect(emu.message(messageId)?.content).toBe('Turn 2');
    // Another message, and the clicked one by its id: not messages this token created (10008).
    expect(refusals).toMatchObject([{ code: 10008 }, { code: 10008 }]);
    expect(emu.message(other)?.content).toBe('Turn 1');
    // The deferral and the edits went to interaction endpoints, none against the global limit.
    expect(emu.stats.globalBound - before.globalBound).toBe(0);
    expect(emu.stats.interactionRoutes - before.interactionRoutes).toBe(4);
  });

  it('GIVEN a button that opens a modal WHEN the user submits it THEN the bot reads the fields and replies', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    await bot(world, async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'Panel', components: [panelRow()] });
      else if (i.isButton()) {
        const modal = new ModalBuilder()
          .setCustomId('report')
          .setTitle('Field report')
          .addComponents(
            new ActionRowBuilder<TextInputBuilder>().addComponents(
              new TextInputBuilder()
                .setCustomId('summary')
                .setLabel('Summary')
                .setStyle(TextInputStyle.Paragraph),
            ),
          );
        await i.showModal(modal);
      } else if (i.isModalSubmit()) {
        await i.reply(
          `Report: ${i.fields.getTextInputValue('summary')} (from message ${i.message?.id ?? 'none'})`,
        );
      }
    });
    const panel = await emu.slash(alice.id, channel.id, 'form');
    const shown = await emu.click(alice.id, panel.message?.id ?? '', 'panel:form');
    expect(shown.responseType).toBe(9);
    expect(shown.modal?.title).toBe('Field report');
    await expect(emu.submitModal(alice.id, channel.id, 'report', { sumary: 'typo' })).rejects.toMatchObject({
      code: 'unknown-field',
    });
    const submitted = await emu.submitModal(alice.id, channel.id, 'report', { summary: 'all quiet' });
    expect(submitted.message?.content).toBe(`Report: all quiet (from message ${panel.message?.id ?? ''})`);
  });

  it('GIVEN a modal with a string select in a Label WHEN the user answers THEN the bot reads the chosen value, and Discord’s rules on modal selects hold', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    const menu = (options: number, extra: Record<string, unknown> = {}) => ({
      custom_id: 'pick',
      title: 'Pick',
      components: [
        {
          type: 18,
          label: 'Which card',
          component: {
            type: 3,
            custom_id: 'card',
            options: Array.from({ length: options }, (_, n) => ({ label: `Card ${n}`, value: `c${n}` })),
            ...extra,
          },
        },
        { type: 18, label: 'Note', component: { type: 4, custom_id: 'note', style: 1, required: false } },
      ],
    });
    const refused: unknown[] = [];
    await bot(world, async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'Panel', components: [panelRow()] });
      else if (i.isButton())
        for (const modal of [menu(26), menu(3, { disabled: true }), menu(3)])
          try {
            await i.showModal(modal);
            return;
          } catch (e) {
            refused.push(e);
          }
      else if (i.isModalSubmit())
        await i.reply(
          `Picked ${i.fields.getStringSelectValues('card').join(',')} (${i.fields.getTextInputValue('note')})`,
        );
    });
    const panel = await emu.slash(alice.id, channel.id, 'form');
    const shown = await emu.click(alice.id, panel.message?.id ?? '', 'panel:form');
    expect(shown.responseType).toBe(9);
    // 26 options and a disabled menu are refused as Discord does (50035), before the third form shows.
    expect(refused.map((e) => (e instanceof DiscordAPIError ? e.code : e))).toEqual([50035, 50035]);
    await expect(emu.submitModal(alice.id, channel.id, 'pick', { note: 'x' })).rejects.toMatchObject({
      code: 'missing-field',
    });
    await expect(emu.submitModal(alice.id, channel.id, 'pick', { card: 'c9' })).rejects.toMatchObject({
      code: 'unknown-option',
    });
    const byLabel = await emu.submitModal(alice.id, channel.id, 'pick', { card: 'Card 2', note: 'fine' });
    expect(byLabel.message?.content).toBe('Picked c2 (fine)');
  });

  it('GIVEN an autocomplete option WHEN the user types THEN the bot’s choices come back', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    await bot(world, async (i) => {
      if (!i.isAutocomplete()) return;
      const typed = i.options.getFocused();
      await i.respond(
        ['Berlin', 'Bern', 'Lisbon']
          .filter((c) => c.startsWith(typed))
          .map((c) => ({ name: c, value: c.toLowerCase() })),
      );
    });
    const handle = await emu.autocomplete(alice.id, channel.id, 'mission', {
      subcommand: 'pick',
      options: { target: 'Ber' },
      focused: 'target',
    });
    expect(handle.responseType).toBe(8);
    expect(handle.choices).toEqual([
      { name: 'Berlin', value: 'berlin' },
      { name: 'Bern', value: 'bern' },
    ]);
  });
});

describe('Discord’s interaction rules', () => {
  it('GIVEN the bot answers after 4 seconds THEN Discord says Unknown interaction (10062)', async () => {
    world = await startWorld();
    const { emu, alice, channel, clock } = world;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const { errors } = await bot(world, async (i) => {
      if (!i.isChatInputCommand()) return;
      await gate;
      await i.reply('too late');
    });
    const pending = emu.slash(alice.id, channel.id, 'ping');
    const noResponse = expect(pending).rejects.toMatchObject({ code: 'no-response' });
    await new Promise((r) => setTimeout(r, 50));
    await clock.advance(4_000);
    await noResponse;
    release();
    await emu.waitForIdle();
    expect(errors[0]).toBeInstanceOf(DiscordAPIError);
    expect(errors[0]).toMatchObject({ code: 10062, status: 404 });
    expect(emu.messages(channel.id)).toEqual([]);
  });

  it('GIVEN a reply WHEN the bot replies a second time THEN Discord says already acknowledged (40060)', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    let second: unknown;
    await bot(world, async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('first');
      // Bypass discord.js's own "already replied" guard to reach the API as a careless bot would.
      second = await i.client.rest
        .post(`/interactions/${i.id}/${i.token}/callback`, {
          body: { type: 4, data: { content: 'second' } },
          auth: false,
        })
        .catch((e: unknown) => e);
    });
    await emu.slash(alice.id, channel.id, 'ping');
    await emu.waitForIdle();
    expect(second).toMatchObject({ code: 40060, status: 400 });
  });

  it('GIVEN 16 minutes have passed WHEN the bot edits or follows up THEN the token is dead (50027)', async () => {
    world = await startWorld();
    const { emu, alice, channel, clock } = world;
    let interaction: Interaction | undefined;
    await bot(world, async (i) => {
      interaction = i;
      if (i.isChatInputCommand()) await i.reply('starting');
    });
    await emu.slash(alice.id, channel.id, 'ping');
    await emu.waitForIdle();
    await clock.advance(16 * 60_000);
    if (!interaction?.isChatInputCommand()) throw new Error('no interaction');
    await expect(interaction.editReply('later')).rejects.toMatchObject({ code: 50027, status: 401 });
    await expect(interaction.followUp('later')).rejects.toMatchObject({ code: 50027, status: 401 });
  });

  it('WHEN an interaction is redelivered THEN the bot receives the same id twice', async () => {
    world = await startWorld();
    const { emu, alice, channel } = world;
    const ids: string[] = [];
    await bot(world, async (i) => {
      ids.push(i.id);
      if (i.isChatInputCommand() && ids.length === 1) await i.reply('once');
    });
    const handle = await emu.slash(alice.id, channel.id, 'ping');
    emu.redeliver(handle);
    await new Promise((r) => setTimeout(r, 100));
    expect(ids).toEqual([handle.id, handle.id]);
    expect(emu.messages(channel.id)).toHaveLength(1);
  });

  it('WHEN nobody answers THEN the test learns it after 3 s of clock time', async () => {
    world = await startWorld();
    const { emu, alice, channel, clock } = world;
    await bot(world, () => Promise.resolve());
    const pending = emu.slash(alice.id, channel.id, 'ping');
    const rejection = pending.catch((e: unknown) => e);
    await clock.advance(3_001);
    const error = await rejection;
    expect(error).toBeInstanceOf(EmulatorError);
    expect(error).toMatchObject({ code: 'no-response' });
  });
});
