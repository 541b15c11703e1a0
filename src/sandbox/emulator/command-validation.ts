/** Discord's rules for application command definitions: names, lengths, counts, option order. */
import type { FormErrors, Path } from './form-errors.ts';

type Json = Record<string, unknown>;

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const SUBCOMMAND = 1;
const GROUP = 2;
const CHAT_INPUT = 1;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** Validates a list of command bodies (bulk overwrite); paths start with the command index. */
export function validateCommandList(commands: unknown[], errors: FormErrors): void {
  const chatInputs = commands.filter((c) => isObject(c) && (c.type ?? CHAT_INPUT) === CHAT_INPUT).length;
  if (chatInputs > 100)
    errors.add([], 'APPLICATION_COMMANDS_TOO_MANY', 'Must be 100 or fewer chat input commands.');
  const seen = new Set<string>();
  commands.forEach((command, i) => {
    if (!isObject(command)) {
      errors.add([i], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    validateCommand(command, errors, [i]);
    const key = `${text(command.type ?? CHAT_INPUT)}:${text(command.name)}`;
    if (seen.has(key))
      errors.add(
        [i, 'name'],
        'APPLICATION_COMMANDS_DUPLICATE_NAME',
        `Application command names must be unique`,
      );
    seen.add(key);
  });
}

export function validateCommand(command: Json, errors: FormErrors, path: Path): void {
  const type = command.type ?? CHAT_INPUT;
  const chatInput = type === CHAT_INPUT;
  if (type !== 1 && type !== 2 && type !== 3 && type !== 4) {
    errors.add([...path, 'type'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2, 3, 4).');
  }
  validateName(command.name, chatInput, errors, [...path, 'name']);
  validateContexts(command, errors, path);
  if (chatInput) {
    validateDescription(command.description, errors, [...path, 'description']);
    validateOptions(asArray(command.options), 0, errors, [...path, 'options']);
    const size = commandSize(command);
    if (size > 8000)
      errors.add(path, 'APPLICATION_COMMAND_TOO_LARGE', `Command exceeds maximum size (${size} > 8000)`);
  } else if (typeof command.description === 'string' && command.description !== '') {
    errors.add(
      [...path, 'description'],
      'APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION',
      'Context menu commands cannot have a description',
    );
  }
}

/** `contexts` (0 guild, 1 bot DM, 2 private channel) and `integration_types` (0 guild, 1 user install). */
function validateContexts(command: Json, errors: FormErrors, path: Path): void {
  const check = (field: string, allowed: number[]): void => {
    const value = command[field];
    if (value === undefined || value === null) return;
    if (!Array.isArray(value)) {
      errors.add([...path, field], 'BASE_TYPE_ARRAY', 'Must be an array');
      return;
    }
    value.forEach((v, i) => {
      if (!allowed.includes(v as number))
        errors.add([...path, field, i], 'BASE_TYPE_CHOICES', `Value must be one of (${allowed.join(', ')}).`);
    });
    if (new Set(value).size !== value.length)
      errors.add([...path, field], 'BASE_TYPE_DUPLICATES', 'Values must be unique.');
  };
  check('contexts', [0, 1, 2]);
  check('integration_types', [0, 1]);
  const dmp = command.default_member_permissions;
  if (dmp !== undefined && dmp !== null && !(typeof dmp === 'string' && /^\d+$/.test(dmp)))
    errors.add(
      [...path, 'default_member_permissions'],
      'BASE_TYPE_BAD_INT',
      'Must be a permission bit set as a string.',
    );
}

function validateName(name: unknown, lowercase: boolean, errors: FormErrors, path: Path): void {
  if (typeof name !== 'string') {
    errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  if (!lowercase) {
    errors.maxLength(path, name, 32, 1);
    return;
  }
  if (!NAME.test(name)) errors.add(path, 'APPLICATION_COMMAND_INVALID_NAME', `Command name is invalid`);
  else if (name !== name.toLowerCase())
    errors.add(path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name must be lowercase');
}

function validateDescription(description: unknown, errors: FormErrors, path: Path): void {
  if (typeof description !== 'string') {
    errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  errors.maxLength(path, description, 100, 1);
}

/** depth 0: command level; 1: inside a group or subcommand; 2: inside a subcommand of a group. */
function validateOptions(options: unknown[], depth: number, errors: FormErrors, path: Path): void {
  if (options.length > 25) errors.add(path, 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
  const names = new Set<string>();
  let sawOptional = false;
  const kinds = options.map((o) =>
    isObject(o) && (o.type === SUBCOMMAND || o.type === GROUP) ? 'sub' : 'value',
  );
  if (kinds.includes('sub') && kinds.includes('value')) {
    errors.add(
      path,
      'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
      'Sub-command and sub-command group option types are mutually exclusive to all other types',
    );
  }
  options.forEach((raw, i) => {
    const at = [...path, i];
    if (!isObject(raw)) return;
    const type = raw.type;
    if (typeof type !== 'number' || type < 1 || type > 11) {
      errors.add(
        [...at, 'type'],
        'BASE_TYPE_CHOICES',
        'Value must be one of (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11).',
      );
    }
    validateName(raw.name, true, errors, [...at, 'name']);
    validateDescription(raw.description, errors, [...at, 'description']);
    const name = text(raw.name);
    if (names.has(name))
      errors.add(
        [...at, 'name'],
        'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS',
        'Option names must be unique',
      );
    names.add(name);

    if (type === GROUP) {
      if (depth > 0)
        errors.add(
          [...at, 'type'],
          'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
          'Sub-command groups cannot be nested',
        );
      const children = asArray(raw.options);
      if (children.some((c) => !isObject(c) || c.type !== SUBCOMMAND)) {
        errors.add(
          [...at, 'options'],
          'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
          'Sub-command groups may only contain sub-commands',
        );
      }
      validateOptions(children, depth + 1, errors, [...at, 'options']);
      return;
    }
    if (type === SUBCOMMAND) {
      if (depth > 1)
        errors.add(
          [...at, 'type'],
          'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
          'Sub-commands cannot be nested that deep',
        );
      const children = asArray(raw.options);
      if (children.some((c) => isObject(c) && (c.type === SUBCOMMAND || c.type === GROUP))) {
        errors.add(
          [...at, 'options'],
          'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
          'Sub-commands cannot contain sub-commands',
        );
      }
      validateOptions(children, 2, errors, [...at, 'options']);
      return;
    }

    if (raw.required === true && sawOptional) {
      errors.add(
        [...at, 'required'],
        'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        'Required options must be placed before non-required options',
      );
    }
    if (raw.required !== true) sawOptional = true;
    const choices = asArray(raw.choices);
    if (choices.length > 25)
      errors.add([...at, 'choices'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    if (choices.length > 0 && raw.autocomplete === true) {
      errors.add(
        [...at, 'autocomplete'],
        'APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES',
        'Autocomplete cannot be used with choices',
      );
    }
    choices.forEach((choice, c) => {
      if (!isObject(choice)) return;
      errors.maxLength([...at, 'choices', c, 'name'], choice.name, 100, 1);
      if (typeof choice.value === 'string')
        errors.maxLength([...at, 'choices', c, 'value'], choice.value, 100, 1);
    });
    for (const key of ['min_length', 'max_length'] as const) {
      const v = raw[key];
      if (typeof v === 'number' && (v < 0 || v > 6000))
        errors.add([...at, key], 'NUMBER_TYPE_MAX', `${key} must be between 0 and 6000`);
    }
  });
}

/** Discord counts names, descriptions and choice names/values (the longest localization of each). */
function commandSize(command: Json): number {
  const own = (o: Json): number =>
    longest(o.name, o.name_localizations) + longest(o.description, o.description_localizations);
  const walk = (options: unknown[]): number =>
    options.reduce<number>((sum, raw) => {
      if (!isObject(raw)) return sum;
      const choices = asArray(raw.choices).reduce<number>(
        (n, c) => (isObject(c) ? n + longest(c.name, c.name_localizations) + text(c.value).length : n),
        0,
      );
      return sum + own(raw) + choices + walk(asArray(raw.options));
    }, 0);
  return own(command) + walk(asArray(command.options));
}

function longest(base: unknown, localizations: unknown): number {
  const values = isObject(localizations) ? Object.values(localizations) : [];
  return Math.max(text(base).length, ...values.map((v) => text(v).length));
}
