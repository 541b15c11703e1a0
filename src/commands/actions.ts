/**
 * `/<game id> <action>`: one subcommand per action an engine lists in `slashActions`, with the
 * action's fields as options (derived from the engine's zod action schema). String fields
 * without fixed choices autocomplete from the engine.
 */
import {
  SlashCommandBuilder,
  SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandsOnlyBuilder,
} from '@discordjs/builders';
import {
  ApplicationIntegrationType,
  InteractionContextType,
  MessageFlags,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { AnyEngine, Autocomplete, CardReference } from '../games/contract.ts';
import { actorFor, moverFor } from '../bot/discord/board.ts';
import { userError } from '../bot/kernel/errors.ts';
import { layout } from '../bot/discord/layout.ts';
import { TONES } from '../bot/discord/render.ts';
import { clip, toChoices } from '../bot/kernel/text.ts';
import {
  configure,
  deriveOptions,
  enumSuggestions,
  readOption,
  suggested,
  type DerivedOption,
} from './zod-options.ts';
import { holdsSeat, type Session } from '../storage/session.ts';
import type { Command, CommandContext } from '../bot/app/command.ts';

interface ActionVariant {
  type: string;
  description: string;
  options: DerivedOption[];
}

function variants(engine: AnyEngine): ActionVariant[] {
  return engine.slashActions.map((type) => {
    const variant = engine.actionSchema.options.find((o) => o.shape.type.value === type);
    if (!variant) throw new Error(`${engine.id}: slash action "${type}" is not in its action schema.`);
    return {
      type,
      description: variant.description ?? `${type} (${engine.name})`,
      options: deriveOptions(variant.shape, ['type']),
    };
  });
}

export function actionCommand(engine: AnyEngine): Command {
  const list = variants(engine);
  const byName = new Map(list.map((v) => [v.type.toLowerCase(), v]));
  return {
    data: actionCommandData(engine, list).toJSON(),
    publishes: (subcommand) => subcommand !== CARD_SUBCOMMAND,
    async execute(interaction, ctx) {
      if (interaction.options.getSubcommand() === CARD_SUBCOMMAND) {
        const reference = await referenceFor(engine, ctx, interaction.channelId, interaction.user.id);
        if (reference) return showCard(interaction, reference);
      }
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const variant = byName.get(interaction.options.getSubcommand());
      if (!variant) throw userError('bad-action', 'That move is not one this game understands.');
      await playSlashMove(interaction, ctx, engine, actionOf(interaction, variant));
    },
    async autocomplete(interaction, ctx) {
      const focused = interaction.options.getFocused(true);
      // A public reference (the rulebook's cards) is offered to anyone, seated or not; a
      // viewer's reference only what the asker's side sees in this channel's game.
      const reference =
        interaction.options.getSubcommand() === CARD_SUBCOMMAND
          ? await referenceFor(engine, ctx, interaction.channelId, interaction.user.id)
          : null;
      if (reference) return interaction.respond(toChoices(reference.search(String(focused.value))));
      const variant = byName.get(interaction.options.getSubcommand());
      // A long enum's values are public (the schema's), offered to anyone as they type.
      const long = variant?.options.find((o) => o.name === focused.name && suggested(o));
      if (long) return interaction.respond(enumSuggestions(long, String(focused.value)));
      const loaded = await ctx.tables.deps.store.load(interaction.channelId);
      const choices =
        loaded.kind === 'ok' && variant
          ? autocompleteChoices(engine, loaded.session, interaction.user.id, variant.type, {
              name: focused.name,
              typed: String(focused.value),
            })
          : [];
      await interaction.respond(choices);
    },
  };
}

/** `/<game id>`: a subcommand per slash action (its fields as options), and `card` when the game has a reference. */
function actionCommandData(
  engine: AnyEngine,
  list: readonly ActionVariant[],
): SlashCommandSubcommandsOnlyBuilder {
  const data = new SlashCommandBuilder()
    .setName(engine.id)
    .setDescription(clip(`Moves in ${engine.name}`, 100))
    .setContexts(InteractionContextType.Guild)
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
  for (const v of list) {
    const sub = new SlashCommandSubcommandBuilder()
      .setName(v.type.toLowerCase())
      .setDescription(clip(v.description, 100));
    for (const o of v.options) {
      const auto = o.kind === 'string' && !o.choices;
      if (o.kind === 'string') sub.addStringOption((b) => configure(b, o, auto));
      else if (o.kind === 'integer') sub.addIntegerOption((b) => configure(b, o, false));
      else if (o.kind === 'number') sub.addNumberOption((b) => configure(b, o, false));
      else sub.addBooleanOption((b) => configure(b, o, false));
    }
    data.addSubcommand(sub);
  }
  if (engine.reference || engine.viewerReference)
    data.addSubcommand((sub) =>
      sub
        .setName(CARD_SUBCOMMAND)
        .setDescription(
          engine.viewerReference
            ? 'Read a card your side can see, in full'
            : 'Read any card of this game in full',
        )
        .addStringOption((o) =>
          o
            .setName('name')
            .setDescription('The card (type part of its name)')
            .setRequired(true)
            .setAutocomplete(true),
        ),
    );
  return data;
}

/** The action a slash move asks for: its type and the options given. */
function actionOf(interaction: ChatInputCommandInteraction, variant: ActionVariant): Record<string, unknown> {
  const action: Record<string, unknown> = { type: variant.type };
  for (const o of variant.options) {
    const value = readOption(interaction.options, o);
    if (value !== null) action[o.name] = value;
  }
  return action;
}

/** Plays a slash move at this channel's table and answers with the mover's private view. */
async function playSlashMove(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
  engine: AnyEngine,
  action: Record<string, unknown>,
): Promise<void> {
  const session = await ctx.tables.require(interaction.channelId);
  if (session.gameId !== engine.id)
    throw userError(
      'wrong-game',
      `The game in this channel is ${ctx.tables.engine(session.gameId).name}, not ${engine.name}.`,
    );
  try {
    const { session: after } = await ctx.tables.act(
      interaction.channelId,
      session.id,
      (current) => ({ actor: moverFor(current, interaction.user.id), action }),
      interaction.id,
    );
    await interaction.editReply(await ctx.tables.privateView(after, interaction.user.id));
  } finally {
    // A slash move, like a click, tells us the seat's owner is back (even when it is refused).
    await reclaimSeat(ctx, interaction.channelId, interaction.user.id);
  }
}

/**
 * The choices a user is offered while typing an option. Only a user who holds a seat in a game
 * that is being played gets any: the engine's choices come from that seat's hand, so an
 * onlooker or a facilitator must never reach them (they would read someone's hand).
 */
export function autocompleteChoices(
  engine: AnyEngine,
  session: Session,
  userId: string,
  actionType: string,
  focused: { name: string; typed: string },
): Autocomplete[] {
  if (session.gameId !== engine.id || session.status !== 'playing' || !holdsSeat(session, userId)) return [];
  // The game knows the seat (or team place) by its own id, not by whoever holds it now.
  const actor = actorFor(session, userId);
  return toChoices(engine.autocomplete(session.state, actor, actionType, focused.name, focused.typed));
}

const CARD_SUBCOMMAND = 'card';

/**
 * The card reference `userId` may read: the public one, or the engine's reference for that user
 * given this channel's game of that engine (none: the engine's reference without a game).
 */
export function cardReferenceFor(
  engine: AnyEngine,
  session: Session | null,
  userId: string,
): CardReference | null {
  if (!engine.viewerReference) return engine.reference ?? null;
  const game = session && session.gameId === engine.id ? session : null;
  return engine.viewerReference(game ? game.state : null, game ? userId : null);
}

async function referenceFor(
  engine: AnyEngine,
  ctx: CommandContext,
  channelId: string,
  userId: string,
): Promise<CardReference | null> {
  if (!engine.viewerReference) return engine.reference ?? null;
  const loaded = await ctx.tables.deps.store.load(channelId);
  return cardReferenceFor(engine, loaded.kind === 'ok' ? loaded.session : null, userId);
}

/** A computer keeping the user's seat warm hands it back (a failure there is logged, not shown). */
async function reclaimSeat(ctx: CommandContext, channelId: string, userId: string): Promise<void> {
  await ctx.tables.decisions
    .reclaim(channelId, userId)
    .catch((err: unknown) => ctx.tables.deps.logger.error({ err, channelId }, 'could not give a seat back'));
}

async function showCard(interaction: ChatInputCommandInteraction, reference: CardReference): Promise<void> {
  const card = reference.show(interaction.options.getString('name', true));
  if (!card) throw userError('unknown-card', 'There is no such card: pick one from the list as you type.');
  await interaction.reply({
    ...layout({ title: card.title, body: card.text, accent: TONES.info, rows: [], mention: [] }),
    flags: MessageFlags.Ephemeral | MessageFlags.IsComponentsV2,
  });
}
