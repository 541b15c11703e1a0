/**
 * `/tradecraft`: server-admin tools, hidden from members without Manage Server through
 * default_member_permissions (admins may grant it to others in Server Settings > Integrations,
 * which is why the handler does not check Manage Server again).
 */
import { SlashCommandBuilder } from '@discordjs/builders';
import {
  ApplicationIntegrationType,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
} from 'discord.js';
import type { Command } from '../bot/app/command.ts';
import { runSettings, settingsSubcommand } from './settings.ts';
import { historyLength } from '../storage/history.ts';
import { disarmGame } from '../bot/table/board-message.ts';
import { plural } from '../bot/kernel/text.ts';

export function adminCommand(version: string): Command {
  const data = new SlashCommandBuilder()
    .setName('tradecraft')
    .setDescription('Tradecraft administration')
    .setContexts(InteractionContextType.Guild)
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) => s.setName('about').setDescription('Bot version and what this channel holds'))
    .addSubcommand((s) =>
      s.setName('reset').setDescription('Remove this channel’s game record entirely (when a game is stuck)'),
    )
    .addSubcommand(settingsSubcommand);
  return {
    data: data.toJSON(),
    async execute(interaction, ctx) {
      // Discord delivers it only to members it allows (default_member_permissions, or an
      // admin's override in Server Settings → Integrations): no second check here.
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const sub = interaction.options.getSubcommand();
      if (sub === 'settings') return runSettings(interaction, ctx);
      const loaded = await ctx.tables.deps.store.load(interaction.channelId);
      if (loaded.kind === 'corrupt') await ctx.tables.reportQuarantine(interaction.channelId, loaded);
      if (sub === 'about') {
        const here =
          loaded.kind === 'ok'
            ? `${ctx.tables.engine(loaded.session.gameId).name}, ${loaded.session.status}, version ${loaded.session.version}, ${plural(historyLength(loaded.session.history), 'move')}`
            : 'no game';
        await interaction.editReply(
          `Tradecraft ${version}. Games: ${ctx.tables.deps.games.map((g) => g.name).join(', ')}. This channel: ${here}.`,
        );
        return;
      }
      await ctx.tables.deps.store.withLock(interaction.channelId, () =>
        ctx.tables.deps.store.delete(interaction.channelId),
      );
      ctx.tables.timers.cancel(interaction.channelId);
      await ctx.tables.decisions.forget(interaction.channelId);
      if (loaded.kind === 'ok')
        await ctx.tables.deps.records.seats.sync(loaded.session.guildId, interaction.channelId, []);
      // The removed game's boards would answer "lost" to every click: they lose their controls.
      const disarmed = await disarmGame(
        ctx.tables,
        interaction.channelId,
        loaded.kind === 'ok' ? loaded.session.id : null,
      ).catch((err: unknown) => {
        ctx.tables.deps.logger.warn({ err, channelId: interaction.channelId }, 'could not disarm old boards');
        return 0;
      });
      await interaction.editReply(
        `The game record for this channel was removed.${disarmed ? ` Its board${disarmed === 1 ? '' : 's'} no longer take${disarmed === 1 ? 's' : ''} clicks.` : ''}`,
      );
    },
  };
}
