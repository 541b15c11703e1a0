/** Discord's documented limits, and trimming that keeps text inside them. */
export const LIMITS = {
  content: 2000,
  embedTitle: 256,
  embedDescription: 4096,
  embedTotal: 6000,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  rows: 5,
  buttonsPerRow: 5,
  buttonLabel: 80,
  selectOptions: 25,
  optionLabel: 100,
  optionDescription: 100,
  placeholder: 150,
  modalTitle: 45,
  inputLabel: 45,
  inputValue: 4000,
  autocompleteChoices: 25,
  choiceName: 100,
  /** Components V2: characters of text across a whole message, and components in all. */
  componentText: 4000,
  components: 40,
} as const;

/** Cuts `text` to `max` characters, ending with an ellipsis when something was cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
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
