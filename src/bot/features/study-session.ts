/**
 * Study sessions: several tables of one game dealt from one seed, opened as threads and run
 * by one facilitator, who follows them from one private view and acts on all of them at once
 * (start, end the negotiation, pause, resume, close), then reads a combined debrief.
 */
import { MessageFlags } from 'discord.js';
import { FACILITATOR_ACTOR, type Seat } from '../../games/contract.ts';
import type { Session } from '../../storage/session.ts';
import type { Study } from '../../storage/study.ts';
import type { Pace } from '../../storage/table-clock.ts';
import { actorFor } from '../discord/board.ts';
import { dealt, seatList } from '../table/table-lifecycle.ts';
import type { ComponentInteraction } from '../discord/interaction.ts';
import type { StudyOp } from '../kernel/custom-id.ts';
import { otherServer, UserError, userError } from '../kernel/errors.ts';
import { layout, type MessagePayload } from '../discord/layout.ts';
import { TONES } from '../discord/render.ts';
import { studyAnnouncement, studyView, facilitatorAction } from '../discord/study-view.ts';
import type { TableService } from '../table/service.ts';
import { newSeed, newSessionId } from '../table/table-lifecycle.ts';
import { revealStudySeed } from '../table/deal.ts';
import { drawSafely } from '../table/board-message.ts';
import { seedLine } from '../discord/seed-text.ts';
import { chunkLines, LIMITS, literal, memberName } from '../kernel/text.ts';
import { combinedDebrief, type CombinedDebrief } from './study-debrief.ts';

/** The `fill` that seats a different line-up of computer strategies at each table. */
export const MIXED = 'mixed';

export interface StudyRequest {
  guildId: string;
  channelId: string;
  host: string;
  hostName: string;
  gameId: string;
  seed: string | undefined;
  count: number;
  options: Record<string, unknown>;
  /** Seated in order, table by table; empty seats stay open for Join (or go to `fill`). */
  players: Seat[];
  /** A computer strategy for the seats nobody was listed for. */
  fill: string | undefined;
  /** Deadlines per decision at every table (`none`: a class run live; the game's own clocks stay). */
  pace: Pace;
}

/** Opens the tables (`openThread` makes each thread) and posts the session's message. */
export async function openStudy(
  tables: TableService,
  req: StudyRequest,
  openThread: (name: string) => Promise<string>,
): Promise<Study> {
  const engine = tables.engine(req.gameId);
  // One seed for every table: the facilitator's, or a secret none of them is shown (deal.ts).
  const seed = req.seed ?? newSeed();
  const id = newSessionId(req.guildId);
  const deal = { study: id, ...(req.seed !== undefined ? { chosenBy: req.host } : {}) };
  const ids: string[] = [];
  for (let i = 0; i < req.count; i++) {
    const channelId = await openThread(`${engine.name} · table ${i + 1}`);
    ids.push(channelId);
    const lobby = await tables.openLobby({
      guildId: req.guildId,
      channelId,
      hostId: req.host,
      hostName: req.hostName,
      gameId: engine.id,
      seed,
      deal,
      facilitate: true,
      options: req.options,
      pace: req.pace,
    });
    const listed = req.players.slice(i * engine.maxPlayers, (i + 1) * engine.maxPlayers);
    const seats: Seat[] = [...listed];
    // `mixed`: a different line-up of strategies at each table.
    const all = engine.computerStrategies;
    const pick = (n: number) =>
      req.fill === MIXED ? all[(i + n) % all.length] : all.find((s) => s.id === req.fill);
    for (let n = 1; req.fill !== undefined && seats.length < engine.maxPlayers; n++) {
      const strategy = pick(n);
      if (!strategy) break;
      seats.push({ id: `cpu:${n}`, name: `${strategy.name} #${n}`, computer: strategy.id });
    }
    if (seats.length === 0) continue;
    const seated = async (current: Session): Promise<void> => {
      const saved = await tables.save({ ...current, seats }, current.version);
      await tables.showBoard(saved, false);
    };
    await tables.transact(channelId, seated, { sid: lobby.id });
  }
  const study: Study = {
    id,
    guildId: req.guildId,
    channelId: req.channelId,
    host: req.host,
    gameId: engine.id,
    seed,
    ...(req.seed !== undefined ? { seedChosen: true as const } : {}),
    tables: ids,
    createdAt: tables.now(),
  };
  await tables.deps.store.saveStudy(study);
  await (await tables.channel(req.channelId)).send(studyAnnouncement(study, engine));
  return study;
}

