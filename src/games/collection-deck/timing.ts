/**
 * Who the table is waiting for, and the timers that close a window when they take too long.
 */
import type { PhaseTimer } from '../contract.ts';
import { currentChallenge, voterKeys } from './challenge.ts';
import { opponentsInOrder } from './table.ts';
import type { CdAction, CdState } from './types.ts';
import { literal } from '../text.ts';

/** Seat indices that must act now. */
export function activeUsers(s: CdState): number[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'discard') return [...s.discardPending];
  const t = s.turn;
  switch (t.stage) {
    case 'build':
    case 'respond':
      return [t.seat];
    case 'disrupt':
      if (s.edition === 'collect-it-all') return t.nextDisruptor === null ? [] : [t.nextDisruptor];
      return opponentsInOrder(s, t.seat).filter((o) => !t.passed.includes(o));
    case 'challenge': {
      const c = currentChallenge(s);
      if (!c) return [];
      if (c.step === 'justify') return [t.seat];
      return voterKeys(s)
        .filter((v) => !(v in c.votes))
        .flatMap((v) => (/^\d+$/.test(v) ? [Number(v)] : []));
    }
  }
}

/**
 * The deadline of the open window, vote or discard (the `window` option); none while a player
 * builds a strategy. At a table with a pace and no `window:` given, the decisions' deadlines
 * replace it (kernel/play.ts `nextTimer`).
 */
export function phaseTimer(s: CdState): PhaseTimer<CdAction> | null {
  if (s.phase === 'over') return null;
  const durationMs = s.options.window * 1000;
  const reminderBeforeMs = Math.min(30_000, Math.floor(durationMs / 4));
  const action: CdAction = { type: 'close-window' };
  const base = { durationMs, reminderBeforeMs, action, option: 'window' };
  if (s.phase === 'discard') return { ...base, key: `cd:discard:${s.round}`, label: 'Round-end discards' };
  const t = s.turn;
  const turnKey = `cd:${s.round}:${s.stats.turns}`;
  switch (t.stage) {
    case 'build':
      return null;
    case 'disrupt':
      // Collect It All asks one opponent at a time: each gets the whole window (ruling R31).
      return s.edition === 'collect-it-all'
        ? {
            ...base,
            key: `${turnKey}:disrupt:${t.disruptions}:${t.passStreak}:${t.nextDisruptor ?? ''}`,
            label: `Disruption window (${literal(s.seats[t.nextDisruptor ?? -1]?.name ?? 'next opponent')})`,
          }
        : { ...base, key: `${turnKey}:disrupt:${t.disruptions}`, label: 'Disruption window' };
    case 'respond':
      return { ...base, key: `${turnKey}:respond:${t.disruptions}:${s.seq}`, label: 'Response' };
    case 'challenge': {
      const c = currentChallenge(s);
      const n = s.stats.challenges - t.challenges.length;
      return {
        ...base,
        key: `${turnKey}:challenge:${n}:${c?.step ?? ''}`,
        label: c?.step === 'vote' ? 'Vote on the justification' : 'Justification',
      };
    }
  }
}
