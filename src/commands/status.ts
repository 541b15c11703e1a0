/**
 * `/game status`: the board posted again at the bottom of the channel, for the table's own
 * people, at most once per STATUS_REPOST_MS per channel; anyone else, and anyone inside that
 * window, is answered privately (a copy of the board without controls, or a jump link), so no
 * member can flood a channel with fresh boards.
 */
import { SnowflakeUtil, type ChatInputCommandInteraction } from 'discord.js';
import { boardPayload } from '../bot/discord/board.ts';
import { draw } from '../bot/table/board-message.ts';
import type { CommandContext } from '../bot/app/command.ts';
import { withNoteOnTop, withoutControls } from '../bot/discord/layout.ts';
import { holdsSeat, type Session } from '../storage/session.ts';
import { owes } from '../storage/outbox.ts';

/** A board younger than this is not posted again; the asker gets a link to it instead. */
export const STATUS_REPOST_MS = 30_000;

const jumpLink = (guildId: string, session: Session): string | undefined =>
  session.boardMessageId
    ? `https://discord.com/channels/${guildId}/${session.channelId}/${session.boardMessageId}`
    : undefined;

/**
 * The board's age comes from its message id (a snowflake holds its creation time), so the limit
 * holds across restarts and between replicas without another record.
 */
function boardAge(session: Session, now: number): number {
  if (!session.boardMessageId) return Infinity;
  try {
    return now - Number(SnowflakeUtil.timestampFrom(session.boardMessageId));
  } catch {
    return Infinity;
  }
}

const isTablesOwn = (session: Session, userId: string): boolean =>
  holdsSeat(session, userId) || session.host === userId;

export async function status(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const { tables } = ctx;
  const channelId = interaction.channelId;
  const guildId = interaction.guildId ?? '@me';
  const me = interaction.user.id;
  const session = await tables.require(channelId);
  const link = jumpLink(guildId, session);

  if (!isTablesOwn(session, me)) {
    if (session.state === null || !link) {
      await interaction.editReply(
        link
          ? `The lobby is here: ${link} (press **Join** there to take a seat).`
          : 'The board is being posted; look at the bottom of the channel.',
      );
      return;
    }
    // Onlookers see the table privately: the public board, without its buttons.
    const engine = tables.engine(session.gameId);
    const board = boardPayload(engine, session, await draw(tables, engine, session, null));
    // The board may already hold all the text a message can: the note takes its room from it.
    await interaction.editReply({
      ...board,
      components: withNoteOnTop(
        withoutControls(board.components, () => undefined),
        `-# Only you see this copy (you are not playing here). The live board: ${link}`,
      ),
      allowedMentions: { parse: [] },
    });
    return;
  }

  // Checked under the channel's lock, so two requests at once post one board between them.
  const posted = await tables.transact(channelId, async (current) => {
    const age = boardAge(current, tables.now());
    if (current.boardMessageId && !owes(current) && age < STATUS_REPOST_MS)
      return { link: jumpLink(guildId, current), wait: Math.ceil((STATUS_REPOST_MS - age) / 1000) };
    await tables.showBoard(current, true);
    return null;
  });
  await interaction.editReply(
    posted
      ? `The board was posted moments ago: ${posted.link ?? 'look just above'}. It can be posted again in ${posted.wait}s.`
      : 'The board is posted below.',
  );
}
