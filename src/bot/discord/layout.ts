/**
 * The one message layout every board, private view, lobby and debrief uses: Discord's
 * Components V2. A Container in an accent colour holds a heading, the picture (a MediaGallery
 * pointing at the uploaded PNG, with alt text), the text, a status line, and the controls.
 *
 * With the IS_COMPONENTS_V2 flag a message may not carry `content` or embeds, holds at most 40
 * components (nested ones counted) and at most 4,000 characters of text in all; mentions are
 * written in a TextDisplay and pinged only through `allowed_mentions`.
 */
import { ComponentType, MessageFlags } from 'discord.js';
import type {
  APIActionRowComponent,
  APIComponentInContainer,
  APIComponentInMessageActionRow,
  APIMessageTopLevelComponent,
  APITextDisplayComponent,
} from 'discord.js';
import type { DrawnPicture } from './pictures.ts';
import { clip, LIMITS } from '../kernel/text.ts';

/** Component ids the platform sets, so an old board can be stripped of what no longer holds. */
export const COMPONENT_ID = { mention: 9001, status: 9002 } as const;

export interface Layout {
  /** A heading; none for a message that is all body (a debrief brings its own). */
  title?: string;
  /** Discord Markdown (headings, lists, bold; no tables). */
  body: string;
  footer?: string;
  /** A platform line such as the time left; dropped when the board is superseded. */
  status?: string;
  accent: number;
  picture?: DrawnPicture;
  rows: APIActionRowComponent<APIComponentInMessageActionRow>[];
  /** Users to ping because they must act; written as mentions in the text. */
  mention: string[];
}

export interface MessageFile {
  attachment: Buffer;
  name: string;
  description: string;
}

export interface MessagePayload {
  flags: number;
  components: APIMessageTopLevelComponent[];
  files: MessageFile[];
  /** In an edit: the uploads to keep, by id (the message's others are removed). */
  attachments?: { id: string }[];
  allowedMentions: { parse: []; users: string[] };
}

const text = (content: string, id?: number): APITextDisplayComponent => ({
  type: ComponentType.TextDisplay,
  content,
  ...(id !== undefined ? { id } : {}),
});

/** Fits the parts into Discord's 4,000-character budget; the body gives way first. */
function fitText(parts: { heading: string; mention: string; status: string; footer: string; body: string }) {
  const heading = clip(parts.heading, 300);
  const mention = clip(parts.mention, 1000);
  // Room for every deadline line (DEADLINE_TEXT_MAX), the phase clock and a tutorial's step.
  const status = clip(parts.status, 1600);
  const footer = clip(parts.footer, 300);
  const fixed = [heading, mention, status, footer].reduce((n, t) => n + [...t].length, 0);
  const body = clip(parts.body, Math.max(1, LIMITS.componentText - fixed));
  return { heading, mention, status, footer, body };
}

export function layout(spec: Layout): MessagePayload {
  const t = fitText({
    heading: spec.title ? `## ${spec.title}` : '',
    mention: spec.mention.length ? `${spec.mention.map((id) => `<@${id}>`).join(' ')} — your move.` : '',
    status: spec.status ?? '',
    footer: spec.footer ? `-# ${spec.footer}` : '',
    body: spec.body.trim(),
  });
  const inside: APIComponentInContainer[] = t.heading ? [text(t.heading)] : [];
  if (t.mention) inside.push(text(t.mention, COMPONENT_ID.mention));
  if (spec.picture)
    inside.push({
      type: ComponentType.MediaGallery,
      items: [{ media: { url: `attachment://${spec.picture.filename}` }, description: spec.picture.alt }],
    });
  if (t.body) inside.push(text(t.body));
  if (t.status) inside.push(text(t.status, COMPONENT_ID.status));
  if (t.footer) inside.push(text(t.footer));
  if (spec.rows.length) inside.push({ type: ComponentType.Separator, divider: true, spacing: 1 });
  inside.push(...spec.rows);
  return {
    // Ephemeral is the caller's to add on a first reply: an edit may not set it.
    flags: MessageFlags.IsComponentsV2,
    components: [{ type: ComponentType.Container, accent_color: spec.accent, components: inside }],
    files: spec.picture
      ? [{ attachment: spec.picture.png, name: spec.picture.filename, description: spec.picture.alt }]
      : [],
    allowedMentions: { parse: [], users: spec.mention },
  };
}

/**
 * A superseded board: the same message without its controls, its "your move" line and its
 * status line (a countdown that no longer runs). Media items are pointed back at their
 * attachments by file name, as Discord expects in an edit.
 */
export function withoutControls(
  components: readonly unknown[],
  attachmentName: (url: string) => string | undefined,
): APIMessageTopLevelComponent[] {
  const strip = (list: readonly unknown[]): unknown[] =>
    list.flatMap((raw) => {
      const c = raw as { type?: number; id?: number; components?: unknown[]; items?: unknown[] };
      if (c.type === ComponentType.ActionRow || c.type === ComponentType.Separator) return [];
      if (c.id === COMPONENT_ID.mention || c.id === COMPONENT_ID.status) return [];
      if (c.type === ComponentType.MediaGallery && Array.isArray(c.items))
        return [
          {
            ...c,
            items: c.items.map((item) => {
              const it = item as { media: { url: string }; description?: string };
              const name = attachmentName(it.media.url);
              return { ...it, media: { url: name ? `attachment://${name}` : it.media.url } };
            }),
          },
        ];
      if (Array.isArray(c.components)) return [{ ...c, components: strip(c.components) }];
      return [c];
    });
  return strip(components) as APIMessageTopLevelComponent[];
}

/**
 * Components with a line added on top (`note`), the whole kept within Discord's 4,000 characters
 * of text: the longest text gives way (is clipped) for the note, however long the game made it.
 */
export function withNoteOnTop(
  components: readonly APIMessageTopLevelComponent[],
  note: string,
): APIMessageTopLevelComponent[] {
  const all = [
    text(clip(note, 300)),
    ...(JSON.parse(JSON.stringify(components)) as APIMessageTopLevelComponent[]),
  ];
  fitTexts(all, LIMITS.componentText);
  return all;
}

/** Clips the longest texts of a message (nested ones included) until all fit in `max` characters. */
export function fitTexts(components: readonly unknown[], max: number): void {
  const texts: { content: string }[] = [];
  const walk = (list: readonly unknown[]): void => {
    for (const raw of list) {
      const c = raw as { type?: number; content?: unknown; components?: unknown[]; accessory?: unknown };
      if (c.type === ComponentType.TextDisplay && typeof c.content === 'string')
        texts.push(c as { content: string });
      if (Array.isArray(c.components)) walk(c.components);
      if (c.accessory) walk([c.accessory]);
    }
  };
  walk(components);
  const count = (t: string) => [...t].length;
  let over = texts.reduce((n, t) => n + count(t.content), 0) - max;
  while (over > 0) {
    const longest = texts.reduce((a, b) => (count(b.content) > count(a.content) ? b : a));
    const length = count(longest.content);
    if (length <= 1) break;
    longest.content = clip(longest.content, Math.max(1, length - over));
    over -= length - count(longest.content);
  }
}
