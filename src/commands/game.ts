/** `/game`: the commands every game shares (start, status, help, end, pause, resume, export). */
import {
  ActionRowBuilder,
  ButtonBuilder,
  SlashCommandBuilder,
  SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandsOnlyBuilder,
} from '@discordjs/builders';
import {
  ApplicationIntegrationType,
  ButtonStyle,
  InteractionContextType,
  MessageFlags,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { AnyEngine } from '../games/contract.ts';
import { encodeRoute } from '../bot/kernel/custom-id.ts';
import { userError } from '../bot/kernel/errors.ts';
import { buildExport, reportHistoryDamage } from '../bot/features/export.ts';
import { describeDamage, HistoryDamagedError } from '../storage/errors.ts';
import type { HistoryEntry } from '../storage/history.ts';
import { layout } from '../bot/discord/layout.ts';
import { TONES } from '../bot/discord/render.ts';
import { memberName, plural } from '../bot/kernel/text.ts';
import { enumSuggestions, gameChoice, suggested } from './zod-options.ts';
import {
  addPaceOption,
  addStartOptions,
  readGameOptions,
  readPace,
  readSeed,
  startOptions,
  type StartOptions,
} from './start-options.ts';
import { requireManager } from '../bot/discord/permissions.ts';
import type { Command, CommandContext } from '../bot/app/command.ts';
import { addTableSubcommands, runTableSubcommand, TABLE_PUBLISHES } from './tables.ts';
import { openSession, sessionSubcommand } from './session.ts';
import { addTeachSubcommands, runTeachSubcommand, teachAutocomplete } from './teach.ts';
import { addRulesSubcommand, rulesAutocomplete, runRulesSubcommand } from './rules.ts';
import { status } from './status.ts';
import { historyLength } from '../storage/history.ts';
import { holdsSeat } from '../storage/session.ts';
import { chosenSeedNotice } from '../bot/discord/seed-text.ts';
import { revealSeed } from '../bot/table/deal.ts';
import { openTableHere } from './where.ts';
import { addTutorialSubcommand, openTutorial } from './tutorial.ts';

export function gameCommand(games: readonly AnyEngine[]): Command {
  const merged = startOptions(games);
  return {
    data: gameCommandData(games, merged).toJSON(),
    // `start` checks for itself (a thread needs other permissions than the channel).
    publishes: (sub) =>
      sub === 'status' ||
      sub === 'end' ||
      sub === 'pause' ||
      sub === 'resume' ||
      TABLE_PUBLISHES.has(sub ?? ''),
    async execute(interaction, ctx) {
      const sub = interaction.options.getSubcommand();
      if (sub === 'help') return help(interaction, games);
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      return runGameSubcommand(sub, interaction, ctx, merged);
    },
    async autocomplete(interaction) {
      if ((await teachAutocomplete(interaction)) || (await rulesAutocomplete(interaction))) return;
      // A game option that is an enum of more than 25 values (start and session share them).
      const focused = interaction.options.getFocused(true);
      const option = merged.get(focused.name)?.option;
      await interaction.respond(
        option && suggested(option) ? enumSuggestions(option, String(focused.value)) : [],
      );
    },
  };
}

/** `/game start`: the game, the seed, thread, facilitation and pace, then every game's options. */
function startSubcommand(games: readonly AnyEngine[], merged: StartOptions): SlashCommandSubcommandBuilder {
  const start = new SlashCommandSubcommandBuilder()
    .setName('start')
    .setDescription('Open a lobby for a game in this channel')
    .addStringOption(gameChoice(games, 'Which game to play'))
    .addStringOption((o) =>
      o
        .setName('seed')
        .setDescription(
          'Same seed, same deal (one deal at several tables); only you see it: it gives the deal away',
        )
        .setMaxLength(64),
    )
    .addBooleanOption((o) => o.setName('thread').setDescription('Open the game in its own new thread'))
    .addBooleanOption((o) => o.setName('facilitate').setDescription('Run the table without taking a seat'));
  addPaceOption(start, 'Deadline per decision (default: the server setting)');
  addStartOptions(start, merged);
  return start;
}

/** Every `/game` subcommand. */
function gameCommandData(
  games: readonly AnyEngine[],
  merged: StartOptions,
): SlashCommandSubcommandsOnlyBuilder {
  const data = new SlashCommandBuilder()
    .setName('game')
    .setDescription('Start, follow and end tabletop games in this channel')
    .setContexts(InteractionContextType.Guild)
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
    .addSubcommand(startSubcommand(games, merged))
    .addSubcommand(sessionSubcommand(games, merged))
    .addSubcommand((s) =>
      s
        .setName('status')
        .setDescription(
          'Post the board again at the bottom (players; at most once per 30 s), or see it privately',
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('help')
        .setDescription('How to play')
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('A game’s rules summary')
            .addChoices(...games.map((g) => ({ name: g.name, value: g.id }))),
        ),
    )
    .addSubcommand((s) =>
      s.setName('end').setDescription('End the game or lobby here (host or Manage Server)'),
    )
    .addSubcommand((s) => s.setName('pause').setDescription('Pause the round clock (host)'))
    .addSubcommand((s) => s.setName('resume').setDescription('Resume the round clock (host)'))
    .addSubcommand((s) =>
      s.setName('export').setDescription('Download the finished game’s transcript (Markdown and JSON)'),
    );
  addTableSubcommands(data, games);
  addTeachSubcommands(data);
  addRulesSubcommand(data);
  addTutorialSubcommand(data, games);
  return data;
}

/** Runs a `/game` subcommand once the answer is deferred (privately). */
async function runGameSubcommand(
  sub: string,
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
  merged: StartOptions,
): Promise<void> {
  switch (sub) {
    case 'start':
      return startGame(interaction, ctx, merged);
    case 'session':
      return openSession(interaction, ctx, merged);
    case 'status':
      return status(interaction, ctx);
    case 'end':
      return confirmEnd(interaction, ctx);
    case 'pause':
    case 'resume':
      return pause(interaction, ctx, sub === 'pause');
    case 'export':
      return exportGame(interaction, ctx);
    case 'tutorial':
      return openTutorial(interaction, ctx);
    case 'rules':
      return runRulesSubcommand(interaction, ctx);
    default:
      if (await runTableSubcommand(sub, interaction, ctx)) return;
      if (await runTeachSubcommand(sub, interaction, ctx)) return;
      throw userError('unknown-subcommand', `Unknown subcommand ${sub}.`);
  }
}

async function startGame(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
  merged: StartOptions,
): Promise<void> {
  const gameId = interaction.options.getString('game', true);
  const engine = ctx.tables.engine(gameId);
  const seed = readSeed(interaction);
  const { options, given } = readGameOptions(interaction, engine, merged);
  const hostName = memberName(interaction);
  const opened = await openTableHere(
    interaction,
    ctx,
    `${engine.name} · ${hostName}`,
    'a lobby',
    async (channelId, settings) => {
      const pace = readPace(interaction) ?? settings.pace;
      const session = await ctx.tables.openLobby({
        guildId: interaction.guildId ?? '',
        channelId,
        hostId: interaction.user.id,
        hostName,
        gameId: engine.id,
        seed,
        ...(seed !== undefined ? { deal: { chosenBy: interaction.user.id } } : {}),
        facilitate: interaction.options.getBoolean('facilitate') ?? false,
        options,
        optionsGiven: given,
        pace,
      });
      return { session, pace };
    },
  );
  const { session, pace } = opened.value;
  const where = opened.threadId ? `in <#${opened.threadId}>` : 'below';
  // The seed is never shown here unless this user chose it (src/bot/table/deal.ts).
  const opening = `Lobby for ${engine.name} opened ${where}${pace === 'none' ? '' : ` (pace ${pace})`}. Players press **Join**; you press **Start**.`;
  await interaction.editReply(
    seed === undefined
      ? opening
      : `${opening}\n${chosenSeedNotice(seed, holdsSeat(session, interaction.user.id))}`,
  );
}

async function confirmEnd(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const session = await ctx.tables.require(interaction.channelId);
  if (session.status === 'ended') throw userError('ended', 'The game here has already ended.');
  requireManager(session, interaction.user.id, interaction.memberPermissions, 'end this game');
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeRoute({ kind: 'e', sid: session.id, op: 'confirm' }))
      .setLabel('End the game')
      .setStyle(ButtonStyle.Danger),
    new ButtonBuilder()
      .setCustomId(encodeRoute({ kind: 'e', sid: session.id, op: 'keep' }))
      .setLabel('Keep playing')
      .setStyle(ButtonStyle.Secondary),
  );
  await interaction.editReply({
    content: `End the game here (${ctx.tables.engine(session.gameId).name}) for everyone?`,
    components: [row.toJSON()],
  });
}

