/**
 * The storytelling variant end to end: the production bot and the loopback Discord emulator,
 * every move made through the controls a player sees (the narration forms and buttons on the
 * board, the menus of My view). Human seats make the computer's choices but write their own lines.
 */
import { scriptLines } from './script-lines.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { storytelling } from '../../src/games/storytelling/index.ts';
import { PROMPTS } from '../../src/games/storytelling/present.ts';
import type { StAction, StState } from '../../src/games/storytelling/types.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import type { Session } from '../../src/storage/session.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const REFUSED = /refused by|the game has moved on|not valid for this game/;

async function sessionOf(harness: Harness): Promise<Session> {
  const r = await harness.bot.tables.deps.store.load(harness.channel.id);
  if (r.kind !== 'ok') throw new Error(`no session: ${r.kind}`);
  return r.session;
}

const publicText = (harness: Harness): string =>
  harness.emu
    .messages(harness.channel.id)
    .filter((m) => m.ephemeralTo === undefined)
    .map(renderMessageText)
    .join('\n');
const board = (harness: Harness): EmuMessage | undefined =>
  harness.emu
    .messages(harness.channel.id)
    .filter(
      (m) => m.ephemeralTo === undefined && /Storytelling — (round|setting|the end)/.test(titleOf(m) ?? ''),
    )
    .at(-1);

/** The script lines with which `name` makes `action`: a board control, or My view's. */
function linesFor(state: StState, id: string, name: string, action: StAction): string[] {
  const pub = storytelling.present(storytelling.view(state, null), { viewer: null });
  if (action.type === 'tell' && action.text !== undefined && state.stage?.kind === 'tell') {
    const label = PROMPTS[state.stage.tell].button;
    expect(pub.buttons?.some((b) => b.label === label && b.modal)).toBe(true);
    return [`@${name} click ${label}`, `@${name} modal text="${action.text}"`];
  }
  return scriptLines(storytelling, state, id, name, action);
}

/** A human's own words for a prompt, or (every third time) the bot's line by the board button. */
function humanAction(state: StState, id: string, n: number): StAction | null {
  const action = storytelling.computerAction(state, id);
  if (action?.type !== 'tell' || state.stage?.kind !== 'tell') return action;
  if (n % 3 === 2) return { type: 'tell' };
  const name = state.seats.find((s) => s.id === id)?.name ?? id;
  return { type: 'tell', text: `${name}, line ${n}: the ${state.stage.tell} in my own words.` };
}

async function playToEnd(harness: Harness, run: (s: string) => Promise<string>): Promise<StState> {
  const humans = new Map([...harness.users].map(([name, u]) => [u.id, name]));
  for (let step = 0; step < 600; step++) {
    const session = await sessionOf(harness);
    const state = session.state as StState;
    if (session.status !== 'playing') return state;
    const id = storytelling.activePlayers(state)[0] ?? '';
    const name = humans.get(id);
    if (!name) throw new Error(`a computer seat is waited on: ${id}`);
    const action = humanAction(state, id, step);
    if (!action) throw new Error(`no move for ${name}`);
    const out = await run(linesFor(state, id, name, action).join('\n'));
    expect(out, `${name} ${JSON.stringify(action)}`).not.toMatch(REFUSED);
  }
  throw new Error('the story did not end');
}

describe('GIVEN two storytellers and a computer case officer', () => {
  it('WHEN they play to the end through forms and menus THEN the board tells the story and the export is the whole story', async () => {
    h = await Harness.start({ games: [storytelling] });
    const run = scripted(h);
    const start = await run(
      [
        '@alice /game start game:storytelling seed:7',
        '@bob click Join',
        '@alice select Case officer',
        '@alice click Start',
      ].join('\n'),
    );
    expect(start).toContain('Storytelling — setting the scene');
    expect(start).toContain('@alice — your move.');
    const end = await playToEnd(h, run);
    expect(end.result).not.toBeNull();
    const story = end.story;
    // The humans' own words went through the forms; the bot's lines are marked.
    expect(story.some((l) => l.kind === 'intro' && !l.bot && l.text.startsWith('alice, line'))).toBe(true);
    expect(story.some((l) => l.by === 1 && !l.bot)).toBe(true);
    expect(story.some((l) => l.by === 2 && l.bot)).toBe(true);
    expect(end.stats.collected).toBeGreaterThan(0);
    const final = renderMessageText(board(h)!);
    expect(final).toContain('Storytelling — the end');
    expect(final).toContain(end.result?.summary);
    const all = publicText(h);
    expect(all).toContain('(written by the bot)');
    expect(all).toContain('Storytelling — debrief');
    expect(all).not.toContain('Your hand —');

    await run('@alice /game export');
    const reply = h.emu
      .visibleMessages(h.user('alice').id, h.channel.id)
      .filter((m) => m.ephemeralTo === h?.user('alice').id)
      .at(-1);
    const file = reply?.attachments.find((a) => a.filename.endsWith('-story.md'));
    const doc = file?.data.toString('utf8') ?? '';
    expect(doc).toContain('# CIA: Collect It All — a story');
    expect(doc).toContain('## Before the first round: the crises');
    expect(doc).toContain('## Round 1');
    expect(doc).toMatch(/\*\*alice\*\* introduces \*[^*]+\*:\n\nalice, line/);
    expect(doc).toContain('_(written by the bot)_');
    expect(doc).toContain('## How it ended');
    if (end.stats.operations > 0) expect(doc).toContain('Resolution card');
  });
});

