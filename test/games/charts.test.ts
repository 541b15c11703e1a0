/**
 * Debrief charts (issue #29): each game's chart from a seeded finished game has one point per
 * round or turn, and its alt text states the figures; while a game runs there is no chart, so
 * nothing mid-game (Chapo's Location above all) can be drawn.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEngine } from '../../src/games/contract.ts';
import { collectionDeck, type CdState } from '../../src/games/collection-deck/index.ts';
import { collection, type ColState } from '../../src/games/collection/index.ts';
import { itemCollection, type IcgState } from '../../src/games/item-collection/index.ts';
import { kingpin } from '../../src/games/kingpin/index.ts';
import type { KpState } from '../../src/games/kingpin/types.ts';
import { locName } from '../../src/games/kingpin/board.ts';
import { storytelling } from '../../src/games/storytelling/index.ts';
import type { StState } from '../../src/games/storytelling/types.ts';
import { CHART_SEATS, chartSample } from '../../src/games/picture-samples.ts';
import { playthrough, tableOf } from '../../src/games/playthrough.ts';
import type { Picture } from '../../src/games/picture.ts';
import { expectPng, expectWellFormed, svgWords } from './picture-checks.ts';

/** Points drawn on a line chart (one dot per value). */
const dots = (p: Picture): number => (p.svg.match(/<circle /g) ?? []).length;

function finished<S>(engine: AnyEngine, seed = 'charts'): { state: S; chart: Picture } {
  const { state, chart } = chartSample(engine, seed);
  if (!chart) throw new Error(`${engine.id}: no chart`);
  expectWellFormed(chart);
  return { state: state as S, chart };
}

describe('GIVEN a seeded finished game', () => {
  it('Item Collection: one point per round for true claims, trusting plays and repaid trust, each figure in the alt text', () => {
    const { state, chart } = finished<IcgState>(itemCollection);
    const rounds = state.history.length;
    expect(rounds).toBeGreaterThan(1);
    expect(dots(chart)).toBe(3 * rounds);
    const honest = state.history.map(
      (r) => `R${r.round} ${r.plays.filter((p) => p.claim === p.card).length}`,
    );
    expect(chart.alt).toContain(`over ${rounds} rounds`);
    expect(chart.alt).toContain(`True claims: ${honest.join(', ')}.`);
  });

  it('Collection Deck: each player has a point per round, ending at their final score', () => {
    const { state, chart } = finished<CdState>(collectionDeck);
    expect(state.scoresByRound?.map((r) => r.round)).toEqual(
      Array.from({ length: state.round }, (_, i) => i + 1),
    );
    expect(dots(chart)).toBe(state.seats.length * state.round);
    expect(chart.alt).toContain(`over ${state.round} rounds`);
    for (const seat of state.seats)
      expect(chart.alt).toMatch(new RegExp(`${seat.name}[^.]*R${state.round} ${seat.score}\\.`));
    expect(svgWords(chart.svg)).toContain('(won)');
  });

  it('COLLECTION: a level per scenario after every turn from the start, ending at the final crisis levels', () => {
    const { state, chart } = finished<ColState>(collection);
    const turns = state.stats.turns;
    expect(state.crisisByTurn?.map((t) => t.turn)).toEqual(Array.from({ length: turns + 1 }, (_, i) => i));
    const last = state.crisisByTurn?.at(-1)?.levels;
    expect(last).toEqual(state.scenarios.map((s) => (s.card ? s.crisis : null)));
    expect(chart.alt).toContain(`over ${turns + 1} turns (0 to ${turns})`);
    for (const s of state.scenarios.filter((x) => x.card))
      expect(chart.alt).toMatch(new RegExp(`${s.letter}: [^.]*, ${s.crisis} at T${turns}\\.`));
  });

  it('storytelling: defused and failed so far per round, ending at the game’s totals', () => {
    const { state, chart } = finished<StState>(storytelling);
    expect(dots(chart)).toBe(2 * state.round);
    expect(state.closings).toHaveLength(state.defused.length + state.failed.length);
    expect(chart.alt).toMatch(new RegExp(`Defused: [^.]*R${state.round} ${state.defused.length}\\.`));
    expect(chart.alt).toMatch(new RegExp(`Failed: [^.]*R${state.round} ${state.failed.length}\\.`));
  });

  it('Kingpin: Chapo’s Location at the end of every turn, as the end reveal gives it', async () => {
    const { state, chart } = finished<KpState>(kingpin);
    expect(chart.alt).toContain(`over ${state.turn} turns`);
    expect(chart.alt).toContain(`T${state.turn} ${locName(state.chapo.at ?? '')}`);
    expect((chart.alt.match(/T\d+ /g) ?? []).length).toBe(state.turn + 1);
    await expectPng(chart);
  });

  const engines: AnyEngine[] = [itemCollection, collectionDeck, collection, storytelling, kingpin];
  it.each(engines.map((e) => [e.id, e] as const))(
    '%s: the same game draws the same chart, and no state before the end draws one',
    (_id, engine) => {
      const a = chartSample(engine).chart;
      expect(chartSample(engine).chart?.svg).toBe(a?.svg);
      const strategies = engine.computerStrategies;
      const seats = tableOf(CHART_SEATS[engine.id] ?? engine.minPlayers).map((s, i) => ({
        ...s,
        computer: strategies[i % strategies.length]?.id ?? 'random',
      }));
      const states = [...playthrough(engine, seats, { seed: 'charts' })];
      expect(states.slice(0, -1).filter((s) => engine.chart?.(s))).toEqual([]);
    },
  );
});
