/**
 * Who may use a command where, as Discord decides before anything reaches the bot: the command
 * must be offered in this context (`contexts`), the member must see the channel and may use
 * application commands there, and must hold the command's `default_member_permissions` unless
 * a server admin's command permission override (Server Settings → Integrations) says otherwise.
 */
import { PermissionFlagsBits as P } from 'discord.js';
import { EmulatorError } from './types.ts';
import type { World } from './world.ts';

/** An application command permission override: type 1 role (guild id = @everyone), 2 user. */
export interface CommandOverride {
  id: string;
  type: 1 | 2;
  permission: boolean;
}

interface CommandLike {
  id: string;
  name: string;
  contexts?: number[] | null | undefined;
  default_member_permissions?: string | null | undefined;
}

export function checkCommandAccess(
  world: World,
  command: CommandLike,
  guildId: string | undefined,
  channelId: string,
  userId: string,
  overrides: readonly CommandOverride[],
): void {
  const context = guildId ? 0 : 1;
  if (command.contexts && !command.contexts.includes(context))
    throw new EmulatorError(
      'not-in-context',
      `/${command.name} is not offered ${guildId ? 'in servers' : 'in DMs'} (contexts ${command.contexts.join(', ')})`,
    );
  if (!guildId) return;
  const inChannel = world.permissionsIn(channelId, userId);
  if (!(inChannel & P.ViewChannel))
    throw new EmulatorError('no-access', `User ${userId} cannot see channel ${channelId}`);
  if (!(inChannel & P.UseApplicationCommands))
    throw new EmulatorError('no-commands', `User ${userId} may not use application commands here`);
  const guild = world.guild(guildId);
  const base = world.permissions(guildId, userId);
  if (guild.ownerId === userId || base & P.Administrator) return;
  // A user override beats role overrides, which beat @everyone's; without any, the default applies.
  const user = overrides.find((o) => o.type === 2 && o.id === userId);
  const roleIds = world.member(guildId, userId)?.roleIds ?? [];
  const roles = overrides.filter((o) => o.type === 1 && roleIds.includes(o.id));
  const everyone = overrides.find((o) => o.type === 1 && o.id === guildId);
  let decided: boolean | undefined = everyone?.permission;
  if (roles.length > 0) decided = roles.some((o) => o.permission);
  if (user) decided = user.permission;
  const dmp = command.default_member_permissions;
  // "0" hides the command from everyone but administrators.
  const byDefault =
    dmp === undefined || dmp === null || (dmp !== '0' && (base & BigInt(dmp)) === BigInt(dmp));
  if (!(decided ?? byDefault))
    throw new EmulatorError(
      'command-forbidden',
      `User ${userId} may not use /${command.name} (needs permissions ${String(dmp)} or an override)`,
    );
}
