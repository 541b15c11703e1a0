/** Discord's documented limits on message, modal and autocomplete payloads (see DISCORD-NOTES.md). */
import type { FormErrors, Path } from './form-errors.ts';

type Json = Record<string, unknown>;

const IS_COMPONENTS_V2 = 1 << 15;
const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const length = (v: unknown): number => (typeof v === 'string' ? [...v].length : 0);

/** Validates content, embeds and components of a message create/edit body (`storedFlags`: an edited message's). */
export function validateMessageBody(
  body: Json,
  errors: FormErrors,
  prefix: Path = [],
  storedFlags = 0,
): void {
  errors.maxLength([...prefix, 'content'], body.content, 2000);
  if (body.embeds !== undefined && body.embeds !== null)
    validateEmbeds(asArray(body.embeds), errors, [...prefix, 'embeds']);
  if (body.components !== undefined && body.components !== null) {
    const flags = (typeof body.flags === 'number' ? body.flags : 0) | storedFlags;
    validateComponents(asArray(body.components), (flags & IS_COMPONENTS_V2) !== 0, errors, [
      ...prefix,
      'components',
    ]);
  }
}

/** True when a message body would render nothing at all (Discord answers 50006). */
export function isEmptyMessage(body: Json, fileCount: number): boolean {
  const content = typeof body.content === 'string' ? body.content.trim() : '';
  return (
    content === '' &&
    asArray(body.embeds).length === 0 &&
    asArray(body.components).length === 0 &&
    asArray(body.sticker_ids).length === 0 &&
    asArray(body.attachments).length === 0 &&
    fileCount === 0 &&
    body.poll === undefined
  );
}

