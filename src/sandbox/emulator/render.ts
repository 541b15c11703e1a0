/** Plain-text rendering of a message, as the sandbox transcript shows it. */
import { IS_COMPONENTS_V2 } from './components-v2.ts';
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
    case 12: {
      // A picture: its alt text, which is what a screen reader (or images turned off) gives.
      const items = (Array.isArray(component.items) ? component.items : []) as Json[];
      return items.map((item) => `🖼 ${str(item.description) || '(a picture with no alt text)'}`);
    }
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
  // Components V2 messages show attachments only where a component points at them.
  if ((m.flags & IS_COMPONENTS_V2) === 0) for (const file of m.attachments) lines.push(`📎 ${file.filename}`);
  return lines.join('\n');
}

/** The message's title: an embed title, or the first Components V2 heading (`## …`). */
export function titleOf(m: EmuMessage): string | undefined {
  const embedTitle = (m.embeds[0] as Json | undefined)?.title;
  if (typeof embedTitle === 'string') return embedTitle;
  for (const line of renderMessageText({ ...m, content: '', embeds: [] }).split('\n')) {
    const heading = /^#{1,3} (.+)$/.exec(line);
    if (heading) return heading[1];
  }
  return undefined;
}
