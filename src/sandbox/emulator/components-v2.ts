/**
 * Messages in Discord's current layout (the IS_COMPONENTS_V2 flag) and uploads, checked as
 * Discord documents them (components reference; message resource; uploading files):
 * - with the flag, `content`, `embeds`, `poll` and `stickers` are refused; at most 40 components
 *   (nested counted) and 4,000 characters of text displays in all; the layout components nest
 *   only where Discord allows; media must point at an attachment of the message;
 * - a message that has the flag keeps it (an edit cannot take it away);
 * - at most 10 attachments, each description (alt text) at most 1,024 characters, and at most
 *   10 MiB of files per request (413 · 40005).
 * Where Discord documents the rule but not the exact error code name, the name here is ours.
 */
import type { Json } from './json.ts';
import type { FormErrors, Path } from './form-errors.ts';
import { RestError } from './rest-router.ts';
import type { UploadedFile } from './rest-router.ts';

export const IS_COMPONENTS_V2 = 1 << 15;
export const MAX_ATTACHMENTS = 10;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_V2_TEXT = 4000;

const TOP_LEVEL = new Set([1, 9, 10, 12, 13, 14, 17]);
const IN_CONTAINER = new Set([1, 9, 10, 12, 13, 14]);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const nonEmpty = (v: unknown): boolean =>
  (typeof v === 'string' && v.length > 0) || (Array.isArray(v) && v.length > 0);

export interface V2Context {
  /** The flags the message will have: the body's, or the stored message's for an edit without flags. */
  flags: number;
  /** The stored message already has the flag (edits only). */
  wasV2: boolean;
  /** File names `attachment://` may name: the request's new files and the attachments it lists. */
  attachmentNames: ReadonlySet<string>;
  /** An edit (where an existing attachment is kept by listing its id in `attachments`). */
  editing?: boolean;
}

/** Refuses a request whose files break Discord's upload limits (413 before anything else). */
export function checkUploads(files: readonly UploadedFile[]): void {
  const bytes = files.reduce((n, f) => n + f.data.length, 0);
  if (bytes > MAX_UPLOAD_BYTES)
    throw new RestError(413, { code: 40005, message: 'Request entity too large' });
}

export function validateAttachments(body: Json, files: readonly UploadedFile[], errors: FormErrors): void {
  const listed = asArray(body.attachments);
  if (files.length > MAX_ATTACHMENTS || listed.length > MAX_ATTACHMENTS)
    errors.add(['attachments'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_ATTACHMENTS} or fewer in length.`);
  listed.forEach((a, i) => {
    if (isObject(a)) errors.maxLength(['attachments', i, 'description'], a.description, 1024);
  });
}

export function validateV2(body: Json, ctx: V2Context, errors: FormErrors): void {
  const v2 = (ctx.flags & IS_COMPONENTS_V2) !== 0;
  if (ctx.wasV2 && !v2)
    errors.add(
      ['flags'],
      'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG',
      'The IS_COMPONENTS_V2 flag cannot be removed from a message that has it',
    );
  if (!v2) return;
  for (const field of ['content', 'embeds', 'poll', 'sticker_ids'])
    if (nonEmpty(body[field]) || (field === 'poll' && isObject(body.poll)))
      errors.add(
        [field],
        'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        `The '${field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2`,
      );
  if (body.components === undefined) return;
  const text = { total: 0 };
  asArray(body.components).forEach((c, i) =>
    checkComponent(c, ['components', i], TOP_LEVEL, ctx, errors, text),
  );
  if (text.total > MAX_V2_TEXT)
    errors.add(
      ['components'],
      'COMPONENTS_V2_TEXT_TOO_LONG',
      `Text displays may hold ${MAX_V2_TEXT} characters in all; this message has ${text.total}.`,
    );
}