async function pause(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
  paused: boolean,
): Promise<void> {
  const session = await ctx.tables.require(interaction.channelId);
  requireManager(
    session,
    interaction.user.id,
    interaction.memberPermissions,
    paused ? 'pause the clock' : 'resume the clock',
  );
  await ctx.tables.setPaused(interaction.channelId, paused);
  await interaction.editReply(paused ? 'Clock paused.' : 'Clock running.');
}

async function exportGame(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const session = await ctx.tables.require(interaction.channelId);
  if (session.status !== 'ended')
    throw userError(
      'not-ended',
      'The transcript is available once the game has ended (it shows every hidden card).',
    );
  const engine = ctx.tables.engine(session.gameId);
  let history: readonly HistoryEntry[];
  let damaged: HistoryDamagedError | null = null;
  try {
    history = await ctx.tables.deps.store.history(session);
  } catch (err) {
    // Lost data, not a store that is down: trying again would never work, so give what is left.
    if (!(err instanceof HistoryDamagedError)) throw err;
    reportHistoryDamage(ctx.tables, err);
    damaged = err;
    history = err.readable;
  }
  const files = buildExport(
    engine,
    session,
    history,
    await revealSeed(ctx.tables, session),
    damaged?.damaged,
  );
  await interaction.editReply({
    content: damaged
      ? `Transcript of ${engine.name}: part of this game's stored history is damaged (moves ${describeDamage(damaged.damaged)} are missing), so these files hold the other ${history.length} of its ${plural(historyLength(session.history), 'move')} and say where the gap is. The damage has been logged for the bot's operator.`
      : `Transcript of ${engine.name}, ${plural(historyLength(session.history), 'move')}.`,
    files: files.map((f) => ({ attachment: Buffer.from(f.content, 'utf8'), name: f.name })),
  });
}

