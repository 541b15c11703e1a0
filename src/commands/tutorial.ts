/**
 * `/game tutorial game:<id> [thread]` (issue #18): a prepared table of the game (its tutorial's
 * fixed deal, short options and computer players) dealt at once for the caller, with no lobby.
 * It opens here like `/game start` (or in a thread), and is refused where a game is running.
 */
import type { SlashCommandSubcommandsOnlyBuilder } from '@discordjs/builders';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { CommandContext } from '../bot/app/command.ts';
import { userError } from '../bot/kernel/errors.ts';
import { memberName } from '../bot/kernel/text.ts';
import type { AnyEngine } from '../games/contract.ts';
import { findTutorial, TUTORIALS } from '../games/index.ts';
import { tutorialSeats } from '../games/tutorial/index.ts';
import { openTableHere } from './where.ts';

export function addTutorialSubcommand(
  data: SlashCommandSubcommandsOnlyBuilder,
  games: readonly AnyEngine[],
): void {
  const offered = games.filter((g) => TUTORIALS.some((t) => t.game === g.id));
  data.addSubcommand((s) =>
    s
      .setName('tutorial')
      .setDescription('Learn a game: a short prepared table with computer players, one concept at a time')
      .addStringOption((o) =>
        o
          .setName('game')
          .setDescription('Which game to learn')
          .setRequired(true)
          .addChoices(...offered.map((g) => ({ name: g.name, value: g.id }))),
      )
      .addBooleanOption((o) => o.setName('thread').setDescription('Open the tutorial in its own new thread')),
  );
}

export async function openTutorial(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
): Promise<void> {
  const engine = ctx.tables.engine(interaction.options.getString('game', true));
  const tutorial = findTutorial(engine.id);
  if (!tutorial) throw userError('no-tutorial', `${engine.name} has no tutorial yet.`);
  const options = engine.optionsSchema.parse(tutorial.options);
  const name = memberName(interaction);
  const opened = await openTableHere(
    interaction,
    ctx,
    `Tutorial: ${engine.name} · ${name}`,
    'the tutorial',
    (channelId) =>
      ctx.tables.openLobby({
        guildId: interaction.guildId ?? '',
        channelId,
        hostId: interaction.user.id,
        hostName: name,
        gameId: engine.id,
        seed: tutorial.seed,
        facilitate: false,
        options,
        // A tutorial waits for the newcomer: no deadlines.
        pace: 'none',
        seats: tutorialSeats(tutorial, { id: interaction.user.id, name }),
        tutorial: tutorial.game,
      }),
  );
  const where = opened.threadId ? `in <#${opened.threadId}>` : 'below';
  await interaction.editReply(
    `Your ${engine.name} tutorial is dealt ${where} (about ${tutorial.minutes} minutes). The board shows one concept at a time and what to do next; **My view** → **Hint** suggests your move and why.`,
  );
}
