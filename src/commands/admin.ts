/**
 * `/tradecraft`: server-admin tools, hidden from members without Manage Server through
 * default_member_permissions (admins may grant it to others in Server Settings > Integrations).
 */
import { SlashCommandBuilder } from '@discordjs/builders';
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import { userError } from '../bot/errors.ts';
import type { Command } from './types.ts';

export function adminCommand(version: string): Command {
  const data = new SlashCommandBuilder()
    .setName('tradecraft')
    .setDescription('Tradecraft administration')
    .setDMPermission(false)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) => s.setName('about').setDescription('Bot version and what this channel holds'))
    .addSubcommand((s) =>
      s.setName('reset').setDescription('Remove this channel’s game record entirely (when a game is stuck)'),
    );
  return {
    data: data.toJSON(),
    async execute(interaction, ctx) {
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
        throw userError('not-admin', 'This command needs the Manage Server permission.');
      const sub = interaction.options.getSubcommand();
      const loaded = await ctx.tables.deps.store.load(interaction.channelId);
      if (sub === 'about') {
        const here =
          loaded.kind === 'ok'
            ? `${ctx.tables.engine(loaded.session.gameId).name}, ${loaded.session.status}, version ${loaded.session.version}, ${loaded.session.history.length} moves`
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
      await interaction.editReply('The game record for this channel was removed.');
    },
  };
}
