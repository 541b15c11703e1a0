/**
 * The channel permissions the bot needs, checked from `interaction.appPermissions` (Discord
 * computes them for the channel, overwrites included) before anything is changed, so a
 * refusal names exactly what is missing and who can grant it.
 */
import { DiscordAPIError, PermissionFlagsBits as P, RESTJSONErrorCodes } from 'discord.js';
import { userError, type UserError } from '../kernel/errors.ts';

export interface Need {
  bit: bigint;
  name: string;
}

export const NEED = {
  view: { bit: P.ViewChannel, name: 'View Channel' },
  send: { bit: P.SendMessages, name: 'Send Messages' },
  sendInThreads: { bit: P.SendMessagesInThreads, name: 'Send Messages in Threads' },
  createThreads: { bit: P.CreatePublicThreads, name: 'Create Public Threads' },
  createPrivateThreads: { bit: P.CreatePrivateThreads, name: 'Create Private Threads' },
  attach: { bit: P.AttachFiles, name: 'Attach Files' },
} as const satisfies Record<string, Need>;

/**
 * What posting or updating a board needs: boards are Components V2 messages (no embeds, so no
 * Embed Links) whose pictures are uploaded attachments (Attach Files).
 */
export function boardNeeds(inThread: boolean): Need[] {
  return [NEED.view, inThread ? NEED.sendInThreads : NEED.send, NEED.attach];
}

/** What opening a game in a new thread of this channel needs. */
export const THREAD_NEEDS: Need[] = [NEED.view, NEED.createThreads, NEED.sendInThreads, NEED.attach];

const list = (names: string[]): string =>
  names.length === 1
    ? `**${names[0]}**`
    : `${names
        .slice(0, -1)
        .map((n) => `**${n}**`)
        .join(', ')} and **${names.at(-1)}**`;

export const GRANT_HINT =
  'A server admin can grant it in this channel’s settings → **Permissions** (to my role, Tradecraft, or to me).';

/** Throws a friendly UserError naming every missing permission; `doing` is e.g. "open a lobby". */
export function requireAppPermissions(granted: bigint, needs: readonly Need[], doing: string): void {
  const missing = needs.filter((n) => (granted & n.bit) !== n.bit).map((n) => n.name);
  if (missing.length === 0) return;
  throw userError(
    'missing-permissions',
    `I can’t ${doing} here: I’m missing ${list(missing)} in this channel. ${GRANT_HINT.replace('grant it', missing.length > 1 ? 'grant them' : 'grant it')} Nothing was changed.`,
  );
}

/** Whether Discord refused a request for lack of access or permission (50001, 50013). */
export function isPermissionRefusal(err: unknown): err is DiscordAPIError {
  return (
    err instanceof DiscordAPIError &&
    (err.code === RESTJSONErrorCodes.MissingAccess || err.code === RESTJSONErrorCodes.MissingPermissions)
  );
}

/** The refusal explained to the user, with what was done about it (`outcome`, one sentence). */
export function refusalError(err: DiscordAPIError, doing: string, outcome: string): UserError {
  return userError(
    'discord-refused',
    `Discord refused to let me ${doing} (${err.message}). ${outcome} A server admin can check my permissions in this channel’s settings → **Permissions**.`,
  );
}
