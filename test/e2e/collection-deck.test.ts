/**
 * Collection Deck / CIA: Collect It All end to end: the production bot and the loopback Discord
 * emulator, every move made through the controls a player sees (board buttons, My view menus,
 * the justification form) or a slash command. Human seats play the Analyst's choices, mapped to
 * the control that carries each action, as a person clicking through the panels would.
 */
import { scriptLines } from './script-lines.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { CdAction, CdState } from '../../src/games/collection-deck/index.ts';
import { collectionDeck } from '../../src/games/collection-deck/index.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { allComponents, renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { PNG } from 'pngjs';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';
import type { Session } from '../../src/storage/session.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const JUSTIFICATION = 'A trusted source already close to the target would report what it sees every week.';

/** Replies that mean a click was refused. */
const REFUSED =
  /It is not your (turn|move)|the game has moved on|You cannot play a card right now|not valid for this game/;

interface World {
  h: Harness;
  run: (script: string) => Promise<string>;
  /** user id → cast name */
  humans: Map<string, string>;
  /** Reality-check texts that were in someone's hand at some point (never public). */
  /** The text of each reality check seen only in a hand, with its name. */
  secrets: Map<string, string>;
}

async function world(): Promise<World> {
  h = await Harness.start({ games: [collectionDeck] });
  const run = scripted(h);
  const humans = new Map([...h.users].map(([name, u]) => [u.id, name]));
  return { h, run, humans, secrets: new Map() };
}

async function sessionOf(h: Harness): Promise<Session> {
  const r = await h.bot.tables.deps.store.load(h.channel.id);
  if (r.kind !== 'ok') throw new Error(`no session: ${r.kind}`);
  return r.session;
}
const stateOf = async (h: Harness): Promise<CdState> => (await sessionOf(h)).state as CdState;

const text = (m: EmuMessage): string => renderMessageText(m);
const publicMessages = (h: Harness): EmuMessage[] =>
  h.emu.messages(h.channel.id).filter((m) => m.ephemeralTo === undefined);
const board = (h: Harness): EmuMessage | undefined =>
  publicMessages(h)
    .filter((m) => /Collection Deck — round|Collect It All — round/.test(titleOf(m) ?? ''))
    .at(-1);

/** The script lines with which `name` makes `action` (a justification goes into its form). */
const linesFor = (state: CdState, id: string, name: string, action: CdAction): string[] =>
  scriptLines(collectionDeck, state, id, name, action);

interface HumanMove {
  id: string;
  name: string;
  action: CdAction;
}

/** The next move of a human seat: the Analyst's choice, with a real justification. */
function nextHumanMove(state: CdState, humans: Map<string, string>): HumanMove | null {
  for (const id of collectionDeck.activePlayers(state)) {
    const name = humans.get(id);
    if (!name) continue;
    const action = collectionDeck.computerAction(state, id);
    if (!action) continue;
    return {
      id,
      name,
      action: action.type === 'justify' ? { type: 'justify', text: JUSTIFICATION } : action,
    };
  }
  return null;
}

/** The public board never shows a card that is only in a hand; hands are only ever ephemeral. */
function checkNoHandLeak(w: World, state: CdState): void {
  const publicView = JSON.stringify(collectionDeck.view(state, null));
  const boardText = text(board(w.h)!);
  for (const seat of state.seats) {
    for (const card of collectionDeck.view(state, seat.id).me?.hand ?? []) {
      if (card.kind === 'reality') w.secrets.set(card.detail, card.name);
      if (!publicView.includes(card.name)) expect(boardText, seat.name).not.toContain(card.name);
    }
  }
  // A reality check played on the table is public from then on (its text shown where it struck).
  for (const [detail, name] of w.secrets) if (publicView.includes(name)) w.secrets.delete(detail);
}

function checkSecretsNeverPublic(w: World): void {
  const all = publicMessages(w.h).map(text).join('\n');
  expect(all).not.toContain('Your hand —');
  for (const secret of w.secrets.keys()) expect(all).not.toContain(secret);
  expect(w.secrets.size).toBeGreaterThan(0);
}

