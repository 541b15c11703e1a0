/**
 * Buttons, select menus and modal submits, routed by the custom_id (custom-id.ts). A game
 * control goes down the move pipeline (move.ts); the lobby, "My view", the end-game
 * confirmation and study controls are handled here. Every handler re-reads the session under
 * the channel's lock, so a stale or tampered component can never apply an illegal move.
 */
import { MessageFlags } from 'discord.js';
import type { AnyEngine } from '../../games/contract.ts';
import { holdsSeat, type Session } from '../../storage/session.ts';
import { requireManager } from '../discord/permissions.ts';
import type { Route } from '../kernel/custom-id.ts';
import { userError } from '../kernel/errors.ts';
import { renderLobby } from '../discord/lobby.ts';
import { chosenSeedNotice } from '../discord/seed-text.ts';
import { dealt, seatList } from '../table/table-lifecycle.ts';
import { handleMove } from '../features/move.ts';
import { clickOn } from '../table/board-tokens.ts';
import { ruleRefusal } from '../discord/refusals.ts';
import { syncTeamThreads } from '../features/team-threads.ts';
import { studyControl } from '../features/study-session.ts';
import type { ComponentInteraction } from '../discord/interaction.ts';
import type { Committed, TableService } from '../table/service.ts';
import { answerHint } from '../features/hint.ts';
import { rematchSeats } from '../features/rematch.ts';
import { turnReviewPage } from '../features/review.ts';
import { literal, memberName } from '../kernel/text.ts';
import { appendHistory } from '../../storage/history.ts';
import { StoreUnavailableError } from '../../storage/errors.ts';
import { untraced } from '../../storage/save-trace.ts';
import { ownTurn } from '../kernel/turns.ts';

export async function handleComponent(
  i: ComponentInteraction,
  route: Route,
  tables: TableService,
): Promise<void> {
  switch (route.kind) {
    case 'v':
      return reclaimAfter(i, tables, myView(i, route.sid, tables));
    case 'h':
      return answerHint(i, route.sid, tables);
    case 'r':
      return turnReviewPage(i, route.sid, route.page, tables);
    case 'l':
      return lobby(i, route.sid, route.op, tables);
    case 'e':
      return endGame(i, route.sid, route.op, tables);
    case 'a':
    case 'f':
      return reclaimAfter(i, tables, handleMove(i, route, tables));
    case 's':
      return studyControl(i, route.sid, route.op, tables);
  }
}

/**
 * Any click of a seat's owner on the table takes the seat back from a computer keeping it warm.
 * Not after a store failure: the store is down, and the refusal must not wait on it a second time.
 */
async function reclaimAfter(
  i: ComponentInteraction,
  tables: TableService,
  handled: Promise<void>,
): Promise<void> {
  let storeDown = false;
  try {
    await handled;
  } catch (err) {
    storeDown = err instanceof StoreUnavailableError;
    throw err;
  } finally {
    // Its save is not the click's own change (untraced): a failed click still changed nothing.
    if (!storeDown)
      await untraced(() => tables.decisions.reclaim(i.channelId ?? '', i.user.id)).catch((err: unknown) =>
        tables.deps.logger.error({ err, channelId: i.channelId }, 'could not give a seat back'),
      );
  }
}

/**
 * A private view: acknowledged first (as a move is: acks.ts), then read in the table's queue, the
 * lock a move commits under, so it shows every move committed before it and never waits on the
 * store inside Discord's 3 seconds; drawn after the lock is released, and sent as a private
 * follow-up. Acknowledged with `deferUpdate`, not a deferred private reply: the click's
 * `@original` is then the board it was pressed on, so the board's next edit (or its retirement)
 * can go through this click's token, outside the global rate limit (board-tokens.ts). The cost is
 * Discord's "thinking…" placeholder: the button stops spinning and the view appears when drawn.
 */
async function myView(i: ComponentInteraction, sid: string, tables: TableService): Promise<void> {
  await tables.acks.acknowledge(() => i.deferUpdate());
  await tables.acks.clear();
  if (i.message) tables.publisher.offer(clickOn(i, i.message.id, tables.deps.clock.now()));
  const channelId = i.channelId ?? '';
  // Read in the table's queue, after any move already in it: the view shows that move.
  const session = await tables.transact(channelId, (current) => Promise.resolve(current), { sid });
  if (session.status === 'lobby') throw userError('not-started', 'The game has not started yet.');
  const facilitating = session.facilitator && session.host === i.user.id;
  if (!holdsSeat(session, i.user.id) && !facilitating)
    throw userError('not-a-player', 'You are not playing in this game; everything public is on the board.');
  await ownTurn(); // a hundred views ready at once are built over several turns of the event loop
  const view = await tables.privateView(session, i.user.id);
  await i.followUp({ ...view, flags: view.flags | MessageFlags.Ephemeral });
}