const sessionsOf = (tables: TableService, study: Study): Promise<(Session | null)[]> =>
  Promise.all(study.tables.map((t) => tables.load(t)));

/** Runs `fn` for each table, collecting a short report line per table it concerns. */
async function eachTable(
  tables: TableService,
  study: Study,
  fn: (session: Session, label: string) => Promise<string | null>,
  reverse = false,
): Promise<string> {
  const lines: string[] = [];
  const order = [...study.tables.entries()];
  if (reverse) order.reverse();
  for (const [i, channelId] of order) {
    const label = `Table ${i + 1}`;
    const session = await tables.load(channelId);
    if (!session) continue;
    try {
      const line = await fn(session, label);
      if (line) lines.push(line);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      lines.push(`${label}: ${err.message}`);
    }
  }
  return lines.join('\n') || 'Nothing to do at any table.';
}

async function startTable(tables: TableService, session: Session): Promise<void> {
  // Computers alone may finish a short game as it is dealt: its wrap-up follows, after the lock.
  const deal = async (current: Session): Promise<void> => {
    if (current.status !== 'lobby') return;
    const engine = tables.engine(current.gameId);
    const announce: string[] = [];
    const started = tables.startGame(current, announce);
    await dealt(tables, current, started, [`▶️ ${engine.name} begins: ${seatList(started)}.`, ...announce]);
  };
  await tables.transact(session.channelId, deal, { sid: session.id, flush: true });
}

/** The tables side by side (study-debrief.ts), with the seed once every table has ended. */
async function debriefOf(tables: TableService, study: Study): Promise<CombinedDebrief | null> {
  const seed = seedLine(study.gameId, await revealStudySeed(tables, study));
  return combinedDebrief(study, tables.engine(study.gameId), await sessionsOf(tables, study), seed);
}

/** Posts the tables side by side in the session's channel. */
export async function postCombinedDebrief(tables: TableService, study: Study): Promise<boolean> {
  const debrief = await debriefOf(tables, study);
  if (!debrief) return false;
  const channel = await tables.channel(study.channelId);
  for (const part of chunkLines(debrief.markdown, LIMITS.componentText))
    await channel.send(layout({ body: part, accent: TONES.info, rows: [], mention: [] }));
  for (const chart of await tableCharts(tables, study)) await channel.send(chart);
  return true;
}

/**
 * Each table's chart (the game's debrief chart), labelled, to compare the tables by eye (issue
 * #29). Only once every table has ended: the tables share a deal, so a chart of one could tell
 * a table still playing what is hidden from it.
 */
async function tableCharts(tables: TableService, study: Study): Promise<MessagePayload[]> {
  const engine = tables.engine(study.gameId);
  const sessions = await sessionsOf(tables, study);
  if (sessions.some((s) => s?.status !== 'ended')) return [];
  const charts: MessagePayload[] = [];
  for (const [n, s] of sessions.entries()) {
    const chart = s?.state ? await drawSafely(tables, engine, engine.chart?.(s.state) ?? null) : undefined;
    if (chart)
      charts.push(
        layout({
          body: `**T${n + 1}**: ${literal(chart.alt)}`,
          accent: TONES.info,
          rows: [],
          mention: [],
          picture: chart,
        }),
      );
  }
  return charts;
}

const NOTHING_YET = 'No table has started yet: nothing to compare.';

