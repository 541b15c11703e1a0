/**
 * Discord's documented limits, and trimming that keeps text inside them. The grapheme-safe
 * cutting lives in src/games/text.ts, which the engines can use too; it is re-exported here.
 */
import { clip } from '../../games/text.ts';

export { charCount, chunkLines, clip, cutNote, graphemes, literal, plural } from '../../games/text.ts';

export const LIMITS = {
  content: 2000,
  buttonsPerRow: 5,
  buttonLabel: 80,
  selectOptions: 25,
  optionLabel: 100,
  optionDescription: 100,
  placeholder: 150,
  modalTitle: 45,
  inputLabel: 45,
  labelDescription: 100,
  inputValue: 4000,
  autocompleteChoices: 25,
  choiceName: 100,
  choiceValue: 100,
  /** Components V2: characters of text across a whole message, and components in all. */
  componentText: 4000,
  components: 40,
} as const;

/**
 * The name people know a member by in this server: the server nickname, else their display
 * name, else the username (GuildMember.displayName does exactly that).
 */
export function memberName(interaction: {
  member: { displayName?: string; nick?: string | null } | null;
  user: { displayName: string };
}): string {
  const member = interaction.member;
  if (member && 'displayName' in member && typeof member.displayName === 'string') return member.displayName;
  if (member?.nick) return member.nick;
  return interaction.user.displayName;
}

/** Whether an id is a Discord user's (a snowflake): computer players have ids like cpu:1. */
export const isHuman = (id: string): boolean => /^\d{15,22}$/.test(id);

/**
 * Text as a Markdown code span that nothing inside can close: fenced with one backtick more
 * than the longest run of backticks it holds (and padded when it starts or ends with one).
 */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Autocomplete choices as Discord takes them: at most 25, names and values clipped to 100 characters. */
export function toChoices(
  list: readonly { name: string; value: string }[],
): { name: string; value: string }[] {
  return list
    .slice(0, LIMITS.autocompleteChoices)
    .map((c) => ({ name: clip(c.name, LIMITS.choiceName), value: clip(c.value, LIMITS.choiceValue) }));
}
