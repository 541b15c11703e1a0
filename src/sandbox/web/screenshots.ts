/**
 * `npm run web:pictures [-- DIR]`: a picture of each game's board as the web sandbox shows it,
 * written to DIR (default docs/pictures) as web-<game>.png. Each game is played from its example
 * script up to a board worth showing, in a fresh sandbox, then one player's page is opened in
 * Debian's Chromium and the newest board is brought into view.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Harness } from '../harness.ts';
import { launchChromium, noBrowser } from './browser.ts';
import { startWeb } from './index.ts';

export interface Shot {
  /** The picture's name: web-<name>.png. */
  name: string;
  /** The example played, and the text of the line it is played up to (included). */
  script: string;
  until: string;
  /** Whose page is photographed, and which channel (by name) it shows. */
  user: string;
  channel?: string;
  /** Text the board shows, to know the page has drawn it. */
  board: string;
  /** The public board (default) or the user's newest private view ("Only you can see this"). */
  private?: boolean;
  /** Show the board's top (its picture) rather than its bottom (its controls). */
  top?: boolean;
  /** A button the user then presses on the page, to show the form it opens. */
  press?: string;
}

export const SHOTS: Shot[] = [
  {
    name: 'item-collection',
    script: 'examples/item-collection-full.txt',
    until: '@bob click My view',
    user: 'carol',
    board: 'Item Collection Game: round 1',
  },
  {
    name: 'item-collection-private',
    script: 'examples/item-collection-full.txt',
    until: '@bob click My view',
    user: 'bob',
    board: 'Your hand: bob',
    private: true,
  },
  {
    name: 'collection',
    script: 'examples/collection.txt',
    until: '@alice click Engage',
    user: 'alice',
    board: 'COLLECTION',
  },
  {
    name: 'collection-deck',
    script: 'examples/collection-deck-cia.txt',
    until: '@alice click Commit the strategy',
    user: 'bob',
    board: 'CIA Collection Deck — round 1',
    top: true,
  },
  {
    name: 'kingpin',
    script: 'examples/kingpin.txt',
    until: '@bob click End the Cartel turn',
    user: 'alice',
    board: 'Kingpin — turn',
    top: true,
  },
  {
    name: 'storytelling',
    script: 'examples/storytelling.txt',
    until:
      '@alice modal text="The new reporting on Ministry Emails Hacked and Leaked names a go-between we had never heard of."',
    user: 'alice',
    board: 'Storytelling',
  },
  {
    name: 'storytelling-form',
    script: 'examples/storytelling.txt',
    until:
      '@alice modal text="The new reporting on Ministry Emails Hacked and Leaked names a go-between we had never heard of."',
    user: 'alice',
    board: 'Storytelling',
    press: 'Describe the escalation',
  },
];

/** The script's lines up to and including the first that is `until`. */
export function linesUntil(script: string, until: string): string[] {
  const lines = readFileSync(script, 'utf8').split('\n');
  const end = lines.findIndex((l) => l.trim() === until);
  if (end < 0) throw new Error(`${script} has no line "${until}".`);
  return lines.slice(0, end + 1);
}

/** Plays each shot's game and writes its picture to `dir`; returns the files written. */
export async function takeShots(dir: string, shots: readonly Shot[] = SHOTS): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const chromium = await launchChromium();
  const files: string[] = [];
  try {
    for (const shot of shots) {
      const h = await Harness.start();
      const web = await startWeb(h);
      try {
        for (const line of linesUntil(shot.script, shot.until)) await web.session.line(line);
        const page = await chromium.browser.newPage();
        await page.setViewportSize({ width: 1280, height: 1100 });
        await page.goto(`${web.url}?user=${shot.user}`);
        if (shot.channel) await page.locator('.channel button', { hasText: shot.channel }).click();
        const boards = page
          .locator(shot.private ? '.message.ephemeral' : '.message:not(.ephemeral)', {
            has: page.locator('.gallery'),
          })
          .filter({ hasText: shot.board });
        const board = boards.last();
        await board.waitFor({ timeout: 60_000 });
        // Wait for the pictures, then show the board's bottom (its controls) at the bottom of the page.
        await board
          .locator('img')
          .evaluateAll((imgs) =>
            Promise.all(
              (imgs as { decode(): Promise<void> }[]).map((i) => i.decode().catch(() => undefined)),
            ),
          );
        const block = shot.top ? 'start' : 'end';
        await board.evaluate(
          (el: { scrollIntoView(o: unknown): void }, b) => el.scrollIntoView({ block: b }),
          block,
        );
        if (shot.press) {
          await board.locator('button.btn', { hasText: shot.press }).click();
          await page.getByRole('dialog').waitFor({ timeout: 60_000 });
        }
        const file = join(dir, `web-${shot.name}.png`);
        await page.screenshot({ path: file });
        await page.close();
        files.push(file);
      } finally {
        await web.stop();
        await h.stop();
      }
    }
  } finally {
    await chromium.close();
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const missing = noBrowser();
  if (missing) {
    console.error(`Cannot take the pictures: ${missing}.`);
    process.exit(1);
  }
  const files = await takeShots(process.argv[2] ?? join('docs', 'pictures'));
  for (const f of files) console.log(`wrote ${f}`);
  process.exit(0);
}
