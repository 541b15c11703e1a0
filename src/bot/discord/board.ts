/**
 * What the table sees: the public board (one message per session, kept current) and a player's
 * private view. Both are rendered from engine views only, so hidden information never reaches
 * a renderer that could leak it.
 */
import { ButtonBuilder } from '@discordjs/builders';
import { ButtonStyle, time, TimestampStyles } from 'discord.js';
import { FACILITATOR_ACTOR, type AnyEngine, type PlayerId } from '../../games/contract.ts';
import type { Panel } from '../../games/panel.ts';
import type { Picture } from '../../games/picture.ts';
import { glossaryLine } from '../../games/glossary/index.ts';
import { holdsSeat, seatOfUser, seatUsers, type Session } from '../../storage/session.ts';
import { userError } from '../kernel/errors.ts';
import { encodeRoute } from '../kernel/custom-id.ts';
import type { DrawnPicture } from './pictures.ts';
import { renderPanel, type MessagePayload } from './render.ts';
import { deadlineLines, standInLine } from '../kernel/pace.ts';
import { usersToPing } from '../kernel/names.ts';
import { hintButton, offersHint, tutorialLines } from './tutorial.ts';

export const MY_VIEW_LABEL = 'My view';

/** The id the engine knows this user by: the facilitator acts for the table, not a seat. */
export function actorFor(session: Session, userId: string): PlayerId {
  const held = seatOfUser(session.seats, userId);
  if (held) return held.actor;
  // A seat (or team place) handed to another user or emptied: its former holder no longer acts for it.
  if (session.seats.some((s) => s.id === userId || s.members?.includes(userId))) return `@former:${userId}`;
  if (session.facilitator && session.host === userId) return FACILITATOR_ACTOR;
  return userId;
}

/** Who a move of `userId` is made by; refused for a player the host removed from the game. */
export function moverFor(session: Session, userId: string): PlayerId {
  // A player the host removed no longer acts for their seat: its computer plays it to the end.
  const removed = session.seats.find(
    (s) => session.tableClock?.standIns[s.id] === 'removed' && seatUsers(s).includes(userId),
  );
  if (removed)
    throw userError(
      'removed',
      'The host removed you from this game; a computer plays your seat to the end. The board stays open to follow it.',
    );
  // A team member the host removed alone: their place is empty, the rest of the team plays on.
  if (session.seats.some((s) => s.places?.[userId] === null))
    throw userError(
      'removed',
      'The host removed you from this game; the rest of your team plays your seat on. The board stays open to follow it.',
    );
  return actorFor(session, userId);
}

/** A study table whose facilitator paused play (moves are refused until they resume it). */
const heldLine = (session: Session): string | undefined =>
  session.held ? '⏸ Play is paused by the facilitator: moves wait until they resume it.' : undefined;

export function timerLine(session: Session): string | undefined {
  const t = session.timer;
  if (!t) return undefined;
  if (t.pausedRemaining !== undefined)
    return `⏸ ${t.label}: paused with ${formatDuration(t.pausedRemaining)} left.`;
  if (t.due === undefined) return undefined;
  return `⏱ ${t.label} ends ${time(Math.ceil(t.due / 1000), TimestampStyles.RelativeTime)}.`;
}

/** The clocks a board shows: each decision with its deadline, or else the phase's own clock. */
function statusLines(session: Session): string[] {
  const decisions = deadlineLines(session);
  if (decisions.length) return decisions;
  const phase = timerLine(session);
  return phase ? [phase] : [];
}

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : '', sec || (!h && !m) ? `${sec}s` : ''].filter(Boolean).join(' ');
}

export function publicPanel(engine: AnyEngine, session: Session): Panel {
  return engine.present(engine.view(session.state, null), { viewer: null });
}

export function privatePanel(engine: AnyEngine, session: Session, userId: string): Panel {
  const viewer = actorFor(session, userId);
  return engine.present(engine.view(session.state, viewer), { viewer });
}

/** The picture of what `userId` may see (null: the public board), if the game draws one. */
export function pictureOf(engine: AnyEngine, session: Session, userId: string | null): Picture | null {
  if (!engine.picture || session.state === null) return null;
  const viewer = userId === null ? null : actorFor(session, userId);
  return engine.picture(engine.view(session.state, viewer), { viewer });
}

