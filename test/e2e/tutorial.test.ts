/**
 * Tutorial tables through the emulator (issue #18): `/game tutorial` deals a prepared table at
 * once, the board teaches one concept at a time, and the Hint button answers only the newcomer.
 */
import { readFileSync } from 'node:fs';
import { ButtonStyle, type TextChannel } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function sessionId(harness: Harness): Promise<string> {
  const loaded = await harness.bot.tables.deps.store.load(harness.channel.id);
  if (loaded.kind !== 'ok') throw new Error('no session');
  return loaded.session.id;
}

/** A message the bot posts with one button carrying `customId` (a forged or stale control). */
async function forgedButton(harness: Harness, customId: string): Promise<string> {
  const channel = (await harness.bot.client.channels.fetch(harness.channel.id)) as TextChannel;
  const message = await channel.send({
    content: 'forged',
    components: [
      { type: 1, components: [{ type: 2, style: ButtonStyle.Success, label: 'Hint', custom_id: customId }] },
    ],
  });
  return message.id;
}

describe('GIVEN alice opens the Item Collection tutorial', () => {
  it('THEN it is dealt at once with three computers, and the board shows the first concept and what to do next', async () => {
    h = await Harness.start();
    const run = scripted(h);
    const out = await run('@alice /game tutorial game:item-collection');
    expect(out).toContain('🎓 Tutorial of Item Collection Game: @alice, 🤖 Honest Hana');
    expect(out).toContain('Tutorial, step 1 of 6: The joker: High or Low.');
    expect(out).toContain('👉 **Next:**');
    expect(out).not.toContain('[Join]');
  });

  it('WHEN she presses Hint THEN only she reads a legal move, where to make it and why, and making it moves the tutorial on', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run('@alice /game tutorial game:item-collection');
    await run('@alice click My view');
    const out = await run('@alice click Hint');
    expect(out).toContain('[only alice sees]');
    expect(out).not.toContain('[#table]');
    expect(out).toContain('💡 **Hint:** press **Low (red joker)** in **My view**');
    expect(out).toContain('**Why:**');
    const moved = await run('@alice click Low (red joker)');
    expect(moved).toContain('Tutorial, step 2 of 6: Negotiation.');
    // Her hand is never on the public board: the hint named her cards only privately.
    await run('@alice click Ready');
    await run('@alice click My view');
    const declare = await run('@alice click Hint');
    expect(declare).toContain('[only alice sees]');
    expect(declare).toContain('2♠');
    const board = h.emu
      .messages(h.channel.id)
      .filter((m) => !m.ephemeralTo)
      .map((m) => JSON.stringify(m.components))
      .join('\n');
    expect(board).not.toContain('💡');
  });

  it('WHEN bob, who is not playing, clicks a Hint button of her table THEN he is refused privately and nothing changes', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run('@alice /game tutorial game:item-collection');
    const sid = await sessionId(h);
    const before = await h.bot.tables.deps.store.load(h.channel.id);
    await h.emu.click(h.user('bob').id, await forgedButton(h, `h|${sid}`), `h|${sid}`);
    await h.settle();
    const bobSees = h.emu.messages(h.channel.id).filter((m) => m.ephemeralTo === h?.user('bob').id);
    expect(JSON.stringify(bobSees.at(-1))).toContain('Only the newcomer playing this tutorial gets hints');
    const after = await h.bot.tables.deps.store.load(h.channel.id);
    expect(after.kind === 'ok' && before.kind === 'ok' && after.session.version).toBe(
      before.kind === 'ok' && before.session.version,
    );
  });

  it('WHEN a Hint button is stale or tampered with THEN the clicker gets a friendly private error', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run('@alice /game tutorial game:item-collection');
    const alice = h.user('alice').id;
    await h.emu.click(alice, await forgedButton(h, 'h|zzzzzzzz'), 'h|zzzzzzzz');
    await h.settle();
    const mine = () => h?.emu.messages(h.channel.id).filter((m) => m.ephemeralTo === alice) ?? [];
    expect(JSON.stringify(mine().at(-1))).toContain('belongs to an earlier game');
    await h.emu.click(alice, await forgedButton(h, 'h|../x'), 'h|../x');
    await h.settle();
    expect(JSON.stringify(mine().at(-1))).toContain('not one of mine');
  });
});

describe('GIVEN a game is gathering players in the channel', () => {
  it('WHEN alice asks for a tutorial here THEN she is refused with the way out, and thread:true opens it in its own thread', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run('@bob /game start game:collection-deck');
    const refused = await run('@alice /game tutorial game:item-collection');
    expect(refused).toContain('[only alice sees]');
    expect(refused).toContain('is already gathering players here');
    expect(refused).toContain('thread:true');
    const threaded = await run('@alice /game tutorial game:item-collection thread:true');
    expect(threaded).toContain('tutorial is dealt in #thread-');
    expect(threaded).toContain('Tutorial, step 1 of 6');
  });
});

describe('GIVEN the finished Item Collection tutorial', () => {
  it('WHEN alice asks for a review THEN the game replays from its arranged deal', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run(readFileSync('examples/tutorial-item-collection.txt', 'utf8'));
    const out = await run('@alice /game review');
    expect(out).toContain('[only alice sees]');
    expect(out).toContain('Review of Item Collection Game');
  });
});
