/** Worlds several e2e files start from: a tally table with its record reader, a Kingpin table of two teams. */

import { Harness, type HarnessOptions } from '../../src/sandbox/harness.ts';
import type { Session } from '../../src/storage/session.ts';
import { tally } from '../fixtures/tally.ts';
import { scripted } from './scripted.ts';

export interface TallyWorld {
  h: Harness;
  run: (script: string) => Promise<string>;
  session: () => Promise<Session>;
}

/** A harness with the tally fixture game, a script runner and a reader of the channel's record. */
export async function tallyWorld(opts: HarnessOptions = {}): Promise<TallyWorld> {
  const h = await Harness.start({ games: [tally], ...opts });
  const session = async () => {
    const s = await h.bot.tables.load(h.channel.id);
    if (!s) throw new Error('no session');
    return s;
  };
  return { h, run: scripted(h), session };
}

/** A Kingpin table of two teams of two (alice and bob v carol and dave), started. */
export const KINGPIN_TEAMS_START = [
  '@alice /game start game:kingpin seed:12',
  "@bob select Join alice's team",
  '@carol click Join',
  "@dave select Join carol's team",
  '@alice click Start',
].join('\n');
