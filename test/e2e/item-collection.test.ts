/**
 * The Item Collection Game end to end: the production bot (real discord.js client) against the
 * loopback Discord emulator, played the way people play it — slash commands, the lobby, the
 * public board and the private "My view" panels.
 *
 * Seats are driven by asking the engine which move a player makes (its honest strategy, or a
 * bluffing variant) and clicking the control of the panel that carries exactly that action, as
 * `controlsOf` orders them (src/bot/discord/render.ts).
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeRoute } from '../../src/bot/kernel/custom-id.ts';
import { controlsOf } from '../../src/bot/discord/render.ts';
import type { Panel } from '../../src/games/panel.ts';
import { RANKS, type Rank } from '../../src/games/item-collection/cards.ts';
import type { IcgDebriefData } from '../../src/games/item-collection/debrief.ts';
import { itemCollection, type IcgAction, type IcgState } from '../../src/games/item-collection/index.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { allComponents, renderMessageText, titleOf } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { expectDeadline, secondsShown, timed } from './timing.ts';
import { scripted } from './scripted.ts';
import type { Session } from '../../src/storage/session.ts';
import { HISTORY_CHUNK } from '../../src/storage/history.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const SUITS = ['♠', '♥', '♦', '♣'] as const;

interface Table {
  h: Harness;
  /** Runs sandbox script lines; returns what they printed (mentions as @name, times as "in 3m"). */
  run: (script: string) => Promise<string>;
}

async function world(): Promise<Table> {
  const harness = await Harness.start();
  h = harness;
  const run = scripted(harness);
  return { h: harness, run };
}

const text = (m: EmuMessage): string => renderMessageText(m);
/** A message as plain data, its pictures by size and a checksum (a picture is a Buffer). */
const snapshot = (m: EmuMessage) =>
  structuredClone({
    ...m,
    attachments: m.attachments.map((a) => ({
      ...a,
      data: createHash('sha256').update(a.data).digest('hex'),
    })),
  });
const hasControls = (m: EmuMessage): boolean => [...allComponents(m.components)].some((c) => c.type === 1);

async function session(h: Harness): Promise<Session> {
  const loaded = await h.bot.tables.deps.store.load(h.channel.id);
  if (loaded.kind !== 'ok') throw new Error(`no session in the channel (${loaded.kind})`);
  return loaded.session;
}

const stateOf = (s: Session): IcgState => s.state as IcgState;

/** The newest public board (the one with the live controls while the game runs). */
function board(h: Harness): EmuMessage {
  const m = h.emu
    .messages(h.channel.id)
    .filter((x) => !x.ephemeralTo && !x.deleted && titleOf(x)?.startsWith('Item Collection Game:') === true)
    .at(-1);
  if (!m) throw new Error('no board yet');
  return m;
}

const publicMessages = (h: Harness): EmuMessage[] =>
  h.emu.messages(h.channel.id).filter((m) => !m.ephemeralTo && m.authorId === h.emu.botUserId);

const lastEphemeral = (h: Harness, name: string): EmuMessage | undefined =>
  h.emu
    .visibleMessages(h.user(name).id, h.channel.id)
    .filter((m) => m.ephemeralTo === h.user(name).id)
    .at(-1);

function nameOf(h: Harness, id: string): string {
  for (const [name, user] of h.users) if (user.id === id) return name;
  throw new Error(`${id} is not one of the cast`);
}

/** The custom_id of the component rendered for the panel's control number `index`. */
function customIdAt(message: EmuMessage, index: number): string {
  for (const c of allComponents(message.components)) {
    if (typeof c.custom_id !== 'string') continue;
    const route = decodeRoute(c.custom_id);
    if (route?.kind === 'a' && route.index === index) return c.custom_id;
  }
  throw new Error(`message ${message.id} has no control #${index}`);
}

function myViewId(message: EmuMessage): string {
  for (const c of allComponents(message.components))
    if (c.label === 'My view' && typeof c.custom_id === 'string') return c.custom_id;
  throw new Error('the board has no My view button');
}

/** Clicks (or selects) the control of `panel`, rendered as `message`, whose action is `action`. */
async function useControl(
  h: Harness,
  name: string,
  message: EmuMessage,
  panel: Panel,
  action: IcgAction,
): Promise<boolean> {
  const user = h.user(name);
  for (const [index, control] of controlsOf(panel).entries()) {
    if (control.kind === 'button' && isDeepStrictEqual(control.button.action, action)) {
      await h.emu.click(user.id, message.id, customIdAt(message, index));
      return true;
    }
    if (control.kind === 'select') {
      const option = control.select.options.findIndex((o) => isDeepStrictEqual(o.action, action));
      if (option >= 0) {
        await h.emu.select(user.id, message.id, customIdAt(message, index), [String(option)]);
        return true;
      }
    }
  }
  return false;
}

