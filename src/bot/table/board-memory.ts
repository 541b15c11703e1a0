/**
 * What the publisher (publish.ts) remembers of the boards this process posted or drew, so that an
 * old board is retired without reading it back, an edit that changes nothing is not sent, a
 * picture that did not change is not uploaded again, and an edit can ride on a click's token.
 * In memory, per process: after a restart a board is read or edited as a stranger's.
 */
import type { Session } from '../../storage/session.ts';
import { BoardTokens } from './board-tokens.ts';

/** What a remembered board shows (`shownKey`, board-message.ts) and for which revision. */
export interface Shown {
  rev: number;
  key: string;
}

interface Board {
  /** The announcements it carried above it (null: none). */
  announce: string | null;
  /** The ids of its attachments (its picture), which an edit must list to keep them. */
  attachments: string[];
  /** The hash of its picture's SVG: an edit showing the same picture uploads nothing. */
  picture?: string | undefined;
  /** What it shows: an edit that would change nothing is not sent. */
  shown?: Shown | undefined;
}

/** Only recent boards are ever retired or edited: the newest few thousand are kept. */
const MAX_BOARDS = 5000;
/** Channels whose newest drawn board (and the session it shows) is kept. */
const MAX_DRAWN = 256;

export class BoardMemory {
  private readonly boards = new Map<string, Board>();
  /** Per channel, the newest board this process drew and the session it shows. */
  private readonly drawn = new Map<string, { messageId: string; session: Session }>();
  /** The newest click on each board whose token can still edit it. */
  readonly tokens: BoardTokens;

  /** `now`: the table clock's time, the one clicks are stamped with. */
  constructor(now: () => number) {
    this.tokens = new BoardTokens(now);
  }

  /** Remembers what a board posted by this process carries, so it can be retired without a read. */
  remember(
    messageId: string,
    announce: string | null,
    attachments: readonly string[] = [],
    picture?: string,
    shown?: Shown,
  ): void {
    this.boards.set(messageId, { announce, attachments: [...attachments], picture, shown });
    if (this.boards.size > MAX_BOARDS)
      for (const id of [...this.boards.keys()].slice(0, MAX_BOARDS / 5)) this.boards.delete(id);
  }

  /** A remembered board, if this process posted or edited it. */
  get(messageId: string): Readonly<Board> | undefined {
    return this.boards.get(messageId);
  }

  /** What a board carried above it; undefined when this process did not post it. */
  carried(messageId: string): string | null | undefined {
    return this.boards.get(messageId)?.announce;
  }

  /** The ids of a remembered board's attachments (none when this process did not post it). */
  attachmentsOf(messageId: string): string[] {
    return this.boards.get(messageId)?.attachments ?? [];
  }

  /** A remembered board was edited in place: these are its attachments now. */
  reattached(messageId: string, attachments: readonly string[], picture?: string, shown?: Shown): void {
    const board = this.boards.get(messageId);
    if (!board) return;
    board.attachments = [...attachments];
    board.picture = picture;
    board.shown = shown;
  }

  /** Board `messageId` now shows `session`. */
  drew(messageId: string, session: Session): void {
    this.drawn.delete(session.channelId);
    this.drawn.set(session.channelId, { messageId, session });
    if (this.drawn.size > MAX_DRAWN) this.drawn.delete(this.drawn.keys().next().value ?? '');
  }

  /** Whether this process drew a board of the channel (and knows the session it shows). */
  hasDrawn(channelId: string): boolean {
    return this.drawn.has(channelId);
  }

  /** The session a board shows, if this process drew it. */
  showing(channelId: string, messageId: string): Session | undefined {
    const drawn = this.drawn.get(channelId);
    return drawn?.messageId === messageId ? drawn.session : undefined;
  }
}