/** Plays human moves until `stop` says so or the game is over; returns the last state. */
async function playUntil(w: World, stop: (s: CdState) => boolean = () => false): Promise<CdState> {
  for (let step = 0; step < 1500; step++) {
    const session = await sessionOf(w.h);
    const state = session.state as CdState;
    checkNoHandLeak(w, state);
    if (session.status !== 'playing' || stop(state)) return state;
    const move = nextHumanMove(state, w.humans);
    if (!move) throw new Error(`nobody human to act: ${JSON.stringify(collectionDeck.activePlayers(state))}`);
    const out = await w.run(linesFor(state, move.id, move.name, move.action).join('\n'));
    expect(out).not.toContain('!! Discord refused');
    expect(out, `${move.name} ${JSON.stringify(move.action)}`).not.toMatch(REFUSED);
  }
  throw new Error('the game did not end');
}

describe('GIVEN a Collection Deck lobby', () => {
  it('WHEN the host opens Add a computer player THEN it offers Trainee, Analyst and Director, and each takes a seat at its level', async () => {
    const w = await world();
    const out = await w.run(
      [
        '@alice /game start game:collection-deck seed:3',
        '@alice select Director',
        '@alice select Trainee',
        '@alice select Analyst',
      ].join('\n'),
    );
    expect(out).toMatch(/Add a computer player…: Analyst \| Director \| Trainee/);
    const seats = (await sessionOf(w.h)).seats;
    expect(seats.map((s) => s.computer ?? 'person')).toEqual(['person', 'director', 'trainee', 'analyst']);
    expect(out).toContain('🤖 Director #1');
    expect(out).toContain('🤖 Trainee #2');
  });
});