export const STOPPED =
  'The game was stopped before it finished. This is the table as it stood; the debrief follows.';

export function boardPayload(engine: AnyEngine, session: Session, picture?: DrawnPicture): MessagePayload {
  const panel = publicPanel(engine, session);
  const status = [
    session.status === 'playing'
      ? [heldLine(session), ...statusLines(session), standInLine(session)].filter(Boolean).join('\n')
      : endedLine(engine, session),
    tutorialLines(engine, session),
  ]
    .filter(Boolean)
    .join('\n');
  const myView = new ButtonBuilder()
    .setCustomId(encodeRoute({ kind: 'v', sid: session.id }))
    .setLabel(MY_VIEW_LABEL)
    .setStyle(ButtonStyle.Primary);
  const playing = session.status === 'playing';
  // Whoever must act is always mentioned, whether or not the game's panel says so.
  // The game names seats (or team members' places); whoever holds each now is pinged, no computer.
  const mention = usersToPing(session.seats, panel.mention ?? engine.activePlayers(session.state));
  // A game stopped early shows the table as it stood, without asking anyone to move.
  const stopped =
    session.status === 'ended' && !engine.outcome(session.state) ? { description: STOPPED } : {};
  const shown = playing
    ? { ...panel, mention }
    : { ...panel, ...stopped, buttons: [], selects: [], mention: [] };
  return renderPanel(shown, {
    sid: session.id,
    version: session.version,
    scope: 'p',
    extraButtons:
      engine.join && playing
        ? [myView, lateJoin(session)]
        : finished(engine, session)
          ? [myView, rematch(session)]
          : [myView],
    ...(status ? { status } : {}),
    picture,
  });
}

function endedLine(engine: AnyEngine, session: Session): string | undefined {
  const outcome = engine.outcome(session.state);
  if (outcome) return `🏁 ${outcome.summary}`;
  if (session.status === 'ended')
    return `🏁 Game ended${session.endedReason ? `: ${session.endedReason}` : ''}.`;
  return undefined;
}

export const LATE_JOIN_LABEL = 'Join next round';
export const REMATCH_LABEL = 'Rematch';

const finished = (engine: AnyEngine, session: Session) =>
  session.status === 'ended' && session.state !== null && engine.outcome(session.state) !== null;

/** Same players, same options, a new seed (players of the finished game only). */
function rematch(session: Session): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(encodeRoute({ kind: 'l', sid: session.id, op: 'rematch' }))
    .setLabel(REMATCH_LABEL)
    .setStyle(ButtonStyle.Success);
}

function lateJoin(session: Session): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(encodeRoute({ kind: 'l', sid: session.id, op: 'late' }))
    .setLabel(LATE_JOIN_LABEL)
    .setStyle(ButtonStyle.Secondary);
}

/** A player's private view (sent ephemerally by the caller); it mentions nobody. */
/** The private view's footer names the tradecraft terms it uses (issue #18), from what it shows. */
export function withGlossary(engine: AnyEngine, panel: Panel): Panel {
  const shown = [
    panel.title,
    panel.description ?? '',
    ...(panel.fields ?? []).flatMap((f) => [f.name, f.value]),
    ...(panel.buttons ?? []).map((b) => b.label),
    ...(panel.selects ?? []).flatMap((x) => x.options.flatMap((o) => [o.label, o.description ?? ''])),
  ].join('\n');
  const line = glossaryLine(shown, engine);
  if (!line) return panel;
  return { ...panel, footer: panel.footer ? `${panel.footer}\n${line}` : line };
}

export function privatePayload(
  engine: AnyEngine,
  session: Session,
  userId: string,
  picture?: DrawnPicture,
): MessagePayload {
  return renderPanel(withGlossary(engine, privatePanel(engine, session, userId)), {
    sid: session.id,
    version: session.version,
    scope: 'm',
    ephemeral: true,
    picture,
    ...(offersHint(session) && holdsSeat(session, userId) ? { extraButtons: [hintButton(session)] } : {}),
  });
}
