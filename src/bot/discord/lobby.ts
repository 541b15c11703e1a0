/** The lobby message: who has joined, and the Join / Leave / Start / Cancel controls. */
import { ButtonBuilder, StringSelectMenuBuilder, StringSelectMenuOptionBuilder } from '@discordjs/builders';
import { ButtonStyle } from 'discord.js';
import type { AnyEngine } from '../../games/contract.ts';
import type { Session } from '../../storage/session.ts';
import { encodeRoute, type LobbyOp } from '../kernel/custom-id.ts';
import { layout, type MessagePayload } from './layout.ts';
import { controlRows, TONES } from './render.ts';
import { clip, LIMITS, literal } from '../kernel/text.ts';
import { dealLine } from './seed-text.ts';
import { describePace, tableClockOf } from '../kernel/pace.ts';

const button = (sid: string, op: LobbyOp, label: string, style: ButtonStyle) =>
  new ButtonBuilder()
    .setCustomId(encodeRoute({ kind: 'l', sid, op }))
    .setLabel(label)
    .setStyle(style);

export function renderLobby(session: Session, engine: AnyEngine): MessagePayload {
  const seats = session.seats.map(
    (s, i) =>
      `${i + 1}. ${s.computer ? `🤖 ${literal(s.name)}` : (s.members ?? [s.id]).map((m) => `<@${m}>`).join(' + ')}`,
  );
  const range =
    engine.minPlayers === engine.maxPlayers
      ? `exactly ${engine.minPlayers}`
      : `${engine.minPlayers}-${engine.maxPlayers}`;
  const options = Object.entries(session.options)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
  const lines = [
    `Host: <@${session.host}>${session.facilitator ? ' (facilitating, no seat)' : ''}`,
    `Players (${range}):`,
    seats.length ? seats.join('\n') : '_nobody yet_',
    `Pace: ${describePace(tableClockOf(session).pace)}`,
    options ? `Options: ${options}` : '',
    engine.lobbyNote?.(session.seats) ?? '',
    dealLine(session) ?? '',
  ].filter(Boolean);
  const title = `${engine.name} — lobby${session.status === 'lobby' ? '' : ' closed'}`;
  const base = { title, body: lines.join('\n'), accent: TONES.info, mention: [] };
  if (session.status !== 'lobby') return layout({ ...base, rows: [] });
  const buttons = [
    button(session.id, 'join', 'Join', ButtonStyle.Success),
    button(session.id, 'leave', 'Leave', ButtonStyle.Secondary),
    button(session.id, 'start', 'Start', ButtonStyle.Primary),
    button(session.id, 'cancel', 'Cancel', ButtonStyle.Danger),
  ];
  const selects: StringSelectMenuBuilder[] = [];
  if (engine.computerStrategies.length > 0) {
    if (session.seats.some((s) => s.computer))
      buttons.push(button(session.id, 'nocpu', 'Remove computers', ButtonStyle.Secondary));
    selects.push(
      new StringSelectMenuBuilder()
        .setCustomId(encodeRoute({ kind: 'l', sid: session.id, op: 'cpu' }))
        .setPlaceholder('Add a computer player…')
        .addOptions(
          engine.computerStrategies
            .slice(0, LIMITS.selectOptions)
            .map((s) =>
              new StringSelectMenuOptionBuilder()
                .setLabel(clip(s.name, LIMITS.optionLabel))
                .setValue(s.id)
                .setDescription(clip(s.description, LIMITS.optionDescription)),
            ),
        ),
    );
  }
  const humans = session.seats.filter((s) => !s.computer);
  if (engine.teams && humans.length > 0) {
    selects.push(
      new StringSelectMenuBuilder()
        .setCustomId(encodeRoute({ kind: 'l', sid: session.id, op: 'team' }))
        .setPlaceholder(`Join a team (up to ${engine.teams.maxMembers} share a hand)…`)
        .addOptions(
          humans
            .slice(0, LIMITS.selectOptions)
            .map((s) =>
              new StringSelectMenuOptionBuilder()
                .setLabel(clip(`Join ${s.name}'s team`, LIMITS.optionLabel))
                .setValue(s.id),
            ),
        ),
    );
  }
  return layout({ ...base, rows: controlRows(buttons, selects) });
}
