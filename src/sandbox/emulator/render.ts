/** Plain-text rendering of a message, as the sandbox transcript shows it. */
import type { EmuMessage } from './types.ts';

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function renderEmbed(embed: Json): string[] {
  const lines: string[] = [];
  const author = embed.author as Json | undefined;
  if (author && str(author.name)) lines.push(`| ${str(author.name)}`);
  if (str(embed.title)) lines.push(`| **${str(embed.title)}**`);
  if (str(embed.description))
    lines.push(
      ...str(embed.description)
        .split('\n')
        .map((l) => `| ${l}`),
    );
  for (const field of (Array.isArray(embed.fields) ? embed.fields : []) as Json[]) {
    lines.push(`| ${str(field.name)}: ${str(field.value).split('\n').join('\n|   ')}`);
  }
  const footer = embed.footer as Json | undefined;
  if (footer && str(footer.text)) lines.push(`| — ${str(footer.text)}`);
  return lines;
}

const disabled = (c: Json): string => (c.disabled === true ? ' (disabled)' : '');

function renderComponent(component: Json): string[] {
  switch (component.type) {
    case 1:
    case 17: {
      const children = (Array.isArray(component.components) ? component.components : []) as Json[];
      const rendered = children.map(renderComponent);
      // A row of buttons reads best on one line.
      if (component.type === 1 && children.every((c) => c.type === 2))
        return [rendered.map((r) => r.join(' ')).join(' ')];
      return rendered.flat();
    }
    case 2: {
      const emoji = (component.emoji as Json | undefined)?.name;
      const label = [str(emoji), str(component.label)].filter(Boolean).join(' ');
      return [`[${label || '?'}]${disabled(component)}`];
    }
    case 3: {
      const options = (Array.isArray(component.options) ? component.options : []) as Json[];
      const labels = options.map((o) => (o.default === true ? `*${str(o.label)}*` : str(o.label)));
      return [`<${str(component.placeholder) || 'Select'}: ${labels.join(' | ')}>${disabled(component)}`];
    }
    case 5:
    case 6:
    case 7:
    case 8:
      return [`<${str(component.placeholder) || 'Select'}>${disabled(component)}`];
    case 9: {
      const children = (Array.isArray(component.components) ? component.components : []) as Json[];
      const accessory = component.accessory as Json | undefined;
      return [...children.flatMap(renderComponent), ...(accessory ? renderComponent(accessory) : [])];
    }
    case 10:
      return str(component.content).split('\n');
    case 14:
      return ['---'];
    default:
      return [];
  }
}

/** Content, embeds (title/description/fields/footer), components ([Label] buttons, selects with option labels) and files. */
export function renderMessageText(m: EmuMessage): string {
  const lines: string[] = [];
  if (m.content) lines.push(m.content);
  for (const embed of m.embeds) lines.push(...renderEmbed(embed as unknown as Json));
  for (const component of m.components) lines.push(...renderComponent(component as unknown as Json));
  for (const file of m.attachments) lines.push(`📎 ${file.filename}`);
  return lines.join('\n');
}
