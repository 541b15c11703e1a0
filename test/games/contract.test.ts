/**
 * The game contract over the one list of game modules (issue #26), plus the fixture game that
 * stands for a sixth one (test/fixtures/tally.ts): each module lacks nothing (`gapsOf`), and on
 * seeded games every legal action, every control a view offers and every default is accepted by
 * `apply`, and results agree with the outcome.
 */
import { describe, expect, it } from 'vitest';
import type { AnyAction, AnyEngine, Seat } from '../../src/games/contract.ts';
import { SYSTEM_ACTOR } from '../../src/games/contract.ts';
import { defineGame, RANDOM_STRATEGY, randomLegal, waitingPlayers } from '../../src/games/define.ts';
import { GAMES, MODULES, RULE_REFS, TUTORIALS } from '../../src/games/index.ts';
import { gapsOf, type GameModule } from '../../src/games/module.ts';
import type { Panel } from '../../src/games/panel.ts';
import { playthrough, tableOf } from '../../src/games/playthrough.ts';
import { runOutWait } from '../../src/games/waits.ts';
import { rawMarkdown } from '../../src/sandbox/emulator/markdown.ts';
import { tally, tallyBare, tallyLegalActions, tallyModule } from '../fixtures/tally.ts';

const ALL: readonly GameModule[] = [...MODULES, tallyModule];
const SEEDS = ['c1', 'c2'];
/** States checked per game, spread over the whole game; legal actions tried per seat and state. */
const STATES_PER_GAME = 40;
const ACTIONS_PER_SEAT = 12;

/** Up to `n` items spread evenly over `list`. */
const spread = <T>(list: readonly T[], n: number): T[] =>
  list.length <= n
    ? [...list]
    : Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)] as T);

/** The actions a panel offers with one click: enabled buttons and single-choice select options. */
function offered(panel: Panel): { label: string; action: AnyAction }[] {
  const buttons = (panel.buttons ?? []).flatMap((b) =>
    b.action && !b.disabled ? [{ label: b.label, action: b.action }] : [],
  );
  const options = (panel.selects ?? []).flatMap((s) =>
    s.multi ? [] : s.options.flatMap((o) => (o.action ? [{ label: o.label, action: o.action }] : [])),
  );
  return [...buttons, ...options];
}

function seatsFor(engine: AnyEngine, seed: string): Seat[] {
  const count =
    engine.minPlayers + (seed.charCodeAt(seed.length - 1) % (engine.maxPlayers - engine.minPlayers + 1));
  const strategies = engine.computerStrategies;
  return tableOf(count).map((s, i) => ({
    ...s,
    computer: strategies[i % strategies.length]?.id ?? 'random',
  }));
}

/**
 * What is wrong with one state: a refused legal action, control or default, players to act other
 * than those waited for, or results off the outcome.
 */
function problemsAt(engine: AnyEngine, state: unknown, seats: Seat[]): string[] {
  const problems: string[] = [];
  const refusal = (actor: string, action: AnyAction): string | null => {
    const r = engine.apply(state, actor, action);
    return r.ok ? null : r.error.code;
  };
  for (const seat of seats) {
    for (const action of spread(engine.legalActions?.(state, seat.id) ?? [], ACTIONS_PER_SEAT)) {
      const code = refusal(seat.id, action);
      if (code) problems.push(`legal action of ${seat.id} refused (${code}): ${JSON.stringify(action)}`);
    }
    const mine = engine.present(engine.view(state, seat.id), { viewer: seat.id });
    for (const c of offered(mine)) {
      const code = refusal(seat.id, c.action);
      if (code) problems.push(`My view of ${seat.id} offers "${c.label}", refused (${code})`);
    }
  }
  const board = engine.present(engine.view(state, null), { viewer: null });
  for (const c of offered(board))
    if (seats.every((s) => refusal(s.id, c.action) !== null))
      problems.push(`the board offers "${c.label}", which no seat may play: ${JSON.stringify(c.action)}`);
  const waits = engine.waits(state);
  for (const w of waits) {
    const code = refusal(w.player, w.default);
    if (code) problems.push(`the default of ${w.key} is refused (${code})`);
  }
  // Without teams or a facilitator, who must act is who the game waits for (the default).
  const active = engine.activePlayers(state);
  if (JSON.stringify(active) !== JSON.stringify(waitingPlayers(waits)))
    problems.push(`activePlayers ${JSON.stringify(active)} are not the players waits names`);
  const outcome = engine.outcome(state);
  const results = engine.results?.(state);
  if (outcome && results)
    for (const seat of seats) {
      const r = results.find((x) => x.seat === seat.id);
      if (r?.won !== outcome.winners.includes(seat.id))
        problems.push(`results of ${seat.id} disagree with the outcome`);
    }
  if (!outcome && results) problems.push('results before the game is over');
  return problems;
}

