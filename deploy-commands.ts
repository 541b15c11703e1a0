/**
 * Registers exactly the slash commands the bot serves, built from the game registry.
 *
 *   npx tsx deploy-commands.ts --dry-run            print the JSON; no network, no token needed
 *   npx tsx deploy-commands.ts --guild <id>         one server, instant (for testing)
 *   npx tsx deploy-commands.ts                      global (every server the bot is in)
 *
 * Every command is declared for servers only (`contexts: [0]`) and for server installs only
 * (`integration_types: [0]`), which replace the deprecated `dm_permission`.
 *   npx tsx deploy-commands.ts [--guild <id>] --clear   remove them
 *
 * Commands are checked against Discord's rules (names, descriptions, option counts and order,
 * sizes) before anything is sent; problems are listed by path and nothing is registered.
 */
import { parseArgs } from 'node:util';
import { REST, Routes } from 'discord.js';
import { buildCommands } from './src/commands/index.ts';
import { GAMES } from './src/games/index.ts';
import { loadConfig, loadDotEnv, ConfigError } from './src/bot/app/config.ts';
import { validateCommandList } from './src/sandbox/emulator/command-validation.ts';
import { dotted, FormErrors } from './src/sandbox/emulator/form-errors.ts';
import type { AnyEngine } from './src/games/contract.ts';

export interface DeployArgs {
  guild?: string | undefined;
  dryRun: boolean;
  clear: boolean;
}

/** The command bodies for the given games, or the list of rule violations. */
export function commandBodies(games: readonly AnyEngine[]): { bodies: unknown[]; problems: string[] } {
  const bodies = buildCommands(games).map((c) => c.data);
  return { bodies, problems: commandProblems(bodies) };
}

/** Discord's rules for command bodies (the emulator enforces the same), as "path: problem" lines. */
export function commandProblems(bodies: unknown[]): string[] {
  const errors = new FormErrors();
  validateCommandList(bodies, errors);
  return errors.list.map((e) => `${dotted(e.path) || '(list)'}: ${e.message}`);
}

export async function deploy(
  args: DeployArgs,
  env: Record<string, string | undefined> = process.env,
): Promise<string> {
  const { bodies, problems } = commandBodies(GAMES);
  if (problems.length)
    throw new Error(`These commands break Discord's rules:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  const payload = args.clear ? [] : bodies;
  if (args.dryRun) return JSON.stringify(payload, null, 2);
  const config = loadConfig(env);
  if (!config.DISCORD_CLIENT_ID)
    throw new ConfigError(['DISCORD_CLIENT_ID is needed to register commands: it is the application id.']);
  const rest = new REST({ api: config.DISCORD_API_URL }).setToken(config.DISCORD_TOKEN);
  const route = args.guild
    ? Routes.applicationGuildCommands(config.DISCORD_CLIENT_ID, args.guild)
    : Routes.applicationCommands(config.DISCORD_CLIENT_ID);
  const result = (await rest.put(route, { body: payload })) as unknown[];
  // Discord's docs no longer speak of an hour's delay: global commands are available in every
  // server the app is in, and a client still holding an older version reloads it when used.
  const where = args.guild
    ? `server ${args.guild}`
    : 'all servers (global; a client still showing the old version reloads it when the command is used)';
  return args.clear
    ? `Removed all commands from ${where}.`
    : `Registered ${result.length} commands in ${where}.`;
}

async function main(): Promise<void> {
  loadDotEnv();
  const { values } = parseArgs({
    options: {
      guild: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      clear: { type: 'boolean', default: false },
    },
  });
  if (values.guild !== undefined && !/^\d{15,22}$/.test(values.guild))
    throw new Error('--guild takes a server id (15-22 digits).');
  process.stdout.write(
    `${await deploy({ guild: values.guild, dryRun: values['dry-run'], clear: values.clear })}\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
