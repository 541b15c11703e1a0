/**
 * Drives a COLLECTION table through the sandbox as people would: each human seat makes the
 * careful analyst's choice with the control that carries it (a board button or select, or My
 * view for blue cards). Shared by the end-to-end test and the script that wrote
 * examples/collection.txt.
 */
import { scriptLines } from './script-lines.ts';
import type { ColAction, ColState } from '../../src/games/collection/index.ts';
import { collection } from '../../src/games/collection/index.ts';
import type { Harness } from '../../src/sandbox/harness.ts';
import type { Session } from '../../src/storage/session.ts';

export async function sessionOf(h: Harness): Promise<Session> {
  const r = await h.bot.tables.deps.store.load(h.channel.id);
  if (r.kind !== 'ok') throw new Error(`no session: ${r.kind}`);
  return r.session;
}

/** The script lines with which `name` makes `action`. */
export const linesFor = (state: ColState, id: string, name: string, action: ColAction): string[] =>
  scriptLines(collection, state, id, name, action);

/** The next human move: the careful analyst's choice for whoever must act, if human. */
export function nextHumanMove(
  state: ColState,
  humans: Map<string, string>,
): { id: string; name: string; action: ColAction } | null {
  for (const id of collection.activePlayers(state)) {
    const name = humans.get(id);
    const action = name ? collection.computerAction(state, id) : null;
    if (name && action) return { id, name, action };
  }
  return null;
}
