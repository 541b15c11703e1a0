/**
 * `/game tutorial game:<id> [side] [thread]` (issue #18): a prepared table of the game (its
 * tutorial's fixed deal, short options and computer players) dealt at once for the caller, with
 * no lobby. A game with a tutorial per side (Kingpin) deals the side named, else its first.
 * It opens here like `/game start` (or in a thread), and is refused where a game is running.
 */
import type { SlashCommandSubcommandsOnlyBuilder } from '@discordjs/builders';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { CommandContext } from '../bot/app/command.ts';
import { userError } from '../bot/kernel/errors.ts';
import { memberName } from '../bot/kernel/text.ts';
import type { AnyEngine } from '../games/contract.ts';
import { TUTORIALS } from '../games/index.ts';
import { tutorialId, tutorialSeats, type Tutorial } from '../games/tutorial/index.ts';
import { openTableHere } from './where.ts';

export function addTutorialSubcommand(
  data: SlashCommandSubcommandsOnlyBuilder,
  games: readonly AnyEngine[],
): void {
  const offered = games.filter((g) => TUTORIALS.some((t) => t.game === g.id));
  const sides = new Map<string, string[]>();
  for (const t of TUTORIALS)
    if (t.side && offered.some((g) => g.id === t.game))
      sides.set(t.side.id, [...(sides.get(t.side.id) ?? []), `${t.side.name} (${gameName(games, t.game)})`]);
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
      .addStringOption((o) =>
        o
          .setName('side')
          .setDescription('The side you learn, where a game has one tutorial per side (Kingpin)')
          .addChoices(...[...sides].map(([value, names]) => ({ name: names.join(', '), value }))),
      )
      .addBooleanOption((o) => o.setName('thread').setDescription('Open the tutorial in its own new thread')),
  );
}

const gameName = (games: readonly AnyEngine[], id: string): string =>
  games.find((g) => g.id === id)?.name ?? id;

/** The tutorial asked for: the game's on the side named, or its first; a side it lacks is refused. */
function chosenTutorial(engine: AnyEngine, side: string | null): Tutorial {
  const mine = TUTORIALS.filter((t) => t.game === engine.id);
  const first = mine[0];
  if (!first) throw userError('no-tutorial', `${engine.name} has no tutorial yet.`);
  if (side === null) return first;
  const found = mine.find((t) => t.side?.id === side);
  if (found) return found;
  const named = mine.flatMap((t) => (t.side ? [`\`side:${t.side.id}\` (${t.side.name})`] : []));
  throw userError(
    'no-tutorial-side',
    named.length
      ? `${engine.name} has no tutorial for that side. Choose ${named.join(' or ')}, or leave \`side\` out.`
      : `${engine.name} has one tutorial, for every side: leave \`side\` out.`,
  );
}

export async function openTutorial(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
): Promise<void> {
  const engine = ctx.tables.engine(interaction.options.getString('game', true));
  const tutorial = chosenTutorial(engine, interaction.options.getString('side'));
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
        tutorial: tutorialId(tutorial),
      }),
  );
  const where = opened.threadId ? `in <#${opened.threadId}>` : 'below';
  await interaction.editReply(
    `Your ${engine.name} tutorial${tutorial.side ? `, playing ${tutorial.side.name},` : ''} is dealt ${where} (about ${tutorial.minutes} minutes). The board shows one concept at a time and what to do next; **My view** → **Hint** suggests your move and why.`,
  );
}
