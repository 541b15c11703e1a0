/**
 * Boards people look at: every game that draws pictures shows them on its Components V2 board
 * and in private views, with alt text, drawn once per state and saved by the sandbox.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../fixtures/temp-dirs.ts';
import { allComponents, renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { ScriptRunner } from '../../src/sandbox/script.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  removeTempDirs();
});

const gallery = (m: EmuMessage) => [...allComponents(m.components)].find((c) => c.type === 12);
const newestBoard = (harness: Harness, title: RegExp): EmuMessage =>
  harness.emu
    .messages(harness.channel.id)
    .filter((m) => !m.ephemeralTo && title.test(titleOf(m) ?? ''))
    .at(-1)!;

const FOUR = `@alice /game start game:item-collection seed:7
@bob click Join
@carol click Join
@dave click Join
@alice click Start`;

describe('GIVEN an Item Collection table', () => {
  it('WHEN the game starts THEN the board shows the table as a picture with alt text, beside its text summary', async () => {
    h = await Harness.start();
    const out = await scripted(h)(FOUR);
    const board = newestBoard(h, /^Item Collection Game: round 1/);
    const item = (gallery(board)?.items as { media: { url: string }; description: string }[])[0]!;
    expect(item.media.url).toBe('attachment://table.png');
    expect(item.description).toMatch(/alice/);
    expect(board.attachments.map((a) => [a.filename, a.description])).toEqual([
      ['table.png', item.description],
    ]);
    // Screen readers and people with images off still get the board: alt text and the text summary.
    expect(out).toContain(`🖼 ${item.description}`);
    expect(renderMessageText(board)).toContain('alice');
    const png = PNG.sync.read(board.attachments[0]!.data);
    expect(png.width).toBeGreaterThanOrEqual(900);
    expect(board.attachments[0]!.data.length).toBeLessThan(1024 * 1024);
  });

  it('WHEN the board is shown again without a move THEN the picture is not drawn again', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run(FOUR);
    const drawn = h.bot.tables.pictures.rasterised;
    // Each repost comes after the 30-second limit on fresh boards.
    const before = newestBoard(h, /^Item Collection Game/).id;
    await run('wait 31s\n@alice /game status\nwait 31s\n@alice /game status');
    expect(newestBoard(h, /^Item Collection Game/).id).not.toBe(before);
    expect(h.bot.tables.pictures.rasterised).toBe(drawn);
    expect(newestBoard(h, /^Item Collection Game/).attachments).toHaveLength(1);
  });

  it('WHEN the turn moves on THEN the old board keeps its picture but loses its buttons, mention and clock', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run(FOUR.replace('seed:7', 'seed:7 negotiation:5'));
    const first = newestBoard(h, /^Item Collection Game/);
    await run(
      '@alice click Low (red joker)\n@bob click Ready\n@carol click Ready\n@dave click Ready\n@alice click Ready',
    );
    const picture = first.attachments[0]?.id;
    const refused: unknown[] = [];
    h.emu.events.on('restError', (e) => refused.push(e));
    // alice declares; now bob must act, so a new board is posted and the first one retired.
    await run('@alice click My view\n@alice select 2♠');
    expect(newestBoard(h, /^Item Collection Game/).id).not.toBe(first.id);
    const old = h.emu.messages(h.channel.id).find((m) => m.id === first.id)!;
    expect(gallery(old)).toBeDefined();
    // The retiring edit kept the upload by listing its id (Discord refuses a picture named but not kept).
    expect(old.attachments.map((a) => a.id)).toEqual([picture]);
    expect(refused).toEqual([]);
    expect([...allComponents(old.components)].some((c) => c.type === 1)).toBe(false);
    expect(renderMessageText(old)).not.toMatch(/your move|⏱/);
  });
});

describe('GIVEN a Collection Deck table', () => {
  it('WHEN a player opens My view THEN their hand comes as a picture only they can see, and the board shows the Field', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run('@alice /game start game:collection-deck seed:5\n@bob click Join\n@alice click Start');
    const board = newestBoard(h, /Collection Deck — round/);
    expect(board.attachments.map((a) => a.filename)).toEqual(['field.png']);
    await run('@alice click My view');
    const view = h.emu
      .visibleMessages(h.user('alice').id, h.channel.id)
      .filter((m) => m.ephemeralTo)
      .at(-1)!;
    expect(view.ephemeralTo).toBe(h.user('alice').id);
    expect(view.attachments.map((a) => a.filename)).toEqual(['hand.png']);
    expect(String((gallery(view)?.items as { description: string }[])[0]?.description)).toMatch(/hand/i);
  });
});

describe('GIVEN the sandbox with --pictures', () => {
  it('WHEN a script plays THEN every picture is written as NNN-<channel>-<kind>.png and the transcript names the file', async () => {
    const dir = tempDir('tradecraft-pictures-');
    h = await Harness.start();
    const lines: string[] = [];
    const runner = new ScriptRunner(h, (l) => lines.push(l), dir);
    for (const line of FOUR.split('\n')) await runner.line(line);
    await runner.line('@alice click My view');
    const files = readdirSync(dir).sort();
    expect(files[0]).toMatch(/^001-table-table\.png$/);
    expect(files.some((f) => /^\d{3}-table-table\.png$/.test(f))).toBe(true);
    for (const f of files) expect(lines.join('\n')).toContain(join(dir, f));
    expect(existsSync(join(dir, files.at(-1)!))).toBe(true);
  });
});
