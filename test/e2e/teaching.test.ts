/**
 * Teaching through the emulator (issue #18): a refused move tells the player, and only them, what
 * they tried, the rule and rulebook section that refused it, our ruling, and what to do instead.
 */
import { ButtonStyle, type TextChannel } from 'discord.js';
import { debriefMessages } from '../../src/bot/features/debrief.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.ts';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { passingGame } from '../games/review-fixture.ts';
import { scripted } from './scripted.ts';
import { appendHistory, emptyHistory } from '../../src/storage/history.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const FOUR = [
  '@alice /game start game:item-collection seed:7',
  '@bob click Join',
  '@carol click Join',
  '@dave click Join',
  '@alice click Start',
].join('\n');

describe('GIVEN an Item Collection table where alice is the starting player', () => {
  it('WHEN bob turns the joker THEN only bob reads what he tried, the rule, its section and ruling, and what to do instead', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run(FOUR);
    const out = await run('@bob click High (black joker)');
    expect(out).toContain('[only bob sees]');
    // In the words of the button he pressed, not the action's internal form "mode (mode: high)".
    expect(out).toContain('You tried: **High (black joker)**');
    expect(out).toContain('Only the starting player chooses High or Low.');
    expect(out).toContain(
      'Rule: Item Collection Game: Gameplay: The Negotiation Phase; our ruling item-collection R3',
    );
    expect(out).toContain('Instead: Only the starting player turns the joker or swaps at the end');
  });

  it('WHEN carol claims a card by slash command during the negotiation THEN the refusal cites the phase rule', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run(FOUR);
    const out = await run('@carol /item-collection claim rank:5');
    expect(out).toContain('[only carol sees]');
    expect(out).toContain('You tried: **claim (rank: 5)**');
    expect(out).toContain('📖 Rule: Item Collection Game: Gameplay');
    expect(out).toContain('➡️ Instead: Do what the board asks for in this phase');
  });
});

describe('GIVEN a ruling cited in Discord', () => {
  it("WHEN someone asks /game rules ruling:R11 at a COLLECTION table THEN they read COLLECTION's R11 from docs/rules/collection.md, to them only", async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run(
      [
        '@alice /game start game:collection seed:3',
        '@alice select Analyst',
        '@alice select Analyst',
        '@alice click Start',
      ].join('\n'),
    );
    const out = await run('@erin /game rules ruling:R11');
    expect(out).toContain('[only erin sees]');
    expect(out).toContain('collection R11: Victory.');
    expect(out).toContain('"All active scenarios" means all three');
  });

  it("WHEN a ruling is named with its game, or picked from autocomplete THEN every game's rulings can be read", async () => {
    h = await Harness.start();
    const run = scripted(h);
    const typed = await h.emu.autocomplete(h.user('erin').id, h.channel.id, 'game', {
      subcommand: 'rules',
      options: { ruling: 'kingpin r1' },
      focused: 'ruling',
    });
    expect((typed.choices ?? []).map((c) => c.value)).toContain('kingpin R1');
    const out = await run('@erin /game rules ruling:"item-collection R3"');
    expect(out).toContain('item-collection R3');
    const unknown = await run('@erin /game rules ruling:R999');
    expect(unknown).toContain('is not one of our rulings');
  });

  it('WHEN a refusal cites a ruling THEN it says how to read it in Discord, not a repository path', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run(FOUR);
    const out = await run('@bob click High (black joker)');
    expect(out).toContain('our ruling item-collection R3 (read it: /game rules ruling:item-collection R3)');
    expect(out).not.toContain('docs/rules');
  });
});

