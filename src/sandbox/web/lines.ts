/**
 * The page's actions written as the sandbox's script lines (src/sandbox/script.ts), so that each
 * click, choice, form, command and wait is carried out by the script runner itself and the
 * session's transcript is a script that replays it. A button is named by its label and, when a
 * newer button so labelled is also on screen, by its rank (`click My view [2]`).
 */
import { parseDuration, tokenize } from '../script.ts';
import { quote, type Json, type Targets } from '../script-targets.ts';

/** What the page asks for, on behalf of the user it shows. */
export type PageAction =
  | { type: 'click'; messageId: string; customId: string }
  | { type: 'select'; messageId: string; customId: string; values: string[] }
  | { type: 'modal'; customId: string; fields: Record<string, string> }
  | { type: 'send'; channelId: string; text: string }
  | { type: 'wait'; duration: string };

export class LineError extends Error {}

/** Reads an action from a request body, refusing anything else. */
export function parseAction(body: unknown): PageAction {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const s = (k: string): string => {
    if (typeof b[k] !== 'string') throw new LineError(`"${k}" is missing.`);
    return b[k];
  };
  switch (b.type) {
    case 'click':
      return { type: 'click', messageId: s('messageId'), customId: s('customId') };
    case 'select': {
      const values = Array.isArray(b.values) ? b.values.map(String) : [];
      return { type: 'select', messageId: s('messageId'), customId: s('customId'), values };
    }
    case 'modal': {
      const fields = (typeof b.fields === 'object' && b.fields !== null ? b.fields : {}) as Json;
      return {
        type: 'modal',
        customId: s('customId'),
        fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
      };
    }
    case 'send':
      return { type: 'send', channelId: s('channelId'), text: s('text') };
    case 'wait':
      return { type: 'wait', duration: s('duration') };
    default:
      throw new LineError('An action is a click, select, modal, send or wait.');
  }
}

/** Writes an action as the script line that does it. */
export function lineFor(targets: Targets, userId: string, tableId: string, action: PageAction): string {
  const who = `@${targets.nameOf(userId)}`;
  switch (action.type) {
    case 'wait':
      parseDuration(action.duration);
      return `wait ${action.duration.trim()}`;
    case 'click': {
      const label = componentOn(targets, userId, action.messageId, action.customId).label;
      if (typeof label !== 'string' || label === '')
        throw new LineError('This button has no label, so no script line can name it.');
      const rank = targets
        .buttons(userId, label)
        .found.findIndex(
          (t) => t.message.id === action.messageId && t.component.custom_id === action.customId,
        );
      if (rank < 0) throw new LineError(`The button "${label}" cannot be pressed.`);
      return `${who} click ${label}${rank > 0 ? ` [${rank + 1}]` : ''}`;
    }
    case 'select': {
      const menu = componentOn(targets, userId, action.messageId, action.customId);
      const options = (Array.isArray(menu.options) ? menu.options : []) as Json[];
      const labels = action.values.map((v) => {
        const label = options.find((o) => o.value === v)?.label;
        if (typeof label !== 'string') throw new LineError(`The menu offers no "${v}".`);
        return label;
      });
      if (labels.length === 0) throw new LineError('Choose at least one option.');
      const rank = targets
        .selects(userId, labels)
        .found.findIndex(
          (t) => t.message.id === action.messageId && t.component.custom_id === action.customId,
        );
      if (rank < 0) throw new LineError('That menu cannot be used.');
      return `${who} select ${labels.join(' | ')}${rank > 0 ? ` [${rank + 1}]` : ''}`;
    }
    case 'modal': {
      const pairs = Object.entries(action.fields).map(([id, value]) => `${id}=${quote(value)}`);
      return `${who} modal ${pairs.join(' ')}`.trimEnd();
    }
    case 'send': {
      const text = action.text.trim();
      if (text === '') throw new LineError('Type a message or a /command.');
      if (text.includes('\n') && text.startsWith('/')) throw new LineError('A command is one line.');
      const where =
        action.channelId === tableId ? '' : ` in ${quote(channelName(targets, userId, action.channelId))}`;
      if (text.startsWith('/')) return `${who}${where} ${commandText(text)}`;
      if (text.includes('\n')) throw new LineError('The sandbox says one line at a time.');
      return `${who}${where} say ${text}`;
    }
  }
}

/** A command as typed, its option values quoted where the script needs it. */
function commandText(text: string): string {
  const [command = '', ...rest] = tokenize(text);
  return [
    command,
    ...rest.map((token) => {
      const at = token.indexOf(':');
      return at < 1 ? token : `${token.slice(0, at)}:${quote(token.slice(at + 1))}`;
    }),
  ].join(' ');
}

function channelName(targets: Targets, userId: string, channelId: string): string {
  const channel = targets.channels(userId).find((c) => c.id === channelId);
  if (!channel) throw new LineError('That channel is not open to you.');
  return channel.name;
}

function componentOn(targets: Targets, userId: string, messageId: string, customId: string): Json {
  const message = targets.visible(userId).find((m) => m.id === messageId);
  if (!message) throw new LineError('That message is gone or not yours to use.');
  const stack = [...(message.components as unknown as Json[])];
  while (stack.length > 0) {
    const c = stack.shift() as Json;
    if (c.custom_id === customId) return c;
    if (Array.isArray(c.components)) stack.push(...(c.components as Json[]));
    if (c.accessory) stack.push(c.accessory as Json);
  }
  throw new LineError('That control is no longer on the message.');
}
