/** Every slash command the bot serves, built from the game registry (used by the bot and deploy-commands). */
import type { AnyEngine } from '../games/contract.ts';
import { actionCommand } from './actions.ts';
import { adminCommand } from './admin.ts';
import { gameCommand } from './game.ts';
import type { Command } from '../bot/app/command.ts';

export const BOT_VERSION = '0.1.0';

export function buildCommands(games: readonly AnyEngine[]): Command[] {
  return [
    gameCommand(games),
    ...games.filter((g) => g.slashActions.length > 0).map(actionCommand),
    adminCommand(BOT_VERSION),
  ];
}
