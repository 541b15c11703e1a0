/**
 * `/game mine`: every table in this server where the user holds a seat or facilitates, what each
 * waits for, whether it waits on them (a facilitator's vote included), a seat a computer holds for
 * them and how to take it back, each with its deadline and a link to its board.
 */
import { time, TimestampStyles, type ChatInputCommandInteraction } from 'discord.js';
import { FACILITATOR_ACTOR, type AnyEngine } from '../games/contract.ts';
import type { CommandContext } from '../bot/app/command.ts';
import { clip, LIMITS, plural } from '../bot/kernel/text.ts';
import { playerName } from '../bot/kernel/names.ts';
import { seatOfUser, type Session } from '../storage/session.ts';

interface Line {
  onMe: boolean;
  text: string;
}

export async function mine(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const guildId = interaction.guildId ?? '';
  const me = interaction.user.id;
  const { tables } = ctx;
  const lines: Line[] = [];
  // The seat index lists only this user's tables: no scan of the server's sessions.
  for (const channelId of await tables.deps.records.seats.channelsOf(guildId, me)) {
    const loaded = await tables.deps.store.load(channelId);
    if (loaded.kind !== 'ok') continue;
    const line = tableLine(tables.engine(loaded.session.gameId), loaded.session, me);
    if (line) lines.push(line);
  }
  lines.sort((a, b) => Number(b.onMe) - Number(a.onMe));
  const onMe = lines.filter((l) => l.onMe).length;
  await interaction.editReply({
    content: lines.length
      ? clip(
          [
            `You are at ${plural(lines.length, 'table')}; ${plural(onMe, 'waits', 'wait')} on you.`,
            ...lines.map((l) => l.text),
          ].join('\n'),
          LIMITS.content,
        )
      : 'You hold no seat at any table in this server, and facilitate none.',
    allowedMentions: { parse: [] },
  });
}

/** The user's line for one table: null when they neither hold a seat there nor facilitate it. */
function tableLine(engine: AnyEngine, s: Session, me: string): Line | null {
  const held = seatOfUser(s.seats, me);
  const facilitating = s.facilitator && s.host === me;
  if (s.status === 'ended' || (!held && !facilitating)) return null;
  const link = s.boardMessageId
    ? ` · [board](https://discord.com/channels/${s.guildId}/${s.channelId}/${s.boardMessageId})`
    : '';
  const head = `• **${engine.name}** in <#${s.channelId}>`;
  if (s.status === 'lobby') return { onMe: false, text: `${head}: lobby, waiting for Start${link}` };
  const waits = engine.waits(s.state);
  const due = (key: string) => {
    const c = s.tableClock?.clocks.find((x) => x.key === key);
    return c?.due !== undefined
      ? `, due ${time(Math.ceil(c.due / 1000), TimestampStyles.RelativeTime)}`
      : c
        ? ' (clock paused)'
        : ' (no deadline)';
  };
  const standIn = held?.seat.computer ? s.tableClock?.standIns[held.seat.id] : undefined;
  const mineNow = standIn
    ? []
    : waits.filter(
        (w) =>
          (held && (w.player === held.seat.id || w.player === held.actor)) ||
          (facilitating && w.player === FACILITATOR_ACTOR),
      );
  const others = [...new Set(waits.map((w) => playerName(s.seats, w.player, 'mention')))];
  const what = mineNow.length
    ? `**waits on you**${facilitating && !held ? ' (facilitator)' : ''}: ${mineNow.map((w) => `${w.for}${due(w.key)}`).join('; ')}`
    : `waits on ${others.slice(0, 4).join(', ') || 'nobody'}${others.length > 4 ? ` and ${others.length - 4} more` : ''}${waits[0] ? `: ${waits[0].for}${due(waits[0].key)}` : ''}`;
  // The seat index lists a computer's seat only while it keeps it warm (seat-users.ts).
  const computer = standIn
    ? ` · 🤖 a computer holds your seat: click on the table (even **My view**) or type a move with \`/${engine.id}\` to take it back`
    : '';
  return { onMe: mineNow.length > 0, text: `${head}: ${what}${computer}${link}` };
}
