/**
 * A table's decision clocks (issue #10), kept inside its session record so a deadline is saved
 * with the state it belongs to: the pace, one clock per decision the game waits for, each
 * seat's reserve, missed decisions in a row, and the seats a computer is keeping warm.
 */
import { z } from 'zod';

export const PACES = ['live', 'daily', 'weekly', 'none'] as const;
export type Pace = (typeof PACES)[number];

const clockSchema = z.object({
  /** The Wait's key: one clock per decision. */
  key: z.string(),
  player: z.string(),
  for: z.string(),
  startedAt: z.number(),
  /** Epoch ms of the deadline; absent while the table is paused. */
  due: z.number().optional(),
  /** Time left while paused. */
  remaining: z.number().optional(),
  /** Epoch ms of the one reminder, while it is still to be sent. */
  remindAt: z.number().optional(),
});

export const tableClockSchema = z.object({
  pace: z.enum(PACES),
  clocks: z.array(clockSchema).default([]),
  /** Reserve left per seat (ms), spent when a decision takes longer than the per-decision time. */
  reserves: z.record(z.string(), z.number()).default({}),
  /** Decisions in a row each seat let run out. */
  missed: z.record(z.string(), z.number()).default({}),
  /** Seats a computer plays: 'away' until their owner clicks again, 'removed' for good. */
  standIns: z.record(z.string(), z.enum(['away', 'removed'])).default({}),
  paused: z.boolean().default(false),
  /**
   * Who played each seat's moves so far (kernel/played-by.ts): `self` its holder, `default` a
   * default the platform played (time ran out, the host skipped or ended the round), `computer` a
   * computer standing in. A seat's result counts by it (features/results.ts). Absent on a game
   * begun before it was kept: its results count as they did then.
   */
  playedBy: z.record(z.string(), z.array(z.enum(['self', 'default', 'computer']))).optional(),
});

export type TableClock = z.infer<typeof tableClockSchema>;
export type DecisionClock = z.infer<typeof clockSchema>;
