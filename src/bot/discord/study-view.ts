/**
 * What a study session's facilitator sees: one private message following every table (round,
 * phase, who is holding it up, scores) with controls that act on all tables at once; and the
 * public message that announces the session.
 */
import { ButtonBuilder } from '@discordjs/builders';
import { ButtonStyle, time, TimestampStyles } from 'discord.js';
import { FACILITATOR_ACTOR, type AnyEngine } from '../../games/contract.ts';
import type { Session } from '../../storage/session.ts';
import type { Study } from '../../storage/study.ts';
import { formatDuration, privatePanel } from './board.ts';
import { encodeRoute, type StudyOp } from '../kernel/custom-id.ts';
import { layout, type MessagePayload } from './layout.ts';
import { controlRows, TONES } from './render.ts';
import { clip, LIMITS, literal } from '../kernel/text.ts';

const button = (id: string, op: StudyOp, label: string, style: ButtonStyle) =>
  new ButtonBuilder()
    .setCustomId(encodeRoute({ kind: 's', sid: id, op }))
    .setLabel(clip(label, LIMITS.buttonLabel))
    .setStyle(style);

/** The public message: the tables, and the facilitator's way in. */
export function studyAnnouncement(study: Study, engine: AnyEngine): MessagePayload {
  const tables = study.tables.map((t, i) => `- Table ${i + 1}: <#${t}>`);
  return layout({
    title: `Study session: ${study.tables.length} tables of ${engine.name}`,
    body: [
      `Facilitator: <@${study.host}> · every table is dealt the same hands.`,
      ...tables,
      'Players: your table is in its thread. The facilitator follows all tables from **Facilitator view**.',
    ].join('\n'),
    accent: TONES.info,
    mention: [],
    rows: controlRows([button(study.id, 'view', 'Facilitator view', ButtonStyle.Primary)], []),
  });
}

/** The first facilitator control a table offers now (e.g. End negotiation), if any. */
export function facilitatorAction(
  engine: AnyEngine,
  session: Session,
): { label: string; action: { type: string } } | null {
  if (session.status !== 'playing') return null;
  const panel = privatePanel(engine, session, session.host);
  // Only a control the facilitator may use (a game may show a seat's controls in the view).
  const b = (panel.buttons ?? []).find(
    (x) => x.action && !x.disabled && engine.apply(session.state, FACILITATOR_ACTOR, x.action).ok,
  );
  return b?.action ? { label: b.label, action: b.action } : null;
}

function tableLine(engine: AnyEngine, session: Session | null, index: number, channelId: string): string {
  const head = `**Table ${index + 1}** <#${channelId}>`;
  if (!session) return `${head}: no game (the thread's record is gone).`;
  if (session.status === 'lobby')
    return `${head}: lobby, ${session.seats.length}/${engine.maxPlayers} seated.`;
  const glance: string | undefined = engine.glance?.(session.state);
  if (session.status === 'ended')
    return `${head}: ended (${literal(session.endedReason ?? 'finished')})${glance ? ` · ${glance}` : ''}`;
  const names = new Map(session.seats.map((s) => [s.id, literal(s.name)]));
  names.set(session.host, 'you (facilitator)');
  const waiting = engine
    .activePlayers(session.state)
    .map((id: string) => names.get(id) ?? id)
    .join(', ');
  const t = session.timer;
  const clock =
    t?.pausedRemaining !== undefined
      ? ` · ⏸ ${t.label} paused (${formatDuration(t.pausedRemaining)} left)`
      : t?.due !== undefined
        ? ` · ⏱ ${t.label} ends ${time(Math.ceil(t.due / 1000), TimestampStyles.RelativeTime)}`
        : '';
  const held = session.held ? ' · ⏸ play paused' : '';
  return `${head}: ${glance ?? 'playing'} · waiting for ${waiting || 'nobody'}${held}${clock}`;
}

/** The facilitator's private view of every table, with controls for all of them. */
export function studyView(
  study: Study,
  engine: AnyEngine,
  sessions: (Session | null)[],
  note?: string,
): MessagePayload {
  const lines = study.tables.map((t, i) => tableLine(engine, sessions[i] ?? null, i, t));
  const fac = sessions.map((s) => (s ? facilitatorAction(engine, s) : null)).find((x) => x !== null);
  const buttons = [
    button(study.id, 'view', 'Refresh', ButtonStyle.Secondary),
    ...(sessions.some((s) => s?.status === 'lobby')
      ? [button(study.id, 'start', 'Start every table', ButtonStyle.Success)]
      : []),
    ...(fac ? [button(study.id, 'fac', `${fac.label}: every table`, ButtonStyle.Primary)] : []),
    button(study.id, 'pause', 'Pause every clock', ButtonStyle.Secondary),
    button(study.id, 'resume', 'Resume every clock', ButtonStyle.Secondary),
    button(study.id, 'close', 'Close every table', ButtonStyle.Danger),
    button(study.id, 'debrief', 'Combined debrief', ButtonStyle.Primary),
    button(study.id, 'export', 'Export debrief', ButtonStyle.Secondary),
  ];
  return layout({
    title: `Facilitator view: ${study.tables.length} tables of ${engine.name}`,
    body: [
      ...(note ? [note, ''] : []),
      ...lines,
      '',
      'Each table’s **My view** shows you every hand at that table (only you see it).',
      // Only a seed the facilitator chose; a drawn one stays secret until every table has ended.
      ...(study.seedChosen ? [`Seed (yours, only you see it): \`${study.seed}\`.`] : []),
    ].join('\n'),
    accent: TONES.neutral,
    mention: [],
    rows: controlRows(buttons, []),
  });
}
