/**
 * One entry point for every interaction: slash commands by name, autocomplete by command,
 * components and modals by custom_id route. Errors go through one funnel: a UserError is
 * answered ephemerally; anything else is logged once and answered with a reference id.
 */
import { randomBytes } from 'node:crypto';
import {
  DiscordAPIError,
  MessageFlags,
  RESTJSONErrorCodes,
  type Interaction,
  type RepliableInteraction,
} from 'discord.js';
import type { Command, CommandContext } from './command.ts';
import {
  boardNeeds,
  GRANT_HINT,
  isPermissionRefusal,
  requireAppPermissions,
} from '../discord/app-permissions.ts';
import { handleComponent } from './components.ts';
import { decodeRoute, fromAnotherServer } from '../kernel/custom-id.ts';
import { otherServer, UserError, userError } from '../kernel/errors.ts';
import type { Logger } from '../kernel/logger.ts';
import { storeRefusal } from '../kernel/store-refusals.ts';

/** How long an interaction id is remembered in memory (Discord's token lifetime). */
const SEEN_TTL_MS = 15 * 60 * 1000;

export class Router {
  private readonly commands: Map<string, Command>;
  private readonly seen = new Map<string, number>();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private accepting = true;

  constructor(
    commands: readonly Command[],
    private readonly ctx: CommandContext,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {
    this.commands = new Map(commands.map((c) => [c.data.name, c]));
  }

  /** Stops taking new interactions (graceful shutdown); in-flight ones finish. */
  stopAccepting(): void {
    this.accepting = false;
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** Resolves once no interaction is being handled. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async handle(interaction: Interaction): Promise<void> {
    if (!this.accepting) return;
    if (this.isDuplicate(interaction.id)) {
      this.logger.info({ interactionId: interaction.id }, 'ignored a redelivered interaction');
      return;
    }
    this.inFlight++;
    try {
      await this.dispatch(interaction);
    } catch (err) {
      await this.funnel(interaction, err);
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private isDuplicate(id: string): boolean {
    const now = this.now();
    for (const [seenId, at] of this.seen) {
      if (now - at < SEEN_TTL_MS) break;
      this.seen.delete(seenId);
    }
    if (this.seen.has(id)) return true;
    this.seen.set(id, now);
    return false;
  }

  private async dispatch(interaction: Interaction): Promise<void> {
    if (interaction.isChatInputCommand()) {
      const command = this.commands.get(interaction.commandName);
      if (!command)
        throw userError(
          'unknown-command',
          'This command is no longer served; an admin should redeploy commands.',
        );
      if (command.publishes?.(interaction.options.getSubcommand(false))) requireBoardPermissions(interaction);
      return command.execute(interaction, this.ctx);
    }
    if (interaction.isAutocomplete()) {
      const command = this.commands.get(interaction.commandName);
      if (!command?.autocomplete) return interaction.respond([]);
      return command.autocomplete(interaction, this.ctx);
    }
    if (interaction.isButton() || interaction.isStringSelectMenu() || interaction.isModalSubmit()) {
      const route = decodeRoute(interaction.customId);
      // Only game controls open forms: a form "submitted" to a lobby, end or study control is forged.
      if (!route || (interaction.isModalSubmit() && route.kind !== 'a' && route.kind !== 'f'))
        throw userError('tampered', 'That control is not one of mine, or it has been altered.');
      if (fromAnotherServer(route.sid, interaction.guildId)) throw otherServer();
      // Everything but "My view", "Hint" and the review's pages (private answers) changes the public board.
      const private_ = route.kind === 'v' || route.kind === 'h' || route.kind === 'r';
      if (!private_ && !(route.kind === 's' && route.op === 'view')) requireBoardPermissions(interaction);
      return handleComponent(interaction, route, this.ctx.tables);
    }
  }

  private async funnel(interaction: Interaction, err: unknown): Promise<void> {
    if (answeredElsewhere(interaction, err)) {
      // Another process on the same bot (a replica, the other half of a rolling deploy) took it.
      this.logger.debug({ interactionId: interaction.id }, 'interaction answered by another process');
      return;
    }
    err = asBadInput(err);
    let text: string;
    if (err instanceof UserError) {
      text = err.message;
      this.logger.debug({ interactionId: interaction.id, code: err.code }, 'user error');
    } else {
      const ref = randomBytes(3).toString('hex').toUpperCase();
      this.logger.error(
        { err, ref, interactionId: interaction.id, user: interaction.user.id },
        'interaction failed',
      );
      // Whatever was saved before the failure stays saved, so no promise that nothing changed.
      text =
        storeRefusal(err, ref) ??
        (isPermissionRefusal(err)
          ? `Discord refused me a permission in this channel (${err.message}), so I could not finish. Anything saved before that stays saved; \`/game status\` posts the board again. ${GRANT_HINT} Reference: \`${ref}\`.`
          : `Sorry, something went wrong on our side. Reference: \`${ref}\`.`);
    }
    if (interaction.isAutocomplete()) {
      if (!interaction.responded) await interaction.respond([]).catch(() => undefined);
      return;
    }
    await answerEphemeral(interaction, text).catch((replyErr: unknown) =>
      this.logger.warn(
        { err: replyErr, interactionId: interaction.id },
        'could not tell the user about an error',
      ),
    );
  }
}

/**
 * A payload missing a subcommand or an option the command declares (a hand-made or outdated
 * client) is bad input, not our failure: discord.js reports it with these codes.
 */
const BAD_INPUT_CODES = new Set([
  'CommandInteractionOptionNoSubcommand',
  'CommandInteractionOptionNoSubcommandGroup',
  'CommandInteractionOptionNotFound',
  'CommandInteractionOptionType',
  'CommandInteractionOptionEmpty',
  'CommandInteractionOptionInvalidChannelType',
]);

function asBadInput(err: unknown): unknown {
  const code = err instanceof Error && 'code' in err ? err.code : undefined;
  return typeof code === 'string' && BAD_INPUT_CODES.has(code)
    ? userError(
        'bad-input',
        'That command arrived incomplete or malformed, so nothing was done. Please pick it again from the / menu.',
      )
    : err;
}

/**
 * Discord refused our first answer because the interaction was already answered, and not by us:
 * when two processes receive it, the first to acknowledge handles it and the other stays quiet.
 */
function answeredElsewhere(interaction: Interaction, err: unknown): boolean {
  if (
    !(err instanceof DiscordAPIError) ||
    err.code !== RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged
  )
    return false;
  if (interaction.isAutocomplete()) return !interaction.responded;
  return !interaction.deferred && !interaction.replied;
}

/** Refuses, before anything changes, when the bot could not post or edit the board here. */
function requireBoardPermissions(interaction: Interaction): void {
  if (!interaction.inGuild()) return;
  requireAppPermissions(
    interaction.appPermissions.bitfield,
    boardNeeds(interaction.channel?.isThread() ?? false),
    'update the game board',
  );
}

/**
 * Replies, or follows up when the interaction was already acknowledged. Follow-ups and edits go
 * by the interaction's token, outside the global rate limit (rest-budget.ts): a burst of refused
 * clicks (1,000 on one board) is not queued behind the boards.
 */
async function answerEphemeral(interaction: RepliableInteraction, content: string): Promise<void> {
  const payload = { content, flags: MessageFlags.Ephemeral as const, allowedMentions: { parse: [] } };
  if (!interaction.deferred && !interaction.replied) {
    await interaction.reply(payload);
    return;
  }
  // A deferred ephemeral reply (deferReply, not deferUpdate, which leaves `ephemeral` null) is
  // still a blank "thinking…" message: edit the original response rather than follow up.
  if (interaction.deferred && !interaction.replied && interaction.ephemeral === true)
    await interaction.editReply({ content, allowedMentions: { parse: [] } });
  else await interaction.followUp(payload);
}
