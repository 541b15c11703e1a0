/** What a user can do to a message or modal: checks a real client would enforce, and the payload data. */
import type { Json } from './json.ts';
import type { InteractionEngine, NewInteraction } from './interactions.ts';
import { INTERACTION_TYPE } from './interactions.ts';
import { EmulatorError } from './types.ts';
import type { EmuMessage } from './types.ts';
import type { World } from './world.ts';

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

/** Every component of a message, nested ones included (Components V2 containers, sections). */
export function* allComponents(list: readonly unknown[]): Generator<Json> {
  for (const c of list) {
    if (typeof c !== 'object' || c === null) continue;
    const component = c as Json;
    yield component;
    if (Array.isArray(component.components)) yield* allComponents(component.components);
    if (component.accessory) yield* allComponents([component.accessory]);
    // A modal's Label (type 18) holds one component.
    if (component.component) yield* allComponents([component.component]);
  }
}

function visibleMessage(world: World, userId: string, messageId: string): EmuMessage {
  const message = world.messages.get(messageId);
  if (!message || message.deleted) throw new EmulatorError('unknown-message', `No message ${messageId}`);
  if (message.ephemeralTo && message.ephemeralTo !== userId) {
    throw new EmulatorError('not-visible', `Message ${messageId} is ephemeral to another user`);
  }
  return message;
}

function componentOn(message: EmuMessage, customId: string): Json {
  const components = [...allComponents(message.components)];
  const found = components.find((c) => c.custom_id === customId);
  if (!found) {
    const ids = components.flatMap((c) => (typeof c.custom_id === 'string' ? [c.custom_id] : []));
    throw new EmulatorError(
      'unknown-component',
      `Message ${message.id} has no component "${customId}"; it has: ${ids.join(', ') || '(none)'}`,
    );
  }
  if (found.disabled === true)
    throw new EmulatorError('component-disabled', `Component "${customId}" is disabled`);
  return found;
}

export function buttonClick(
  world: World,
  userId: string,
  messageId: string,
  customId: string,
): NewInteraction {
  const message = visibleMessage(world, userId, messageId);
  const button = componentOn(message, customId);
  if (button.type !== 2) throw new EmulatorError('not-a-button', `Component "${customId}" is not a button`);
  return {
    type: INTERACTION_TYPE.component,
    userId,
    channelId: message.channelId,
    customId,
    source: message,
    data: { custom_id: customId, component_type: 2 },
  };
}

export function selectChoice(
  world: World,
  userId: string,
  messageId: string,
  customId: string,
  values: string[],
): NewInteraction {
  const message = visibleMessage(world, userId, messageId);
  const select = componentOn(message, customId);
  if (!SELECT_TYPES.has(select.type as number))
    throw new EmulatorError('not-a-select', `Component "${customId}" is not a select menu`);
  const min = typeof select.min_values === 'number' ? select.min_values : 1;
  const max = typeof select.max_values === 'number' ? select.max_values : 1;
  if (values.length < min || values.length > max) {
    throw new EmulatorError(
      'bad-selection',
      `Select "${customId}" takes ${min}-${max} values, got ${values.length}`,
    );
  }
  if (select.type === 3) {
    const options = (Array.isArray(select.options) ? select.options : []) as Json[];
    const unknown = values.filter((v) => !options.some((o) => o.value === v));
    if (unknown.length > 0) {
      throw new EmulatorError(
        'bad-selection',
        `Select "${customId}" has no option ${unknown.join(', ')}; options: ${options.map((o) => String(o.value)).join(', ')}`,
      );
    }
  }
  return {
    type: INTERACTION_TYPE.component,
    userId,
    channelId: message.channelId,
    customId,
    source: message,
    data: { custom_id: customId, component_type: select.type, values },
  };
}

/**
 * What a user picks in a modal's string select: an option named by its value or its label (one
 * option; the forms here are single-choice). Empty only where the menu is not required, as in
 * Discord's client.
 */
