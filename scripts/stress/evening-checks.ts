/**
 * What the evening checks at each table once play has stopped: the live board shows the stored
 * state (exactly one message with live controls, the recorded one, drawn from the stored session),
 * and every announcement the game made is in the channel exactly as often as it was made.
 */
import { owes } from '../../src/storage/outbox.ts';
import { boardPayload } from '../../src/bot/discord/board.ts';
import { decodeRoute } from '../../src/bot/kernel/custom-id.ts';
import { allComponents, renderMessageText, type EmuMessage } from '../../src/sandbox/emulator/index.ts';
import type { Harness } from '../../src/sandbox/harness.ts';

export interface TableCheck {
  ended: boolean;
  boardBehind: boolean;
  announcementsExpected: number;
  announcementsLost: number;
  announcementsDuplicated: number;
  problems: string[];
}

const liveControlsOf = (m: EmuMessage, sid: string): boolean =>
  [...allComponents(m.components)].some((c) => {
    if (c.disabled === true || typeof c.custom_id !== 'string') return false;
    const route = decodeRoute(c.custom_id);
    return (route?.kind === 'a' || route?.kind === 'f') && route.sid === sid;
  });

/** The text a fresh drawing of the stored board shows (the picture aside). */
function expectedBoardLines(
  h: Harness,
  channelId: string,
  session: Parameters<typeof boardPayload>[1],
): string[] {
  const payload = JSON.parse(JSON.stringify(boardPayload(h.bot.tables.engine(session.gameId), session))) as {
    content?: string;
    components?: unknown[];
    flags?: number;
  };
  const text = renderMessageText({
    id: 'expected',
    channelId,
    content: payload.content ?? '',
    embeds: [],
    components: (payload.components ?? []) as EmuMessage['components'],
    flags: Number(payload.flags ?? 0),
    attachments: [],
  } as unknown as EmuMessage);
  // The picture's line names an upload the fresh payload does not carry.
  return text.split('\n').filter((l) => l.trim() && !/📎|🖼/.test(l));
}

export async function checkTable(h: Harness, channelId: string): Promise<TableCheck> {
  const problems: string[] = [];
  const session = await h.bot.tables.load(channelId);
  if (!session)
    return {
      ended: false,
      boardBehind: true,
      announcementsExpected: 0,
      announcementsLost: 0,
      announcementsDuplicated: 0,
      problems: [`${channelId}: no session`],
    };
  const publicMessages = h.emu.messages(channelId).filter((m) => m.ephemeralTo === undefined);
  const live = publicMessages.filter((m) => liveControlsOf(m, session.id));
  const board = publicMessages.find((m) => m.id === session.boardMessageId);
  let boardBehind = owes(session) || !board;
  if (session.status === 'playing' && (live.length !== 1 || live[0]?.id !== session.boardMessageId))
    boardBehind = true;
  if (session.status === 'ended' && live.length > 0) boardBehind = true;
  if (board) {
    const shown = new Set(renderMessageText(board).split('\n'));
    const missing = expectedBoardLines(h, channelId, session).filter((l) => !shown.has(l));
    if (missing.length) {
      boardBehind = true;
      problems.push(
        `${channelId}: the board does not show the stored state: ${missing.slice(0, 3).join(' / ')}`,
      );
    }
  }
  if (boardBehind)
    problems.push(
      `${channelId}: board behind (status ${session.status}, live ${live.length}, owes ${String(owes(session))})`,
    );

  // Every announcement line, as often as the history made it, against the lines in the channel.
  const made = new Map<string, number>();
  for (const entry of await h.bot.tables.deps.store.history(session))
    for (const text of entry.announce)
      for (const line of text.split('\n')) if (line.trim()) made.set(line, (made.get(line) ?? 0) + 1);
  const posted = new Map<string, number>();
  // The live board's own text (a final board names the winner, as its last announcement does)
  // is not an announcement: on the board, only what its fresh drawing does not show counts.
  // Nor is the debrief, which opens with the result the last announcement gave.
  const own = new Map<string, number>();
  if (board)
    for (const line of expectedBoardLines(h, channelId, session)) own.set(line, (own.get(line) ?? 0) + 1);
  const debriefed = new Map<string, number>();
  const debrief = session.state === null ? null : h.bot.tables.engine(session.gameId).debrief(session.state);
  for (const line of debrief?.markdown.split('\n') ?? []) debriefed.set(line, (debriefed.get(line) ?? 0) + 1);
  for (const m of publicMessages)
    for (const line of renderMessageText(m).split('\n')) {
      const drawn = m.id === session.boardMessageId ? (own.get(line) ?? 0) : 0;
      const inDebrief = debriefed.get(line) ?? 0;
      if (drawn > 0) own.set(line, drawn - 1);
      else if (inDebrief > 0) debriefed.set(line, inDebrief - 1);
      else posted.set(line, (posted.get(line) ?? 0) + 1);
    }
  if (process.env['EVENING_DEBUG'])
    problems.push(
      `${channelId} transcript:\n${publicMessages.map((m) => renderMessageText(m)).join('\n---\n')}`,
    );
  let lost = 0;
  let duplicated = 0;
  let expected = 0;
  for (const [line, times] of made) {
    expected += times;
    const seen = posted.get(line) ?? 0;
    if (seen < times) {
      lost += times - seen;
      problems.push(`${channelId}: announcement lost ×${times - seen}: ${line.slice(0, 120)}`);
    } else if (seen > times) {
      duplicated += seen - times;
      problems.push(`${channelId}: announcement shown ×${seen} for ×${times}: ${line.slice(0, 120)}`);
    }
  }
  return {
    ended: session.status === 'ended',
    boardBehind,
    announcementsExpected: expected,
    announcementsLost: lost,
    announcementsDuplicated: duplicated,
    problems,
  };
}
