import { describe, expect, it } from 'vitest';
import type { Panel, PanelButton } from '../../../src/games/panel.ts';
import { actionSchema } from '../../../src/games/item-collection/schema.ts';
import type { IcgState } from '../../../src/games/item-collection/index.ts';
import { playGame } from '../../../src/games/item-collection/playout.ts';
import { ANN, BOB, PLAYERS, act, engine, negotiate, start } from './helpers.ts';

/** A button's action; a form's is its template filled with a short text. */
const actionOf = (b: PanelButton): unknown =>
  b.modal ? { ...b.modal.template, [b.modal.field]: 'I will play a 7' } : b.action;

function limitErrors(panel: Panel): string[] {
  const errors: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) errors.push(what);
  };
  check(panel.title.length <= 256, 'title');
  check((panel.description ?? '').length <= 4096, 'description');
  check((panel.fields ?? []).length <= 25, 'field count');
  for (const f of panel.fields ?? [])
    check(f.name.length <= 256 && f.value.length <= 1024 && f.value.length > 0, `field ${f.name}`);
  const buttons = panel.buttons ?? [];
  const selects = panel.selects ?? [];
  check(Math.ceil(buttons.length / 5) + selects.length <= 5, 'rows');
  for (const b of buttons)
    check(b.label.length <= 80 && actionSchema.safeParse(actionOf(b)).success, `button ${b.label}`);
  for (const s of selects) {
    check(s.options.length >= 1 && s.options.length <= 25, `options of ${s.placeholder}`);
    for (const o of s.options)
      check(
        o.label.length <= 100 &&
          (o.description ?? '').length <= 100 &&
          actionSchema.safeParse(o.action).success,
        `option ${o.label}`,
      );
  }
  return errors;
}

/** Every state a short computer game passes through. */
function statesOf(seed: string): IcgState[] {
  const setup = engine.setup({
    players: PLAYERS.map((p) => ({ ...p, computer: 'opportunist' })),
    options: {},
    seed,
  });
  if (!setup.ok) throw new Error('setup');
  const states = [setup.value];
  let s = setup.value;
  while (!engine.outcome(s)) {
    const actor = engine.activePlayers(s)[0] ?? '';
    const action = engine.computerAction(s, actor);
    if (!action) throw new Error('stuck');
    s = act(s, actor, action).state;
    states.push(s);
  }
  return states;
}

describe('panels', () => {
  it('GIVEN any moment of a game THEN every board and private panel fits Discord and offers only real actions', () => {
    for (const s of statesOf('panels')) {
      for (const viewer of [null, ...PLAYERS.map((p) => p.id)]) {
        const panel = engine.present(engine.view(s, viewer), { viewer });
        expect(limitErrors(panel)).toEqual([]);
      }
    }
  });

  it('GIVEN my private panel THEN every choice it offers me is accepted', () => {
    for (const s of statesOf('offers').filter((_, i) => i % 3 === 0)) {
      for (const p of PLAYERS) {
        const panel = engine.present(engine.view(s, p.id), { viewer: p.id });
        const offered = [
          ...(panel.buttons ?? []).map(actionOf),
          ...(panel.selects ?? []).flatMap((x) => x.options.map((o) => o.action)),
        ];
        for (const action of offered) {
          const parsed = actionSchema.parse(action);
          const result = engine.apply(s, p.id, parsed);
          expect(result.ok ? 'ok' : `${p.id} ${JSON.stringify(parsed)} ${result.error.code}`).toBe('ok');
        }
      }
    }
  });

  it('GIVEN my turn THEN my panel shows my hand as cards like 5♠ and a secret placement select', () => {
    const s = negotiate(start());
    const panel = engine.present(engine.view(s, ANN), { viewer: ANN });
    expect(panel.fields?.[0]?.value).toBe('2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠');
    const placeholders = (panel.selects ?? []).map((x) => x.placeholder);
    expect(placeholders).toContain('Place a card face down (secret)');
    expect(placeholders).toContain('Claim a card (public, may be a bluff)');
    const bob = engine.present(engine.view(s, BOB), { viewer: BOB });
    expect(bob.selects ?? []).toEqual([]);
  });

  it('GIVEN the negotiation THEN the board offers Ready, High and Low and mentions who has not acted', () => {
    const board = engine.present(engine.view(start(), null), { viewer: null });
    expect((board.buttons ?? []).map((b) => b.label)).toEqual([
      'Ready',
      'High (black joker)',
      'Low (red joker)',
      'Promise',
    ]);
    expect(board.mention).toEqual(PLAYERS.map((p) => p.id));
  });

  it('GIVEN the swap THEN the starting player gets a swap select and a Keep button; the board names them', () => {
    let s = negotiate(start());
    for (const p of PLAYERS) s = act(s, p.id, { type: 'declare', claim: '2', card: '2' }).state;
    const mine = engine.present(engine.view(s, ANN), { viewer: ANN });
    expect(mine.selects?.[0]?.placeholder).toBe('Swap your face-down card for…');
    expect(mine.buttons?.map((b) => b.label)).toEqual(['Keep my card']);
    const board = engine.present(engine.view(s, null), { viewer: null });
    expect(board.mention).toEqual([ANN]);
    expect(board.fields?.[1]?.value).toContain('Claims **2♥**');
  });

  it('GIVEN a finished game THEN the board shows the outcome', () => {
    const s = playGame('board-over');
    const board = engine.present(engine.view(s, null), { viewer: null });
    expect(board.description).toContain(s.outcome?.summary ?? 'missing');
    expect(board.tone).toBe('success');
  });
});
