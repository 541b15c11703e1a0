/**
 * Our rulings as data: each game's `docs/rules/<game>.md` lists them as `- **R11 Victory.** …`
 * items (R, S, B or D followed by a number). Parsed from the document itself, so what `/game
 * rules` shows in Discord is always what the document says. Pure: the caller reads the file.
 */
export interface Ruling {
  /** "R11". */
  id: string;
  /** "Victory". */
  title: string;
  /** The ruling's text as written (Markdown Discord renders: bold, code spans). */
  text: string;
}

const ITEM = /^- \*\*([A-Z]\d+[a-z]?) ([^*]+?)\.?\*\*\s*(.*)$/;

export function parseRulings(markdown: string): Ruling[] {
  const out: Ruling[] = [];
  let current: Ruling | null = null;
  for (const line of markdown.split('\n')) {
    const item = ITEM.exec(line);
    if (item) {
      current = { id: item[1] ?? '', title: (item[2] ?? '').trim(), text: (item[3] ?? '').trim() };
      out.push(current);
      continue;
    }
    // A ruling continues on its indented lines and ends at the next item, heading or blank line.
    if (current && /^ {2,}\S/.test(line)) current.text += ` ${line.trim()}`;
    else current = null;
  }
  return out;
}