async function lobby(i: ComponentInteraction, sid: string, op: string, tables: TableService): Promise<void> {
  if (op === 'late') return lateJoin(i, sid, tables);
  if (op === 'rematch') return rematch(i, sid, tables);
  await i.deferUpdate();
  const channelId = i.channelId ?? '';
  // Computers alone may finish a short game inside Start: its wrap-up follows, after the lock.
  const flush = op === 'start';
  const clicked = async (session: Session): Promise<null | void> => {
    if (session.status !== 'lobby') throw userError('stale', 'This lobby has closed.');
    const engine = tables.engine(session.gameId);
    const announce: string[] = [];
    const next = lobbyClick(i, op, session, engine, tables, announce);
    if (op === 'start') {
      // Saved with its opening line and first board owed (see recovery.ts), then shown. The
      // lobby message is closed by this click's answer (no controls left): nothing to retire.
      const opening = [`▶️ ${engine.name} begins: ${seatList(next)}.`, ...announce];
      const shown = await dealt(tables, session, next, opening, null, async (saved) => {
        await i.editReply(renderLobby(saved, engine));
      });
      await syncTeamThreads(tables, shown, i.appPermissions.bitfield);
      return null;
    }
    const saved = await tables.save(next, session.version);
    await i.editReply(renderLobby(saved, engine));
    // Whoever chose the seed and now takes a seat is told, privately, what they know (deal.ts).
    if ((op === 'join' || op === 'team') && saved.deal?.chosenBy === i.user.id)
      await i.followUp({ content: chosenSeedNotice(saved.seed, true), flags: MessageFlags.Ephemeral });
    if (op === 'cancel') return tables.post(channelId, `The ${engine.name} lobby was cancelled.`);
    return null;
  };
  await tables.transact(channelId, clicked, { sid, interactionId: i.id, flush });
}

/** What a lobby click changes in the table record: its seats, or its status (start, cancel). */
function lobbyClick(
  i: ComponentInteraction,
  op: string,
  session: Session,
  engine: AnyEngine,
  tables: TableService,
  announce: string[],
): Session {
  const seated = holdsSeat(session, i.user.id);
  let next: Session = { ...session, seats: [...session.seats], handled: [...session.handled, i.id] };
  const full = () => {
    if (next.seats.length >= engine.maxPlayers)
      throw userError('full', `The table is full (${engine.maxPlayers} players).`);
  };
  switch (op) {
    case 'join':
      if (seated) throw userError('already-joined', 'You are already at this table.');
      full();
      next.seats.push({ id: i.user.id, name: memberName(i) });
      break;
    case 'leave':
      if (!seated) throw userError('not-joined', 'You have not joined this table.');
      next.seats = leaveSeat(next.seats, i.user.id);
      break;
    case 'team':
      if (seated) throw userError('already-joined', 'You are already at this table.');
      next.seats = joinTeam(i, next.seats, engine.teams?.maxMembers ?? 1);
      break;
    case 'cpu': {
      requireManager(session, i.user.id, i.memberPermissions, 'add computer players');
      const strategy = engine.computerStrategies.find(
        (s: { id: string }) => i.isStringSelectMenu() && s.id === i.values[0],
      );
      if (!strategy) throw userError('bad-option', 'That computer strategy does not exist.');
      full();
      next.seats.push(computerSeat(next.seats, strategy));
      break;
    }
    case 'nocpu':
      requireManager(session, i.user.id, i.memberPermissions, 'remove computer players');
      next.seats = next.seats.filter((s) => !s.computer);
      break;
    case 'start':
      requireManager(session, i.user.id, i.memberPermissions, 'start the game');
      next = tables.startGame(next, announce);
      break;
    case 'cancel':
      requireManager(session, i.user.id, i.memberPermissions, 'cancel the lobby');
      next = { ...next, status: 'ended', endedReason: `cancelled by ${literal(memberName(i))}` };
      break;
  }
  return next;
}

/** The user joins the team seat they picked, unless it is gone or full. */
function joinTeam(i: ComponentInteraction, seats: Session['seats'], max: number): Session['seats'] {
  const index = seats.findIndex((s) => i.isStringSelectMenu() && s.id === i.values[0] && !s.computer);
  const seat = seats[index];
  if (!seat) throw userError('bad-option', 'That team is no longer at the table.');
  const members = seat.members ?? [seat.id];
  if (members.length >= max) throw userError('team-full', `That team is full (${max} players).`);
  return seats.map((s, n) => (n === index ? { ...seat, members: [...members, i.user.id] } : s));
}

/** A new computer seat playing `strategy`, numbered after those already seated. */
function computerSeat(
  seats: Session['seats'],
  strategy: { id: string; name: string },
): Session['seats'][number] {
  let n = 1;
  while (seats.some((s) => s.id === `cpu:${n}`)) n++;
  return { id: `cpu:${n}`, name: `${strategy.name} #${n}`, computer: strategy.id };
}

