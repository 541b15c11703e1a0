/**
 * The clicks whose interaction can still edit a board outside the global rate limit (issue #25).
 * After `deferUpdate`, an interaction's `@original` is the message its component belongs to, for
 * the 15 minutes its token lives (service.ts, `ClickedMessage`). A move clicked on the board and a
 * **My view** pressed on it are both acknowledged that way, so the newest such click on a board
 * lets the board's next edit, or its retirement when a new board is posted, leave by the token
 * instead of spending the global budget, whoever's move it is. Kept in memory, per process: after
 * a restart a board is edited by the channel's route until someone clicks on it again.
 */
import type { ComponentInteraction } from '../discord/interaction.ts';
import type { ClickedMessage } from './service.ts';

/** How long after its click a token is still used: Discord's 15 minutes, less a margin for the network. */
export const TOKEN_USE_MS = 14 * 60_000;
/** Boards remembered at most (a token is only worth keeping for the board it was clicked on). */
const MAX_BOARDS = 5_000;

/** Whether `clicked` can edit message `messageId` now. */
export function tokenReaches(clicked: ClickedMessage | undefined, messageId: string, now: number): boolean {
  return clicked?.messageId === messageId && now - clicked.at < TOKEN_USE_MS;
}

/** A click acknowledged with `deferUpdate` on message `messageId`, at `at` (the table clock's time). */
export function clickOn(i: ComponentInteraction, messageId: string, at: number): ClickedMessage {
  return { messageId, at, edit: (payload) => i.editReply(payload) };
}

export class BoardTokens {
  /** The newest click per message, oldest first (a click offered again moves to the end). */
  private readonly clicks = new Map<string, ClickedMessage>();

  /** `now`: the table clock's time, the one clicks are stamped with. */
  constructor(private readonly now: () => number) {}

  /** A click acknowledged with `deferUpdate` on message `clicked.messageId`. */
  offer(clicked: ClickedMessage): void {
    const had = this.clicks.get(clicked.messageId);
    if (had && had.at > clicked.at) return;
    this.clicks.delete(clicked.messageId);
    this.clicks.set(clicked.messageId, clicked);
    // Expired tokens are worth nothing; a busy process keeps at most MAX_BOARDS.
    const now = this.now();
    for (const [id, c] of this.clicks) {
      if (now - c.at < TOKEN_USE_MS && this.clicks.size <= MAX_BOARDS) break;
      this.clicks.delete(id);
    }
  }

  /** The click whose token can edit message `messageId` now, if any. */
  on(messageId: string): ClickedMessage | undefined {
    const clicked = this.clicks.get(messageId);
    return tokenReaches(clicked, messageId, this.now()) ? clicked : undefined;
  }
}
