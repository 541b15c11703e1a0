/**
 * Pace: the clock a table runs on. Pure functions that keep a session's decision clocks in step
 * with what its game waits for (GameEngine.waits): a new decision gets a deadline of the
 * per-decision time plus the seat's reserve; a decision answered in time costs no reserve, a
 * slow one spends what it took beyond the per-decision time.
 */
import { time, TimestampStyles } from 'discord.js';
import type { AnyEngine, Wait } from '../../games/contract.ts';
import type { NewHistoryEntry } from '../../storage/history.ts';
import { seatPlaces, seatUsers, type Session } from '../../storage/session.ts';
import {
  tableClockSchema,
  type DecisionClock,
  type Pace,
  type TableClock,
} from '../../storage/table-clock.ts';
import { playerName } from './names.ts';
import { charCount, clip } from './text.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export interface PaceRule {
  perDecisionMs: number;
  reserveMs: number;
  remindBeforeMs: number;
  describe: string;
}

export const PACE_RULES: Record<Exclude<Pace, 'none'>, PaceRule> = {
  live: {
    perDecisionMs: 2 * MIN,
    reserveMs: 5 * MIN,
    remindBeforeMs: 30_000,
    describe: '2 minutes a decision, 5 minutes in reserve',
  },
  daily: {
    perDecisionMs: DAY,
    reserveMs: DAY,
    remindBeforeMs: 2 * HOUR,
    describe: 'a day a decision, a day in reserve',
  },
  weekly: {
    perDecisionMs: 7 * DAY,
    reserveMs: 3 * DAY,
    remindBeforeMs: DAY,
    describe: 'a week a decision, 3 days in reserve',
  },
};

export const PACE_CHOICES: { name: string; value: Pace }[] = [
  { name: `live (${PACE_RULES.live.describe})`, value: 'live' },
  { name: `daily (${PACE_RULES.daily.describe})`, value: 'daily' },
  { name: `weekly (${PACE_RULES.weekly.describe})`, value: 'weekly' },
  { name: 'none (no deadlines; the host nudges)', value: 'none' },
];

/** A pace in words, for the lobby and the settings: "daily (a day a decision, a day in reserve)". */
export const describePace = (pace: Pace): string =>
  pace === 'none'
    ? 'none (no deadlines; the host nudges with `/game skip`)'
    : `${pace} (${PACE_RULES[pace].describe})`;

export function newTableClock(pace: Pace): TableClock {
  return tableClockSchema.parse({ pace, playedBy: {} });
}

/** A table's clock; a table from before clocks existed runs on none. */
export const tableClockOf = (session: Session): TableClock => session.tableClock ?? newTableClock('none');

const ruleOf = (pace: Pace): PaceRule | null => (pace === 'none' ? null : PACE_RULES[pace]);

/** Sets a clock's deadline and its reminder, if the reminder is still ahead. */
export function arm(clock: DecisionClock, due: number, now: number, pace: Pace): DecisionClock {
  const { remaining: _r, remindAt: _a, due: _d, ...rest } = clock;
  const before = ruleOf(pace)?.remindBeforeMs;
  const remindAt = before === undefined ? undefined : due - before;
  return { ...rest, due, ...(remindAt !== undefined && remindAt > now ? { remindAt } : {}) };
}

/**
 * The session's clocks after any change: kept for decisions still pending, started for new ones,
 * dropped (and the reserve charged) for decisions that are gone. Nothing when the pace is none
 * or the game is not being played.
 */
export function planClocks(engine: AnyEngine, session: Session, now: number): Session {
  const tc = session.tableClock;
  if (!tc) return session;
  const rule = ruleOf(tc.pace);
  if (!rule || session.status !== 'playing') {
    return tc.clocks.length ? { ...session, tableClock: { ...tc, clocks: [] } } : session;
  }
  const waits = engine.waits(session.state);
  const keys = new Set(waits.map((w) => w.key));
  const reserves = { ...tc.reserves };
  const missed = { ...tc.missed };
  for (const c of tc.clocks) {
    // A decision can also go because someone else ended the phase: only an answer counts.
    if (keys.has(c.key) || !answered(session, c)) continue;
    // Answered: the time beyond the per-decision allowance comes out of the reserve.
    const spent = Math.max(0, now - c.startedAt - rule.perDecisionMs);
    reserves[c.player] = Math.max(0, (reserves[c.player] ?? rule.reserveMs) - spent);
    missed[c.player] = 0;
  }
  const clocks = waits.map((w): DecisionClock => {
    const kept = tc.clocks.find((c) => c.key === w.key);
    if (kept) return kept;
    const allowance = rule.perDecisionMs + (reserves[w.player] ?? rule.reserveMs);
    const fresh = { key: w.key, player: w.player, for: w.for, startedAt: now };
    return tc.paused ? { ...fresh, remaining: allowance } : arm(fresh, now + allowance, now, tc.pace);
  });
  return { ...session, tableClock: { ...tc, clocks, reserves, missed } };
}

/**
 * A clock whose reminder is due, as `Decisions` saves it before sending the reminder: without
 * it. A deadline that passed before its reminder went out (the bot was down at both times) gets
 * a grace period: it moves to the reminder's lead from now (2 hours at daily), so no player loses
 * a decision to an outage without the notice the reminder promised.
 */
export function reminded(clock: DecisionClock, now: number, pace: Pace): DecisionClock {
  const { remindAt: _r, ...rest } = clock;
  const lead = ruleOf(pace)?.remindBeforeMs;
  if (clock.due === undefined || clock.due > now || lead === undefined) return rest;
  return { ...rest, due: now + lead };
}