function checkMedia(media: unknown, path: Path, ctx: V2Context, errors: FormErrors): void {
  if (!isObject(media) || typeof media.url !== 'string' || media.url.length === 0) {
    errors.add([...path, 'url'], 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  const m = /^attachment:\/\/(.+)$/.exec(media.url);
  if (m?.[1] !== undefined && !ctx.attachmentNames.has(m[1]))
    errors.add(
      [...path, 'url'],
      'UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND',
      ctx.editing
        ? `No attachment named "${m[1]}" in this request: upload it, or keep the existing one by listing its id in "attachments"`
        : `No attachment named "${m[1]}" in this message`,
    );
}

function checkComponent(
  raw: unknown,
  path: Path,
  allowed: ReadonlySet<number>,
  ctx: V2Context,
  errors: FormErrors,
  text: { total: number },
): void {
  if (!isObject(raw)) return;
  const type = raw.type as number;
  if (!allowed.has(type)) {
    errors.add(
      [...path, 'type'],
      'COMPONENT_TYPE_INVALID',
      `Component type ${String(type)} is not allowed here`,
    );
    return;
  }
  switch (type) {
    case 10:
      if (typeof raw.content !== 'string' || raw.content.length === 0)
        errors.add([...path, 'content'], 'BASE_TYPE_REQUIRED', 'This field is required');
      else text.total += [...raw.content].length;
      return;
    case 9: {
      const children = asArray(raw.components);
      if (children.length < 1 || children.length > 3)
        errors.add([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 3 in length.');
      children.forEach((c, i) =>
        checkComponent(c, [...path, 'components', i], new Set([10]), ctx, errors, text),
      );
      const accessory = raw.accessory;
      if (!isObject(accessory) || (accessory.type !== 2 && accessory.type !== 11))
        errors.add(
          [...path, 'accessory'],
          'BASE_TYPE_REQUIRED',
          'A section needs a button or thumbnail accessory',
        );
      else if (accessory.type === 11)
        checkComponent(accessory, [...path, 'accessory'], new Set([11]), ctx, errors, text);
      return;
    }
    case 11:
      checkMedia(raw.media, [...path, 'media'], ctx, errors);
      errors.maxLength([...path, 'description'], raw.description, 1024);
      return;
    case 12: {
      const items = asArray(raw.items);
      if (items.length < 1 || items.length > 10)
        errors.add([...path, 'items'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 10 in length.');
      items.forEach((item, i) => {
        if (!isObject(item)) return;
        checkMedia(item.media, [...path, 'items', i, 'media'], ctx, errors);
        errors.maxLength([...path, 'items', i, 'description'], item.description, 1024);
      });
      return;
    }
    case 13: {
      const url = isObject(raw.file) ? raw.file.url : undefined;
      if (typeof url !== 'string' || !url.startsWith('attachment://'))
        errors.add(
          [...path, 'file', 'url'],
          'COMPONENT_FILE_URL_INVALID',
          'A file component must use attachment://',
        );
      else checkMedia(raw.file, [...path, 'file'], ctx, errors);
      return;
    }
    case 14:
      if (raw.spacing !== undefined && raw.spacing !== 1 && raw.spacing !== 2)
        errors.add([...path, 'spacing'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2).');
      return;
    case 17: {
      const colour = raw.accent_color;
      if (
        colour !== undefined &&
        colour !== null &&
        (!Number.isInteger(colour) || (colour as number) < 0 || (colour as number) > 0xffffff)
      )
        errors.add([...path, 'accent_color'], 'NUMBER_TYPE_MAX', 'Value must be between 0 and 16777215.');
      const children = asArray(raw.components);
      if (children.length === 0)
        errors.add([...path, 'components'], 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
      children.forEach((c, i) =>
        checkComponent(c, [...path, 'components', i], IN_CONTAINER, ctx, errors, text),
      );
      return;
    }
    default:
      // Action rows (1) are checked with the classic rules in message-validation.ts.
      return;
  }
}

/** Discord answers with media resolved to the attachment's URL; `attachment://` is request-only. */
export function resolveMedia(components: unknown, urlOf: (filename: string) => Json | undefined): unknown {
  if (Array.isArray(components)) return components.map((c) => resolveMedia(c, urlOf));
  if (!isObject(components)) return components;
  const out: Json = {};
  for (const [k, v] of Object.entries(components)) {
    const m = k === 'url' && typeof v === 'string' ? /^attachment:\/\/(.+)$/.exec(v) : null;
    const resolved = m?.[1] !== undefined ? urlOf(m[1]) : undefined;
    if (resolved) Object.assign(out, resolved);
    else out[k] = resolveMedia(v, urlOf);
  }
  return out;
}

/** The text of every text display in a component tree (where a V2 message's mentions are written). */
export function textDisplayContents(components: unknown): string[] {
  const out: string[] = [];
  const walk = (list: unknown): void => {
    for (const c of asArray(list)) {
      if (!isObject(c)) continue;
      if (c.type === 10 && typeof c.content === 'string') out.push(c.content);
      walk(c.components);
      if (isObject(c.accessory)) walk([c.accessory]);
    }
  };
  walk(components);
  return out;
}
