/** The storytelling table as a picture: readable, self-contained, and never showing a hand. */
import { describe, expect, it } from 'vitest';
import { expectPng, expectWellFormed, svgWords } from '../picture-checks.ts';
import { act, engine, fresh } from './fixtures.ts';
import type { StState } from '../../../src/games/storytelling/types.ts';

/** Computer storytellers play until a crisis has escalated twice or one is ready. */
function midGame(): StState {
  let s = fresh(3, 'picture', true);
  for (let i = 0; i < 400 && !s.result; i++) {
    if (
      s.stage?.kind === 'turn' &&
      s.table.some((t) => t.escalations >= 1) &&
      s.table.some((t) => t.techniques.length > 0)
    )
      break;
    const p = engine.activePlayers(s)[0] ?? '';
    s = act(s, p, engine.computerAction(s, p) ?? { type: 'tell' });
  }
  return s;
}

describe('GIVEN a table in the middle of a story', () => {
  const s = midGame();
  const picture = engine.picture?.(engine.view(s, null), { viewer: null });

  it('THEN the picture is well formed, draws every crisis with its marks, and renders to a PNG', async () => {
    if (!picture) throw new Error('no picture');
    expectWellFormed(picture);
    const words = svgWords(picture.svg);
    for (const c of s.table) expect(words).toContain(`${c.escalations} of 3`);
    expect(picture.svg.match(/<circle /g)?.length).toBe(3 * s.table.length);
    expect(picture.alt).toContain('escalated');
    await expectPng(picture);
  });

  it('THEN a seated player gets the same picture, with no card from any hand', () => {
    const mine = engine.picture?.(engine.view(s, 'p0'), { viewer: 'p0' });
    expect(mine?.svg).toBe(picture?.svg);
    const words = svgWords(picture?.svg ?? '');
    const onTable = JSON.stringify(engine.view(s, null).crises);
    for (const seat of s.seats)
      for (const card of engine.view(s, seat.id).me?.hand ?? [])
        if (!onTable.includes(card.name)) expect(words).not.toContain(card.name);
  });
});
