/**
 * How a person makes a game action with the controls they see: a button or menu on the public
 * board, or **My view** and then one of its buttons, menus or forms. Worked out from the same
 * panels the bot renders (`engine.present`), so a driver that follows it clicks exactly what a
 * player would. Used by the stress script and the benchmark to play real games with real clicks.
 */
import type { AnyEngine } from '../games/contract.ts';
import type { Panel, PanelAction } from '../games/panel.ts';
import type { Session } from '../storage/session.ts';

export type Gesture =
  | { kind: 'click'; label: string }
  | { kind: 'select'; labels: string[] }
  /** A button that opens a form; `text` goes into its first field. */
  | { kind: 'form'; label: string; text: string };

export interface Plan {
  /** The gesture is made on the private view (after pressing My view), not on the board. */
  inMyView: boolean;
  gesture: Gesture;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether a form's template with its one text field filled in is exactly `action`. */
function fills(template: Record<string, unknown>, field: string, action: PanelAction): boolean {
  const keys = new Set([...Object.keys(template), ...Object.keys(action)]);
  return [...keys].every((k) => k === field || same(template[k], action[k]));
}

function onPanel(panel: Panel, action: PanelAction): Gesture | null {
  for (const b of panel.buttons ?? []) {
    if (b.disabled) continue;
    if (b.action && same(b.action, action)) return { kind: 'click', label: b.label };
    const field = b.modal?.field;
    if (b.modal && field && typeof action[field] === 'string' && fills(b.modal.template, field, action))
      return { kind: 'form', label: b.label, text: action[field] };
  }
  for (const s of panel.selects ?? []) {
    if (s.multi) {
      const values = action[s.multi.field];
      if (s.multi.template.type !== action.type || !Array.isArray(values) || values.length === 0) continue;
      const labels = values.map((v) => s.options.find((o) => o.value === v)?.label);
      if (labels.every((l): l is string => l !== undefined)) return { kind: 'select', labels };
      continue;
    }
    const option = s.options.find((o) => o.action && same(o.action, action));
    if (option) return { kind: 'select', labels: [option.label] };
  }
  return null;
}

/** Where `seatId` makes `action`: the board first, else My view; null when no control carries it. */
export function planGesture(
  engine: AnyEngine,
  state: unknown,
  seatId: string,
  action: PanelAction,
): Plan | null {
  const board = onPanel(engine.present(engine.view(state, null), { viewer: null }), action);
  if (board) return { inMyView: false, gesture: board };
  const mine = onPanel(engine.present(engine.view(state, seatId), { viewer: seatId }), action);
  return mine ? { inMyView: true, gesture: mine } : null;
}

/**
 * The move the person due at a table would make (the computer strategy's move for their seat),
 * with the controls they see; null when the table is not playing, no person is due, or no
 * control carries the move. Worked out before a wave, so a driver's own thinking is not inside
 * the clicks it measures.
 */
export function planHumanMove(
  engine: AnyEngine,
  session: Pick<Session, 'status' | 'seats' | 'state'> | null,
): { mover: string; plan: Plan } | null {
  if (session?.status !== 'playing') return null;
  const humans = session.seats.filter((s) => !s.computer).map((s) => s.id);
  const mover = engine.activePlayers(session.state).find((id: string) => humans.includes(id));
  const action = mover ? engine.computerAction(session.state, mover) : null;
  const plan = mover && action ? planGesture(engine, session.state, mover, action) : null;
  return mover && plan ? { mover, plan } : null;
}
