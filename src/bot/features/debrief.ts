/**
 * The debrief of a finished game, posted once its last board is shown (the first of the
 * table's `gameEnded` hooks, wired in app/app.ts). A facilitated table's debrief ends with the
 * moments that decided the game, from the review. Its first message carries the game's chart
 * (the engine's `chart`, drawn like a board's picture), with alt text that states the figures.
 */
import type { AnyEngine } from '../../games/contract.ts';
import type { Session } from '../../storage/session.ts';
import { layout, type MessagePayload } from '../discord/layout.ts';
import { TONES } from '../discord/render.ts';
import { chunkLines, LIMITS } from '../kernel/text.ts';
import type { TableService } from '../table/service.ts';
import { revealSeed } from '../table/deal.ts';
import { drawSafely } from '../table/board-message.ts';
import { seedLine } from '../discord/seed-text.ts';
import { decisiveSection, reviewOf } from './review.ts';
import { describeDamage, HistoryDamagedError } from '../../storage/errors.ts';
import { reportHistoryDamage } from './export.ts';

/** The debrief of a finished game, as the messages it takes (none for a game stopped early). */
export async function debriefMessages(
  tables: TableService,
  engine: AnyEngine,
  session: Session,
): Promise<MessagePayload[]> {
  const debrief = session.state === null ? null : engine.debrief(session.state);
  if (!debrief) return [];
  // A facilitator leads the debrief: it gains the moments that decided the game (issue #18).
  const decided = session.facilitator ? `\n\n${await decisive(tables, engine, session)}` : '';
  // The seed, secret while the game ran, is revealed now (src/bot/table/deal.ts).
  const seed = seedLine(session.gameId, await revealSeed(tables, session));
  // The chart (issue #29) goes on the first part, above the figures it draws.
  const chart = await drawSafely(tables, engine, engine.chart?.(session.state) ?? null);
  return chunkLines(`${debrief.markdown}${decided}\n\n${seed}`, LIMITS.componentText).map((part, n) =>
    layout({
      body: part,
      accent: TONES.info,
      rows: [],
      mention: [],
      ...(n === 0 && chart ? { picture: chart } : {}),
    }),
  );
}

async function decisive(tables: TableService, engine: AnyEngine, session: Session): Promise<string> {
  try {
    return decisiveSection(session, reviewOf(engine, session, await tables.deps.store.history(session)));
  } catch (err) {
    if (err instanceof HistoryDamagedError) {
      reportHistoryDamage(tables, err);
      return `**Moments that decided the game**: not available — part of this game's stored history is damaged (moves ${describeDamage(err.damaged)} are missing), so it cannot be replayed.`;
    }
    tables.deps.logger.error({ err, channelId: session.channelId }, 'could not review the game');
    return '';
  }
}
