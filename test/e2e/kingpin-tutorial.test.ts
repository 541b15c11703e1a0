/**
 * The Kingpin tutorials through the emulator (issue #28, ruling R39): a newcomer who does exactly
 * what each Hint says, one control at a time (asking again after each click, as a newcomer
 * does between picking a Defense and its Location), wins, on either side.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KpState } from '../../src/games/kingpin/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import type { Session } from '../../src/storage/session.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function sessionOf(hh: Harness): Promise<Session> {
  const r = await hh.bot.tables.deps.store.load(hh.channel.id);
  if (r.kind !== 'ok') throw new Error(`no session: ${r.kind}`);
  return r.session;
}

/** The script line that does the first thing a hint says: the control it names first. */
function lineFor(hintText: string): string {
  const said = /💡 \*\*Hint:\*\* (.*)/.exec(hintText)?.[1] ?? '';
  const first = said.split(', then ')[0] ?? '';
  const press = /^press \*\*(.+?)\*\*/.exec(first);
  const choose = /^choose \*\*(.+?)\*\* from the menu/.exec(first);
  if (press) return `@alice click ${press[1]}`;
  if (choose) return `@alice select ${choose[1]}`;
  throw new Error(`A hint that names no control: ${said}`);
}

/** Plays the tutorial `command` opens, doing what every hint says; the end and the lines played. */
async function followEveryHint(command: string): Promise<{ end: Session; lines: string[] }> {
  h = await Harness.start();
  const hh = h;
  const run = scripted(hh);
  await run(`@alice ${command}`);
  const lines: string[] = [];
  for (let n = 0; n < 300; n++) {
    const session = await sessionOf(hh);
    if (session.status !== 'playing') break;
    await run('@alice click My view');
    const said = await run('@alice click Hint');
    expect(said, 'a hint while the newcomer is due').not.toContain('nothing for you to do');
    const line = lineFor(said);
    lines.push(`T${(session.state as KpState).turn} ${line}`);
    const out = await run(line);
    expect(out, said).not.toMatch(/refused|not valid|It is not your/);
  }
  return { end: await sessionOf(hh), lines };
}

describe('GIVEN a newcomer in a Kingpin tutorial who does what every Hint says', () => {
  it(
    'WHEN they play the Cartel THEN Chapo is still free after 8 turns and they win',
    { timeout: 300_000 },
    async () => {
      const { end, lines } = await followEveryHint('/game tutorial game:kingpin side:cartel');
      const s = end.state as KpState;
      expect(s.phase, lines.join('\n')).toBe('over');
      expect(s.result?.summary, lines.join('\n')).toMatch(/^The Cartel \(alice\) wins/);
    },
  );

  it('WHEN they play the Hunters THEN they capture El Chapo and win', { timeout: 300_000 }, async () => {
    const { end, lines } = await followEveryHint('/game tutorial game:kingpin side:hunters');
    const s = end.state as KpState;
    expect(s.phase, lines.join('\n')).toBe('over');
    expect(s.result?.summary, lines.join('\n')).toMatch(/^The Hunters \(alice\) capture El Chapo/);
    if (process.env['KP_LINES']) console.log(lines.join('\n'));
  });
});

describe('GIVEN /game tutorial with and without a side', () => {
  it('WHEN no side is named THEN the Cartel’s is dealt; WHEN a game has no tutorial for the side THEN it is refused privately, naming what there is', async () => {
    h = await Harness.start();
    const run = scripted(h);
    const dealt = await run('@alice /game tutorial game:kingpin');
    expect(dealt).toContain('Tutorial, step 1 of 5: Hide El Chapo');
    expect((await sessionOf(h)).tutorial).toBe('kingpin:cartel');
    const refused = await run('@bob /game tutorial game:item-collection side:hunters thread:true');
    expect(refused).toContain('[only bob sees]');
    expect(refused).toContain('Item Collection Game has one tutorial, for every side: leave `side` out.');
  });
});