/** Opens "My view" for `name` from the board; returns the private message they see. */
async function openMyView(h: Harness, name: string): Promise<EmuMessage> {
  const b = board(h);
  await h.emu.click(h.user(name).id, b.id, myViewId(b));
  await h.settle();
  const view = lastEphemeral(h, name);
  if (!view) throw new Error(`${name} got no private view`);
  return view;
}

/**
 * Makes `name`'s move as a person would: on the public board when the board offers it (Ready,
 * the jokers), otherwise from their private view (declare, claim, place, swap, keep).
 */
async function perform(h: Harness, name: string, action: IcgAction): Promise<void> {
  const before = stateOf(await session(h));
  const publicPanel = itemCollection.present(itemCollection.view(before, null), { viewer: null });
  if (await useControl(h, name, board(h), publicPanel, action)) return h.settle();
  const view = await openMyView(h, name);
  const state = stateOf(await session(h));
  const id = h.user(name).id;
  const mine = itemCollection.present(itemCollection.view(state, id), { viewer: id });
  if (!(await useControl(h, name, view, mine, action)))
    throw new Error(`${name} has no control for ${JSON.stringify(action)}`);
  await h.settle();
}

type Strategy = (state: IcgState, seatId: string) => IcgAction | null;

/** What the engine's honest computer would do in this seat. */
const honest: Strategy = (state, id) => itemCollection.computerAction(state, id);

/**
 * Plays every human seat until the game ends (or `until` holds), one move at a time; computer
 * seats answer on their own. `afterMove` runs after each move with the fresh session.
 */
async function playOn(
  h: Harness,
  opts: {
    strategies?: Record<string, Strategy>;
    until?: (s: Session) => boolean;
    afterMove?: (s: Session) => void;
  } = {},
): Promise<Session> {
  for (let moves = 0; moves < 600; moves++) {
    const s = await session(h);
    if (s.status !== 'playing' || opts.until?.(s)) return s;
    const state = stateOf(s);
    const id = itemCollection.activePlayers(state).find((p) => !p.startsWith('cpu:'));
    if (!id) throw new Error('nobody human to move, yet the game goes on');
    const name = nameOf(h, id);
    const action = (opts.strategies?.[name] ?? honest)(state, id);
    if (!action) throw new Error(`${name} has nothing to do, yet must act`);
    // A bluff is said and placed separately: there is no single control for it.
    if (action.type === 'declare' && action.claim !== action.card) {
      await perform(h, name, { type: 'claim', rank: action.claim });
      await perform(h, name, { type: 'place', card: action.card });
    } else await perform(h, name, action);
    opts.afterMove?.(await session(h));
  }
  throw new Error('the game did not end within 600 moves');
}

const FOUR_HUMANS = (seed: string, extra = '') => `
@alice /game start game:item-collection seed:${seed}${extra}
@bob click Join
@carol click Join
@dave click Join
@alice click Start`;

// ─────────────────────────────────────────────────────────────────────────────────────────────

