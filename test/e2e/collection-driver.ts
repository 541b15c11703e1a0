/**
 * Drives a COLLECTION table through the sandbox as people would: each human seat makes the
 * careful analyst's choice with the control that carries it (a board button or select, or My
 * view for blue cards). Shared by the end-to-end test and the script that wrote
 * examples/collection.txt.
 */
import type { ColAction, ColState } from '../../src/games/collection/index.ts';
import { collection } from '../../src/games/collection/index.ts';
import type { Harness } from '../../src/sandbox/harness.ts';
import type { Session } from '../../src/storage/session.ts';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export async function sessionOf(h: Harness): Promise<Session> {
  const r = await h.bot.tables.deps.store.load(h.channel.id);
  if (r.kind !== 'ok') throw new Error(`no session: ${r.kind}`);
  return r.session;
}

/** The script lines with which `name` makes `action`. */
export function linesFor(state: ColState, id: string, name: string, action: ColAction): string[] {
  const board = collection.present(collection.view(state, null), { viewer: null });
  const button = (board.buttons ?? []).find((b) => same(b.action, action));
  if (button) return [`@${name} click ${button.label}`];
  for (const s of board.selects ?? []) {
    const o = s.options.find((x) => same(x.action, action));
    if (o) return [`@${name} select ${o.label}`];
  }
  const mine = collection.present(collection.view(state, id), { viewer: id });
  for (const b of mine.buttons ?? [])
    if (same(b.action, action)) return [`@${name} click My view`, `@${name} click ${b.label}`];
  for (const s of mine.selects ?? []) {
    const o = s.options.find((x) => same(x.action, action));
    if (o) return [`@${name} click My view`, `@${name} select ${o.label}`];
  }
  throw new Error(`no control carries ${JSON.stringify(action)} for ${name}`);
}

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
