/** Every shipped sandbox script plays to its end (its `expect` lines are the assertions). */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TUTORIALS } from '../../src/games/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { runScript } from '../../src/sandbox/script.ts';

const scripts = readdirSync('examples').filter((f) => f.endsWith('.txt'));
// Against a slow network (DISCORD_LATENCY) a script mostly waits on it: play several at once.
const play = process.env.DISCORD_LATENCY ? it.concurrent : it;

describe('sandbox examples', () => {
  it('GIVEN the examples folder THEN there are scripts to run', () => {
    expect(scripts.length).toBeGreaterThan(0);
  });

  it('GIVEN the tutorials THEN each has its example, examples/tutorial-<game>.txt', () => {
    for (const t of TUTORIALS) expect(scripts).toContain(`tutorial-${t.game}.txt`);
  });

  play.for(scripts)(
    'GIVEN examples/%s WHEN played in the sandbox with the strict Markdown check THEN every line succeeds and every message renders in Discord',
    async (file, { expect }) => {
      // Strict: a message with Markdown Discord shows raw (a table, a #### heading) is refused.
      const h = await Harness.start({ markdown: 'strict' });
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
      }
    },
  );
});
