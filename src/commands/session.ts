/**
 * `/game session`: several tables of one game with one seed, each in its own thread, run by the
 * member who opens them (they facilitate, with no seat). The work is done by src/bot/features/study-session.ts.
 */
import { SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { ChannelType, type ChatInputCommandInteraction } from 'discord.js';
import { requireAppPermissions, THREAD_NEEDS } from '../bot/discord/app-permissions.ts';
import type { CommandContext } from '../bot/app/command.ts';
import { userError } from '../bot/kernel/errors.ts';
import { MIXED, openStudy } from '../bot/features/study-session.ts';
import { clip, memberName, plural } from '../bot/kernel/text.ts';
import { chosenSeedNotice } from '../bot/discord/seed-text.ts';
import type { AnyEngine, Seat } from '../games/contract.ts';
import { gameChoice } from './zod-options.ts';
import {
  addPaceOption,
  addStartOptions,
  readGameOptions,
  readPace,
  readSeed,
  type StartOptions,
} from './start-options.ts';

export const MAX_TABLES = 6;

export function sessionSubcommand(
  games: readonly AnyEngine[],
  merged: StartOptions,
): SlashCommandSubcommandBuilder {
  const strategies = new Map<string, string>();
  for (const g of games) for (const s of g.computerStrategies) strategies.set(s.id, s.name);
  const sub = new SlashCommandSubcommandBuilder()
    .setName('session')
    .setDescription('Open several tables of one game with one seed, as threads you facilitate')
    .addStringOption(gameChoice(games, 'Which game every table plays'))
    .addIntegerOption((o) =>
      o
        .setName('tables')
        .setDescription('How many tables')
        .setRequired(true)
        .setMinValue(2)
        .setMaxValue(MAX_TABLES),
    )
    .addStringOption((o) =>
      o
        .setName('seed')
        .setDescription('The deal every table gets (only you see it); without it, a secret one')
        .setMaxLength(64),
    )
    .addStringOption((o) =>
      o
        .setName('players')
        .setDescription('Mention the players in order: they are seated table by table; others join')
        .setMaxLength(1000),
    )
    .addStringOption((o) =>
      o
        .setName('fill')
        .setDescription('Fill the seats nobody was listed for with this computer player')
        .addChoices(
          { name: 'Mixed (a different line-up at each table)', value: MIXED },
          ...[...strategies].slice(0, 24).map(([value, name]) => ({ name, value })),
        ),
    );
  addPaceOption(sub, 'Deadline per decision at every table, for a group meeting over days (default: none)');
  addStartOptions(sub, merged);
  return sub;
}

/** The mentioned users, in order, with their names; the facilitator and repeats are refused. */
async function listedPlayers(interaction: ChatInputCommandInteraction, text: string): Promise<Seat[]> {
  const ids = [...text.matchAll(/<@!?(\d{5,22})>/g)].map((m) => m[1] ?? '');
  if (text.trim() && ids.length === 0)
    throw userError('bad-players', 'List the players as mentions, e.g. `@alice @bob @carol @dave`.');
  if (new Set(ids).size !== ids.length) throw userError('bad-players', 'Someone is listed twice.');
  if (ids.includes(interaction.user.id))
    throw userError(
      'bad-players',
      'You facilitate the session, so you take no seat: leave yourself off the list.',
    );
  return Promise.all(
    ids.map(async (id) => {
      const member = await interaction.guild?.members.fetch(id).catch(() => null);
      return { id, name: member?.displayName ?? member?.user.username ?? `Player ${id.slice(-4)}` };
    }),
  );
}

export async function openSession(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
  merged: StartOptions,
): Promise<void> {
  const engine = ctx.tables.engine(interaction.options.getString('game', true));
  const count = interaction.options.getInteger('tables', true);
  const seed = readSeed(interaction);
  if (count < 2 || count > MAX_TABLES)
    throw userError('bad-tables', `A session has 2 to ${MAX_TABLES} tables.`);
  const fill = interaction.options.getString('fill') ?? undefined;
  if (fill !== undefined && fill !== MIXED && !engine.computerStrategies.some((s) => s.id === fill))
    throw userError('bad-option', `${engine.name} has no computer player called \`${fill}\`.`);
  const { options } = readGameOptions(interaction, engine, merged);
  const channel = interaction.channel;
  if (!interaction.guildId || channel?.type !== ChannelType.GuildText)
    throw userError('no-thread', 'A session opens its tables as threads, so start it from a text channel.');
  const players = await listedPlayers(interaction, interaction.options.getString('players') ?? '');
  if (players.length > count * engine.maxPlayers)
    throw userError(
      'bad-players',
      `${count} tables seat ${count * engine.maxPlayers} players; ${plural(players.length, 'is', 'are')} listed.`,
    );
  requireAppPermissions(interaction.appPermissions.bitfield, THREAD_NEEDS, 'open the session’s threads');
  const hostName = memberName(interaction);
  const pace = readPace(interaction) ?? 'none';
  const study = await openStudy(
    ctx.tables,
    {
      guildId: interaction.guildId,
      channelId: channel.id,
      host: interaction.user.id,
      hostName,
      gameId: engine.id,
      seed,
      count,
      options,
      players,
      fill,
      pace,
    },
    async (name) => (await channel.threads.create({ name: clip(name, 100), autoArchiveDuration: 10080 })).id,
  );
  await interaction.editReply(
    [
      `Study session opened: ${count} tables of ${engine.name}, ${study.tables.map((t) => `<#${t}>`).join(' ')}, every one dealt the same hands${pace === 'none' ? '' : ` (pace ${pace}: deadlines and reminders at every table)`}. Follow them with **Facilitator view** below.`,
      // You facilitate without a seat: the seed you chose is shown to you alone (deal.ts).
      seed !== undefined
        ? chosenSeedNotice(seed, false)
        : 'The deal comes from a secret seed, revealed in the combined debrief once every table has ended.',
    ].join('\n'),
  );
}