function menuValues(menu: Json, picked: string | undefined): string[] {
  const id = String(menu.custom_id);
  const required = menu.required !== false && (typeof menu.min_values !== 'number' || menu.min_values > 0);
  if (picked === undefined || picked === '') {
    if (required) throw new EmulatorError('missing-field', `Modal menu "${id}" is required`);
    return [];
  }
  const options = (Array.isArray(menu.options) ? menu.options : []) as Json[];
  const option =
    options.find((o) => o.value === picked) ??
    options.find((o) => String(o.label).toLowerCase() === picked.toLowerCase());
  if (!option)
    throw new EmulatorError(
      'unknown-option',
      `Modal menu "${id}" has no option "${picked}"; options: ${options.map((o) => String(o.label)).join(', ')}`,
    );
  return [String(option.value)];
}

/**
 * A modal submission shaped like the modal the bot last showed this user (action rows or
 * labels); a modal never shown is submitted as action rows of text inputs.
 */
export function modalSubmission(
  world: World,
  engine: InteractionEngine,
  userId: string,
  channelId: string,
  customId: string,
  fields: Record<string, string>,
  messageId?: string,
): NewInteraction {
  world.channel(channelId);
  const shown = engine.shownModal(userId, customId);
  let components: Json[];
  if (shown) {
    const all = [...allComponents(shown.modal.components)];
    const inputs = all.filter((c) => c.type === 4);
    const menus = all.filter((c) => c.type === 3);
    const unknown = Object.keys(fields).filter(
      (f) => !inputs.some((i) => i.custom_id === f) && !menus.some((m) => m.custom_id === f),
    );
    if (unknown.length > 0) {
      throw new EmulatorError(
        'unknown-field',
        `Modal "${customId}" has no field ${unknown.join(', ')}; fields: ${[...menus, ...inputs].map((i) => String(i.custom_id)).join(', ')}`,
      );
    }
    for (const input of inputs) {
      const value = fields[String(input.custom_id)] ?? '';
      if (input.required !== false && value === '')
        throw new EmulatorError('missing-field', `Modal field "${String(input.custom_id)}" is required`);
      if (typeof input.max_length === 'number' && value.length > input.max_length) {
        throw new EmulatorError(
          'field-too-long',
          `Modal field "${String(input.custom_id)}" allows ${input.max_length} characters`,
        );
      }
      if (typeof input.min_length === 'number' && value !== '' && value.length < input.min_length) {
        throw new EmulatorError(
          'field-too-short',
          `Modal field "${String(input.custom_id)}" needs ${input.min_length} characters`,
        );
      }
    }
    const submitted = (input: Json): Json => ({
      type: 4,
      custom_id: input.custom_id,
      value: fields[String(input.custom_id)] ?? '',
    });
    const chosen = new Map(menus.map((m) => [m, menuValues(m, fields[String(m.custom_id)])]));
    components = (shown.modal.components as unknown as Json[]).flatMap((top): Json[] => {
      if (top.type === 18 && typeof top.component === 'object' && top.component !== null) {
        const inner = top.component as Json;
        if (inner.type === 3)
          return [
            { type: 18, component: { type: 3, custom_id: inner.custom_id, values: chosen.get(inner) ?? [] } },
          ];
        return inner.type === 4 ? [{ type: 18, component: submitted(inner) }] : [];
      }
      if (top.type === 1 && Array.isArray(top.components)) {
        return [
          { type: 1, components: (top.components as Json[]).filter((c) => c.type === 4).map(submitted) },
        ];
      }
      return [];
    });
  } else {
    components = Object.entries(fields).map(([id, value]) => ({
      type: 1,
      components: [{ type: 4, custom_id: id, value }],
    }));
  }
  const sourceId = messageId ?? shown?.sourceMessageId;
  const source = sourceId ? visibleMessage(world, userId, sourceId) : undefined;
  return {
    type: INTERACTION_TYPE.modalSubmit,
    userId,
    channelId: source?.channelId ?? channelId,
    customId,
    data: { custom_id: customId, components },
    ...(source ? { source } : {}),
  };
}