describe('GIVEN the glossary', () => {
  it('WHEN someone types a term THEN autocomplete offers it and /game glossary explains it, with its source, to them only', async () => {
    h = await Harness.start();
    const run = scripted(h);
    const typed = await h.emu.autocomplete(h.user('erin').id, h.channel.id, 'game', {
      subcommand: 'glossary',
      options: { term: 'sig' },
      focused: 'term',
    });
    expect((typed.choices ?? []).map((c) => c.value)).toContain('sigint');
    const out = await run('@erin /game glossary term:sigint');
    expect(out).toContain('[only erin sees]');
    expect(out).toContain('**SIGINT** — Signals intelligence');
    expect(out).toContain('Source:* ODNI');
    const unknown = await run('@erin /game glossary term:spycraftz');
    expect(unknown).toContain('is not in the glossary');
  });

  it('WHEN a Collection Deck player opens My view THEN it names the tradecraft terms the hand uses', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run(
      ['@alice /game start game:collection-deck seed:3', '@bob click Join', '@alice click Start'].join('\n'),
    );
    const out = await run('@alice click My view');
    expect(out).toContain('[only alice sees]');
    expect(out).toMatch(/📚 Glossary: .*(HUMINT|SIGINT|GEOINT|MASINT|OSINT)/);
  });
});

const cd = () => {
  const engine = GAMES.find((g) => g.id === 'collection-deck');
  if (!engine) throw new Error('collection-deck missing');
  return engine;
};

/** alice and bob play Collection Deck seed r1 as the fixture plays it; stored as finished. */
async function finishedGame(h: Harness, run: (script: string) => Promise<string>): Promise<string> {
  await run(
    ['@alice /game start game:collection-deck seed:r1', '@bob click Join', '@alice click Start'].join('\n'),
  );
  const store = h.bot.tables.deps.store;
  const loaded = await store.load(h.channel.id);
  if (loaded.kind !== 'ok') throw new Error('no session');
  const game = passingGame(cd(), 'r1', 3, loaded.session.seats);
  const history = appendHistory(
    emptyHistory(),
    game.history.map(({ seq: _seq, ...e }) => ({ ...e, at: 0, announce: [] })),
  );
  await store.save(
    { ...loaded.session, status: 'ended', state: game.final, history },
    loaded.session.version,
  );
  return loaded.session.id;
}

describe('GIVEN a finished Collection Deck game where alice passed three times (seed r1)', () => {
  it('WHEN alice asks for /game review THEN she alone reads the decisive moment, page by page; an onlooker is refused', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await finishedGame(h, run);
    const store = h.bot.tables.deps.store;
    const engine = cd();

    const out = await run('@alice /game review');
    expect(out).toContain('[only alice sees]');
    expect(out).toContain('Review of Collection Deck');
    expect(out).toContain('Moments that decided the game');
    expect(out).toContain('1. **Move 11, alice**: pass');
    expect(out).toContain('select-crisis (crisis: Submarines in the North Atlantic)');
    expect(out).toContain('**Decisive.** Played on by the computers: with that move, alice wins');
    expect(out).toMatch(/Page 1 of \d+ — turn with ◀ ▶, or `\/game review page:N`/);
    const second = await run('@bob /game review page:2');
    expect(second).toContain('[only bob sees]');
    expect(second).toContain('Could see:');
    expect(second).toMatch(/Page 2 of \d+/);
    expect(await run('@erin /game review')).toContain('Only the players and the host');

    // The facilitator's debrief ends with the same decisive moments.
    const ended = await store.load(h.channel.id);
    if (ended.kind !== 'ok') throw new Error('no session');
    const before = h.emu.messages(h.channel.id).length;
    const channel = await h.bot.tables.channel(h.channel.id);
    for (const part of await debriefMessages(h.bot.tables, engine, { ...ended.session, facilitator: true }))
      await channel.send(part);
    const posted = h.emu
      .messages(h.channel.id)
      .slice(before)
      .map((m) => renderMessageText(m))
      .join('\n');
    expect(posted).toContain('Moments that decided the game');
    expect(posted).toContain('Move 11, alice');
  });
});

