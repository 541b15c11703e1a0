/**
 * `/game rules ruling:` shows one of our rulings in Discord, so a ruling cited anywhere (a
 * refusal, a summary) can be read without opening the repository. Every game the same way: the
 * rulings are read from its `docs/rules/<game>.md` (parsed by src/games/rulings.ts) once, at the
 * first use, so Discord shows exactly what the document says.
 */
import { readFileSync } from 'node:fs';
import type { SlashCommandSubcommandsOnlyBuilder } from '@discordjs/builders';
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { CommandContext } from '../bot/app/command.ts';
import { userError } from '../bot/kernel/errors.ts';
import { clip, LIMITS, toChoices } from '../bot/kernel/text.ts';
import { RULE_REFS } from '../games/index.ts';
import { parseRulings, type Ruling } from '../games/rulings.ts';

/** A ruling with the document it is filed in ("collection"), its full name "collection R11". */
export interface FiledRuling extends Ruling {
  file: string;
  name: string;
}

let loaded: FiledRuling[] | null = null;

/** Every ruling of every game's document (documents shared by two games are read once). */
export function allRulings(): FiledRuling[] {
  if (loaded) return loaded;
  const files = [...new Set(Object.values(RULE_REFS).map((r) => r.rulings))];
  loaded = files.flatMap((file) =>
    parseRulings(readFileSync(new URL(`../../docs/rules/${file}.md`, import.meta.url), 'utf8')).map((r) => ({
      ...r,
      file,
      name: `${file} ${r.id}`,
    })),
  );
  return loaded;
}

/**
 * The rulings `typed` names: "collection R11" exactly; a bare "R11" in the document of the game
 * `here` (the channel's game), else in every document that has one.
 */
export function findRulings(typed: string, here?: string): FiledRuling[] {
  const want = typed.trim().replace(/\s+/g, ' ').toLowerCase();
  const all = allRulings();
  const exact = all.filter((r) => r.name.toLowerCase() === want);
  if (exact.length > 0) return exact;
  const bare = all.filter((r) => r.id.toLowerCase() === want);
  const file = here ? RULE_REFS[here]?.rulings : undefined;
  const local = bare.filter((r) => r.file === file);
  return local.length > 0 ? local : bare;
}

export function addRulesSubcommand(data: SlashCommandSubcommandsOnlyBuilder): void {
  data.addSubcommand((s) =>
    s
      .setName('rules')
      .setDescription('Read one of our rulings, as cited in a refusal or a summary (e.g. R11)')
      .addStringOption((o) =>
        o
          .setName('ruling')
          .setDescription('e.g. R11 (this channel’s game) or collection R11; start typing')
          .setRequired(true)
          .setAutocomplete(true),
      ),
  );
}

const shown = (r: FiledRuling): string => `📜 **${r.name}: ${r.title}.** ${r.text}`;

export async function runRulesSubcommand(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
): Promise<void> {
  const typed = interaction.options.getString('ruling', true);
  const session = await ctx.tables.load(interaction.channelId).catch(() => null);
  const found = findRulings(typed, session?.gameId);
  if (found.length === 0)
    throw userError(
      'unknown-ruling',
      `“${clip(typed, 40)}” is not one of our rulings. Start typing and pick one from the list (e.g. collection R11).`,
    );
  const note =
    found.length > 1
      ? `\n-# ${found.length} games have a ${found[0]?.id}: name the game (e.g. ${found[0]?.name}) for one.`
      : '';
  await interaction.editReply(clip(`${found.map(shown).join('\n\n')}${note}`, LIMITS.content));
}

/** Autocomplete for `/game rules ruling:`: names and titles matching what was typed. */
export async function rulesAutocomplete(interaction: AutocompleteInteraction): Promise<boolean> {
  if (interaction.options.getSubcommand() !== 'rules') return false;
  const typed = String(interaction.options.getFocused()).toLowerCase();
  const matching = allRulings().filter((r) => `${r.name} ${r.title}`.toLowerCase().includes(typed));
  await interaction.respond(
    toChoices(matching.map((r) => ({ name: `${r.name}: ${r.title}`, value: r.name }))),
  );
  return true;
}
