/**
 * The post-game review as players read it (issue #18): pages of moves from src/games/review.ts,
 * and the three moments that decided the game for the facilitator's debrief. The history is
 * stored apart from the session (src/storage/history.ts): callers read it with
 * `SessionStore.history` and pass it in.
 */
import { ButtonBuilder } from '@discordjs/builders';
import { ButtonStyle } from 'discord.js';
import type { AnyEngine } from '../../games/contract.ts';
import { reviewGame, type Review, type ReviewMoment, type ReviewRecord } from '../../games/review.ts';
import { historyLength } from '../../storage/history.ts';
import { describeDamage, HistoryDamagedError } from '../../storage/errors.ts';
import { reportHistoryDamage } from './export.ts';
import { holdsSeat, type Session } from '../../storage/session.ts';
import type { ComponentInteraction } from '../discord/interaction.ts';
import { encodeRoute } from '../kernel/custom-id.ts';
import { userError } from '../kernel/errors.ts';
import { layout, type MessagePayload } from '../discord/layout.ts';
import { controlRows, TONES } from '../discord/render.ts';
import type { TableService } from '../table/service.ts';
import { revealSeed } from '../table/deal.ts';
import { arrangementOf } from '../discord/tutorial.ts';
import { playerName } from '../kernel/names.ts';
import { plural } from '../kernel/text.ts';

export function reviewOf(engine: AnyEngine, session: Session, history: ReviewRecord['history']): Review {
  return reviewGame(engine, {
    seats: session.seats.map(({ id, name, computer, members }) => ({ id, name, computer, members })),
    options: session.options,
    seed: session.seed,
    ...(session.facilitator ? { facilitator: session.host } : {}),
    ...arrangementOf(session),
    history,
  });
}

/**
 * Characters of review per page: well inside Components V2's 4,000 for the whole message (heading
 * and footer take the rest), and short enough to read without scrolling far.
 */
const PAGE_CHARS = 1800;

function momentLines(session: Session, m: ReviewMoment, full: boolean): string {
  const head = `**Move ${m.seq}, ${playerName(session.seats, m.actor, 'name')}**: ${m.did}`;
  const saw = full ? `\n> Could see: ${m.saw}` : '';
  const c = m.computer;
  const verdict = !c?.result
    ? '⚖️ Not played out, to keep the review quick.'
    : `⚖️ ${c.decisive ? '**Decisive.**' : 'Not decisive.'} ${c.result.charAt(0).toUpperCase()}${c.result.slice(1)}.`;
  const better = c
    ? `\n💡 The computer strategy would have played **${c.would}**${c.why ? `: ${c.why}` : ''}.\n${verdict}`
    : '';
  return `${head}${saw}${better}`;
}

/** "The moments that decided the game", for the debrief and the review's first page. */
export function decisiveSection(session: Session, review: Review): string {
  if (review.decisive.length === 0)
    return '**Moments that decided the game**: none found — at no move would the computer strategy’s choice have turned the result.';
  return [
    '**Moments that decided the game**',
    ...review.decisive.map((m, i) => `${i + 1}. ${momentLines(session, m, false).replace(/\n/g, ' ')}`),
  ].join('\n');
}

/** The review in pages of at most `max` characters; page 1 opens with the decisive moments. */
export function reviewPages(session: Session, review: Review, max = PAGE_CHARS): string[] {
  const blocks = [
    decisiveSection(session, review),
    ...review.moments.map((m) => momentLines(session, m, true)),
    ...(review.unexplored
      ? [
          `(${plural(review.unexplored, 'later alternative was', 'later alternatives were')} not played out, to keep the review quick.)`,
        ]
      : []),
  ];
  const pages: string[] = [];
  let page = '';
  for (const raw of blocks) {
    const block = raw.length > max ? `${raw.slice(0, max - 1)}…` : raw;
    if (page && page.length + block.length + 2 > max) {
      pages.push(page);
      page = '';
    }
    page = page ? `${page}\n\n${block}` : block;
  }
  if (page) pages.push(page);
  return pages;
}

export const PREVIOUS_LABEL = '◀ Previous';
export const NEXT_LABEL = 'Next ▶';

/**
 * The finished game in this channel and its engine, for someone allowed to review it (a player or
 * the host); a friendly refusal otherwise. `sid` is the game a page button belongs to.
 */
