/** Discord's documented limits, and trimming that keeps text inside them. */
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
  /** Components V2: characters of text across a whole message, and components in all. */
  componentText: 4000,
  components: 40,
} as const;

/**
 * Cuts `text` to `max` characters, ending with an ellipsis when something was cut. Counted in
 * code points, as Discord counts, so an emoji is never split into a lone surrogate (which
 * Discord refuses); a cut also avoids leaving a dangling zero-width joiner or variation selector.
 */
export function clip(text: string, max: number): string {
  const points = [...text];
  if (points.length <= max) return text;
  let kept = points.slice(0, Math.max(0, max - 1));
  const joins = new Set(['\u200d', '\ufe0f']);
  while (kept.length > 0 && joins.has(kept.at(-1) ?? '')) kept = kept.slice(0, -1);
  return `${kept.join('')}…`;
}

/** Characters as Discord counts them (code points). */
export const charCount = (text: string): number => [...text].length;

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

/** Splits long text into message-sized pieces on line breaks where possible. */
export function chunkLines(text: string, max: number = LIMITS.content): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    const piece = clip(line, max);
    if (current.length + piece.length + 1 > max) {
      chunks.push(current);
      current = piece;
    } else current = current ? `${current}\n${piece}` : piece;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** A user mention for humans; computer players (ids like cpu:1) are named instead. */
export const isHuman = (id: string): boolean => /^\d{15,22}$/.test(id);
