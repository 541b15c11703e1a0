/**
 * `/game` subcommands for tables that run over days (issue #10): `mine` (every table of yours
 * in this server), `notify` (reminders by DM), `stats` and `leaderboard`, and the host's controls
 * (`skip`, `extend`, `hand`, `remove`, and for a facilitated table `endround`).
 */
import type { SlashCommandSubcommandsOnlyBuilder } from '@discordjs/builders';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { AnyEngine } from '../games/contract.ts';
import type { CommandContext } from '../bot/app/command.ts';
import { userError } from '../bot/kernel/errors.ts';
import { endRound, extend, handSeat, skipNow } from '../bot/features/host.ts';
import { mine } from './mine.ts';
import { requireManager } from '../bot/discord/permissions.ts';
import { literal, memberName, plural } from '../bot/kernel/text.ts';
import type { StatLine } from '../storage/stats.ts';

/** Subcommands that change the public board (the router checks the bot's permissions first). */
export const TABLE_PUBLISHES = new Set(['skip', 'extend', 'hand', 'remove', 'endround']);

const DURATION = /^(\d{1,4})\s*(m|h|d)$/;
const UNIT: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
const MAX_EXTENSION = 30 * 86_400_000;

export function addTableSubcommands(
  data: SlashCommandSubcommandsOnlyBuilder,
  games: readonly AnyEngine[],
): void {
  addPlayerSubcommands(data, games);
  addHostSubcommands(data);
}

/** What any player asks about their own tables and results: mine, notify, stats, leaderboard. */
function addPlayerSubcommands(data: SlashCommandSubcommandsOnlyBuilder, games: readonly AnyEngine[]): void {
  const choices = games.map((g) => ({ name: g.name, value: g.id }));
  data
    .addSubcommand((s) =>
      s.setName('mine').setDescription('Every table of yours in this server, and what each waits for'),
    )
    .addSubcommand((s) =>
      s
        .setName('notify')
        .setDescription('How you get reminders before a deadline')
        .addBooleanOption((o) =>
          o
            .setName('dm')
            .setDescription('By direct message (true) or a mention in the channel (false)')
            .setRequired(true),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('stats')
        .setDescription('Games played, won and scores in this server')
        .addUserOption((o) => o.setName('user').setDescription('Whose (default: yours)'))
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('One game only')
            .addChoices(...choices),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('leaderboard')
        .setDescription('The best players of a game in this server')
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('Which game')
            .setRequired(true)
            .addChoices(...choices),
        ),
    );
}

