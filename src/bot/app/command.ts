/**
 * A slash command: its registration data and its handlers (the discord.js template's shape).
 * The bot defines what a command is and routes to it; src/commands implements them, above it.
 */
import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { TableService } from '../table/service.ts';

export interface CommandContext {
  tables: TableService;
}

export interface Command {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  /**
   * Whether this subcommand posts or edits the public board; the router then checks the bot's
   * channel permissions before anything changes. Absent: it does not.
   */
  publishes?(subcommand: string | null): boolean;
  execute(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, ctx: CommandContext): Promise<void>;
}
