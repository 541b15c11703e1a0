/**
 * Derives slash-command options from zod object schemas, so a game's options and actions are
 * declared once (in the engine) and the commands follow. Supported field types: string,
 * number (integer or not), boolean, enum, each optionally wrapped in optional/default.
 */
import type {
  SlashCommandStringOption,
  SlashCommandIntegerOption,
  SlashCommandNumberOption,
  SlashCommandBooleanOption,
} from '@discordjs/builders';
import type { z } from 'zod';
import type { AnyEngine } from '../games/contract.ts';

export type OptionKind = 'string' | 'integer' | 'number' | 'boolean';

export interface DerivedOption {
  name: string;
  description: string;
  kind: OptionKind;
  required: boolean;
  choices?: string[];
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
}

/** The parts of zod 4's runtime schema objects this module reads. */
interface Introspectable {
  type: string;
  description?: string;
  def: { innerType?: Introspectable };
  options?: readonly unknown[];
  isInt?: boolean;
  minValue?: number | null;
  maxValue?: number | null;
  minLength?: number | null;
  maxLength?: number | null;
}

const SAFE_INT = 2 ** 53 - 1;

export class UnsupportedSchemaError extends Error {}

export function deriveOption(name: string, schema: z.ZodType): DerivedOption {
  let node = schema as unknown as Introspectable;
  const description = node.description;
  let required = true;
  while ((node.type === 'optional' || node.type === 'default') && node.def.innerType) {
    required = false;
    node = node.def.innerType;
  }
  const base = { name, description: description ?? name, required };
  switch (node.type) {
    case 'string':
      return {
        ...base,
        kind: 'string',
        ...(node.minLength ? { minLength: node.minLength } : {}),
        ...(node.maxLength ? { maxLength: node.maxLength } : {}),
      };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'enum':
      return { ...base, kind: 'string', choices: (node.options ?? []).map(String) };
    case 'number': {
      const range: { min?: number; max?: number } = {};
      if (node.minValue !== null && node.minValue !== undefined && Math.abs(node.minValue) <= SAFE_INT)
        range.min = node.minValue;
      if (node.maxValue !== null && node.maxValue !== undefined && Math.abs(node.maxValue) <= SAFE_INT)
        range.max = node.maxValue;
      return { ...base, kind: node.isInt ? 'integer' : 'number', ...range };
    }
    default:
      throw new UnsupportedSchemaError(
        `Field "${name}" has type ${node.type}, which has no slash-command option.`,
      );
  }
}

/** Options for every field of a z.object, required ones first (Discord's rule). */
export function deriveOptions(
  shape: Record<string, z.ZodType>,
  skip: readonly string[] = [],
): DerivedOption[] {
  const options = Object.entries(shape)
    .filter(([name]) => !skip.includes(name))
    .map(([name, field]) => deriveOption(name, field));
  return [...options.filter((o) => o.required), ...options.filter((o) => !o.required)];
}

type AnyOptionBuilder =
  SlashCommandStringOption | SlashCommandIntegerOption | SlashCommandNumberOption | SlashCommandBooleanOption;

/** Discord's limit on an option's fixed choices; a longer enum is offered by autocomplete. */
export const MAX_CHOICES = 25;

/** Whether Discord offers the option's values through autocomplete (an enum of more than 25). */
export const suggested = (d: DerivedOption): boolean => (d.choices?.length ?? 0) > MAX_CHOICES;

/** An enum option's values matching what the user has typed so far, as autocomplete choices. */
export function enumSuggestions(d: DerivedOption, typed: string): { name: string; value: string }[] {
  const needle = typed.trim().toLowerCase();
  return (d.choices ?? [])
    .filter((c) => c.toLowerCase().includes(needle))
    .slice(0, MAX_CHOICES)
    .map((c) => ({ name: c, value: c }));
}

/**
 * Applies name, description, requiredness and limits to a builder option. An enum of up to 25
 * values is a list of choices; a longer one is offered by autocomplete (enumSuggestions).
 */
export function configure<T extends AnyOptionBuilder>(option: T, d: DerivedOption, autocomplete: boolean): T {
  option.setName(d.name).setDescription(d.description.slice(0, 100)).setRequired(d.required);
  if ('setMinValue' in option && d.min !== undefined) option.setMinValue(d.min);
  if ('setMaxValue' in option && d.max !== undefined) option.setMaxValue(d.max);
  if ('setMinLength' in option && d.minLength !== undefined) option.setMinLength(Math.min(d.minLength, 6000));
  if ('setMaxLength' in option && d.maxLength !== undefined) option.setMaxLength(Math.min(d.maxLength, 6000));
  if ('addChoices' in option && d.choices && !suggested(d) && !autocomplete)
    (option as SlashCommandStringOption).addChoices(...d.choices.map((c) => ({ name: c, value: c })));
  if ('setAutocomplete' in option && ((autocomplete && !d.choices) || suggested(d)))
    option.setAutocomplete(true);
  return option;
}

/** Reads a derived option's value from a command interaction's resolver. */
export function readOption(
  resolver: {
    getString(name: string): string | null;
    getInteger(name: string): number | null;
    getNumber(name: string): number | null;
    getBoolean(name: string): boolean | null;
  },
  d: DerivedOption,
): string | number | boolean | null {
  switch (d.kind) {
    case 'string':
      return resolver.getString(d.name);
    case 'integer':
      return resolver.getInteger(d.name);
    case 'number':
      return resolver.getNumber(d.name);
    case 'boolean':
      return resolver.getBoolean(d.name);
  }
}

/** The required `game` option, one choice per registered game (`/game start`, `/game session`). */
export function gameChoice(games: readonly AnyEngine[], description: string) {
  return (o: SlashCommandStringOption): SlashCommandStringOption =>
    o
      .setName('game')
      .setDescription(description)
      .setRequired(true)
      .addChoices(...games.map((g) => ({ name: g.name, value: g.id })));
}
