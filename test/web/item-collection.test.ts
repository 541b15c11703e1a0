/**
 * The sandbox as a web page, in Debian's Chromium: alice opens an Item Collection Game from the
 * message box, bob joins from his own tab, and they play a round through buttons, menus and a
 * form. Each tab shows only what its user may see; the saved session replays as a script.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { runScript } from '../../src/sandbox/script.ts';
import { launchChromium, noBrowser } from '../../src/sandbox/web/browser.ts';
import { startWeb, type WebSandbox } from '../../src/sandbox/web/index.ts';
import { choose, click, lastLine, pageText, see, type } from './page.ts';

const missing = noBrowser();
if (missing) console.warn(`Skipping the browser tests: ${missing}.`);

const SHOTS = process.env.WEB_SCREENSHOTS ?? join('data', 'web-screenshots');
const ALICE_HAND = '2♠ 4♠ 6♠ 7♠ 10♠ Q♠ K♠';
const BOB_HAND = '5♥ 6♥ 8♥ 10♥ Q♥ K♥ A♥';

describe.skipIf(missing !== null)('the sandbox in a browser', () => {
  let h: Harness;
  let web: WebSandbox;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let alice: Page;
  let bob: Page;

  beforeAll(async () => {
    h = await Harness.start();
    web = await startWeb(h);
    chromium = await launchChromium();
    alice = await chromium.browser.newPage();
    bob = await chromium.browser.newPage();
    await alice.goto(`${web.url}?user=alice`);
    await bob.goto(`${web.url}?user=bob`);
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await chromium.close();
    await web.stop();
    await h.stop();
  });

  it('GIVEN alice typing a command WHEN she pauses THEN Discord-like suggestions offer the command, its options and the bot’s autocomplete', async () => {
    const input = alice.locator('#composer-input');
    await input.fill('/game st');
    await alice.locator('.suggestion', { hasText: 'start' }).first().waitFor();
    await input.fill('/game glossary term:coll');
    // The glossary term is answered by the bot's own autocomplete, asked as alice.
    await alice.locator('.suggestion', { hasText: 'Collection technique' }).waitFor({ timeout: 30_000 });
    await input.fill('');
  });

  it('GIVEN two tabs WHEN alice opens a game and bob joins THEN both see the lobby live, and only alice her seed', async () => {
    await type(alice, '/game start game:item-collection seed:42');
    await see(alice, 'Item Collection Game — lobby');
    await see(bob, 'Item Collection Game — lobby');
    await see(alice, 'Only you can see this');
    expect(await pageText(bob)).not.toContain('Your seed');
    await click(bob, 'Join');
    await see(alice, '2. @bob');
    // The lobby is edited, not posted again: each page replaces it where it stands.
    expect(await bob.locator('.message', { hasText: 'Item Collection Game — lobby' }).count()).toBe(1);
    await choose(alice, 'Add a computer player', 'Reciprocator');
    await see(bob, 'Reciprocator #1');
    await choose(alice, 'Add a computer player', 'Honest');
    await see(bob, 'Honest #2');
    await click(alice, 'Start');
    await see(bob, 'Item Collection Game: round 1');
  });

  it('GIVEN the negotiation WHEN alice makes a promise through its form THEN the table reads it', async () => {
    await click(alice, 'Promise');
    const form = alice.getByRole('dialog', { name: 'A promise to the table (public)' });
    await form.getByRole('combobox', { name: 'What do you promise?' }).selectOption('note');
    await form.getByRole('textbox').fill('I will play a "seven", honestly');
    await alice.screenshot({ path: join(SHOTS, 'alice-form.png') });
    await form.getByRole('button', { name: 'Submit' }).click();
    await see(bob, 'alice ♠ promises: “I will play a "seven", honestly”');
    await click(alice, 'Ready');
    await lastLine(alice, '@alice click Ready');
    await click(bob, 'Ready');
    await see(alice, 'alice ♠ declares now');
  });

  it('GIVEN the declarations WHEN each opens My view and plays THEN each page shows its own hand only, and the round is revealed to both', async () => {
    await click(alice, 'My view');
    await see(alice, `Your hand: alice`);
    await see(alice, ALICE_HAND);
    await choose(alice, 'Play honestly', 'K♠');
    await see(bob, 'alice ♠ claims');
    await click(bob, 'My view');
    await see(bob, BOB_HAND);
    await alice.screenshot({ path: join(SHOTS, 'alice.png') });
    await bob.screenshot({ path: join(SHOTS, 'bob.png') });
    expect(await pageText(alice)).not.toContain(BOB_HAND);
    expect(await pageText(bob)).not.toContain(ALICE_HAND);
    await choose(bob, 'Play honestly', 'A♥');
    await see(alice, 'round 2');
    await see(bob, 'round 2');
    expect(await pageText(alice)).not.toContain('Your hand: bob');
    expect(await pageText(bob)).not.toContain('Your hand: alice');
  });

  it('GIVEN the user switcher WHEN alice’s tab becomes carol’s THEN it shows what carol sees, and alice’s view is gone', async () => {
    await alice.locator('#user-switch').selectOption('carol');
    await alice.getByText('You are carol.').waitFor();
    await see(alice, 'Item Collection Game: round 2');
    expect(await pageText(alice)).not.toContain('Your hand: alice');
    await alice.locator('#user-switch').selectOption('alice');
    await see(alice, 'Your hand: alice');
  });

  it('GIVEN the clock WHEN alice waits an hour from the page THEN the session moves on and the saved script replays it', async () => {
    await alice.locator('#wait-input').fill('1h');
    await alice.getByRole('button', { name: 'Wait' }).click();
    await lastLine(alice, 'wait 1h');
    await see(alice, 'round 2');
    const script = await (await fetch(`${web.url}script`)).text();
    expect(script).toContain('@alice /game start game:item-collection seed:42');
    expect(script).toContain('@alice modal what=note ');
    expect(script).toContain('text="I will play a \\"seven\\", honestly"');
    const again = await Harness.start();
    const out: string[] = [];
    try {
      expect(await runScript(again, script, (l) => out.push(l)), out.slice(-20).join('\n')).toBeNull();
      expect(out.join('\n')).toContain('round 2');
    } finally {
      await again.stop();
    }
  });
});
