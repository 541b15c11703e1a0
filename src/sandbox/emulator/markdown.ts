/**
 * The Markdown Discord does not render: it shows these as raw text, so a message using them
 * reads badly. The emulator records a warning (message.markdownWarnings and a
 * `markdownWarning` event) instead of refusing, as Discord would send the message anyway.
 */
import type { Json } from './json.ts';
import { textDisplayContents } from './components-v2.ts';

const CHECKS: [RegExp, string][] = [
  [
    /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/m,
    'a Markdown table (Discord shows the pipes as text)',
  ],
  [
    /<\/?(details|summary|br|b|i|u|em|strong|table|tr|td|th|div|span|p|img|sup|sub|hr)\b[^>]*>/i,
    'an HTML tag',
  ],
  [/!\[[^\]]*\]\([^)]+\)/, 'a Markdown image (Discord shows it as a link)'],
  [/^\s*(\*\s*){3,}$|^\s*-{3,}\s*$/m, 'a horizontal rule'],
  [/\[\^\w+\]/, 'a footnote'],
];

/** Every text a reader sees: content, embed texts, Components V2 text displays. */
function texts(body: Json): string[] {
  const out: string[] = [];
  if (typeof body.content === 'string') out.push(body.content);
  for (const e of Array.isArray(body.embeds) ? (body.embeds as Json[]) : []) {
    if (typeof e.description === 'string') out.push(e.description);
    for (const f of Array.isArray(e.fields) ? (e.fields as Json[]) : [])
      if (typeof f.value === 'string') out.push(f.value);
  }
  out.push(...textDisplayContents(body.components));
  return out;
}

/** What in the message Discord would show as raw Markdown; empty when all of it renders. */
export function rawMarkdown(body: Json): string[] {
  // Code blocks show their content verbatim on purpose.
  const all = texts(body)
    .map((t) => t.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, ''))
    .join('\n');
  return CHECKS.filter(([re]) => re.test(all)).map(([, what]) => what);
}
