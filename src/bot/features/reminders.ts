/**
 * One reminder per decision, shortly before its deadline: a mention in the table's channel, or
 * a direct message for people who opted in with `/game notify` (everyone, when the server's
 * reminder style is `dm`). When Discord refuses the DM (50007), the channel mention goes out
 * instead, and the channel is told so once per user.
 */
import { DiscordAPIError, RESTJSONErrorCodes, time, TimestampStyles } from 'discord.js';
import { FACILITATOR_ACTOR } from '../../games/contract.ts';
import type { Session } from '../../storage/session.ts';
import { usersToPing } from '../kernel/names.ts';
import type { DecisionClock } from '../../storage/table-clock.ts';
import { clip, LIMITS } from '../kernel/text.ts';
import type { TableService } from '../table/service.ts';

/** The humans to remind about a decision owed by `player`: whoever holds it now, never a computer. */
function usersFor(session: Session, player: string): string[] {
  if (player === FACILITATOR_ACTOR) return [session.host];
  return usersToPing(session.seats, [player]);
}

export async function sendReminders(
  tables: TableService,
  session: Session,
  clocks: DecisionClock[],
): Promise<void> {
  const { settings } = tables.deps.records;
  const style = (await settings.get(session.guildId)).reminders;
  if (style === 'off') return;
  const lines: string[] = [];
  const mention: string[] = [];
  for (const clock of clocks) {
    const when = time(Math.ceil((clock.due ?? 0) / 1000), TimestampStyles.RelativeTime);
    for (const userId of usersFor(session, clock.player)) {
      const prefs = await settings.notify(userId);
      if (style === 'dm' || prefs.dm) {
        const sent = await dm(
          tables,
          userId,
          `⏰ Your decision at <#${session.channelId}>: ${clock.for}, due ${when}.`,
        );
        if (sent) continue;
        if (!prefs.refusalNoticed) {
          await settings.updateNotify(userId, (current) => ({ ...current, refusalNoticed: true }));
          lines.push(`(I could not send <@${userId}> a direct message, so their reminders come here.)`);
        }
      }
      lines.push(`⏰ <@${userId}>: ${clock.for}, due ${when}.`);
      mention.push(userId);
    }
  }
  if (!lines.length) return;
  const channel = await tables.channel(session.channelId);
  await channel.send({
    content: clip(lines.join('\n'), LIMITS.content),
    allowedMentions: { users: [...new Set(mention)] },
  });
}

async function dm(tables: TableService, userId: string, content: string): Promise<boolean> {
  try {
    await tables.deps.client.users.send(userId, { content, allowedMentions: { parse: [] } });
    return true;
  } catch (err) {
    if (err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.CannotSendMessagesToThisUser)
      return false;
    tables.deps.logger.warn({ err, userId }, 'reminder DM failed');
    return false;
  }
}
