/**
 * Discord's current message layout (Components V2) and uploads, refused where Discord refuses
 * them, through the real discord.js client.
 */
import { ComponentType, DiscordAPIError, MessageFlags, type TextChannel } from 'discord.js';
import type { APIMessageTopLevelComponent } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { destroyClients, login, startWorld } from './harness.ts';
import type { World } from './harness.ts';

let world: World | undefined;
afterEach(async () => {
  await destroyClients();
  await world?.emu.stop();
  world = undefined;
});

const V2 = MessageFlags.IsComponentsV2;
const text = (content: string) => ({ type: ComponentType.TextDisplay as const, content });
const container = (...components: unknown[]) =>
  ({ type: ComponentType.Container, components }) as unknown as APIMessageTopLevelComponent;
const png = Buffer.from('89504e470d0a1a0a', 'hex');

async function channel(): Promise<TextChannel> {
  world = await startWorld();
  const client = await login(world.emu);
  return (await client.channels.fetch(world.channel.id)) as TextChannel;
}

/** The Discord error a send or edit was refused with. */
async function refusal(p: Promise<unknown>): Promise<DiscordAPIError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DiscordAPIError);
  return err as DiscordAPIError;
}

const errorText = (e: DiscordAPIError): string => JSON.stringify(e.rawError);

describe('Components V2 messages', () => {
  it('GIVEN a container with a heading, a picture and a button THEN Discord accepts it and answers with the media resolved to the attachment', async () => {
    const ch = await channel();
    const sent = await ch.send({
      flags: V2,
      components: [
        container(
          text('## Board'),
          {
            type: ComponentType.MediaGallery,
            items: [{ media: { url: 'attachment://field.png' }, description: 'The field' }],
          },
          {
            type: ComponentType.ActionRow,
            components: [{ type: ComponentType.Button, style: 1, label: 'Go', custom_id: 'go' }],
          },
        ),
      ],
      files: [{ attachment: png, name: 'field.png', description: 'The field' }],
    });
    const stored = world!.emu.messages(world!.channel.id).at(-1)!;
    expect(stored.attachments.map((a) => [a.filename, a.description])).toEqual([['field.png', 'The field']]);
    expect(renderMessageText(stored)).toBe('## Board\n🖼 The field\n[Go]');
    expect(JSON.stringify(sent.components[0]?.toJSON())).toContain(sent.attachments.first()!.url);
  });

  it('GIVEN the V2 flag WHEN the message also has content or embeds THEN Discord answers 50035 on those fields', async () => {
    const ch = await channel();
    const withContent = await refusal(
      ch.send({ flags: V2, content: 'hi', components: [container(text('x'))] }),
    );
    expect(withContent.code).toBe(50035);
    expect(errorText(withContent)).toContain('MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2');
    const withEmbed = await refusal(
      ch.send({ flags: V2, embeds: [{ title: 't' }], components: [container(text('x'))] }),
    );
    expect(errorText(withEmbed)).toContain('"embeds"');
  });

  it('GIVEN more than 4,000 characters of text displays THEN Discord refuses the message', async () => {
    const ch = await channel();
    const e = await refusal(
      ch.send({ flags: V2, components: [container(text('a'.repeat(2500)), text('b'.repeat(1501)))] }),
    );
    expect(e.code).toBe(50035);
    expect(errorText(e)).toContain('COMPONENTS_V2_TEXT_TOO_LONG');
    await ch.send({ flags: V2, components: [container(text('a'.repeat(2500)), text('b'.repeat(1500)))] });
  });

  it('GIVEN more than 40 components, nested ones counted THEN Discord refuses the message', async () => {
    const ch = await channel();
    const texts = Array.from({ length: 40 }, (_, i) => text(`line ${i}`));
    const e = await refusal(ch.send({ flags: V2, components: [container(...texts)] }));
    expect(errorText(e)).toContain('Must be 40 or fewer in length.');
    await ch.send({ flags: V2, components: [container(...texts.slice(0, 39))] });
  });

  it('GIVEN a component where Discord does not allow it THEN it is refused by type', async () => {
    const ch = await channel();
    const nested = await refusal(ch.send({ flags: V2, components: [container(container(text('x')))] }));
    expect(errorText(nested)).toContain('COMPONENT_TYPE_INVALID');
    const section = await refusal(
      ch.send({ flags: V2, components: [{ type: ComponentType.Section, components: [text('x')] }] }),
    );
    expect(errorText(section)).toContain('accessory');
    const noFlag = await refusal(ch.send({ components: [container(text('x'))] }));
    expect(errorText(noFlag)).toContain('IS_COMPONENTS_V2');
  });

  it('GIVEN a media gallery pointing at a file the message does not carry THEN Discord refuses it', async () => {
    const ch = await channel();
    const e = await refusal(
      ch.send({
        flags: V2,
        components: [
          container({
            type: ComponentType.MediaGallery,
            items: [{ media: { url: 'attachment://missing.png' } }],
          }),
        ],
      }),
    );
    expect(errorText(e)).toContain('UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND');
    const empty = await refusal(
      ch.send({ flags: V2, components: [container({ type: ComponentType.MediaGallery, items: [] })] }),
    );
    expect(errorText(empty)).toContain('Must be between 1 and 10 in length.');
  });

  it('GIVEN a V2 message WHEN it is edited back to content THEN Discord refuses; an edit of its components is fine', async () => {
    const ch = await channel();
    const m = await ch.send({ flags: V2, components: [container(text('one'))] });
    const back = await refusal(m.edit({ content: 'plain again', components: [], flags: [] }));
    expect(errorText(back)).toContain('MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG');
    const legacy = await refusal(m.edit({ content: 'plain again' }));
    expect(errorText(legacy)).toContain('MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2');
    await m.edit({ components: [container(text('two'))] });
    expect(renderMessageText(world!.emu.messages(world!.channel.id).at(-1)!)).toBe('two');
  });
});

