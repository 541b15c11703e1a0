/**
 * A click on a game control, end to end, as one straight line:
 *
 *   1. acknowledge   answered within Discord's 3 seconds, before the store is read; the rest
 *                    waits while other clicks are being acknowledged (acks.ts)
 *   2. commit        lock → load → resolve the click against the panel now → apply → save
 *   3. publish       after the lock: announcements, the board (in order per table), the debrief;
 *                    a board clicked on is edited through the click (outside the global limit)
 *   4. refresh       at the same time: the private view clicked from is redrawn in place from
 *                    the commit (by the interaction's token, outside the global rate limit)
 *
 * A form opener (route `f`) is the one exception to step 1: a form must be the first answer to
 * its click, so its session is read first (showForm). Its submit comes back through here.
 */
import { MessageFlags, type ButtonInteraction, type ModalSubmitInteraction } from 'discord.js';
import { FACILITATOR_ACTOR, type AnyEngine } from '../../games/contract.ts';
import type { PanelModal } from '../../games/panel.ts';
import { holdsSeat, type Session } from '../../storage/session.ts';
import { actorFor, moverFor, privatePanel, publicPanel } from '../discord/board.ts';
import { ruleRefusal } from '../discord/refusals.ts';
import { privateView } from '../table/board-message.ts';
import { clickOn } from '../table/board-tokens.ts';
import { commitMove } from '../table/commit.ts';
import type { ComponentInteraction } from '../discord/interaction.ts';
import type { ActionRoute } from '../kernel/custom-id.ts';
import { userError } from '../kernel/errors.ts';
import {
  choiceFieldId,
  findControl,
  modalChoices,
  moreFieldId,
  renderModal,
  type Control,
} from '../discord/render.ts';
import type { TableService } from '../table/service.ts';
import { LIMITS, literal } from '../kernel/text.ts';
import { ownTurn } from '../kernel/turns.ts';

export async function handleMove(
  i: ComponentInteraction,
  route: ActionRoute,
  tables: TableService,
): Promise<void> {
  if (route.kind === 'f' && i.isButton()) return showForm(i, route, tables);
  const fromMessage = await tables.acks.acknowledge(() => acknowledge(i));
  await tables.acks.clear();
  const committed = await commitMove(tables, i.channelId ?? '', route.sid, resolveClick(i, route), i.id);
  if (!committed) return; // a redelivered interaction, already applied
  // The mover's own view is redrawn from the commit at once, beside the public board, not after it.
  const refresh = async () => {
    if (route.scope !== 'm' && fromMessage) return;
    await ownTurn(); // views ready at once are built over several turns of the event loop
    await i.editReply(await privateView(tables, committed.saved, i.user.id));
  };
  // A click on the board itself: the board's edit (or retirement) goes through this click's
  // interaction, outside the global rate limit (its @original is the board after deferUpdate).
  const clicked =
    route.scope === 'p' && fromMessage && i.message
      ? clickOn(i, i.message.id, tables.deps.clock.now())
      : undefined;
  await Promise.all([tables.publisher.publish(committed, clicked), refresh()]);
}

/** Step 1: a click on a message updates it later; a form sent from a slash command answers privately. */
async function acknowledge(i: ComponentInteraction): Promise<boolean> {
  const fromMessage = !i.isModalSubmit() || i.isFromMessage();
  if (fromMessage) await i.deferUpdate();
  else await i.deferReply({ flags: MessageFlags.Ephemeral });
  return fromMessage;
}

/** Shows the form a button opens, as the game offers it now. */
async function showForm(i: ButtonInteraction, route: ActionRoute, tables: TableService): Promise<void> {
  // A button interaction always comes from a channel.
  const session = await tables.require(i.channelId, route.sid);
  if (session.status === 'lobby')
    throw userError('not-started', 'The game has not started yet: the host presses Start in the lobby.');
  if (session.status === 'ended') throw userError('ended', 'This game has ended.');
  const engine = tables.engine(session.gameId);
  const control = findControl(panelFor(engine, session, route, i.user.id), route);
  if (control?.kind !== 'button' || !control.button.modal) throw staleOrTampered(session, route);
  refuseFormToOutsider(engine, session, i.user.id, control.button.label, control.button.modal);
  await i.showModal(renderModal(control.button.modal, i.customId));
}

/**
 * A form on the public board is offered to everyone, but whoever holds no seat (and does not
 * facilitate) would only be refused on submitting it: they are refused at the button instead,
 * with the refusal the game would give (the rule and what to do instead), tried on the form's
 * action before anything is written. A seat-holder always gets the form: whether their text
 * will do is for the submit to say.
 */
