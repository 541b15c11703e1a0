/**
 * The combined debrief's Markdown and CSV (src/bot/features/study-debrief.ts): tables side by
 * side on the game's figures, names as written, a CSV a spreadsheet opens safely.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEngine } from '../../src/games/contract.ts';
import { combinedDebrief } from '../../src/bot/features/study-debrief.ts';
import type { Study } from '../../src/storage/study.ts';
import { tally } from '../fixtures/tally.ts';
import { tallySession } from '../fixtures/session.ts';

const engine: AnyEngine = {
  ...tally,
  computerStrategies: [{ id: 'random', name: 'Random', description: '' }],
  sessionFigures: () => [{ name: 'Moves', value: '3' }],
  sessionPrompt: 'For discussion: why?',
};

const study: Study = {
  id: 'abcd1234',
  guildId: 'g',
  channelId: 'c',
  host: 'h',
  gameId: 'tally',
  seed: 's',
  tables: ['t1', 't2', 't3'],
  createdAt: 0,
};

const people = [
  { id: '111111111111111111', name: '=HYPERLINK("x"), **bold**' },
  { id: 'cpu:1', name: 'Random #1', computer: 'random' },
];
const robots = [
  { id: 'cpu:1', name: 'Random #1', computer: 'random' },
  { id: 'cpu:2', name: 'Random #2', computer: 'random' },
];

describe('GIVEN three tables of a study session: one finished, one closed, one still playing', () => {
  const sessions = [
    tallySession(people, undefined, { status: 'ended', endedReason: 'finished' }),
    tallySession(robots, undefined, { status: 'ended', endedReason: 'ended by alice' }),
    tallySession(robots),
  ];
  const debrief = combinedDebrief(study, engine, sessions, '🎲 seed line');

  it('THEN the Markdown names each table’s people as written and its computers, and labels the one still playing', () => {
    expect(debrief?.markdown).toContain(
      '**T1** <#t1> · finished · players =HYPERLINK("x"), \\*\\*bold\\*\\* · computers Random',
    );
    expect(debrief?.markdown).toContain('**T2** <#t2> · closed · no people · computers Random ×2');
    expect(debrief?.markdown).toContain('- **Moves**: T1 3 · T2 3 · T3 playing');
    expect(debrief?.markdown).toContain('T3 still playing: their figures come when they end.');
    expect(debrief?.markdown).toContain('For discussion: why?');
  });

  it('THEN the CSV has a column per table, quotes what needs it and never starts a cell with a formula', () => {
    expect(debrief?.csv.split('\r\n')).toEqual([
      'figure,T1,T2,T3',
      'status,finished,closed,playing',
      `players,"'=HYPERLINK(""x""), **bold**",,`,
      'computers,Random,Random ×2,Random ×2',
      'Moves,3,3,playing',
      '',
    ]);
    expect(debrief?.base).toBe('tally-session-abcd1234');
  });
});

describe('GIVEN a study session whose tables are all still in their lobby', () => {
  it('THEN there is nothing to compare yet', () => {
    const lobby = tallySession(robots, undefined, { status: 'lobby' });
    expect(combinedDebrief(study, engine, [lobby, lobby, lobby], '')).toBeNull();
  });
});