/** Leaving a team seat keeps the team; the seat goes to the next member if its owner leaves. */
function leaveSeat(seats: Session['seats'], userId: string): Session['seats'] {
  return seats.flatMap((s) => {
    const members = s.members ?? [s.id];
    if (!members.includes(userId)) return [s];
    const rest = members.filter((m) => m !== userId);
    const [owner] = rest;
    if (owner === undefined) return [];
    return [{ ...s, id: owner, name: s.id === userId ? `${s.name}'s team` : s.name, members: rest }];
  });
}

/** A late arrival asks to be dealt in; the game seats them when it allows (e.g. next round). */
async function lateJoin(i: ComponentInteraction, sid: string, tables: TableService): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const channelId = i.channelId ?? '';
  const joined = async (session: Session): Promise<Committed> => {
    if (session.status !== 'playing') throw userError('not-playing', 'This game is not in progress.');
    const engine = tables.engine(session.gameId);
    if (!engine.join)
      throw userError('no-late-join', `${engine.name} does not take players once it has started.`);
    if (holdsSeat(session, i.user.id)) throw userError('already-joined', 'You are already at this table.');
    if (session.seats.length >= engine.maxPlayers)
      throw userError('full', `The table is full (${engine.maxPlayers} players).`);
    const seat = { id: i.user.id, name: memberName(i) };
    const result = engine.join(session.state, seat);
    if (!result.ok) throw ruleRefusal(result.error, 'to join the game');
    const now = tables.now();
    const history = appendHistory(session.history, [
      { at: now, actor: seat.id, action: { type: '@join', seat }, announce: result.value.announce },
    ]);
    const next: Session = {
      ...session,
      seats: [...session.seats, seat],
      state: result.value.state,
      history,
      handled: [...session.handled, i.id],
    };
    return tables.commitStep(engine, session, { session: next, announce: result.value.announce });
  };
  const committed = await tables.transact(channelId, joined, { sid, interactionId: i.id });
  if (committed) {
    await tables.publisher.publish(committed);
    // Threads are recorded in the session: opened under the lock, from the table as it is now.
    await tables.transact(channelId, (table) => syncTeamThreads(tables, table, i.appPermissions.bitfield), {
      sid,
    });
    await i.editReply(
      'You are on the list: you will be dealt in when the game allows (for Collection Deck, at the next round).',
    );
  }
}

/**
 * Rematch: the same options and a new seed in the same channel; the people who played their
 * seats are seated again (features/rematch.ts). Dealt at once when everyone played; otherwise a
 * lobby, with the absentees asked to press Join.
 */
async function rematch(i: ComponentInteraction, sid: string, tables: TableService): Promise<void> {
  const session = await tables.require(i.channelId ?? '', sid);
  if (session.status !== 'ended') throw userError('stale', 'This game is not over.');
  if (!holdsSeat(session, i.user.id) && session.host !== i.user.id)
    throw userError('not-a-player', 'Only the players of this game can call a rematch.');
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const { seats, invited, complete } = rematchSeats(session);
  await tables.openLobby({
    guildId: session.guildId,
    channelId: session.channelId,
    hostId: session.host,
    hostName: memberName(i),
    gameId: session.gameId,
    seed: undefined,
    facilitate: session.facilitator,
    options: session.options,
    ...(session.optionsGiven ? { optionsGiven: session.optionsGiven } : {}),
    pace: session.tableClock?.pace ?? 'none',
    seats,
    ...(complete ? {} : { gather: true }),
  });
  if (complete) {
    await i.editReply('Rematch dealt: same players, same options, a new secret deal.');
    return;
  }
  const asked = invited.map((u) => `<@${u}>`).join(', ');
  if (asked)
    await tables.post(
      session.channelId,
      `🔁 Rematch: ${asked}, you did not play your seat to the end last game. Press **Join** on the lobby to play again.`,
    );
  await i.editReply(
    `Rematch lobby opened with those who played their seats${asked ? `; ${asked} ${invited.length === 1 ? 'is' : 'are'} asked to join` : ''}. The host presses **Start**.`,
  );
}

async function endGame(
  i: ComponentInteraction,
  sid: string,
  op: string,
  tables: TableService,
): Promise<void> {
  if (op === 'keep') {
    await i.deferUpdate();
    await i.editReply({ content: 'The game goes on.', components: [] });
    return;
  }
  const session = await tables.require(i.channelId ?? '', sid);
  requireManager(session, i.user.id, i.memberPermissions, 'end this game');
  await i.deferUpdate();
  await tables.end(session.channelId, sid, memberName(i));
  await i.editReply({ content: 'The game has ended.', components: [] });
}