describe('GIVEN a whole seeded game through the emulator', () => {
  it('WHEN two people and a computer Analyst play the CIA edition to the round cap THEN it ends with the ranking, and no hand card is ever public', async () => {
    const w = await world();
    const start = await w.run(
      [
        '@alice /game start game:collection-deck seed:11 rounds:2',
        '@bob click Join',
        '@alice select Analyst',
        '@alice click Start',
      ].join('\n'),
    );
    expect(start).toContain('CIA Collection Deck — round 1');
    expect(start).toContain('@alice — your move.');
    const end = await playUntil(w);
    expect(end.phase).toBe('over');
    expect(end.round).toBe(2);
    expect(end.stats.strategies).toBeGreaterThan(0);
    const top = Math.max(...end.seats.map((s) => s.score));
    const leaders = end.seats.filter((s) => s.score === top).map((s) => s.id);
    expect(end.result?.winners.every((id) => leaders.includes(id))).toBe(true);
    const final = text(board(w.h)!);
    expect(final).toContain('game over');
    expect(final).toContain('Final ranking');
    expect(final).toContain(end.result?.summary);
    expect(publicMessages(w.h).map(text).join('\n')).toContain('Collection Deck — debrief');
    expect((await sessionOf(w.h)).status).toBe('ended');
    checkSecretsNeverPublic(w);
  });

  it("WHEN a game ends THEN its debrief message carries the score-progression chart, whose alt text states each player's points per round", async () => {
    const w = await world();
    await w.run(
      [
        '@alice /game start game:collection-deck seed:11 rounds:2',
        '@bob click Join',
        '@alice select Analyst',
        '@alice click Start',
      ].join('\n'),
    );
    const end = await playUntil(w);
    const debrief = publicMessages(w.h).find((m) => text(m).includes('Collection Deck — debrief'));
    expect(debrief?.attachments.map((a) => a.filename)).toEqual(['chart.png']);
    const gallery = [...allComponents(debrief?.components ?? [])].find((c) => c.type === 12);
    const item = (gallery?.items as { media: { url: string }; description: string }[])[0];
    expect(item?.media.url).toBe('attachment://chart.png');
    expect(debrief?.attachments[0]?.description).toBe(item?.description);
    // The alt text says what the chart shows: every player's points at the end of each round.
    const alt = item?.description ?? '';
    expect(alt).toMatch(/score progression: a line chart over 2 rounds/);
    for (const seat of end.seats) expect(alt).toContain(`R2 ${seat.score}`);
    expect(PNG.sync.read(debrief!.attachments[0]!.data).width).toBe(960);
  });

  it('WHEN three people play Collect It All without computers THEN disruption goes round from the left and the game ends at the cap', async () => {
    const w = await world();
    await w.run(
      [
        '@alice /game start game:collection-deck edition:collect-it-all seed:4 rounds:2',
        '@bob click Join',
        '@carol click Join',
        '@alice click Start',
      ].join('\n'),
    );
    const seen: string[] = [];
    const end = await playUntil(w, (s) => {
      // Collect It All: one opponent at a time may disrupt, starting from the active player's left.
      if (s.turn.stage === 'disrupt') {
        const active = collectionDeck.activePlayers(s);
        expect(active).toHaveLength(1);
        seen.push(`${s.turn.seat}>${s.seats.findIndex((x) => x.id === active[0])}`);
      }
      return false;
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((x) => x === '0>1' || x === '1>2' || x === '2>0')).toBe(true);
    expect(end.phase).toBe('over');
    expect(text(board(w.h)!)).toContain('Final ranking');
    expect(publicMessages(w.h).map(text).join('\n')).toContain('CIA: Collect It All — debrief');
    checkSecretsNeverPublic(w);
  });
});

describe('GIVEN an asynchronous table (window:3600)', () => {
  it('WHEN nobody disrupts for an hour THEN the window times out and the turn resolves', async () => {
    const w = await world();
    await w.run(
      '@alice /game start game:collection-deck seed:5 window:3600\n@bob click Join\n@alice click Start',
    );
    const before = w.h.clock.now();
    const open = await playUntil(w, (s) => s.turn.stage === 'disrupt');
    expect(open.turn.stage).toBe('disrupt');
    const turns = open.stats.turns;
    const waiting = collectionDeck.activePlayers(open).map((id) => w.humans.get(id));
    // The window closes an hour after the move that opened it, made while playUntil ran.
    const shown = Number(/⏱ Disruption window ends <t:(\d+):R>\./.exec(text(board(w.h)!))?.[1]);
    expect(shown).toBeGreaterThanOrEqual(Math.floor((before + 3600_000) / 1000));
    expect(shown).toBeLessThanOrEqual(Math.ceil((w.h.clock.now() + 3600_000) / 1000));
    expect(text(board(w.h)!)).toContain('Let it through');
    expect(await w.run('wait 59m')).not.toContain('Time is up');
    const reminder = await w.run('wait 45s');
    expect(reminder).toContain('⏱ Disruption window ends in');
    expect(reminder).toContain(waiting.map((n) => `@${n}`).join(' '));
    expect((await stateOf(w.h)).turn.stage).toBe('disrupt');
    const out = await w.run('wait 15s');
    expect(out).toContain('⏱ Time is up: Disruption window.');
    expect(out).toContain('The disruption window closes.');
    expect(out).toMatch(/defuses|fails/);
    const after = await stateOf(w.h);
    expect(after.stats.turns).toBe(turns + 1);
    expect(after.turn.stage).toBe('build');
  });
});

describe('GIVEN a Manager Challenge', () => {
  const hasChallengePlay = (w: World) => (s: CdState) =>
    s.turn.stage === 'disrupt' &&
    collectionDeck
      .activePlayers(s)
      .some((id) =>
        collectionDeck
          .view(s, id)
          .me?.moves.some(
            (m) =>
              m.action.type === 'play' &&
              m.label.startsWith('Collection Manager Challenge') &&
              w.humans.has(id),
          ),
      );

  it('WHEN the challenged player justifies through the form and the vote ties THEN the technique stays (a tie favours the player)', async () => {
    const w = await world();
    await w.run(
      '@alice /game start game:collection-deck seed:2 rounds:3\n@bob click Join\n@carol click Join\n@alice click Start',
    );
    const s = await playUntil(w, hasChallengePlay(w));
    expect(s.phase).toBe('play');
    const challenger = collectionDeck
      .activePlayers(s)
      .find((id) =>
        collectionDeck.view(s, id).me?.moves.some((m) => m.label.startsWith('Collection Manager Challenge')),
      )!;
    const play = collectionDeck
      .view(s, challenger)
      .me!.moves.find((m) => m.label.startsWith('Collection Manager Challenge'))!;
    const lines = linesFor(s, challenger, w.humans.get(challenger)!, play.action);
    expect(lines.at(-1)).toMatch(/select Collection Manager Challenge → /);
    const played = await w.run(lines.join('\n'));
    expect(played).toContain('Collection Manager Challenge');
    expect(played).toContain('must explain how');

    const c = await stateOf(w.h);
    expect(c.turn.stage).toBe('challenge');
    const active = c.seats[c.turn.seat]!;
    const player = w.humans.get(active.id)!;
    const technique = c.turn.challenges[0]!.technique;
    const name = collectionDeck
      .view(c, null)
      .field.flatMap((f) => f.techniques)
      .find((t) => t.id === technique)!.name;
    const form = await w.run(`@${player} click My view\n@${player} click Justify ${name}`);
    expect(form).toContain('form "Justify your technique": How would it really work here?');
    const justified = await w.run(`@${player} modal text="${JUSTIFICATION}"`);
    expect(justified).toContain(`justifies ${name}: “${JUSTIFICATION}”`);
    expect(justified).toContain('[Feasible] [Not feasible]');
    const [first, second] = c.seats.filter((x) => x.id !== active.id).map((x) => w.humans.get(x.id)!);
    expect(await w.run(`@${player} click Feasible`)).toContain('does not vote');
    expect(await w.run(`@${first} click Feasible`)).toContain('votes 1/2');
    expect(await w.run(`@${first} click Not feasible`)).toContain('already voted');
    const out = await w.run(`@${second} click Not feasible`);
    expect(out).toContain(`${name} is judged feasible (1–1); it stays in the strategy.`);
    const after = await stateOf(w.h);
    expect(after.stats.challengesUpheld).toBe(0);
  });

  it('WHEN Hardcore asks for every technique and the majority finds one not feasible THEN it is lost', async () => {
    const w = await world();
    await w.run(
      '@alice /game start game:collection-deck seed:3 hardcore:true\n@bob click Join\n@carol click Join\n@dave click Join\n@alice click Start',
    );
    const s = await playUntil(w, (x) => x.turn.stage === 'challenge');
    const active = s.seats[s.turn.seat]!;
    const player = w.humans.get(active.id)!;
    const technique = s.turn.challenges[0]!.technique;
    const name = collectionDeck
      .view(s, null)
      .field.flatMap((f) => f.techniques)
      .find((t) => t.id === technique)!.name;
    expect(text(board(w.h)!)).toContain(`${active.name} must justify ${name}`);
    await w.run(`@${player} click My view\n@${player} click Justify ${name}`);
    await w.run(`@${player} modal text="Somebody would look into it."`);
    const voters = s.seats.filter((x) => x.id !== active.id).map((x) => w.humans.get(x.id)!);
    await w.run(`@${voters[0]} click Feasible\n@${voters[1]} click Not feasible`);
    const out = await w.run(`@${voters[2]} click Not feasible`);
    expect(out).toContain(`${name} is judged not feasible (1–2) and is lost.`);
    expect((await stateOf(w.h)).stats.challengesUpheld).toBe(1);
  });
});

describe('GIVEN a strategy being built (ruling D5)', () => {
  it('WHEN a player puts a technique down THEN only their own view shows it, and taking it back shows nothing', async () => {
    const w = await world();
    await w.run('@alice /game start game:collection-deck seed:5\n@bob click Join\n@alice click Start');
    const s = await stateOf(w.h);
    const builder = s.seats[s.turn.seat]!;
    const name = w.humans.get(builder.id)!;
    const fit = collectionDeck.view(s, builder.id).me!.fits.find((f) => f.techniques.length > 0)!;
    const technique = fit.techniques[0]!;
    const techName = collectionDeck.view(s, builder.id).me!.hand.find((c) => c.id === technique)!.name;
    await w.run(linesFor(s, builder.id, name, { type: 'select-crisis', crisis: fit.crisis }).join('\n'));
    const chosen = await stateOf(w.h);
    const put = await w.run(
      linesFor(chosen, builder.id, name, { type: 'add-techniques', techniques: [technique] }).join('\n'),
    );
    const drafted = await stateOf(w.h);
    expect(drafted.turn.draftCards).toEqual([technique]);
    expect(put).not.toMatch(REFUSED);
    // The board (and every other seat) sees the targeted crisis, not the card put down.
    expect(text(board(w.h)!)).not.toContain(techName);
    const other = drafted.seats.find((x) => x.id !== builder.id)!;
    expect(JSON.stringify(collectionDeck.view(drafted, other.id).field)).not.toContain(technique);
    expect(JSON.stringify(collectionDeck.view(drafted, builder.id).field)).toContain(technique);
    await w.run(`@${name} click My view\n@${name} click Take the strategy back`);
    const back = await stateOf(w.h);
    expect(back.seats[back.turn.seat]?.hand).toContain(technique);
    expect(text(board(w.h)!)).not.toContain(techName);
  });
});

describe('GIVEN the slash command', () => {
  it('WHEN a player types a card THEN autocomplete offers only legal cards from their hand, and the typed move is applied', async () => {
    const w = await world();
    await w.run('@alice /game start game:collection-deck seed:5\n@bob click Join\n@alice click Start');
    const alice = w.h.user('alice').id;
    const bob = w.h.user('bob').id;
    const ac = (userId: string, subcommand: string, field: string, typed = '') =>
      w.h.emu.autocomplete(userId, w.h.channel.id, 'collection-deck', {
        subcommand,
        options: { [field]: typed },
        focused: field,
      });

    // Choosing a crisis: the Field's crises, and nothing for the player who is not building.
    const start = await stateOf(w.h);
    const crises = (await ac(alice, 'select-crisis', 'crisis')).choices ?? [];
    expect(crises.map((c) => c.value).sort()).toEqual(start.field.map((f) => f.card).sort());
    expect((await ac(bob, 'select-crisis', 'crisis')).choices ?? []).toEqual([]);

    // In a disruption window: only the reality checks bob may legally play now.
    const s = await playUntil(w, (x) => {
      if (x.turn.stage !== 'disrupt') return false;
      return (collectionDeck.view(x, bob).me?.moves ?? []).some((m) => m.action.type === 'play');
    });
    const choices = (await ac(bob, 'play', 'card')).choices ?? [];
    const legal = (collectionDeck.view(s, bob).me?.moves ?? []).flatMap((m) =>
      m.action.type === 'play' ? [m.action.card] : [],
    );
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.map((c) => String(c.value)).sort()).toEqual([...new Set(legal)].sort());
    const hand = s.seats.find((x) => x.id === bob)!.hand;
    for (const c of choices) expect(hand).toContain(String(c.value));
    const unplayable = hand.filter((id) => !legal.includes(id));
    for (const id of unplayable) expect(choices.map((c) => String(c.value))).not.toContain(id);
    const typed = choices[0]!.name.slice(0, 4);
    const filtered = (await ac(bob, 'play', 'card', typed)).choices ?? [];
    expect(filtered.every((c) => c.name.toLowerCase().includes(typed.toLowerCase()))).toBe(true);

    const move = collectionDeck
      .view(s, bob)
      .me!.moves.find((m) => m.action.type === 'play' && m.action.card === String(choices[0]!.value))!;
    expect(move.action.type).toBe('play');
    const on = move.action.type === 'play' ? move.action.on : undefined;
    const out = await w.run(
      `@bob /collection-deck play card:${String(choices[0]!.value)}${on ? ` on:${on}` : ''}`,
    );
    expect(out).toContain(`bob plays ${choices[0]!.name}`);
    expect((await stateOf(w.h)).turn.disruptions).toBe(1);
  });
});