function refuseFormToOutsider(
  engine: AnyEngine,
  session: Session,
  userId: string,
  label: string,
  modal: PanelModal,
): void {
  if (holdsSeat(session, userId) || actorFor(session, userId) === FACILITATOR_ACTOR) return;
  const actor = moverFor(session, userId);
  const blank = modal.template[modal.field];
  const parsed = engine.actionSchema.safeParse({
    ...modal.template,
    [modal.field]: typeof blank === 'string' && blank !== '' ? blank : '…',
  });
  if (!parsed.success) return;
  const tried = engine.apply(session.state, actor, parsed.data);
  // In the words of the button pressed ("Promise"), not the action's internal form ("promise").
  if (!tried.ok) throw ruleRefusal(tried.error, literal(label));
}

/** Step 2's question: which action the click means, given the control as the game offers it now. */
function resolveClick(i: ComponentInteraction, route: ActionRoute) {
  return (current: Session, engine: AnyEngine) => {
    const control = findControl(panelFor(engine, current, route, i.user.id), route);
    if (!control) throw staleOrTampered(current, route);
    const action = actionOf(control, i);
    return { actor: moverFor(current, i.user.id), action, tried: triedOf(control, i) };
  };
}

function panelFor(engine: AnyEngine, session: Session, route: ActionRoute, userId: string) {
  return route.scope === 'p' ? publicPanel(engine, session) : privatePanel(engine, session, userId);
}

function staleOrTampered(session: Session, route: ActionRoute) {
  return route.version === session.version
    ? userError('tampered', 'That control is not valid for this game.')
    : userError(
        'stale',
        'That choice is no longer available: the game has moved on. Press **My view** for your current options.',
      );
}

/** A form's menu answers: each chosen value under its field; only values the menu offered. */
function chosen(modal: PanelModal, i: ModalSubmitInteraction): Record<string, string> {
  const picked: Record<string, string> = {};
  modalChoices(modal).forEach((choice) => {
    const value = i.fields.getStringSelectValues(choiceFieldId(choice))[0];
    if (value === undefined) return;
    if (!choice.options.some((o) => o.value === value))
      throw userError('tampered', 'That option is not valid for this game.');
    picked[choice.field] = value;
  });
  return picked;
}

/**
 * What the player tried, in the words of the control they used ("Hold the blue card"), not the
 * action's internal form; a form's answer is described from the action, its text included.
 */
function triedOf(control: Control, i: ComponentInteraction): string | undefined {
  if (control.kind === 'button') return i.isModalSubmit() ? undefined : literal(control.button.label);
  if (!i.isStringSelectMenu()) return undefined;
  const labels = i.values.map((v) => control.select.options[Number(v)]?.label ?? v).map((l) => literal(l));
  return control.select.multi
    ? `${literal(control.select.placeholder)}: ${labels.join(', ')}`
    : labels.join(', ');
}

function actionOf(control: Control, i: ComponentInteraction): unknown {
  if (control.kind === 'button') {
    if (control.button.disabled) throw userError('disabled', 'That button is not available right now.');
    const modal = control.button.modal;
    if (!i.isModalSubmit()) {
      // A form opener from before forms said so in their custom_id.
      if (modal) throw userError('stale', 'That form has moved: press **My view** and open it again.');
      return control.button.action;
    }
    if (!modal) throw userError('tampered', 'That form is not valid for this game.');
    const first = i.fields.getTextInputValue('text').trim();
    // Further questions are optional; their answers follow the first, separated by a space.
    const more = (modal.more ?? [])
      .slice(0, 4)
      .map((_, n) => i.fields.getTextInputValue(moreFieldId(n)).trim());
    const text = [first, ...more].filter((t) => t.length > 0).join(' ');
    if ((first.length === 0 && !modal.optional) || text.length > Math.min(modal.maxLength, LIMITS.inputValue))
      throw userError('bad-text', `Please write between 1 and ${modal.maxLength} characters.`);
    return { ...modal.template, ...chosen(modal, i), [modal.field]: text };
  }
  if (!i.isStringSelectMenu()) throw userError('tampered', 'That control is not valid for this game.');
  const options = control.select.options;
  const picked = i.values.map((v) => {
    const option = /^\d{1,2}$/.test(v) ? options[Number(v)] : undefined;
    if (!option) throw userError('tampered', 'That option is not valid for this game.');
    return option;
  });
  const multi = control.select.multi;
  if (multi) return { ...multi.template, [multi.field]: picked.map((o) => o.value) };
  const action = picked[0]?.action;
  if (!action) throw userError('tampered', 'That option is not valid for this game.');
  return action;
}