describe('GIVEN four people at one table', () => {
  it('WHEN they play a seeded game to the end THEN the board always pings whoever must act, and the winners and debrief are posted', async () => {
    const { h, run } = await world();
    const opened = await run(FOUR_HUMANS('42'));
    expect(opened).toContain('Lobby for Item Collection Game opened below. Players press **Join**');
    expect(opened).toContain('Your seed `42` fixes the deal; only you are shown it');
    expect(opened).toContain('▶️ Item Collection Game begins: @alice, @bob, @carol, @dave.');
    expect(text(board(h))).toContain('Item Collection Game: round 1');

    const pinged: string[] = [];
    const final = await playOn(h, {
      afterMove: (s) => {
        if (s.status !== 'playing') return;
        const active = itemCollection.activePlayers(stateOf(s));
        const b = board(h);
        for (const id of active)
          if (!text(b).includes(`<@${id}>`)) pinged.push(`${nameOf(h, id)} not pinged`);
        // Only the newest board carries controls; the older ones keep their picture only.
        const live = publicMessages(h).filter(
          (m) => hasControls(m) && titleOf(m)?.startsWith('Item') === true,
        );
        if (live.length !== 1) pinged.push(`${live.length} boards with controls`);
      },
    });
    expect(pinged).toEqual([]);

    const state = stateOf(final);
    expect(final.status).toBe('ended');
    expect(state.phase).toBe('over');
    const outcome = state.outcome!;
    expect(outcome.winners.length).toBeGreaterThan(0);
    for (const w of outcome.winners) expect(state.seats.find((s) => s.id === w)?.scored).toHaveLength(5);

    const all = publicMessages(h).map(text).join('\n');
    expect(all).toContain(outcome.summary);
    // The same deal and the same honest play as examples/item-collection-full.txt.
    expect(outcome.summary).toBe('carol ♦ and dave ♣ win together with five scored cards after 5 rounds.');
    expect(all).toContain(
      'Reveal, round 1 (High card (black joker)): carol ♦: **K♦** · dave ♣: **K♣** · alice ♠: **K♠** · bob ♥: **K♥**',
    );
    expect(all).toContain(
      'Reveal, round 5 (High card (black joker)): carol ♦: **A♦** · dave ♣: **A♣** · alice ♠: **3♠** · bob ♥: **7♥**',
    );
    const last = board(h);
    expect(titleOf(last)).toBe('Item Collection Game: game over');
    // Only "My view" and "Rematch" are left on the final board: no move can be made any more.
    expect([...allComponents(last.components)].filter((c) => c.type === 2).map((c) => c.label)).toEqual([
      'My view',
      'Rematch',
    ]);
    expect(text(last)).toContain(`🏁 ${outcome.summary}`);
    const debrief = publicMessages(h).find((m) => text(m).includes('## Item Collection Game debrief'));
    expect(text(debrief!)).toContain(outcome.summary);
    expect(text(debrief!)).toContain('- **alice** ♠: honest claims 5/5 (100%)');
    expect(text(debrief!)).toContain('**Table cooperation** (true claims): 100%.');
  });
});