describe('GIVEN the card reference', () => {
  it('WHEN anyone types /collection-deck card THEN every card can be found and read in full, privately', async () => {
    const w = await world();
    const erin = w.h.user('erin').id;
    const typed = await w.h.emu.autocomplete(erin, w.h.channel.id, 'collection-deck', {
      subcommand: 'card',
      options: { name: 'manager' },
      focused: 'name',
    });
    const choices = typed.choices ?? [];
    // The twelve Manager Challenges are told apart by their questions.
    expect(choices.length).toBe(12);
    expect(new Set(choices.map((c) => c.name)).size).toBe(12);
    const out = await w.run(`@erin /collection-deck card name:${String(choices[0]!.value)}`);
    expect(out).toContain('[only erin sees]');
    expect(out).toContain('## Collection Manager Challenge');
    expect(out).toContain('Justify the technique to the table or lose it.');
    const tech = await w.h.emu.autocomplete(erin, w.h.channel.id, 'collection-deck', {
      subcommand: 'card',
      options: { name: 'imagery' },
      focused: 'name',
    });
    const one = await w.run(`@erin /collection-deck card name:${String(tech.choices?.[0]?.value)}`);
    expect(one).toMatch(/\*\*GEOINT\*\* technique · covers .* · difficulty \d-\d/);
    expect(await w.run('@erin /collection-deck card name:nope')).toContain('There is no such card');
  });
});
