/** Every shipped sandbox script plays to its end (its `expect` lines are the assertions). */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES, TUTORIALS } from '../../src/games/index.ts';
import { tutorialId } from '../../src/games/tutorial/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { runScript } from '../../src/sandbox/script.ts';

const scripts = readdirSync('examples').filter((f) => f.endsWith('.txt'));
// Against a slow network (DISCORD_LATENCY) a script mostly waits on it: play several at once.
const play = process.env.DISCORD_LATENCY ? it.concurrent : it;

describe('sandbox examples', () => {
  it('GIVEN the examples folder THEN there are scripts to run', () => {
    expect(scripts.length).toBeGreaterThan(0);
  });

  it('GIVEN the tutorials THEN each has its example, examples/tutorial-<game>[-<side>].txt', () => {
    for (const t of TUTORIALS) expect(scripts).toContain(`tutorial-${tutorialId(t).replace(':', '-')}.txt`);
  });

  it('GIVEN the games THEN each has an example played over days, examples/async-<game>.txt, with a restart and an outage', () => {
    for (const game of GAMES) {
      const script = readFileSync(`examples/async-${game.id}.txt`, 'utf8');
      expect(script).toContain('pace:daily');
      expect(script).toMatch(/^restart$/m);
      expect(script).toMatch(/^down \d+[hd]$/m);
    }
  });

  it('GIVEN the games THEN each has a study session example, examples/session-<game>.txt: three tables, one of computers only, paused and resumed, ending with the combined debrief', () => {
    for (const game of GAMES) {
      const script = readFileSync(`examples/session-${game.id}.txt`, 'utf8');
      expect(script).toMatch(new RegExp(`^@alice /game session game:${game.id} tables:3 .*fill:`, 'm'));
      expect(script).toMatch(/^@alice click Pause every clock\nexpect .*play and clock paused/m);
      expect(script).toContain('expect Play is paused');
      expect(script).toMatch(/^@alice click Resume every clock$/m);
      expect(script).toContain('expect Study session debrief: 3 tables of');
    }
  });

  play.for(scripts)(
    'GIVEN examples/%s WHEN played in the sandbox with the strict Markdown check THEN every line succeeds and every message renders in Discord',
    async (file, { expect }) => {
      // A store on disk, as the sandbox has, so a script's `restart` and `down` keep its games.
      // Strict: a message with Markdown Discord shows raw (a table, a #### heading) is refused.
      const dir = mkdtempSync(join(tmpdir(), 'example-'));
      const h = await Harness.start({
        storeUrl: `sqlite://${join(dir, 'sandbox.sqlite')}`,
        markdown: 'strict',
      });
      const out: string[] = [];
      try {
        const failure = await runScript(h, readFileSync(`examples/${file}`, 'utf8'), (l) => out.push(l));
        expect(failure, out.slice(-30).join('\n')).toBeNull();
        expect(out.join('\n')).not.toContain('!! Discord refused');
        expect(out.join('\n')).not.toContain('Discord shows raw text');
        // A tutorial's example plays it to the end of the game, not just to its last line.
        if (file.startsWith('tutorial-')) expect(out.join('\n')).toContain('🎓 Tutorial complete.');
      } finally {
        await h.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