async function help(interaction: ChatInputCommandInteraction, games: readonly AnyEngine[]): Promise<void> {
  const id = interaction.options.getString('game');
  const engine = id ? games.find((g) => g.id === id) : undefined;
  const description = engine
    ? engine.rulesSummary
    : [
        '**Games**',
        ...games.map(
          (g) =>
            `• **${g.name}** (\`${g.id}\`, ${g.minPlayers === g.maxPlayers ? g.minPlayers : `${g.minPlayers}-${g.maxPlayers}`} players)`,
        ),
        '',
        '**Commands**',
        '`/game start game:<name>`: open a lobby; `seed`, `thread`, `facilitate` and game options are optional.',
        '`/game tutorial game:<name>`: learn a game at a short prepared table with computer players (**Hint** in My view); Kingpin has one per side (`side:cartel` or `side:hunters`).',
        '`/game status`: post the board again · `/game end`: end it (host) · `/game pause` / `resume`: the clock (host)',
        '`/game export`: transcript of a finished game · `/game help game:<name>`: rules',
        'On the board, **My view** shows your hand privately.',
      ].join('\n');
  await interaction.reply({
    ...layout({
      title: engine ? `${engine.name}: how to play` : 'Tradecraft',
      body: description,
      accent: TONES.info,
      rows: [],
      mention: [],
    }),
    flags: MessageFlags.Ephemeral | MessageFlags.IsComponentsV2,
  });
}
