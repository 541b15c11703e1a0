/** Who may run a table: its host, or anyone with Manage Server. */
import { PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
import type { Session } from '../../storage/session.ts';
import { userError } from '../kernel/errors.ts';

export function canManage(
  session: Session,
  userId: string,
  permissions: Readonly<PermissionsBitField> | null,
): boolean {
  return session.host === userId || (permissions?.has(PermissionFlagsBits.ManageGuild) ?? false);
}

export function requireManager(
  session: Session,
  userId: string,
  permissions: Readonly<PermissionsBitField> | null,
  what: string,
): void {
  if (!canManage(session, userId, permissions))
    throw userError(
      'not-host',
      `Only the host (<@${session.host}>) or someone with Manage Server can ${what}.`,
    );
}
