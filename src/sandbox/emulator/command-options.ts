/**
 * Turns a test's `{ subcommand, group, options }` into the `data` of an APPLICATION_COMMAND (or
 * autocomplete) interaction, typing each value per the REGISTERED definition and filling
 * `resolved` for users, members, channels and roles, as Discord does.
 */
import { apiChannel, apiInteractionMember, apiRole, apiUser } from './api-shapes.ts';
import type { Json } from './json.ts';
import type { StoredCommand } from './commands.ts';
import { EmulatorError } from './types.ts';
import type { World } from './world.ts';

export interface OptionInput {
  subcommand?: string;
  group?: string;
  options?: Record<string, string | number | boolean>;
  /** Autocomplete: the option being typed in. */
  focused?: string;
}

interface OptionDef {
  type: number;
  name: string;
  options?: OptionDef[];
  choices?: { name: string; value: string | number }[];
  required?: boolean;
}

const TYPE = {
  subcommand: 1,
  group: 2,
  string: 3,
  integer: 4,
  boolean: 5,
  user: 6,
  channel: 7,
  role: 8,
  mentionable: 9,
  number: 10,
  attachment: 11,
} as const;

export function commandData(
  world: World,
  guildId: string,
  command: StoredCommand,
  input: OptionInput,
  now: number,
): Json {
  const defs = ('options' in command ? (command.options ?? []) : []) as OptionDef[];
  const resolved: Record<string, Record<string, Json>> = {};
  const described = (defs2: OptionDef[]): string => defs2.map((d) => d.name).join(', ') || '(none)';

  let level = defs;
  const wrap: ((inner: Json[]) => Json[])[] = [];
  if (input.group !== undefined) {
    const group = defs.find((d) => d.type === TYPE.group && d.name === input.group);
    if (!group)
      throw new EmulatorError(
        'unknown-option',
        `/${command.name} has no group "${input.group}"; registered: ${described(defs.filter((d) => d.type === TYPE.group))}`,
      );
    level = group.options ?? [];
    wrap.push((inner) => [{ type: TYPE.group, name: group.name, options: inner }]);
  }
  if (input.subcommand !== undefined) {
    const sub = level.find((d) => d.type === TYPE.subcommand && d.name === input.subcommand);
    if (!sub)
      throw new EmulatorError(
        'unknown-option',
        `/${command.name} has no subcommand "${input.subcommand}"; registered: ${described(level.filter((d) => d.type === TYPE.subcommand))}`,
      );
    level = sub.options ?? [];
    wrap.unshift((inner) => [{ type: TYPE.subcommand, name: sub.name, options: inner }]);
  } else if (level.some((d) => d.type === TYPE.subcommand || d.type === TYPE.group)) {
    throw new EmulatorError(
      'missing-subcommand',
      `/${command.name} needs a subcommand; registered: ${described(level)}`,
    );
  }

  const values: Json[] = Object.entries(input.options ?? {}).map(([name, raw]) => {
    const def = level.find((d) => d.name === name);
    if (!def)
      throw new EmulatorError(
        'unknown-option',
        `/${command.name} has no option "${name}"; registered: ${described(level)}`,
      );
    if (name === input.focused) return { type: def.type, name, value: String(raw), focused: true };
    return { type: def.type, name, value: typedValue(world, guildId, command.name, def, raw, resolved, now) };
  });
  if (input.focused === undefined) {
    const missing = level.filter((d) => d.required && !(d.name in (input.options ?? {})));
    if (missing.length > 0)
      throw new EmulatorError('missing-option', `/${command.name} requires ${described(missing)}`);
  }

  const options = wrap.reduce((inner, wrapper) => wrapper(inner), values);
  return {
    id: command.id,
    name: command.name,
    type: 1,
    ...(command.guild_id ? { guild_id: command.guild_id } : {}),
    options,
    ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
  };
}

function typedValue(
  world: World,
  guildId: string,
  commandName: string,
  def: OptionDef,
  raw: string | number | boolean,
  resolved: Record<string, Record<string, Json>>,
  now: number,
): string | number | boolean {
  const bad = (expected: string): EmulatorError =>
    new EmulatorError(
      'bad-option-value',
      `/${commandName} option "${def.name}" expects ${expected}, got ${JSON.stringify(raw)}`,
    );
  const add = (kind: string, id: string, value: Json): void => {
    resolved[kind] ??= {};
    resolved[kind][id] = value;
  };
  let value: string | number | boolean;
  switch (def.type) {
    case TYPE.integer:
    case TYPE.number: {
      const n = typeof raw === 'number' ? raw : Number(raw);
      if (!Number.isFinite(n) || (def.type === TYPE.integer && !Number.isInteger(n)))
        throw bad(def.type === TYPE.integer ? 'an integer' : 'a number');
      value = n;
      break;
    }
    case TYPE.boolean:
      if (typeof raw === 'boolean') value = raw;
      else if (raw === 'true' || raw === 'false') value = raw === 'true';
      else throw bad('a boolean');
      break;
    case TYPE.user:
    case TYPE.mentionable: {
      const id = String(raw);
      const user = world.users.get(id);
      const role = def.type === TYPE.mentionable ? world.roles.get(id) : undefined;
      if (user) {
        add('users', id, apiUser(user));
        if (world.member(guildId, id)) {
          // Guild-level permissions here: the option parser does not know the channel.
          const { user: _omit, ...member } = apiInteractionMember(world, guildId, undefined, id, now);
          add('members', id, member);
        }
      } else if (role) add('roles', id, apiRole(role));
      else throw bad('a user id');
      value = id;
      break;
    }
    case TYPE.channel: {
      const channel = world.channels.get(String(raw));
      if (!channel) throw bad('a channel id');
      add('channels', channel.id, { ...apiChannel(channel, world, now), permissions: '0' });
      value = channel.id;
      break;
    }
    case TYPE.role: {
      const role = world.roles.get(String(raw));
      if (!role) throw bad('a role id');
      add('roles', role.id, apiRole(role));
      value = role.id;
      break;
    }
    case TYPE.attachment:
      throw new EmulatorError(
        'unsupported-option',
        `/${commandName} option "${def.name}": attachment options are not emulated`,
      );
    default:
      value = String(raw);
  }
  if (def.choices && def.choices.length > 0 && !def.choices.some((c) => c.value === value)) {
    throw bad(`one of ${def.choices.map((c) => JSON.stringify(c.value)).join(', ')}`);
  }
  return value;
}