function validateEmbeds(embeds: unknown[], errors: FormErrors, path: Path): void {
  if (embeds.length > 10) errors.add(path, 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
  let total = 0;
  embeds.forEach((raw, i) => {
    if (!isObject(raw)) return;
    const at = [...path, i];
    errors.maxLength([...at, 'title'], raw.title, 256);
    errors.maxLength([...at, 'description'], raw.description, 4096);
    total += length(raw.title) + length(raw.description);
    const fields = asArray(raw.fields);
    if (fields.length > 25)
      errors.add([...at, 'fields'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    fields.forEach((field, f) => {
      if (!isObject(field)) return;
      errors.maxLength([...at, 'fields', f, 'name'], field.name, 256, 1);
      errors.maxLength([...at, 'fields', f, 'value'], field.value, 1024, 1);
      total += length(field.name) + length(field.value);
    });
    if (isObject(raw.footer)) {
      errors.maxLength([...at, 'footer', 'text'], raw.footer.text, 2048);
      total += length(raw.footer.text);
    }
    if (isObject(raw.author)) {
      errors.maxLength([...at, 'author', 'name'], raw.author.name, 256);
      total += length(raw.author.name);
    }
  });
  if (total > 6000) errors.add(path, 'MAX_EMBED_SIZE_EXCEEDED', 'Embed size exceeds maximum size of 6000');
}

function validateComponents(rows: unknown[], v2: boolean, errors: FormErrors, path: Path): void {
  const customIds = new Set<string>();
  if (!v2 && rows.length > 5) errors.add(path, 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.');
  if (v2 && countComponents(rows) > 40)
    errors.add(path, 'BASE_TYPE_MAX_LENGTH', 'Must be 40 or fewer in length.');
  rows.forEach((row, r) => {
    if (!isObject(row)) return;
    if (!v2 && row.type !== 1) {
      errors.add(
        [...path, r, 'type'],
        'COMPONENT_LAYOUT_INVALID',
        'Only action rows are allowed at the top level without the IS_COMPONENTS_V2 flag',
      );
      return;
    }
    walkForRows(row, [...path, r], errors, customIds);
  });
}

function countComponents(list: unknown[]): number {
  return list.reduce<number>((n, c) => {
    if (!isObject(c)) return n;
    return n + 1 + countComponents(asArray(c.components)) + (isObject(c.accessory) ? 1 : 0);
  }, 0);
}

/** Finds action rows at any depth (Components V2 containers hold them too) and checks each. */
function walkForRows(component: Json, path: Path, errors: FormErrors, customIds: Set<string>): void {
  if (component.type === 1) {
    validateActionRow(asArray(component.components), [...path, 'components'], errors, customIds);
    return;
  }
  asArray(component.components).forEach((child, i) => {
    if (isObject(child)) walkForRows(child, [...path, 'components', i], errors, customIds);
  });
  if (isObject(component.accessory) && component.accessory.type === 2) {
    validateButton(component.accessory, [...path, 'accessory'], errors, customIds);
  }
}

function validateActionRow(
  children: unknown[],
  path: Path,
  errors: FormErrors,
  customIds: Set<string>,
): void {
  const selects = children.filter((c) => isObject(c) && SELECT_TYPES.has(c.type as number)).length;
  if (children.length === 0) errors.add(path, 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
  if (children.length > 5) errors.add(path, 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.');
  if (selects > 0 && children.length > 1) {
    errors.add(path, 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
  }
  children.forEach((child, i) => {
    if (!isObject(child)) return;
    if (child.type === 2) validateButton(child, [...path, i], errors, customIds);
    else if (SELECT_TYPES.has(child.type as number)) validateSelect(child, [...path, i], errors, customIds);
    else
      errors.add(
        [...path, i, 'type'],
        'COMPONENT_TYPE_INVALID',
        `Component type ${String(child.type)} is not allowed in an action row`,
      );
  });
}

function checkCustomId(component: Json, path: Path, errors: FormErrors, customIds: Set<string>): void {
  if (!errors.required([...path, 'custom_id'], component.custom_id)) return;
  errors.maxLength([...path, 'custom_id'], component.custom_id, 100, 1);
  const id = String(component.custom_id);
  if (customIds.has(id)) {
    errors.add(
      [...path, 'custom_id'],
      'COMPONENT_CUSTOM_ID_DUPLICATED',
      'Component custom id cannot be duplicated',
    );
  }
  customIds.add(id);
}

function validateButton(button: Json, path: Path, errors: FormErrors, customIds: Set<string>): void {
  errors.maxLength([...path, 'label'], button.label, 80);
  if (button.label === undefined && button.emoji === undefined && button.style !== 6) {
    errors.add([...path, 'label'], 'BASE_TYPE_REQUIRED', 'A button needs a label or an emoji');
  }
  if (button.style === 5) {
    errors.required([...path, 'url'], button.url);
    if (button.custom_id !== undefined)
      errors.add([...path, 'custom_id'], 'BUTTON_LINK_CUSTOM_ID', 'Link buttons cannot have a custom_id');
  } else if (button.style !== 6) {
    checkCustomId(button, path, errors, customIds);
  }
}

function validateSelect(select: Json, path: Path, errors: FormErrors, customIds: Set<string>): void {
  checkCustomId(select, path, errors, customIds);
  errors.maxLength([...path, 'placeholder'], select.placeholder, 150);
  const min = typeof select.min_values === 'number' ? select.min_values : 1;
  const max = typeof select.max_values === 'number' ? select.max_values : 1;
  if (min < 0 || min > 25)
    errors.add([...path, 'min_values'], 'NUMBER_TYPE_MAX', 'min_values must be between 0 and 25');
  if (max < 1 || max > 25)
    errors.add([...path, 'max_values'], 'NUMBER_TYPE_MAX', 'max_values must be between 1 and 25');
  if (min > max)
    errors.add(
      [...path, 'min_values'],
      'SELECT_COMPONENT_MIN_VALUES_GT_MAX',
      'min_values must be less than or equal to max_values',
    );
  if (select.type !== 3) return;
  const options = asArray(select.options);
  if (options.length < 1 || options.length > 25) {
    errors.add([...path, 'options'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 25 in length.');
  }
  if (max > options.length && options.length > 0) {
    errors.add(
      [...path, 'max_values'],
      'SELECT_COMPONENT_MAX_VALUES_GT_OPTIONS',
      'max_values must be less than or equal to the number of options',
    );
  }
  const values = new Set<string>();
  options.forEach((option, o) => {
    if (!isObject(option)) return;
    const at = [...path, 'options', o];
    if (errors.required([...at, 'label'], option.label))
      errors.maxLength([...at, 'label'], option.label, 100, 1);
    if (errors.required([...at, 'value'], option.value))
      errors.maxLength([...at, 'value'], option.value, 100, 1);
    errors.maxLength([...at, 'description'], option.description, 100);
    const value = String(option.value);
    if (values.has(value))
      errors.add(
        [...at, 'value'],
        'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
        'Option values must be unique',
      );
    values.add(value);
  });
}

/** Modal (callback type 9) data: title, custom_id and 1-5 questions: text inputs (bare or in labels) or selects in labels. */
export function validateModal(data: Json, errors: FormErrors, path: Path): void {
  if (errors.required([...path, 'title'], data.title))
    errors.maxLength([...path, 'title'], data.title, 45, 1);
  if (errors.required([...path, 'custom_id'], data.custom_id))
    errors.maxLength([...path, 'custom_id'], data.custom_id, 100, 1);
  const rows = asArray(data.components);
  if (rows.length < 1 || rows.length > 5) {
    errors.add([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
  }
  const customIds = new Set<string>();
  rows.forEach((row, r) => {
    if (!isObject(row)) return;
    const at: Path = [...path, 'components', r];
    if (row.type === 1) {
      const inputs = asArray(row.components);
      if (inputs.length !== 1)
        errors.add(
          [...at, 'components'],
          'BASE_TYPE_BAD_LENGTH',
          'A modal action row holds exactly one text input',
        );
      inputs.forEach((input, i) => {
        if (isObject(input)) validateTextInput(input, [...at, 'components', i], errors, customIds, true);
      });
    } else if (row.type === 18) {
      errors.maxLength([...at, 'label'], row.label, 45, 1);
      errors.maxLength([...at, 'description'], row.description, 100);
      const inner = row.component;
      if (isObject(inner) && inner.type === 4)
        validateTextInput(inner, [...at, 'component'], errors, customIds, false);
      else if (isObject(inner) && [3, 5, 6, 7, 8].includes(Number(inner.type))) {
        validateSelect(inner, [...at, 'component'], errors, customIds);
        // Discord: "Using disabled in a modal will result in an error".
        if (inner.disabled === true)
          errors.add(
            [...at, 'component', 'disabled'],
            'COMPONENT_INVALID',
            'Selects in a modal cannot be disabled',
          );
      } else if (isObject(inner)) checkCustomId(inner, [...at, 'component'], errors, customIds);
    } else if (row.type !== 10) {
      errors.add(
        [...at, 'type'],
        'COMPONENT_TYPE_INVALID',
        'Modals hold action rows, labels or text displays',
      );
    }
  });
}

function validateTextInput(
  input: Json,
  path: Path,
  errors: FormErrors,
  customIds: Set<string>,
  needsLabel: boolean,
): void {
  checkCustomId(input, path, errors, customIds);
  if (needsLabel && errors.required([...path, 'label'], input.label))
    errors.maxLength([...path, 'label'], input.label, 45, 1);
  if (input.style !== 1 && input.style !== 2)
    errors.add([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2).');
  errors.maxLength([...path, 'value'], input.value, 4000);
  errors.maxLength([...path, 'placeholder'], input.placeholder, 100);
  const min = input.min_length;
  const max = input.max_length;
  if (typeof min === 'number' && (min < 0 || min > 4000))
    errors.add([...path, 'min_length'], 'NUMBER_TYPE_MAX', 'min_length must be between 0 and 4000');
  if (typeof max === 'number' && (max < 1 || max > 4000))
    errors.add([...path, 'max_length'], 'NUMBER_TYPE_MAX', 'max_length must be between 1 and 4000');
}

/** Autocomplete (callback type 8) data: at most 25 choices. */
export function validateChoices(data: Json, errors: FormErrors, path: Path): void {
  const choices = asArray(data.choices);
  if (choices.length > 25)
    errors.add([...path, 'choices'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
  choices.forEach((choice, c) => {
    if (!isObject(choice)) return;
    errors.maxLength([...path, 'choices', c, 'name'], choice.name, 100, 1);
    errors.maxLength([...path, 'choices', c, 'value'], choice.value, 100, 1);
  });
}
