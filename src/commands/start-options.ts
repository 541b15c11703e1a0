/**
 * The options a game is opened with, shared by `/game start` and `/game session`: every game's
 * own options merged into one list of slash-command options, the seed, and reading them back
 * into options the chosen game accepts.
 */
import type { SlashCommandSubcommandBuilder } from '@discordjs/builders';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { AnyEngine } from '../games/contract.ts';
import { userError } from '../bot/kernel/errors.ts';
import { PACE_CHOICES } from '../bot/kernel/pace.ts';
import type { Pace } from '../storage/table-clock.ts';
import { configure, deriveOptions, readOption, type DerivedOption } from './zod-options.ts';

/** Each option name, how it is asked for, and the games that use it. */
export type StartOptions = Map<string, { option: DerivedOption; games: string[] }>;

const SEED_PATTERN = /^[\w-]{1,64}$/;

/** Every game's start options, merged by name; a name two games use differently is a bug. */
export function startOptions(games: readonly AnyEngine[]): StartOptions {
  const merged: StartOptions = new Map();
  for (const game of games) {
    const shape = game.optionsSchema.shape;
    for (const option of deriveOptions(shape)) {
      const existing = merged.get(option.name);
      if (existing && existing.option.kind !== option.kind)
        throw new Error(
          `Start option "${option.name}" means different things in ${existing.games.join(', ')} and ${game.id}.`,
        );
      if (existing) existing.games.push(game.name);
      else merged.set(option.name, { option: { ...option, required: false }, games: [game.name] });
    }
  }
  return merged;
}

/** Adds every merged option to a subcommand, each description naming the games that use it. */
export function addStartOptions(sub: SlashCommandSubcommandBuilder, merged: StartOptions): void {
  for (const { option, games: users } of merged.values()) {
    const described = { ...option, description: `${option.description} (${users.join(', ')})` };
    if (option.kind === 'string') sub.addStringOption((o) => configure(o, described, false));
    else if (option.kind === 'integer') sub.addIntegerOption((o) => configure(o, described, false));
    else if (option.kind === 'number') sub.addNumberOption((o) => configure(o, described, false));
    else sub.addBooleanOption((o) => configure(o, described, false));
  }
}

/** The `pace:` option (a deadline per decision), shared by `/game start` and `/game session`. */
export function addPaceOption(sub: SlashCommandSubcommandBuilder, description: string): void {
  sub.addStringOption((o) =>
    o
      .setName('pace')
      .setDescription(description)
      .addChoices(...PACE_CHOICES),
  );
}

/** The `pace:` given, or null for the default. */
export const readPace = (interaction: ChatInputCommandInteraction): Pace | null =>
  (interaction.options.getString('pace') as Pace | null) ?? null;

/** The `seed:` option, if given; one that is not a plain word is refused. */
export function readSeed(interaction: ChatInputCommandInteraction): string | undefined {
  const seed = interaction.options.getString('seed') ?? undefined;
  if (seed !== undefined && !SEED_PATTERN.test(seed))
    throw userError('bad-seed', 'A seed is up to 64 letters, digits, - or _.');
  return seed;
}

/**
 * The options given for `engine`, parsed by its schema, and the names of those given: an option
 * only other games use, or a value the game refuses, is a user error naming it.
 */
export function readGameOptions(
  interaction: ChatInputCommandInteraction,
  engine: AnyEngine,
  merged: StartOptions,
): { options: Record<string, unknown>; given: string[] } {
  const shape = engine.optionsSchema.shape;
  const raw: Record<string, unknown> = {};
  for (const [name, { option }] of merged) {
    const value = readOption(interaction.options, option);
    if (value === null) continue;
    if (!(name in shape))
      throw userError('bad-option', `The option \`${name}\` is not used by ${engine.name}.`);
    raw[name] = value;
  }
  const options = engine.optionsSchema.safeParse(raw);
  if (!options.success)
    throw userError(
      'bad-option',
      options.error.issues.map((i) => `\`${i.path.join('.')}\`: ${i.message}`).join('; '),
    );
  return { options: options.data, given: Object.keys(raw) };
}