/** The host's hand on a running table: skip, extend, hand, remove, endround. */
function addHostSubcommands(data: SlashCommandSubcommandsOnlyBuilder): void {
  data
    .addSubcommand((s) =>
      s
        .setName('skip')
        .setDescription('Host: play the default now for a decision someone owes')
        .addUserOption((o) =>
          o.setName('player').setDescription('Whose decision (default: every pending one)'),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('extend')
        .setDescription('Host: move a deadline later')
        .addStringOption((o) =>
          o.setName('time').setDescription('How much longer, e.g. 30m, 12h, 2d').setRequired(true),
        )
        .addUserOption((o) => o.setName('player').setDescription('Whose deadline (default: everyone’s)')),
    )
    .addSubcommand((s) =>
      s
        .setName('hand')
        .setDescription('Host: give a seat to another user, or to a computer until its player returns')
        .addUserOption((o) =>
          o.setName('player').setDescription('Whose seat (in a team: whose place)').setRequired(true),
        )
        .addUserOption((o) => o.setName('to').setDescription('The new player (default: a computer)')),
    )
    .addSubcommand((s) =>
      s
        .setName('remove')
        .setDescription(
          'Host: remove a player; their team plays on, or a computer plays their seat to the end',
        )
        .addUserOption((o) => o.setName('player').setDescription('Who').setRequired(true)),
    )
    .addSubcommand((s) =>
      s
        .setName('endround')
        .setDescription('Facilitator: end the round now (defaults for every pending decision)'),
    );
}

export async function runTableSubcommand(
  sub: string,
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
): Promise<boolean> {
  switch (sub) {
    case 'mine':
      await mine(interaction, ctx);
      return true;
    case 'notify': {
      const dm = interaction.options.getBoolean('dm', true);
      const prefs = await ctx.tables.deps.records.settings.notify(interaction.user.id);
      await ctx.tables.deps.records.settings.updateNotify(interaction.user.id, () => ({
        dm,
        refusalNoticed: false,
      }));
      await interaction.editReply(
        dm
          ? `Reminders now come to you by direct message${prefs.dm ? ' (as before)' : ''}. If Discord refuses them (your DMs are closed), you are mentioned in the channel instead.`
          : 'Reminders now come as a mention in the game’s channel.',
      );
      return true;
    }
    case 'stats':
      await stats(interaction, ctx);
      return true;
    case 'leaderboard':
      await leaderboard(interaction, ctx);
      return true;
  }
  if (!TABLE_PUBLISHES.has(sub)) return false;
  const { tables } = ctx;
  const channelId = interaction.channelId;
  const session = await tables.require(channelId);
  requireManager(
    session,
    interaction.user.id,
    interaction.memberPermissions,
    'change the table’s clocks and seats',
  );
  const player = interaction.options.getUser('player')?.id;
  const by = literal(memberName(interaction));
  if (sub === 'skip') await skipNow(tables, channelId, player, by);
  else if (sub === 'extend')
    await extend(tables, channelId, player, parseExtension(interaction.options.getString('time', true)));
  else if (sub === 'hand') {
    const to = interaction.options.getUser('to');
    if (to?.bot)
      throw userError('bot-seat', 'A seat goes to a person, or (leave `to` out) to a computer player.');
    await handSeat(tables, channelId, player ?? '', to ? { user: to.id } : { computer: 'away' });
  } else if (sub === 'remove') await handSeat(tables, channelId, player ?? '', { computer: 'removed' });
  else {
    if (!session.facilitator)
      throw userError(
        'not-facilitated',
        'Ending the round is for facilitated tables (`/game start facilitate:true`).',
      );
    await endRound(tables, channelId, by);
  }
  await interaction.editReply('Done: the table has been told.');
  return true;
}

function parseExtension(text: string): number {
  const m = DURATION.exec(text.trim().toLowerCase());
  const ms = m ? Number(m[1]) * (UNIT[m[2] ?? 'm'] ?? 0) : 0;
  if (!m || ms <= 0 || ms > MAX_EXTENSION)
    throw userError(
      'bad-time',
      'Write how much longer as minutes, hours or days, e.g. `30m`, `12h` or `2d` (up to 30 days).',
    );
  return ms;
}

const pct = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '-');
const avg = (l: StatLine) => (l.scored ? (l.scoreSum / l.scored).toFixed(1) : '-');

/** A player's line; honesty and cooperation appear for games whose `results` report claims. */
function statLine(l: StatLine): string {
  const base = `played ${l.played}, won ${l.won} (${pct(l.won, l.played)}), average score ${avg(l)}`;
  if (!l.claims) return base;
  return `${base}; honesty ${pct(l.honest, l.claims)} of ${plural(l.claims, 'claim')}, cooperation (trust repaid) ${pct(l.repaid, l.trusting)}`;
}

async function stats(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const user = interaction.options.getUser('user') ?? interaction.user;
  const gameId = interaction.options.getString('game');
  const games = ctx.tables.deps.games.filter((g) => gameId === null || g.id === gameId);
  const lines: string[] = [];
  for (const g of games) {
    const line = (await ctx.tables.deps.records.stats.table(interaction.guildId ?? '', g.id))[user.id];
    if (line) lines.push(`• **${g.name}**: ${statLine(line)}`);
  }
  await interaction.editReply({
    content: lines.length
      ? [`Stats of <@${user.id}> in this server:`, ...lines].join('\n')
      : `<@${user.id}> has not finished a game${gameId ? ' of that kind' : ''} in this server yet.`,
    allowedMentions: { parse: [] },
  });
}

async function leaderboard(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const engine = ctx.tables.engine(interaction.options.getString('game', true));
  const table = await ctx.tables.deps.records.stats.table(interaction.guildId ?? '', engine.id);
  const ranked = Object.entries(table)
    .sort(
      ([, a], [, b]) =>
        b.won - a.won ||
        b.won / b.played - a.won / a.played ||
        b.scoreSum / (b.scored || 1) - a.scoreSum / (a.scored || 1),
    )
    .slice(0, 10);
  await interaction.editReply({
    content: ranked.length
      ? [
          `**${engine.name}** leaderboard:`,
          ...ranked.map(([id, l], i) => `${i + 1}. <@${id}>: ${statLine(l)}`),
        ].join('\n')
      : `Nobody has finished a game of ${engine.name} in this server yet.`,
    allowedMentions: { parse: [] },
  });
}
