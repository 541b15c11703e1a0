/**
 * `/tradecraft settings`: the server's defaults for tables that run over days. With no option
 * it shows them; with options it validates every value first, so a bad one changes nothing.
 */
import type { SlashCommandSubcommandBuilder } from '@discordjs/builders';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { CommandContext } from '../bot/app/command.ts';
import { userError } from '../bot/kernel/errors.ts';
import { describePace, PACE_CHOICES } from '../bot/kernel/pace.ts';
import { LOBBY_EXPIRY_DAYS } from '../bot/table/sweep.ts';
import { plural } from '../bot/kernel/text.ts';
import { MISSED_RANGE, REMINDER_STYLES, RETENTION_RANGE, type GuildSettings } from '../storage/settings.ts';
import type { Pace } from '../storage/table-clock.ts';

export function settingsSubcommand(s: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return s
    .setName('settings')
    .setDescription('Server defaults: pace, computer stand-ins, reminders, channels, threads, retention')
    .addStringOption((o) =>
      o
        .setName('pace')
        .setDescription('Default pace of new games')
        .addChoices(...PACE_CHOICES),
    )
    .addIntegerOption((o) =>
      o
        .setName('missed')
        .setDescription(
          `Missed decisions in a row before a computer steps in (${MISSED_RANGE.min}-${MISSED_RANGE.max})`,
        ),
    )
    .addStringOption((o) =>
      o
        .setName('reminders')
        .setDescription('Reminder before a deadline')
        .addChoices(
          { name: 'mention in the channel (DM for those who opted in)', value: 'mention' },
          { name: 'direct message to everyone (mention if refused)', value: 'dm' },
          { name: 'off', value: 'off' },
        ),
    )
    .addStringOption((o) =>
      o
        .setName('channels')
        .setDescription('Channels where games may open: #mentions or ids, or "all"')
        .setMaxLength(1000),
    )
    .addBooleanOption((o) => o.setName('threads').setDescription('Open games in their own thread by default'))
    .addIntegerOption((o) =>
      o
        .setName('retention')
        .setDescription(
          `Days a finished game is kept for export, stats and review (${RETENTION_RANGE.min}-${RETENTION_RANGE.max})`,
        ),
    );
}

export function describeSettings(s: GuildSettings): string {
  const pace = describePace(s.pace);
  return [
    `• **pace**: ${pace}`,
    `• **missed**: a computer steps in after ${plural(s.missed, 'missed decision')} in a row`,
    `• **reminders**: ${s.reminders}`,
    `• **channels**: ${s.channels.length ? s.channels.map((c) => `<#${c}>`).join(', ') : 'all'}`,
    `• **threads**: ${s.threads ? 'games open in their own thread' : 'games open in the channel'}`,
    `• **retention**: finished games are kept ${plural(s.retention, 'day')}, then removed (lobbies nobody starts close after ${LOBBY_EXPIRY_DAYS} days)`,
  ].join('\n');
}

export async function runSettings(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
): Promise<void> {
  const guildId = interaction.guildId ?? '';
  const store = ctx.tables.deps.records.settings;
  const current = await store.get(guildId);
  const o = interaction.options;
  // Only the options given change: applied to the stored settings as they are when written.
  const next: Partial<GuildSettings> = {};
  const pace = o.getString('pace');
  if (pace !== null) next.pace = pace as Pace;
  const missed = o.getInteger('missed');
  if (missed !== null) {
    if (missed < MISSED_RANGE.min || missed > MISSED_RANGE.max)
      throw userError(
        'bad-setting',
        `\`missed\` must be between ${MISSED_RANGE.min} and ${MISSED_RANGE.max} (got ${missed}). Nothing was changed.`,
      );
    next.missed = missed;
  }
  const reminders = o.getString('reminders');
  if (reminders !== null) {
    if (!(REMINDER_STYLES as readonly string[]).includes(reminders))
      throw userError(
        'bad-setting',
        `\`reminders\` is one of ${REMINDER_STYLES.join(', ')}. Nothing was changed.`,
      );
    next.reminders = reminders as GuildSettings['reminders'];
  }
  const channels = o.getString('channels');
  if (channels !== null) next.channels = parseChannels(channels, interaction);
  const retention = o.getInteger('retention');
  if (retention !== null) {
    if (retention < RETENTION_RANGE.min || retention > RETENTION_RANGE.max)
      throw userError(
        'bad-setting',
        `\`retention\` is a number of days between ${RETENTION_RANGE.min} and ${RETENTION_RANGE.max} (got ${retention}). Nothing was changed.`,
      );
    next.retention = retention;
  }
  const threads = o.getBoolean('threads');
  if (threads !== null) next.threads = threads;
  const changed = JSON.stringify({ ...current, ...next }) !== JSON.stringify(current);
  const saved = changed ? await store.update(guildId, (stored) => ({ ...stored, ...next })) : current;
  await interaction.editReply({
    content: `${changed ? 'Settings saved.' : 'Settings of this server:'}\n${describeSettings(saved)}`,
    allowedMentions: { parse: [] },
  });
}

function parseChannels(text: string, interaction: ChatInputCommandInteraction): string[] {
  if (text.trim().toLowerCase() === 'all') return [];
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  const ids = tokens.map((t) => /^<#(\d+)>$/.exec(t)?.[1] ?? (/^\d+$/.test(t) ? t : null));
  const unknown = tokens.filter((t, i) => {
    const id = ids[i];
    return !id || !interaction.guild?.channels.cache.has(id);
  });
  if (!tokens.length || unknown.length)
    throw userError(
      'bad-setting',
      `\`channels\` takes channels of this server (#mentions or ids) or "all"; not channels here: ${unknown.join(', ') || '(none given)'}. Nothing was changed.`,
    );
  const list = [...new Set(ids.filter((x): x is string => x !== null))];
  if (list.length > 25) throw userError('bad-setting', 'At most 25 channels. Nothing was changed.');
  return list;
}