/** Marks a move the platform played for a player whose time ran out (in the move's history). */
export const DEFAULT_MARK = '⏱ default played: out of time';

/** The history entries of defaults the platform played (`runOutWait`'s `applied`), each marked. */
export const defaultMoves = (applied: readonly Wait<unknown>[], at: number): NewHistoryEntry[] =>
  applied.map((w) => ({ at, actor: w.player, action: w.default, announce: [DEFAULT_MARK] }));

/** Whether the player who owed this decision made a move of their own since it started. */
function answered(session: Session, clock: DecisionClock): boolean {
  const seat = session.seats.find((s) => s.id === clock.player);
  // Moves are recorded under the game's ids: the seat's, or a team member's place, whoever holds it.
  const ids = new Set([clock.player, ...(seat ? seatPlaces(seat).map((p) => p.place) : [])]);
  // Only the recent moves are in the record; a decision's answer is among them (history.ts).
  const recent = session.history.recent;
  for (let i = recent.length - 1; i >= 0; i--) {
    const e = recent[i];
    if (!e || e.at < clock.startedAt) break;
    if (ids.has(e.actor) && e.announce[0] !== DEFAULT_MARK) return true;
  }
  return false;
}

/** Stops every clock (pause) or starts them again with the time they had left (resume). */
export function pauseClocks(tc: TableClock, paused: boolean, now: number): TableClock {
  const clocks = tc.clocks.map((c) => {
    if (paused) {
      const { due: _d, remindAt: _r, ...rest } = c;
      return c.due === undefined ? c : { ...rest, remaining: Math.max(0, c.due - now) };
    }
    return c.remaining === undefined ? c : arm(c, now + c.remaining, now, tc.pace);
  });
  return { ...tc, clocks, paused };
}

/** When the table's clocks next need attention (a reminder or a deadline), if ever. */
export function nextWake(session: Session): number | undefined {
  const tc = session.tableClock;
  if (!tc || tc.paused || session.status !== 'playing') return undefined;
  let at: number | undefined;
  for (const c of tc.clocks) {
    const t = c.remindAt ?? c.due;
    if (t !== undefined && (at === undefined || t < at)) at = t;
  }
  return at;
}

/**
 * When a decision falls due: its own deadline, or the end of the phase when a phase clock the host
 * set (`yieldsToPace`) ends it first, so each decision shows one deadline.
 */
const dueOf = (session: Session, clock: DecisionClock): number | undefined => {
  const phase = session.timer?.due;
  return clock.due === undefined || phase === undefined ? clock.due : Math.min(clock.due, phase);
};

/** Characters the deadline lines of a board may take (its status text holds them, layout.ts). */
export const DEADLINE_TEXT_MAX = 1200;

/**
 * The status lines a board shows: every player waited on, one line each, with what they owe and
 * by when (Discord renders the countdown). A player owing several decisions gets one line (the
 * earliest deadline). When the lines would not fit `DEADLINE_TEXT_MAX`, what is owed is shortened
 * evenly, then left out: who and by when always stay.
 */
export function deadlineLines(session: Session): string[] {
  const tc = session.tableClock;
  if (!tc || tc.clocks.length === 0) return [];
  const owed = new Map<string, DecisionClock[]>();
  // A seat a computer plays is not waited on: the computer answers, and its owner has its own line.
  const computer = new Set(session.seats.filter((s) => s.computer).map((s) => s.id));
  for (const c of tc.clocks)
    if (!computer.has(c.player)) owed.set(c.player, [...(owed.get(c.player) ?? []), c]);
  if (owed.size === 0) return [];
  const rows = [...owed].map(([player, clocks]) => {
    const dues = clocks.flatMap((c) => {
      const due = dueOf(session, c);
      return due === undefined ? [] : [due];
    });
    // A running clock reads ", due <t:…:R>" after what is owed; a paused one "(clock paused)".
    const when = dues.length
      ? `, due ${time(Math.ceil(Math.min(...dues) / 1000), TimestampStyles.RelativeTime)}`
      : ' (clock paused)';
    return {
      head: `${dues.length ? '⏳' : '⏸'} ${playerName(session.seats, player, 'mention')}`,
      what: [...new Set(clocks.map((c) => c.for))].join('; '),
      when,
    };
  });
  const fixed = rows.reduce((n, r) => n + charCount(r.head) + charCount(r.when) + 3, 0);
  const each = Math.floor((DEADLINE_TEXT_MAX - fixed) / rows.length);
  return rows.map((r) => {
    const what = charCount(r.what) <= each ? r.what : each >= 16 ? clip(r.what, each) : '';
    // ": " before what is owed and the line break after: 3 characters a line, counted in `fixed`.
    return what ? `${r.head}: ${what}${r.when}` : `${r.head}${r.when}`;
  });
}

/**
 * One line for the owners of the seats a computer keeps warm (never a ping: the board pings only
 * who must act): that a computer plays for them, and how they take the seat back.
 */
export function standInLine(session: Session): string | undefined {
  const away = session.tableClock?.standIns ?? {};
  const owners = session.seats
    .filter((s) => s.computer && away[s.id] === 'away')
    .flatMap((s) => seatUsers(s).map((u) => `<@${u}>`));
  if (!owners.length) return undefined;
  return `🤖 A computer plays for ${owners.join(', ')}: a click on this table (even **My view**) or a move typed with \`/${session.gameId}\` takes the seat back from the next decision.`;
}