describe('GIVEN two people and two computer players', () => {
  it('WHEN the host fills the empty seats from the lobby menu THEN the computers play their own turns and the game ends with winners', async () => {
    const { h, run } = await world();
    await run('@alice /game start game:item-collection seed:7\n@bob click Join');
    expect(await run('@bob select Honest')).toContain(
      'Only the host (@alice) or someone with Manage Server can add computer players.',
    );
    const lobby = await run('@alice select Honest\n@alice select Opportunist');
    expect(lobby).toContain('3. 🤖 Honest #1');
    expect(lobby).toContain('4. 🤖 Opportunist #2');
    expect(await run('@alice select Wildcard')).toContain('The table is full (4 players).');
    const started = await run('@alice click Start');
    expect(started).toContain(
      '▶️ Item Collection Game begins: @alice, @bob, 🤖 Honest #1, 🤖 Opportunist #2.',
    );
    expect(text(board(h))).toContain('Honest #1 ♦ (computer)');
    expect(text(board(h))).toContain('Opportunist #2 ♣ (computer)');

    const humanMoves: string[] = [];
    const final = await playOn(h, {
      afterMove: (s) => humanMoves.push(s.history.recent.at(-1)?.actor ?? ''),
    });
    expect(final.status).toBe('ended');
    const ids = new Set([h.user('alice').id, h.user('bob').id]);
    // Nobody but alice and bob ever clicked; the computers' moves are in the record all the same.
    const history = await h.bot.tables.deps.store.history(final);
    const byComputer = history.filter((m) => m.actor.startsWith('cpu:'));
    expect(byComputer.some((m) => m.actor === 'cpu:1' && (m.action as IcgAction).type === 'declare')).toBe(
      true,
    );
    expect(byComputer.some((m) => m.actor === 'cpu:2' && (m.action as IcgAction).type === 'declare')).toBe(
      true,
    );
    expect(history.filter((m) => !m.actor.startsWith('cpu:')).every((m) => ids.has(m.actor))).toBe(true);

    const all = publicMessages(h).map(text).join('\n');
    expect(all).toMatch(/Honest #1 ♦ claims \*\*/);
    expect(all).toMatch(/Opportunist #2 ♣ claims \*\*/);
    // A computer is never pinged: only people are mentioned on the boards.
    for (const m of publicMessages(h)) expect(text(m)).not.toContain('cpu:');
    const outcome = stateOf(final).outcome!;
    expect(all).toContain(outcome.summary);
    expect(titleOf(board(h))).toBe('Item Collection Game: game over');
    expect(all).toContain('## Item Collection Game debrief');
  });
});

describe('GIVEN a negotiation timer', () => {
  it('WHEN the host pauses and resumes before the reminder THEN the reminder still goes out a minute before the end', async () => {
    const { run } = await world();
    await run(`${FOUR_HUMANS('7', ' negotiation:3')}\nwait 30s\n@alice /game pause\n@alice /game resume`);
    // 2m 30s were left at the pause; the reminder is due 1m before the end, i.e. 90s after resuming.
    expect(await run('wait 91s')).toMatch(/⏱ Negotiation ends in (59s|1m|1m 1s)\./);
  });

  it('WHEN negotiation:3 is set THEN the board shows the time left, a reminder pings who is not ready, and after 3 minutes declarations begin', async () => {
    const { h, run } = await world();
    const { value: started, seconds } = await timed(() => run(FOUR_HUMANS('7', ' negotiation:3')));
    expectDeadline(secondsShown(started, /⏱ Negotiation ends in ([\dhms ]+)\./), 180, seconds);
    expect(started).toContain('The timer runs 3 min.');
    await run('@bob click Ready\n@carol click Ready');
    const reminded = await timed(() => run('wait 2m'));
    const reminder = reminded.value;
    expect(reminder).toMatch(/⏱ Negotiation ends in [\dms ]+\. @alice @dave$/m);
    expectDeadline(secondsShown(reminder, /⏱ Negotiation ends in ([\dhms ]+)\./), 60, reminded.seconds);
    expect(reminder).not.toContain('Time is up');
    const over = await run('wait 1m');
    expect(over).toContain('⏱ Time is up: Negotiation.');
    // R19: alice (the starting player) never turned a joker, so she gets one more minute.
    expect(over).toContain('alice ♠ has not turned a joker: they have one minute to choose High or Low');
    expect(over).toContain('@alice — your move.');
    expect(stateOf(await session(h)).phase).toBe('negotiation');
    const ended = await run('wait 1m');
    expect(ended).toContain('⏱ Time is up: Choice of High or Low.');
    // She let that minute pass too: the joker stays as it lies (R3).
    expect(ended).toContain(
      'Negotiation ended. The joker stays as it is: High card (black joker). alice ♠ declares first.',
    );
    expect(ended).toContain('@alice — your move.');
    const s = await session(h);
    expect(stateOf(s).phase).toBe('declaration');
    expect(s.timer).toBeUndefined();
    expect(text(board(h))).not.toContain('⏱');

    // The next round's negotiation has a clock of its own.
    await playOn(h, { until: (x) => stateOf(x).round === 2 });
    expect(text(board(h))).toContain('⏱ Negotiation ends');
    expect(stateOf(await session(h)).phase).toBe('negotiation');
  });

  it('WHEN the host pauses THEN the negotiation clock stops until resumed, and only the host may do it', async () => {
    const { h, run } = await world();
    const setup = await timed(() => run(`${FOUR_HUMANS('7', ' negotiation:3')}\nwait 30s`));
    expect(await run('@bob /game pause')).toContain('Only the host (@alice)');
    const pausing = await timed(() => run('@alice /game pause'));
    const paused = pausing.value;
    expect(paused).toContain('⏸ The clock is paused.');
    const kept = secondsShown(paused, /⏸ Negotiation: paused with ([\dhms ]+) left\./);
    expectDeadline(kept, 150, setup.seconds + pausing.seconds);
    expect(await run('wait 1h')).toBe('> wait 1h');
    expect(stateOf(await session(h)).phase).toBe('negotiation');
    expect(await run('@alice /game pause')).toContain('The clock is already paused.');
    const resuming = await timed(() => run('@alice /game resume'));
    const resumed = resuming.value;
    expect(resumed).toContain('▶️ The clock is running again.');
    // The clock stood still for the hour: what the pause kept is what is left.
    const seconds = secondsShown(resumed, /⏱ Negotiation ends in ([\dhms ]+)\./);
    expectDeadline(seconds, kept, resuming.seconds);
    // What was left runs out only now.
    expect(await run(`wait ${seconds - 6}s`)).not.toContain('Time is up');
    expect(await run('wait 7s')).toContain('⏱ Time is up: Negotiation.');
    // R19: the starting player has not chosen High or Low: a minute more for that choice alone.
    expect(stateOf(await session(h)).jokerDeadline).toBe(true);
    expect(await run('@alice click Low (red joker)')).toContain('Negotiation ended. alice ♠ declares first.');
    expect(stateOf(await session(h)).phase).toBe('declaration');
  });

  it('WHEN no negotiation option is given THEN there is no clock: negotiation waits for everyone to be Ready', async () => {
    const { h, run } = await world();
    const started = await run(FOUR_HUMANS('7'));
    expect(started).not.toContain('⏱');
    expect(started).not.toContain('The timer runs');
    expect((await session(h)).timer).toBeUndefined();
    expect(await run('wait 1d')).toBe('> wait 1d');
    expect(await run('@alice /game pause')).toContain('No clock is running in this game right now.');
    expect(stateOf(await session(h)).phase).toBe('negotiation');
    const out = await run(
      '@alice click High (black joker)\n@alice click Ready\n@bob click Ready\n@carol click Ready\n@dave click Ready',
    );
    expect(out).toContain('Everyone is ready. alice ♠ declares first.');
  });
});

describe('GIVEN a game in progress', () => {
  it('WHEN someone acts out of turn or without a seat THEN only they are told why, and nothing changes', async () => {
    const { h, run } = await world();
    await run(FOUR_HUMANS('7'));
    const publicEdits: string[] = [];
    h.emu.events.on('messageUpdate', (m: EmuMessage) => {
      if (!m.ephemeralTo) publicEdits.push(m.id);
    });

    /** Runs `line` as `name` and checks it was refused to them alone, with nothing changed. */
    const refused = async (name: string, line: string, reason: string) => {
      const before = await session(h);
      const boardBefore = snapshot(board(h));
      const count = h.emu.messages(h.channel.id).length;
      publicEdits.length = 0;
      const out = await run(`@${name} ${line}`);
      expect(out, line).toContain(`[only ${name} sees]`);
      expect(out, line).toContain(reason);
      const added = h.emu.messages(h.channel.id).slice(count);
      expect(added.length, line).toBeGreaterThan(0);
      for (const m of added) expect(m.ephemeralTo, `${line}: ${text(m)}`).toBe(h.user(name).id);
      expect(publicEdits, line).toEqual([]);
      const after = await session(h);
      expect(after.version, line).toBe(before.version);
      expect(after.state, line).toEqual(before.state);
      expect(snapshot(board(h)), line).toEqual(boardBefore);
    };

    // Negotiation: alice starts (seed 7).
    await refused('erin', 'click Ready', 'You do not have a seat at this table.');
    await refused('erin', 'click My view', 'You are not playing in this game');
    await refused('bob', 'click High (black joker)', 'Only the starting player chooses High or Low.');
    await refused('alice', 'click Ready', 'Choose High or Low before you mark yourself ready.');
    await refused('carol', '/item-collection claim rank:5', 'You cannot declare a card now.');
    await run('@alice click Low (red joker)\n@bob click Ready');
    await refused('bob', 'click Ready', 'You are already marked ready.');
    await refused(
      'alice',
      '/item-collection mode mode:high',
      'High or Low has already been chosen this round.',
    );

    // Declaration: alice first, then bob, carol, dave.
    await run('@alice click Ready\n@carol click Ready\n@dave click Ready');
    expect(stateOf(await session(h)).phase).toBe('declaration');
    await refused('bob', '/item-collection claim rank:Q', "It is alice ♠'s turn to declare.");
    await refused('erin', '/item-collection claim rank:Q', 'You do not have a seat at this table.');
    await refused('dave', '/item-collection keep', 'You cannot keep your card now.');
    // Autocomplete reads a seat's hand: an onlooker typing a claim is offered nothing at all.
    const typing = (name: string) =>
      h.emu.autocomplete(h.user(name).id, h.channel.id, 'item-collection', {
        subcommand: 'claim',
        options: { rank: '' },
        focused: 'rank',
      });
    expect((await typing('erin')).choices ?? []).toEqual([]);
    const alicesHand = stateOf(await session(h)).seats[0]!.hand;
    const offered = (await typing('alice')).choices ?? [];
    expect(offered.filter((c) => c.name.includes('in hand')).map((c) => c.value)).toEqual(
      expect.arrayContaining(alicesHand),
    );
    // An onlooker has no private view to declare from.
    expect(text(await openMyView(h, 'bob'))).toContain('Nothing to do right now.');
    // alice opens her view twice and plays from the second; the first one is now out of date.
    await run('@alice click My view\n@alice click My view\n@alice select 2♠');
    await refused('alice', '/item-collection claim rank:3', "It is bob ♥'s turn to declare.");
    // Her older view still shows her turn's menus: its choice is refused, not applied.
    await refused('alice', 'select 3♠', 'That choice is no longer available: the game has moved on.');
  });
});

describe('GIVEN a player who bluffs', () => {
  it('WHEN a whole game is played THEN no face-down card shows in any public message or anyone else’s view before its reveal', async () => {
    const { h, run } = await world();

    // bob says one card and places another, one he has never shown: so if that card appears
    // anywhere before the reveal, it can only be a leak.
    const bluffer: Strategy = (state, id) => {
      const base = honest(state, id);
      const seat = state.seats.findIndex((s) => s.id === id);
      const mine = state.declarations[seat];
      const hand = state.seats[seat]?.hand ?? [];
      if (state.phase !== 'declaration' || !base || !mine) return base;
      const shown = new Set(
        state.history.flatMap((r) =>
          r.plays.filter((p) => p.seat === seat).flatMap((p) => [p.card, p.claim]),
        ),
      );
      const card = mine.card ?? hand.find((r) => !shown.has(r));
      if (!card) return base;
      if (mine.claim === null) {
        const claim: Rank =
          base.type === 'declare' && base.claim !== card
            ? base.claim
            : (RANKS.find((r) => r !== card) ?? '2');
        return mine.card === null ? { type: 'declare', claim, card } : { type: 'claim', rank: claim };
      }
      return { type: 'place', card };
    };

    const seen: Promise<void>[] = [];
    const leaks: string[] = [];
    let checked = 0;
    let ownerSaw = 0;
    const label = (rank: Rank, seat: number) => new RegExp(`(?<![\\w])${rank}${SUITS[seat]}`);
    const watch = (verb: string) => (m: EmuMessage) => {
      if (m.authorId !== h.emu.botUserId) return;
      // What people see at this very moment, checked against the hidden cards at this moment.
      const body = text(m);
      const audience = m.ephemeralTo;
      seen.push(
        h.bot.tables.deps.store.load(h.channel.id).then((loaded) => {
          if (loaded.kind !== 'ok' || loaded.session.status !== 'playing') return;
          const state = stateOf(loaded.session);
          state.declarations.forEach((d, seat) => {
            if (!d.card || d.card === d.claim) return;
            const owner = state.seats[seat]!;
            if (!label(d.card, seat).test(body)) return;
            if (audience !== undefined && owner.members.includes(audience)) ownerSaw++;
            else
              leaks.push(
                `${verb} ${audience ? `to ${nameOf(h, audience)}` : 'in public'}: ${d.card}${SUITS[seat]}\n${body}`,
              );
          });
          checked++;
        }),
      );
    };
    h.emu.events.on('messageCreate', watch('posted'));
    h.emu.events.on('messageUpdate', watch('edited'));

    await run(FOUR_HUMANS('42'));
    const final = await playOn(h, { strategies: { bob: bluffer } });
    await Promise.all(seen);
    expect(final.status).toBe('ended');

    expect(leaks).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    const bluffs = stateOf(final).history.flatMap((r) =>
      r.plays.filter((p) => p.seat === 1 && p.card !== p.claim),
    );
    expect(bluffs.length).toBeGreaterThan(2);
    // The watch does see those cards: bob's own view shows each one, and the reveal shows it to all.
    expect(ownerSaw).toBeGreaterThanOrEqual(bluffs.length);
    const shown = publicMessages(h).map(text).join('\n');
    for (const p of bluffs) expect(shown).toContain(`bob ♥: **${p.card}♥** (claimed ${p.claim}♥)`);
  });
});

describe('GIVEN a short scripted game (seed 7, two rounds)', () => {
  // Deal for seed 7 (alice starts): alice ♠ A 2 7 K 3 J 5 · bob ♥ 10 8 9 6 K 4 A ·
  // carol ♦ 3 5 A 9 8 J 4 · dave ♣ 3 A 5 9 10 Q 2.
  //
  // Round 1, High, order alice bob carol dave: all claim an ace; carol places 3♦ instead.
  //   A♠ A♥ 3♦ A♣ → three of a kind: alice, bob, dave score.
  //   Had the claims been true, alice, bob and dave would have scored (four aces): relied, repaid.
  //   carol's 3 would not have scored either way: no reliance.
  // Round 2, Low, order bob carol dave alice: bob 4♥ (true), carol claims 4♦ but places J♦,
  //   dave 9♣ (true), alice 2♠ (true). 4♥ J♦ 9♣ 2♠ → nothing on the table: the lowest, 2♠, scores.
  //   bob relied on the claimed pair of fours and was not repaid; alice/carol/dave did not rely.
  // Figures: honest claims alice 2/2, bob 2/2, carol 0/2, dave 2/2 → table 6/8 = 75%.
  //   Trust repaid: alice 1/1, bob 1/2, carol 0/0, dave 1/1. Trust kept: round 1 yes, round 2 no → 1/2.
  //   Points: alice 1,1 (2 → 1.00), bob 1,0 (0.50), carol 0,0 (0.00), dave 1,0 (0.50).
  //   Round cap 2: alice wins alone with the most scored cards.
  const SCRIPT = `
@alice /game start game:item-collection seed:7 rounds:2
@bob click Join
@carol click Join
@dave click Join
@alice click Start
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
@alice click My view
@alice click Keep my card
expect Three of a kind: alice ♠, bob ♥ and dave ♣ score.
@bob click Low (red joker)
@alice click Ready
@bob click Ready
@carol click Ready
@dave click Ready
@bob click My view
@bob select 4♥
@carol click My view
@carol select Claim 4♦
@carol select J♦
@dave click My view
@dave select 9♣
@alice click My view
@alice select 2♠
@bob click My view
@bob click Keep my card
expect Round cap reached after 2 rounds: alice ♠ wins with the most scored cards (2).`;

  it('WHEN it ends THEN the debrief and the JSON export show the honesty, trust and points worked out by hand', async () => {
    const { h, run } = await world();
    await run(SCRIPT);
    const debrief = publicMessages(h).find((m) => text(m).includes('## Item Collection Game debrief'));
    expect(debrief).toBeDefined();
    const md = text(debrief!);
    expect(md).toContain('Round cap reached after 2 rounds: alice ♠ wins with the most scored cards (2).');
    expect(md).toContain(
      '- **alice** ♠: honest claims 2/2 (100%) · trust repaid 1/1 (100%) · scored 2 · 1.00 points/round',
    );
    expect(md).toContain(
      '- **bob** ♥: honest claims 2/2 (100%) · trust repaid 1/2 (50%) · scored 1 · 0.50 points/round',
    );
    expect(md).toContain(
      '- **carol** ♦: honest claims 0/2 (0%) · trust repaid 0/0 (-) · scored 0 · 0.00 points/round',
    );
    expect(md).toContain(
      '- **dave** ♣: honest claims 2/2 (100%) · trust repaid 1/1 (100%) · scored 1 · 0.50 points/round',
    );
    expect(md).toContain('**Table cooperation** (true claims): 75%.');
    expect(md).toContain('**Trust kept**: 1/2 rounds (50%)');
    expect(md).toContain('- R1 High: A♠ A♥ 3♦* A♣ → Three of a kind');
    expect(md).toMatch(/- R2 Low: 4♥ J♦\* 9♣ 2♠ → /);

    const out = await run('@alice /game export');
    expect(out).toContain('[only alice sees]');
    const reply = lastEphemeral(h, 'alice')!;
    expect(reply.attachments.map((a) => a.filename.replace(/-[0-9a-f]+\./, '-<id>.'))).toEqual([
      'item-collection-<id>.md',
      'item-collection-<id>.json',
    ]);
    const exported = JSON.parse(reply.attachments[1]!.data.toString('utf8')) as {
      seed: string;
      debrief: IcgDebriefData;
      outcome: { winners: string[] };
      history: { seq: number }[];
    };
    expect(exported.seed).toBe('7');
    // The whole game, though most of it is stored apart from the session record (issue #15).
    const seqs = exported.history.map((m) => m.seq);
    expect(seqs.length).toBeGreaterThan(2 * HISTORY_CHUNK);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const ids = ['alice', 'bob', 'carol', 'dave'].map((n) => h.user(n).id);
    expect(exported.outcome.winners).toEqual([ids[0]]);
    const figures = (name: string) => exported.debrief.players.find((p) => p.name === name);
    expect(figures('alice')).toMatchObject({
      claims: 2,
      honestClaims: 2,
      honestShare: 1,
      trustingPlays: 1,
      repaid: 1,
      repaidShare: 1,
      scored: 2,
      pointsByRound: [1, 1],
      pointsPerRound: 1,
    });
    expect(figures('bob')).toMatchObject({
      claims: 2,
      honestClaims: 2,
      honestShare: 1,
      trustingPlays: 2,
      repaid: 1,
      repaidShare: 0.5,
      scored: 1,
      pointsByRound: [1, 0],
      pointsPerRound: 0.5,
    });
    expect(figures('carol')).toMatchObject({
      claims: 2,
      honestClaims: 0,
      honestShare: 0,
      trustingPlays: 0,
      repaid: 0,
      repaidShare: null,
      scored: 0,
      pointsByRound: [0, 0],
      pointsPerRound: 0,
    });
    expect(figures('dave')).toMatchObject({
      claims: 2,
      honestClaims: 2,
      honestShare: 1,
      trustingPlays: 1,
      repaid: 1,
      repaidShare: 1,
      scored: 1,
      pointsByRound: [1, 0],
      pointsPerRound: 0.5,
    });
    expect(exported.debrief.table).toEqual({
      rounds: 2,
      cooperationRate: 0.75,
      roundsWithTrust: 2,
      roundsTrustKept: 1,
      trustKeptRate: 0.5,
      winners: [ids[0]],
    });
    const transcript = reply.attachments[0]!.data.toString('utf8');
    expect(transcript).toContain(
      '- **bob** ♥: honest claims 2/2 (100%) · trust repaid 1/2 (50%) · scored 1 · 0.50 points/round',
    );
    // The transcript shows every hidden card, including carol's bluffs.
    expect(transcript).toContain('carol ♦: **3♦** (claimed A♦)');
    expect(transcript).toContain('carol ♦: **J♦** (claimed 4♦)');
  });
});

describe('GIVEN a facilitated table', () => {
  it('WHEN the host facilitates THEN they have no seat, yet they can pause, resume, end the negotiation and end the game', async () => {
    const { h, run } = await world();
    const lobby = await run(
      '@alice /game start game:item-collection seed:7 facilitate:true negotiation:5\n@bob click Join\n@carol click Join\n@dave click Join\n@erin click Join',
    );
    expect(lobby).toContain('Host: @alice (facilitating, no seat)');
    const started = await run('@alice click Start');
    expect(started).toContain('▶️ Item Collection Game begins: @bob, @carol, @dave, @erin.');
    const s = await session(h);
    expect(s.seats.map((x) => x.id)).not.toContain(h.user('alice').id);
    expect(stateOf(s).facilitator).toBe(h.user('alice').id);
    expect(text(board(h))).not.toContain(`<@${h.user('alice').id}>`);

    // The facilitator's own view: the whole table, with the facilitator's control and no hand.
    const view = text(await openMyView(h, 'alice'));
    expect(view).toContain('[End negotiation (facilitator)]');
    expect(view).not.toContain('Your hand');
    // The facilitator has no hand, so typing a claim offers nothing (not a player's hand).
    const typed = await h.emu.autocomplete(h.user('alice').id, h.channel.id, 'item-collection', {
      subcommand: 'claim',
      options: { rank: '' },
      focused: 'rank',
    });
    expect(typed.choices ?? []).toEqual([]);
    // Only there: the public board offers players nothing they would be refused (issue #29).
    expect(text(board(h))).not.toContain('End negotiation (facilitator)');
    expect(text(board(h))).toContain('[Ready]');

    expect(await run('@alice /game pause')).toMatch(/⏸ Negotiation: paused with (4m 5\ds|5m) left\./);
    expect(await run('wait 1h')).toBe('> wait 1h');
    expect(await run('@alice /game resume')).toContain('▶️ The clock is running again.');

    // bob (seat 1, ♠) starts; he turns the joker, then the facilitator ends the talk early.
    await run('@bob click Low (red joker)\n@carol click Ready');
    const early = await run('@alice click End negotiation (facilitator)');
    expect(early).toContain('Negotiation ended. bob ♠ declares first.');
    expect(early).not.toContain('Time is up');
    let after = await session(h);
    expect(stateOf(after).phase).toBe('declaration');
    expect(stateOf(after).mode).toBe('low');
    expect(after.timer).toBeUndefined();
    expect(after.history.recent.at(-1)?.actor).toBe('@facilitator');

    // The players finish the round; the host then ends the game.
    await playOn(h, { until: (x) => stateOf(x).round === 2 });
    expect(await run('@bob /game end')).toContain('Only the host (@alice)');
    const confirm = await run('@alice /game end');
    expect(confirm).toContain('End the game here (Item Collection Game) for everyone?');
    expect(confirm).not.toContain('Game game');
    const ended = await run('@alice click End the game');
    expect(ended).toContain('🛑 The game was ended by alice.');
    expect(ended).toContain('🏁 Game ended: ended by alice.');
    expect(ended).toContain('## Item Collection Game debrief');
    expect(ended).toContain('Stopped after 1 round, before anyone won.');
    expect(ended).not.toContain('In progress');
    // The final board no longer asks anyone to press Ready.
    const last = text(board(h));
    expect(last).toContain('The game was stopped before it finished.');
    expect(last).not.toContain('press Ready');
    after = await session(h);
    expect(after.status).toBe('ended');
    expect(after.timer).toBeUndefined();
    expect(await run('wait 10m')).toBe('> wait 10m');
  });
});