describe('GIVEN alice reading page 1 of the review of a finished game', () => {
  /** The review message alice sees, by id (ephemeral: only she has it). */
  const reviewOf = (h: Harness, id: string) => {
    const m = h.emu.visibleMessages(h.user('alice').id, h.channel.id).find((x) => x.id === id);
    if (!m) throw new Error('the review message is gone');
    return renderMessageText(m);
  };
  const pageOf = (text: string) => Number(/Page (\d+) of \d+/.exec(text)?.[1]);

  async function reading() {
    h = await Harness.start();
    const run = scripted(h);
    const sid = await finishedGame(h, run);
    const first = await run('@alice /game review');
    const message = h.emu.visibleMessages(h.user('alice').id, h.channel.id).at(-1);
    if (!message?.ephemeralTo) throw new Error('no private review');
    expect(first).toContain('[◀ Previous] (disabled) [Next ▶]');
    return { h, run, sid, id: message.id };
  }

  /** A bot message in the channel carrying a review button with this custom_id (as a forged client could click). */
  async function forgedButton(harness: Harness, customId: string): Promise<string> {
    const channel = (await harness.bot.client.channels.fetch(harness.channel.id)) as TextChannel;
    const sent = await channel.send({
      content: 'a review button',
      components: [
        {
          type: 1,
          components: [{ type: 2, style: ButtonStyle.Secondary, label: 'Next ▶', custom_id: customId }],
        },
      ],
    });
    return sent.id;
  }

  it('WHEN she clicks Next ▶, Next ▶, then ◀ Previous THEN the same private message shows pages 2, 3, then 2', async () => {
    const { h, run, id } = await reading();
    const count = () => h.emu.messages(h.channel.id).length;
    const before = count();
    const next = await run('@alice click Next ▶');
    expect(next).toContain('[only alice sees] (edited)');
    expect(pageOf(reviewOf(h, id))).toBe(2);
    expect(next).toContain('[◀ Previous] [Next ▶]');
    await run('@alice click Next ▶');
    expect(pageOf(reviewOf(h, id))).toBe(3);
    const back = await run('@alice click ◀ Previous');
    expect(back).toContain('[only alice sees] (edited)');
    expect(pageOf(reviewOf(h, id))).toBe(2);
    expect(reviewOf(h, id)).toContain('Could see:');
    // Edited in place: no new message, and nothing public.
    expect(count()).toBe(before);
    expect(
      h.emu.messages(h.channel.id).filter((m) => !m.ephemeralTo && /Review of/.test(renderMessageText(m))),
    ).toEqual([]);
  });

  it('WHEN she pages to the end THEN Next ▶ is disabled on the last page', async () => {
    const { h, run, id } = await reading();
    const pages = Number(/Page 1 of (\d+)/.exec(reviewOf(h, id))?.[1]);
    expect(pages).toBeGreaterThan(2);
    const last = await run(`@alice /game review page:${pages + 5}`);
    expect(last).toContain(`Page ${pages} of ${pages}`);
    expect(last).toContain('[◀ Previous] [Next ▶] (disabled)');
  });

  it('WHEN a stranger clicks a review button, or a tampered one arrives THEN each is refused privately and her page stays', async () => {
    const { h, sid, id } = await reading();
    const stranger = await forgedButton(h, `r|${sid}|2`);
    await h.emu.click(h.user('erin').id, stranger, `r|${sid}|2`);
    await h.settle();
    const erinSees = h.emu.visibleMessages(h.user('erin').id, h.channel.id).at(-1);
    expect(erinSees?.ephemeralTo).toBe(h.user('erin').id);
    expect(renderMessageText(erinSees!)).toContain(
      'Only the players and the host of this game can review it.',
    );

    for (const bad of [`r|${sid}|0`, `r|${sid}|2x`, `r|${sid}|1000`, `r|${sid}`]) {
      const tampered = await forgedButton(h, bad);
      await h.emu.click(h.user('alice').id, tampered, bad);
      await h.settle();
      const said = h.emu.visibleMessages(h.user('alice').id, h.channel.id).at(-1);
      expect(said?.ephemeralTo).toBe(h.user('alice').id);
      expect(renderMessageText(said!)).toContain('not one of mine');
    }
    expect(pageOf(reviewOf(h, id))).toBe(1);
  });

  it('WHEN a new game replaces the finished one THEN her old Next ▶ says so and the page stays', async () => {
    const { h, run, id } = await reading();
    await run(
      ['@carol /game start game:collection-deck seed:r2', '@dave click Join', '@carol click Start'].join(
        '\n',
      ),
    );
    const out = await run('@alice click Next ▶');
    expect(out).toContain('[only alice sees]');
    expect(out).toContain('belongs to an earlier game');
    expect(pageOf(reviewOf(h, id))).toBe(1);
  });
});
