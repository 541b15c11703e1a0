/**
 * Teaching through the emulator (issue #18): a refused move tells the player, and only them, what
 * they tried, the rule and rulebook section that refused it, our ruling, and what to do instead.
 */
import { postDebrief } from '../../src/bot/board-message.ts';
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
    expect(out).toContain('You tried: **mode (mode: high)**');
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

describe('GIVEN a finished Collection Deck game where alice passed three times (seed r1)', () => {
  it('WHEN alice asks for /game review THEN she alone reads the decisive moment, page by page; an onlooker is refused', async () => {
    h = await Harness.start();
    const run = scripted(h);
    await run(
      ['@alice /game start game:collection-deck seed:r1', '@bob click Join', '@alice click Start'].join('\n'),
    );
    // The game is played out as the fixture plays it, then stored as finished.
    const store = h.bot.tables.deps.store;
    const loaded = await store.load(h.channel.id);
    if (loaded.kind !== 'ok') throw new Error('no session');
    const engine = GAMES.find((g) => g.id === 'collection-deck');
    if (!engine) throw new Error('collection-deck missing');
    const game = passingGame(engine, 'r1', 3, loaded.session.seats);
    const history = appendHistory(
      emptyHistory(),
      game.history.map(({ seq: _seq, ...e }) => ({ ...e, at: 0, announce: [] })),
    );
    await store.save(
      { ...loaded.session, status: 'ended', state: game.final, history },
      loaded.session.version,
    );

    const out = await run('@alice /game review');
    expect(out).toContain('[only alice sees]');
    expect(out).toContain('Review of Collection Deck');
    expect(out).toContain('Moments that decided the game');
    expect(out).toContain('1. **Move 11, alice**: pass');
    expect(out).toContain('select-crisis (crisis: Submarines in the North Atlantic)');
    expect(out).toMatch(/Page 1 of \d+ — `\/game review page:2`/);
    const second = await run('@bob /game review page:2');
    expect(second).toContain('[only bob sees]');
    expect(second).toContain('Could see:');
    expect(await run('@erin /game review')).toContain('Only the players and the host');

    // The facilitator's debrief ends with the same decisive moments.
    const ended = await store.load(h.channel.id);
    if (ended.kind !== 'ok') throw new Error('no session');
    const before = h.emu.messages(h.channel.id).length;
    await postDebrief(h.bot.tables, engine, { ...ended.session, facilitator: true });
    const posted = h.emu
      .messages(h.channel.id)
      .slice(before)
      .map((m) => renderMessageText(m))
      .join('\n');
    expect(posted).toContain('Moments that decided the game');
    expect(posted).toContain('Move 11, alice');
  });
});
