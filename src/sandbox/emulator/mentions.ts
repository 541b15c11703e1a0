/**
 * Who a message pings, as Discord works it out: `<@id>`, `<@&id>`, `@everyone` and `@here` in
 * the content, filtered by `allowed_mentions` (absent: everything parses), and @everyone/@here
 * only when the author may Mention Everyone in the channel.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { Json } from './json.ts';
import { FormErrors } from './form-errors.ts';
import { RestError } from './rest-router.ts';
import type { EmuMentions } from './types.ts';
import type { World } from './world.ts';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** Throws 50035 for allowed_mentions Discord refuses (parse and an explicit list of the same kind). */
export function checkAllowedMentions(body: Json, prefix: (string | number)[] = []): void {
  const allowed = body.allowed_mentions;
  if (typeof allowed !== 'object' || allowed === null) return;
  const a = allowed as Json;
  const parse = strings(a.parse);
  const errors = new FormErrors();
  for (const kind of ['users', 'roles'] as const) {
    if (parse.includes(kind) && Array.isArray(a[kind]))
      errors.add(
        [...prefix, 'allowed_mentions', 'parse'],
        'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
      );
    if (strings(a[kind]).length > 100)
      errors.add(
        [...prefix, 'allowed_mentions', kind],
        'BASE_TYPE_MAX_LENGTH',
        'Must be 100 or fewer in length.',
      );
  }
  if (!errors.empty) throw new RestError(400, errors.body());
}

export function computeMentions(
  world: World,
  channelId: string,
  authorId: string,
  content: string,
  allowedMentions: unknown,
): EmuMentions {
  const users = [...content.matchAll(/<@!?(\d{15,22})>/g)].map((m) => m[1] ?? '');
  const roles = [...content.matchAll(/<@&(\d{15,22})>/g)].map((m) => m[1] ?? '');
  const everyone = /@(everyone|here)\b/.test(content);
  const a =
    typeof allowedMentions === 'object' && allowedMentions !== null ? (allowedMentions as Json) : undefined;
  const parse = a ? strings(a.parse) : ['users', 'roles', 'everyone'];
  const userOk = (id: string) => parse.includes('users') || strings(a?.users).includes(id);
  const roleOk = (id: string) => parse.includes('roles') || strings(a?.roles).includes(id);
  const channel = world.channels.get(channelId);
  const mayEveryone =
    !channel?.guildId ||
    (world.permissionsIn(channelId, authorId) & PermissionFlagsBits.MentionEveryone) !== 0n;
  return {
    users: [...new Set(users.filter((id) => world.users.has(id) && userOk(id)))],
    roles: [...new Set(roles.filter((id) => world.roles.has(id) && roleOk(id)))],
    everyone: everyone && parse.includes('everyone') && mayEveryone && channel?.guildId !== undefined,
  };
}