describe('the registry', () => {
  it('GIVEN the one list of modules THEN games, rule references and tutorials all follow it', () => {
    const ids = MODULES.map((m) => m.engine.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(GAMES.map((g) => g.id)).toEqual(ids);
    expect(Object.keys(RULE_REFS)).toEqual(ids);
    expect([...new Set(TUTORIALS.map((t) => t.game))]).toEqual(ids);
  });
});

describe.each(ALL.map((m) => [m.engine.id, m] as const))('the module of %s', (_id, module) => {
  const engine = module.engine;

  it('GIVEN its module THEN it lacks nothing the platform needs', () => {
    expect(gapsOf(module)).toEqual([]);
  });

  it.each(SEEDS)(
    'GIVEN a game its computers play (seed %s) THEN every legal action, offered control and default is accepted, the players to act are those waited for, and results agree with the outcome',
    (seed) => {
      const seats = seatsFor(engine, seed);
      const states = [...playthrough(engine, seats, { seed })];
      expect(engine.outcome(states.at(-1))).not.toBeNull();
      const problems = spread(states, STATES_PER_GAME).flatMap((s) => problemsAt(engine, s, seats));
      expect(problems.slice(0, 8)).toEqual([]);
    },
  );

  it('GIVEN a game its computers finish THEN its debrief and its study-session figures use only Markdown Discord renders: no table', () => {
    const seats = seatsFor(engine, 'md');
    const states = [...playthrough(engine, seats, { seed: 'md' })];
    const debrief = engine.debrief(states.at(-1));
    expect(debrief?.markdown.length).toBeGreaterThan(0);
    expect(rawMarkdown({ content: debrief?.markdown ?? '' })).toEqual([]);
    // Every shipped game says what a study session compares across its tables (issue #29).
    const figures = engine.sessionFigures?.(states.at(-1)) ?? [];
    if (MODULES.some((m) => m.engine.id === engine.id)) expect(figures.length).toBeGreaterThan(2);
    const lines = figures.map((f) => `- **${f.name}**: T1 ${f.value}`).join('\n');
    expect(rawMarkdown({ content: lines })).toEqual([]);
  });

  it('GIVEN every seat playing random legal moves (the derived computer) THEN apply accepts each one', () => {
    const seats = seatsFor(engine, 'r');
    const setup = engine.setup({ players: seats, options: engine.optionsSchema.parse({}), seed: 'random' });
    if (!setup.ok) throw new Error(setup.error.message);
    let state = setup.value;
    for (let step = 0; step < 150 && !engine.outcome(state); step++) {
      const moves = engine
        .activePlayers(state)
        .map((p) => ({ p, action: randomLegal(engine.legalActions?.(state, p) ?? [], state, p) }));
      const move = moves.find((m) => m.action !== null);
      if (move?.action) {
        const r = engine.apply(state, move.p, move.action);
        expect(r.ok ? 'accepted' : r.error.code, `${move.p}: ${JSON.stringify(move.action)}`).toBe(
          'accepted',
        );
        if (r.ok) state = r.value.state;
        continue;
      }
      const phase = engine.timer(state);
      const wait = engine.waits(state)[0];
      const r = phase
        ? engine.apply(state, SYSTEM_ACTOR, phase.action)
        : wait
          ? runOutWait(engine, state, wait.key)
          : null;
      if (!r?.ok) break;
      state = r.value.state;
    }
  });
});

describe('what a new game lacks, and what it is given', () => {
  const bare = tallyBare;
  /** The bare game given legalActions, seen as the platform sees it. */
  const withLegal: AnyEngine = defineGame({ ...bare, legalActions: tallyLegalActions });
  const bareEngine: AnyEngine = defineGame(bare);
  const full: AnyEngine = tally;

  it('GIVEN only what defineGame requires THEN gapsOf names each missing piece in a sentence', () => {
    expect(gapsOf({ engine: bareEngine })).toEqual([
      'tally lacks legalActions(state, player): autocomplete, the random computer player and the checks of its buttons are derived from it',
      'tally lacks a computer player: the lobby offers none and a player who leaves cannot be replaced (legalActions brings a random one)',
      'tally lacks roundOf(state): a table of computers only plays one round at a time, a pause apart, so people can follow it',
      'tally lacks rule references: each refusal cites its rule and says what to do instead (rule-refs.ts)',
      'tally lacks a tutorial: `/game tutorial` walks a newcomer through a first game',
    ]);
    expect(gapsOf({ ...tallyModule, engine: defineGame({ ...bare, glossary: ['no-such-term'] }) })).toEqual([
      'tally lacks legalActions(state, player): autocomplete, the random computer player and the checks of its buttons are derived from it',
      'tally lacks a computer player: the lobby offers none and a player who leaves cannot be replaced (legalActions brings a random one)',
      'tally lacks roundOf(state): a table of computers only plays one round at a time, a pause apart, so people can follow it',
      'tally lacks the glossary entry "no-such-term": add it to src/games/glossary/entries.ts or drop it',
    ]);
  });

  it('GIVEN legalActions THEN it gets a random computer, who must act from its waits, no timer and autocomplete', () => {
    const engine = withLegal;
    expect(engine.computerStrategies).toEqual([RANDOM_STRATEGY]);
    const seats = seatsFor(engine, 'd').map((s) => ({ ...s, computer: RANDOM_STRATEGY.id }));
    const states = [...playthrough(engine, seats, { seed: 'd' })];
    expect(engine.outcome(states.at(-1))).not.toBeNull();
    for (const s of states) {
      expect(engine.activePlayers(s)).toEqual(waitingPlayers(engine.waits(s)));
      expect(engine.activePlayers(s)).toEqual(full.activePlayers(s));
      for (const p of engine.activePlayers(s))
        expect(engine.legalActions?.(s, p)).toContainEqual(engine.computerAction(s, p));
    }
    const first = states[0];
    expect(engine.computerAction(first, seats[0]?.id ?? '')).toEqual(
      engine.computerAction(first, seats[0]?.id ?? ''),
    );
    expect(bareEngine.timer(first)).toBeNull();
    expect(engine.autocomplete(first, seats[0]?.id ?? '', 'add', 'n', '')).toEqual([]);
  });

  it('GIVEN a game that lists a move for a player who may not make it THEN the check names it', () => {
    const loose: AnyEngine = defineGame({ ...bare, legalActions: () => [{ type: 'add', n: 1 } as const] });
    const seats = seatsFor(loose, 'l');
    const [first] = playthrough(withLegal, seats, { seed: 'l' });
    expect(problemsAt(loose, first, seats)).toEqual([
      'legal action of 800000000000000001 refused (not-your-turn): {"type":"add","n":1}',
    ]);
  });

  it('GIVEN a game played by the random computer THEN its moves vary with the position', () => {
    const engine = withLegal;
    const seats = seatsFor(engine, 'v').map((s) => ({ ...s, computer: RANDOM_STRATEGY.id }));
    const chosen = new Set<number>();
    for (const seed of ['v1', 'v2', 'v3', 'v4'])
      for (const s of playthrough(engine, seats, { seed })) {
        const p = engine.activePlayers(s)[0];
        const a = p === undefined ? null : engine.computerAction(s, p);
        if (a?.type === 'add' && typeof a.n === 'number') chosen.add(a.n);
      }
    expect([...chosen].sort()).toEqual([1, 2]);
  });
});
