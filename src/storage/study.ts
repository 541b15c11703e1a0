/**
 * A study session: several tables (threads) of one game dealt from one seed, run by one
 * facilitator, compared at the end. Stored under `study:<id>`, validated on every load.
 */
import { z } from 'zod';

export const studySchema = z.object({
  id: z.string().regex(/^[a-z0-9]{4,16}$/),
  guildId: z.string(),
  /** The channel the tables' threads were opened from; the combined debrief is posted here. */
  channelId: z.string(),
  host: z.string(),
  gameId: z.string(),
  /** The seed every table is dealt from: secret (as a session's, session.ts) unless `seedChosen`. */
  seed: z.string(),
  /**
   * The facilitator chose the seed with `seed:`: their private Facilitator view shows it. Absent
   * (and on records saved before it): a secret drawn by the bot, shown to nobody until every table
   * has ended. Optional: no migration.
   */
  seedChosen: z.literal(true).optional(),
  /** The tables' thread ids, in order (Table 1, 2, ...). */
  tables: z.array(z.string()).min(1),
  createdAt: z.number(),
  /** Set once the combined debrief has been posted after every table ended. */
  debriefPosted: z.boolean().optional(),
});

export type Study = z.infer<typeof studySchema>;

export const studyKey = (id: string): string => `study:${id}`;
