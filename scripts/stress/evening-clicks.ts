/**
 * The evening's clicks, made as a player makes them: find the control on the public board or on
 * the player's own My view reply, by its label, and press it (a form is filled in too).
 */
import type { Gesture, Plan } from '../../src/sandbox/autoplay.ts';
import { allComponents, type EmuMessage, type InteractionHandle } from '../../src/sandbox/emulator/index.ts';
import type { Harness } from '../../src/sandbox/harness.ts';
import { modalFields } from '../../src/sandbox/script-targets.ts';

type Json = Record<string, unknown>;

export interface Found {
  message: EmuMessage;
  customId: string;
  /** A select's values for the gesture's labels. */
  values: string[];
}

function inMessage(message: EmuMessage, gesture: Gesture): Found | null {
  for (const c of allComponents(message.components) as Iterable<Json>) {
    if (c.disabled === true) continue;
    if (gesture.kind !== 'select' && c.type === 2 && c.label === gesture.label)
      return { message, customId: String(c.custom_id), values: [] };
    if (gesture.kind === 'select' && c.type === 3) {
      const options = (c.options ?? []) as Json[];
      const values = gesture.labels.map((l) => options.find((o) => o.label === l)?.value);
      if (values.every((v) => v !== undefined))
        return { message, customId: String(c.custom_id), values: values.map(String) };
    }
  }
  return null;
}

/** The newest message carrying the control: public ones, or (privately) this user's own. */
export function findControl(
  h: Harness,
  channelId: string,
  userId: string,
  gesture: Gesture,
  privately: boolean,
): Found | null {
  const messages = h.emu
    .visibleMessages(userId, channelId)
    .filter((m) => (privately ? m.ephemeralTo === userId : m.ephemeralTo === undefined));
  for (const m of messages.reverse()) {
    const found = inMessage(m, gesture);
    if (found) return found;
  }
  return null;
}

/** Presses My view on the newest board and waits (up to 3 s) for the private view's controls. */
export async function pressMyView(h: Harness, channelId: string, userId: string): Promise<InteractionHandle> {
  const board = findControl(h, channelId, userId, { kind: 'click', label: 'My view' }, false);
  if (!board) throw new Error(`no My view in ${channelId}`);
  const handle = await h.emu.click(userId, board.message.id, board.customId);
  const until = Date.now() + 3000;
  while (Date.now() < until && !privateReply(handle)?.components.length)
    await new Promise((r) => setTimeout(r, 20));
  return handle;
}

/**
 * The private view a My view click brought: its newest private follow-up (the click is
 * acknowledged as an update of the board), or its own reply when it was answered privately.
 */
export function privateReply(handle: InteractionHandle): EmuMessage | undefined {
  const followUp = handle.followUps.findLast((m) => m.ephemeralTo === handle.userId && !m.deleted);
  return followUp ?? (handle.message?.ephemeralTo === handle.userId ? handle.message : undefined);
}

/** Makes the planned gesture: on the board, or on the My view reply it was pressed for. */
export async function makeGesture(
  h: Harness,
  channelId: string,
  userId: string,
  plan: Plan,
  view: InteractionHandle | null,
): Promise<InteractionHandle | null> {
  const { gesture } = plan;
  const reply = view ? privateReply(view) : undefined;
  const found =
    plan.inMyView && reply
      ? inMessage(reply, gesture)
      : findControl(h, channelId, userId, gesture, plan.inMyView);
  // The table moved on (another player's click changed the phase): nothing left to press.
  if (!found) return null;
  if (gesture.kind === 'select') return h.emu.select(userId, found.message.id, found.customId, found.values);
  const handle = await h.emu.click(userId, found.message.id, found.customId);
  if (gesture.kind !== 'form' || !handle.modal) return handle;
  const [input] = modalFields(handle.modal);
  return h.emu.submitModal(
    userId,
    channelId,
    handle.modal.custom_id,
    { [String(input?.id)]: gesture.text },
    found.message.id,
  );
}
