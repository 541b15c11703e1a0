/** What a COLLECTION player reads on the board and in My view, where they decide. */
import { describe, expect, it } from 'vitest';
import { collection } from '../../../src/games/collection/index.ts';
import { roleOf } from '../../../src/games/collection/content/index.ts';
import type { Panel } from '../../../src/games/panel.ts';
import type { ColState } from '../../../src/games/collection/types.ts';
import { ROLES_BY_COUNT, table } from './helpers.ts';

const text = (p: Panel): string =>
  [p.title, p.description, ...(p.fields ?? []).flatMap((f) => [f.name, f.value]), p.footer].join('\n');

function drafting(players: number): ColState {
  const r = collection.setup({
    players: Array.from({ length: players }, (_, i) => ({ id: `p${i}`, name: `P${i}` })),
    options: {},
    seed: 'roles',
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('COLLECTION roles on screen', () => {
  it('GIVEN roles being chosen THEN the board shows each open role in full: engagement, reporting and its collaboration', () => {
    const state = drafting(5);
    const board = text(collection.present(collection.view(state, null), { viewer: null }));
    for (const id of ['political', 'collection', 'targeting'] as const) {
      const r = roleOf(id);
      expect(board).toContain(r.engagement);
      expect(board).toContain(r.collaboration);
    }
  });

  it('GIVEN a player with a role THEN My view shows their role card: engagement, reporting, collaboration', () => {
    const state = table(ROLES_BY_COUNT[4] ?? []);
    const mine = text(collection.present(collection.view(state, 'p3'), { viewer: 'p3' }));
    const r = roleOf('collection');
    expect(mine).toContain(`Your role: ${r.name}`);
    expect(mine).toContain(r.engagement);
    expect(mine).toContain(r.reporting);
    expect(mine).toContain(r.collaboration);
  });

  it('GIVEN /game help THEN it points at what players can see, not at role cards nobody has', () => {
    expect(collection.rulesSummary).not.toContain('role cards');
    expect(collection.rulesSummary).toContain('My view');
  });
});