/** The combined debrief as files, to the facilitator alone. */
async function exportDebrief(i: ComponentInteraction, tables: TableService, study: Study): Promise<string> {
  const debrief = await debriefOf(tables, study);
  if (!debrief) return NOTHING_YET;
  await i.followUp({
    flags: MessageFlags.Ephemeral,
    content: `Combined debrief of ${study.tables.length} tables: Markdown to read or print, CSV for a spreadsheet.`,
    files: [
      { attachment: Buffer.from(debrief.markdown, 'utf8'), name: `${debrief.base}.md` },
      { attachment: Buffer.from(debrief.csv, 'utf8'), name: `${debrief.base}.csv` },
    ],
  });
  return 'The combined debrief is exported (Markdown and CSV, below).';
}

async function perform(
  i: ComponentInteraction,
  tables: TableService,
  study: Study,
  op: StudyOp,
): Promise<string> {
  const by = memberName(i);
  switch (op) {
    case 'view':
      return '';
    case 'start':
      // The last table first, so the first table's board ends up newest in the channel list.
      return eachTable(
        tables,
        study,
        async (s, label) =>
          s.status === 'lobby' ? (await startTable(tables, s), `${label}: started.`) : null,
        true,
      );
    case 'fac':
      return eachTable(tables, study, async (s, label) => {
        if (s.held) return `${label}: play is paused; resume it first.`;
        const engine = tables.engine(s.gameId);
        // A table of computers keeps its own pace: ending its phase would play a whole round at
        // once. Only a decision it waits on the facilitator for (judging a justification) is made.
        const judging =
          s.status === 'playing' && engine.waits(s.state).some((w) => w.player === FACILITATOR_ACTOR);
        if (s.status === 'playing' && s.seats.every((x) => x.computer) && !judging)
          return `${label}: computers only, it plays on at its own pace.`;
        const fac = facilitatorAction(engine, s);
        if (!fac) return s.status === 'playing' ? `${label}: nothing for the facilitator to do now.` : null;
        await tables.act(s.channelId, s.id, (cur) => ({
          actor: actorFor(cur, study.host),
          action: fac.action,
        }));
        return `${label}: ${fac.label} done.`;
      });
    case 'pause':
    case 'resume':
      return eachTable(tables, study, async (s, label) => {
        if (s.status !== 'playing') return null;
        await tables.setPaused(s.channelId, op === 'pause', true);
        return `${label}: ${op === 'pause' ? 'play and clock paused' : 'play and clock running'}.`;
      });
    case 'close': {
      const report = await eachTable(tables, study, async (s, label) =>
        s.status === 'ended' ? null : (await tables.end(s.channelId, s.id, by), `${label}: closed.`),
      );
      const closedAny = report.includes(': closed.');
      const posted = closedAny && (await postCombinedDebrief(tables, study));
      return `${report}${posted ? '\nThe combined debrief is posted in the session’s channel.' : ''}`;
    }
    case 'debrief':
      return (await postCombinedDebrief(tables, study))
        ? 'The combined debrief is posted in the session’s channel.'
        : NOTHING_YET;
    case 'export':
      return exportDebrief(i, tables, study);
  }
}

/** A click on a study session's controls: only its facilitator may use them. */
export async function studyControl(
  i: ComponentInteraction,
  id: string,
  op: StudyOp,
  tables: TableService,
): Promise<void> {
  const study = await tables.deps.store.loadStudy(id);
  if (!study) throw userError('no-study', 'That study session no longer exists.');
  if (study.guildId !== i.guildId) throw otherServer();
  if (i.user.id !== study.host)
    throw userError('not-facilitator', `Only the session’s facilitator (<@${study.host}>) can use this.`);
  const fromView = op !== 'view' && i.message?.flags.has(MessageFlags.Ephemeral) === true;
  if (fromView) await i.deferUpdate();
  else await i.deferReply({ flags: MessageFlags.Ephemeral });
  const note = await perform(i, tables, study, op);
  const engine = tables.engine(study.gameId);
  await i.editReply(studyView(study, engine, await sessionsOf(tables, study), note || undefined));
}
