/** R36: the review weighs whole moves, and its verdict never reads against the game's result. */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../src/games/contract.ts';
import { reviewGame } from '../../../src/games/review.ts';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import type { KpAction, KpState } from '../../../src/games/kingpin/index.ts';

const HUMAN = 'u1';
const seats: Seat[] = [
  { id: HUMAN, name: 'Newcomer' },
  { id: 'cpu:1', name: 'Methodical Hunters', computer: 'methodical' },
];

/** A human Cartel that picks each Defense before placing it (two clicks) and strays now and then. */
function play(seed: string): { seq: number; actor: string; action: KpAction }[] {
  const r = kingpin.setup({ players: seats, options: { host: 'cartel' }, seed });
  if (!r.ok) throw new Error(r.error.message);
  let s: KpState = r.value;
  const history: { seq: number; actor: string; action: KpAction }[] = [];
  const apply = (actor: string, action: KpAction): void => {
    const a = kingpin.apply(s, actor, action);
    if (!a.ok) throw new Error(`${JSON.stringify(action)}: ${a.error.code}`);
    history.push({ seq: history.length + 1, actor, action });
    s = a.value.state;
  };
  for (let i = 0; i < 3000 && !kingpin.outcome(s); i++) {
    const actor = kingpin.activePlayers(s)[0] ?? '';
    const legal = kingpin.legalActions?.(s, actor) ?? [];
    let action = kingpin.computerAction(s, actor);
    if (actor === HUMAN && i % 5 === 0) action = legal.at(-1) ?? action;
    if (!action) throw new Error('stuck');
    if (actor === HUMAN && (action.type === 'place-defense' || action.type === 'move-defense'))
      apply(actor, { type: 'pick', card: action.card });
    apply(actor, action);
  }
  return history;
}

describe('R36 the review of a Kingpin game', () => {
  it('GIVEN a human who picks a Defense before placing it THEN no half-click is weighed, and no verdict reads against the result', () => {
    let picks = 0;
    let weighed = 0;
    for (const seed of ['review-1', 'review-2', 'review-3']) {
      const history = play(seed);
      const review = reviewGame(kingpin, {
        seats,
        options: { host: 'cartel' },
        seed,
        history,
      });
      const last = history.reduce<KpState | null>((s, e) => {
        const r = kingpin.apply(
          s ??
            (kingpin.setup({ players: seats, options: { host: 'cartel' }, seed }) as { value: KpState })
              .value,
          e.actor,
          e.action,
        );
        return r.ok ? r.value.state : s;
      }, null);
      const real = last ? kingpin.outcome(last) : null;
      for (const m of review.moments) {
        if (m.did.toLowerCase().startsWith('pick')) {
          picks++;
          expect(m.computer, m.did).toBeUndefined();
        }
        if (!m.computer?.result) continue;
        weighed++;
        if (m.computer.decisive) expect(real?.winners).not.toContain(m.actor);
        const own = /with the move made, (.*?)(?: \(in the game itself|$)/.exec(m.computer.result)?.[1];
        // The first two words name the winner: "The Hunters (…)", "The Cartel (…)", "A draw:".
        const winner = (t: string): string => t.split(' ').slice(0, 2).join(' ');
        if (own && real && winner(own) !== winner(real.summary))
          expect(m.computer.result).toContain('in the game itself');
      }
      for (const m of review.decisive) expect(m.did.toLowerCase().startsWith('pick')).toBe(false);
    }
    expect(picks).toBeGreaterThan(0);
    expect(weighed).toBeGreaterThan(0);
  });
});