describe('uploads', () => {
  it('GIVEN more than 10 MiB of files THEN Discord answers 413 · 40005 and nothing is posted', async () => {
    const ch = await channel();
    const before = world!.emu.messages(world!.channel.id).length;
    const e = await refusal(
      ch.send({
        content: 'big',
        files: [{ attachment: Buffer.alloc(10 * 1024 * 1024 + 1), name: 'big.png' }],
      }),
    );
    expect(e.status).toBe(413);
    expect(e.code).toBe(40005);
    expect(world!.emu.messages(world!.channel.id)).toHaveLength(before);
  });

  it('GIVEN more than 10 files, or alt text over 1,024 characters THEN Discord answers 50035 on attachments', async () => {
    const ch = await channel();
    const files = Array.from({ length: 11 }, (_, i) => ({ attachment: png, name: `p${i}.png` }));
    const many = await refusal(ch.send({ content: 'many', files }));
    expect(errorText(many)).toContain('"attachments"');
    const alt = await refusal(
      ch.send({ content: 'alt', files: [{ attachment: png, name: 'a.png', description: 'x'.repeat(1025) }] }),
    );
    expect(errorText(alt)).toContain('description');
  });
});

describe('deferred replies', () => {
  it('GIVEN a deferral asking for V2 THEN only EPHEMERAL sticks, and the edit that fills it sets V2', async () => {
    world = await startWorld();
    const { emu, alice } = world;
    const client = await login(emu);
    await client.application.commands.set([{ name: 'look', description: 'Look' }]);
    client.on('interactionCreate', (i) => {
      if (!i.isChatInputCommand()) return;
      void (async () => {
        await i.deferReply({ flags: MessageFlags.Ephemeral });
        await i.editReply({ flags: V2, components: [container(text('## Your hand'))] });
      })();
    });
    const handle = await emu.slash(alice.id, world.channel.id, 'look');
    expect((handle.message?.flags ?? 0) & V2).toBe(0);
    await emu.waitForIdle();
    const filled = emu.visibleMessages(alice.id, world.channel.id).at(-1)!;
    expect(filled.flags & V2).toBe(V2);
    expect(filled.ephemeralTo).toBe(alice.id);
    expect(renderMessageText(filled)).toBe('## Your hand');
  });
});

describe('an edit that keeps a picture', () => {
  const board = (caption: string) =>
    container(text(caption), {
      type: ComponentType.MediaGallery,
      items: [{ media: { url: 'attachment://board.png' }, description: 'The board' }],
    });
  const picture = { attachment: png, name: 'board.png', description: 'The board' };

  it('GIVEN a board with its picture WHEN an edit names the picture without keeping it THEN Discord refuses (50035); kept by id, or uploaded anew, it is fine', async () => {
    const ch = await channel();
    const sent = await ch.send({ flags: V2, components: [board('Round 1')], files: [picture] });
    const pictureId = sent.attachments.first()!.id;

    // `attachments` left out keeps every attachment, but gives attachment://board.png nothing to name.
    const named = await refusal(ch.messages.edit(sent.id, { components: [board('Round 1, retired')] }));
    expect(named.code).toBe(50035);
    expect(named.message).toContain('components[0].components[1].items[0].media.url');
    expect(errorText(named)).toContain('UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND');
    // Listing another attachment (here: none) drops the picture, so the name points at nothing.
    await refusal(ch.messages.edit(sent.id, { components: [board('Round 1')], attachments: [] }));
    expect(world?.emu.message(sent.id)?.attachments.map((a) => a.id)).toEqual([pictureId]);

    const kept = await ch.messages.edit(sent.id, {
      components: [board('Round 1, retired')],
      attachments: [{ id: pictureId }],
    });
    expect(kept.attachments.map((a) => a.id)).toEqual([pictureId]);

    const redrawn = await ch.messages.edit(sent.id, { components: [board('Round 2')], files: [picture] });
    expect(redrawn.attachments.map((a) => a.id)).not.toContain(pictureId);
    expect(redrawn.attachments.map((a) => a.name)).toEqual(['board.png']);
  });
});