describe('GIVEN a crisis to introduce', () => {
  it('WHEN the creator answers the three questions of the form THEN the introduction reads as one paragraph on the board', async () => {
    h = await Harness.start({ games: [storytelling] });
    const run = scripted(h);
    await run(
      ['@alice /game start game:storytelling seed:5', '@alice click Start', '@alice click My view'].join(
        '\n',
      ),
    );
    const state = (await sessionOf(h)).state as StState;
    const stage = state.stage;
    if (stage?.kind !== 'choose-crisis') throw new Error('expected a crisis to choose');
    const mine = storytelling.present(storytelling.view(state, state.seats[0]?.id ?? ''), {
      viewer: state.seats[0]?.id ?? '',
    });
    const keep = mine.selects?.[0]?.options[0]?.label ?? '';
    const form = await run([`@alice select ${keep}`, '@alice click Introduce the crisis'].join('\n'));
    expect(form).toContain('What is this crisis about?');
    expect(form).toContain('How did the agency first hear of it?');
    expect(form).toContain('What happens if we fail to defuse it?');
    const told = await run(
      '@alice modal text="Ships vanish from the tracking screens." text-2="A harbour pilot called us." text-3="The strait closes for months."',
    );
    expect(told).toContain(
      '📖 **alice**: Ships vanish from the tracking screens. A harbour pilot called us. The strait closes for months.',
    );
    const after = (await sessionOf(h)).state as StState;
    expect(after.story.find((l) => l.kind === 'intro')).toMatchObject({ bot: false, by: 0 });
  });
});

describe('GIVEN a storyteller alone in the lobby (ruling S18)', () => {
  it('WHEN the lobby shows one seat THEN it says solo play is much harder, and the note goes once a computer partner joins', async () => {
    h = await Harness.start({ games: [storytelling] });
    const run = scripted(h);
    const alone = await run('@alice /game start game:storytelling');
    expect(alone).toContain('Solo play is much harder');
    expect(alone).toContain('Add a computer storyteller');
    const paired = await run('@alice select Station chief');
    expect(paired).toContain('Station chief');
    expect(paired).not.toContain('Solo play is much harder');
  });
});

describe('GIVEN someone reading the rules', () => {
  it('WHEN they ask /game help game:storytelling THEN the three kinds of turn, the Resolution cards and the bot-written lines are explained', async () => {
    h = await Harness.start({ games: [storytelling] });
    const help = await scripted(h)('@erin /game help game:storytelling');
    expect(help).toContain('CIA: Collect It All — Storytelling');
    expect(help).toContain('Collect Intelligence');
    expect(help).toContain('Conduct an Operation');
    expect(help).toContain('Draw a New Hand');
    expect(help).toContain('Resolution card');
    expect(help).toContain('written by the bot');
  });
});

describe('GIVEN a storyteller who never answers', () => {
  it('WHEN the deadlines pass at a live pace THEN the bot writes the lines, marked, and the game still ends', async () => {
    h = await Harness.start({ games: [storytelling] });
    const run = scripted(h);
    await run(
      [
        '@alice /game start game:storytelling seed:silent pace:live',
        '@alice select Case officer',
        '@alice click Start',
      ].join('\n'),
    );
    let steps = 0;
    for (; steps < 80 && (await sessionOf(h)).status === 'playing'; steps++) await run('wait 10m');
    expect((await sessionOf(h)).status).toBe('ended');
    const said = publicText(h);
    expect(said).toContain('Out of time');
    expect(said).toContain('(written by the bot)');
  });
});