export async function reviewable(
  tables: TableService,
  channelId: string,
  userId: string,
  sid?: string,
): Promise<{ session: Session; engine: AnyEngine }> {
  const session = await tables.require(channelId, sid);
  if (session.status !== 'ended')
    throw userError(
      'no-finished-game',
      'There is no finished game here to review: play one to its end first.',
    );
  const engine = tables.engine(session.gameId);
  const study = session.deal?.study !== undefined;
  // A study table the facilitator closed is reviewed as far as it was played (issue #29).
  if (!engine.outcome(session.state) && !study)
    throw userError(
      'game-stopped',
      'This game was stopped before it finished, so there is no result to review.',
    );
  if (!holdsSeat(session, userId) && session.host !== userId)
    throw userError('not-in-game', 'Only the players and the host of this game can review it.');
  // Every table of a study session is dealt the same game: a review shows every hand, so it waits for the last.
  if (study && !(await revealSeed(tables, session)).shown)
    throw userError(
      'study-running',
      'Every table of this study session is dealt the same game, and a review shows every hand: it opens once all the tables have ended.',
    );
  return { session, engine };
}

/**
 * Reviews already paged, by session and history length: a finished game no longer changes, and
 * each page turn would otherwise read the whole history and replay (and play out) the game again.
 * Kept small: only the last few games reviewed.
 */
const pagedReviews = new Map<string, string[]>();
const PAGED_REVIEWS_KEPT = 16;

async function pagesOf(tables: TableService, session: Session, engine: AnyEngine): Promise<string[]> {
  const key = `${session.id}:${historyLength(session.history)}`;
  const kept = pagedReviews.get(key);
  if (kept) return kept;
  let history;
  try {
    history = await tables.deps.store.history(session);
  } catch (err) {
    // Lost data: a replay needs every move, and no retry will bring the missing ones back.
    if (!(err instanceof HistoryDamagedError)) throw err;
    reportHistoryDamage(tables, err);
    throw userError(
      'history-damaged',
      `Part of this game's stored history is damaged (moves ${describeDamage(err.damaged)} are missing or unreadable), so the game cannot be replayed for a review. \`/game export\` gives every move that remains. The damage has been logged for the bot's operator.`,
    );
  }
  const pages = reviewPages(session, reviewOf(engine, session, history));
  pagedReviews.set(key, pages);
  const oldest = pagedReviews.keys().next().value;
  if (pagedReviews.size > PAGED_REVIEWS_KEPT && oldest !== undefined) pagedReviews.delete(oldest);
  return pages;
}

/** One page of the review as a private Components V2 message, with ◀ Previous / Next ▶ to turn it. */
export async function reviewMessage(
  tables: TableService,
  session: Session,
  engine: AnyEngine,
  wanted: number,
): Promise<MessagePayload> {
  const pages = await pagesOf(tables, session, engine);
  const page = Math.min(Math.max(wanted, 1), pages.length);
  const turn = (to: number, label: string, off: boolean) =>
    new ButtonBuilder()
      // A disabled end button still needs an id of its own: it points at the page shown.
      .setCustomId(encodeRoute({ kind: 'r', sid: session.id, page: off ? page : to }))
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(off);
  const buttons =
    pages.length > 1
      ? [turn(page - 1, PREVIOUS_LABEL, page === 1), turn(page + 1, NEXT_LABEL, page === pages.length)]
      : [];
  return layout({
    title: `🔎 Review of ${engine.name}`,
    body: pages[page - 1] ?? '',
    footer: `Page ${page} of ${pages.length}${pages.length > 1 ? ' — turn with ◀ ▶, or `/game review page:N`' : ''}`,
    accent: TONES.info,
    rows: controlRows(buttons, []),
    mention: [],
  });
}

/** A click on ◀ Previous / Next ▶: the same private message shows the other page. */
export async function turnReviewPage(
  i: ComponentInteraction,
  sid: string,
  page: number,
  tables: TableService,
): Promise<void> {
  // Acknowledged before the store is read; a refusal then comes as a private follow-up.
  await i.deferUpdate();
  const { session, engine } = await reviewable(tables, i.channelId ?? '', i.user.id, sid);
  await i.editReply(await reviewMessage(tables, session, engine, page));
}
