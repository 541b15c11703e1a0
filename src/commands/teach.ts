/**
 * `/game` subcommands that teach (issue #18): `glossary term:` explains a tradecraft word (with
 * autocomplete) and `review [page]` walks a finished game move by move.
 */
import type { SlashCommandSubcommandsOnlyBuilder } from '@discordjs/builders';
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { CommandContext } from '../bot/app/command.ts';
import { userError } from '../bot/kernel/errors.ts';
import { reviewable, reviewMessage } from '../bot/features/review.ts';
import { clip, toChoices } from '../bot/kernel/text.ts';
import { gamesUsing, glossaryEntry, searchGlossary } from '../games/glossary/index.ts';

export function addTeachSubcommands(data: SlashCommandSubcommandsOnlyBuilder): void {
  data.addSubcommand((s) =>
    s
      .setName('review')
      .setDescription('Walk the finished game move by move, with what a computer strategy would have done')
      .addIntegerOption((o) => o.setName('page').setDescription('Which page (default 1)').setMinValue(1)),
  );
  data.addSubcommand((s) =>
    s
      .setName('glossary')
      .setDescription('What a tradecraft word the games use means (HUMINT, reality check, Fix…)')
      .addStringOption((o) =>
        o.setName('term').setDescription('The word; start typing').setRequired(true).setAutocomplete(true),
      ),
  );
}

export async function runTeachSubcommand(
  sub: string,
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
): Promise<boolean> {
  if (sub === 'review') {
    await review(interaction, ctx);
    return true;
  }
  if (sub !== 'glossary') return false;
  const typed = interaction.options.getString('term', true);
  const entry = glossaryEntry(typed);
  if (!entry) {
    const near = searchGlossary(typed.slice(0, 3)).map((c) => c.name);
    throw userError(
      'unknown-term',
      `“${clip(typed, 60)}” is not in the glossary.${near.length ? ` Did you mean: ${near.slice(0, 5).join(', ')}?` : ''} Start typing and pick a term from the list.`,
    );
  }
  const also = entry.aliases?.length ? `\n*Also:* ${entry.aliases.join(', ')}` : '';
  await interaction.editReply(
    `📚 **${entry.term}** — ${entry.definition}${also}\n*Source:* ${entry.source}\n*Games:* ${gamesUsing(entry, ctx.tables.deps.games).join(', ')}`,
  );
  return true;
}

/** Autocomplete for `/game glossary term:` (public knowledge: offered to anyone). */
export async function teachAutocomplete(interaction: AutocompleteInteraction): Promise<boolean> {
  if (interaction.options.getSubcommand() !== 'glossary') return false;
  const focused = interaction.options.getFocused(true);
  await interaction.respond(toChoices(searchGlossary(String(focused.value))));
  return true;
}

/** `/game review`: players and the host of a finished game, privately, a page at a time. */
async function review(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const { session, engine } = await reviewable(ctx.tables, interaction.channelId, interaction.user.id);
  const page = interaction.options.getInteger('page') ?? 1;
  await interaction.editReply(await reviewMessage(ctx.tables, session, engine, page));
}
