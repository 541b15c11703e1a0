/**
 * Item Collection end to end, the table as a class follows it: computer tables paced round by
 * round with a debrief at the end, boards edited in place when only readiness changes, and
 * the help that explains the surprising rulings.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PACE_MS } from '../../src/bot/kernel/play.ts';
import type { IcgState } from '../../src/games/item-collection/index.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';
import { expectDeadline, secondsShown, timed } from './timing.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function world() {
  h = await Harness.start();
  return { h, run: scripted(h) };
}

async function state(harness: Harness): Promise<{ status: string; state: IcgState; due: number }> {
  const loaded = await harness.bot.tables.deps.store.load(harness.channel.id);
  if (loaded.kind !== 'ok') throw new Error('no session');
  const { status, state, timer } = loaded.session;
  return { status, state: state as IcgState, due: timer?.due ?? Number.NaN };
}

const boards = (harness: Harness): EmuMessage[] =>
  harness.emu
    .messages(harness.channel.id)
    .filter((m) => !m.ephemeralTo && titleOf(m)?.startsWith('Item Collection Game:') === true);

const COMPUTERS = (extra = '') => `
@alice /game start game:item-collection seed:7 facilitate:true${extra}
@alice select Honest
@alice select Opportunist
@alice select Reciprocator
@alice select Honest
@alice click Start`;

describe('GIVEN a table of four computers', () => {
  it('WHEN the facilitator starts it THEN it plays one round at a time, a pause apart, and posts the debrief at the end', async () => {
    const { h: harness, run } = await world();
    const starting = await timed(() => run(COMPUTERS()));
    const started = starting.value;
    expect(started).toContain('Reveal, round 1');
    expect(started).not.toContain('Reveal, round 2');
    const pause = secondsShown(started, /⏱ Pause before the next round ends in ([\dhms ]+)\./);
    expectDeadline(pause, PACE_MS / 1000, starting.seconds);
    let now = await state(harness);
    expect(now.status).toBe('playing');
    expect(now.state.round).toBe(2);

    // The next round comes a pause after the last (less the real seconds already gone by).
    const left = ((await state(harness)).due - harness.clock.now()) / 1000;
    expect(left).toBeGreaterThan(1);
    expect(left).toBeLessThanOrEqual(PACE_MS / 1000);
    expect(await run(`wait ${Math.floor(left) - 1}s`)).not.toContain('Reveal');
    const next = await run('wait 2s');
    expect(next).toContain('Reveal, round 2');
    expect(next).not.toContain('Reveal, round 3');

    let out = '';
    for (let i = 0; i < 20 && now.status === 'playing'; i++) {
      out += await run(`wait ${PACE_MS / 1000}s`);
      now = await state(harness);
    }
    expect(now.status).toBe('ended');
    expect(out).toContain('## Item Collection Game debrief');
    expect(out).toContain(now.state.outcome?.summary ?? '?');
  });

  it('WHEN the game is capped at one round THEN it ends inside Start and the debrief is posted all the same', async () => {
    const { h: harness, run } = await world();
    const out = await run(COMPUTERS(' rounds:1'));
    expect((await state(harness)).status).toBe('ended');
    expect(out).toContain('## Item Collection Game debrief');
  });

  it('WHEN the facilitator pauses the clock THEN the computers wait until it is resumed', async () => {
    const { h: harness, run } = await world();
    await run(COMPUTERS());
    await run('@alice /game pause');
    expect(await run('wait 1h')).toBe('> wait 1h');
    expect((await state(harness)).state.round).toBe(2);
    await run('@alice /game resume');
    expect(await run('wait 20s')).toContain('Reveal, round 2');
  });
});

describe('GIVEN four people negotiating', () => {
  it('WHEN three press Ready THEN the board is edited in place and nobody is pinged again; the next board comes when the declaring player changes', async () => {
    const { h: harness, run } = await world();
    await run(
      '@alice /game start game:item-collection seed:7\n@bob click Join\n@carol click Join\n@dave click Join\n@alice click Start',
    );
    const first = boards(harness);
    expect(first).toHaveLength(1);
    await run('@bob click Ready\n@carol click Ready\n@dave click Ready\n@alice click High (black joker)');
    expect(boards(harness)).toHaveLength(1);
    // The edited board still names who is left to act.
    expect(renderMessageText(boards(harness)[0]!)).toContain(`<@${harness.user('alice').id}> — your move.`);
    // alice's Ready ends the negotiation, and she declares first: still her move, still one board.
    await run('@alice click Ready');
    expect((await state(harness)).state.phase).toBe('declaration');
    expect(boards(harness)).toHaveLength(1);
    await run('@alice click My view\n@alice select A♠');
    const all = boards(harness);
    expect(all).toHaveLength(2);
    expect(all[1]?.pinged?.users).toEqual([harness.user('bob').id]);
  });
});

describe('GIVEN four people negotiating with promises', () => {
  it('WHEN they promise with the form (issue #29) THEN the structured promises are announced, shown, kept in the transcript and judged exactly, and words are left to the table', async () => {
    const { h: harness, run } = await world();
    await run(
      '@alice /game start game:item-collection seed:7 rounds:1\n@bob click Join\n@carol click Join\n@dave click Join\n@alice click Start',
    );
    const form = await run('@bob click Promise');
    expect(form).toContain('[only bob sees] form "A promise to the table (public)"');
    for (const question of ['What do you promise?', 'Which card', 'To whom', 'Which round'])
      expect(form).toContain(question);
    // A menu Discord requires cannot be left empty…
    await expect(run('@bob modal rank=A')).rejects.toThrow('Modal menu "what" is required');
    await run('@bob click Promise');
    const promised = await run('@bob modal what=play rank=A');
    expect(promised).toContain("🤝 bob ♥ promises: “I'll play an A”");
    expect(renderMessageText(boards(harness).at(-1)!)).toContain("🤝 Promised: “I'll play an A”");

    // Too long: refused to carol alone, and nothing is recorded.
    await run('@carol click Promise');
    const long = 'I promise '.repeat(13);
    // The form itself (like Discord's) takes no more than 120 characters…
    await expect(run(`@carol modal what=note text="${long}"`)).rejects.toThrow('allows 120 characters');
    // …and typed at the slash command it is refused kindly.
    const typed = await run(`@carol /item-collection promise text:"${long}"`);
    expect(typed).toContain('[only carol sees]');
    expect(typed).toContain('A promise is at most 120 characters and yours has 129');
    expect((await state(harness)).state.promises).toHaveLength(1);
    // A card-promise without its card is refused with what to do instead.
    await run('@carol click Promise');
    expect(await run('@carol modal what=not-play')).toContain('choose one under “Which card”');
    await run('@carol click Promise');
    await run('@carol modal what=honest');
    await run('@dave click Promise');
    await run(`@dave modal what=not-play rank=Q text="I won't play my Queen"`);
    await run('@alice click Promise');
    await run('@alice modal what=note text="A 3 from me"');
    await run('@bob click Promise');
    expect(await run('@bob modal what=honest')).toContain('You have already made your promise this round');

    // seed 7: alice starts; everyone declares an ace honestly but carol, who bluffs with a 3.
    await run(`
@alice click High (black joker)
@alice click Ready
@bob click Ready
@carol click Ready
@dave click Ready
@alice click My view
@alice select A♠
@bob click My view
@bob select A♥
@carol click My view
@carol select Claim A♦
@carol select 3♦
@dave click My view
@dave select A♣
@alice click My view`);
    const end = await run('@alice click Keep my card');
    expect(end).toContain('### Promises: 2 kept, 1 broken, 1 for the table to judge');
    expect(end).toContain("- R1 **bob** ♥: “I'll play an A” → claimed A♥, played A♥: ✅ kept");
    expect(end).toContain("- R1 **carol** ♦: “I'll claim honestly” → claimed A♦, played 3♦: ❌ broken");
    expect(end).toContain(
      "- R1 **dave** ♣: “I won't play a Q · I won't play my Queen” → claimed A♣, played A♣: ✅ kept",
    );
    expect(end).toContain('- R1 **alice** ♠: “A 3 from me” → claimed A♠, played A♠: for the table to judge');
    // Only judged promises count: alice's words give her no "kept 0/1".
    const alice = end.split('\n').find((l) => l.includes('**alice** ♠: honest claims'));
    expect(alice).toBeDefined();
    expect(alice).not.toContain('promises kept');
    expect(end).toContain('promises kept 1/1');
    await run('@alice /game export');
    const reply = harness.emu
      .visibleMessages(harness.user('alice').id, harness.channel.id)
      .filter((m) => m.ephemeralTo === harness.user('alice').id)
      .at(-1);
    const transcript = reply?.attachments[0]?.data.toString('utf8') ?? '';
    expect(transcript).toContain("🤝 bob ♥ promises: “I'll play an A”");
    expect(transcript).toContain('❌ broken');
  });
});

describe('GIVEN someone reading the rules', () => {
  it('WHEN they ask /game help game:item-collection THEN rulings R7-R9, R17 and the joker deadline are explained in a sentence each', async () => {
    const { run } = await world();
    const help = await run('@erin /game help game:item-collection');
    expect(help).toContain('[only erin sees]');
    for (const ruling of [
      'R7 Aces in straights',
      'R8 Equal cards',
      'R9 The ace in Low',
      'R17 A silent declarer',
      'R19 The joker deadline',
    ])
      expect(help).toContain(ruling);
    expect(help).toContain('K-A-2-3 is no large straight');
    expect(help).toContain('one more minute to choose High or Low');
  });
});

describe('GIVEN a table negotiating and someone not at it (issue #23 part 5)', () => {
  it('WHEN they press Promise on the board THEN they are refused at the button with the rule, no form opens and nothing is recorded', async () => {
    const { h: harness, run } = await world();
    await run(
      '@alice /game start game:item-collection seed:7\n@bob click Join\n@carol click Join\n@dave click Join\n@alice click Start',
    );
    const before = (await state(harness)).state.promises;
    const out = await run('@erin click Promise');
    expect(out).toContain('[only erin sees]');
    // In the words of the button pressed, as a seated player's refusal is, not "promise".
    expect(out).toContain('⛔ You tried: **Promise**.');
    expect(out).toContain('You do not have a seat at this table.');
    expect(out).toContain('📖 Rule:');
    expect(out).not.toContain('form "A promise to the table (public)"');
    expect((await state(harness)).state.promises).toEqual(before);
    // A button without a form reads the same: what they pressed, then why not.
    expect(await run('@erin click High (black joker)')).toContain(
      '⛔ You tried: **High (black joker)**. You do not have a seat at this table.',
    );
    // A seated player still gets the form.
    expect(await run('@bob click Promise')).toContain(
      '[only bob sees] form "A promise to the table (public)"',
    );
  });
});
