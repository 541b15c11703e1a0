/**
 * What the SIGKILL section (kills.ts) checks about announcements and debriefs, from what the bot
 * processes said they owed: every save logs (at debug level, written synchronously) the newest
 * announcement entry the record owes, numbered per game, and whether the game is finished, before
 * the save ("session saving") and at once after it ("session saved", `Tables.logSave`); every
 * entry is in the save that created it. A process killed between the store's commit and its
 * "saved" line leaves only the "saving" one: such an entry is known, but counts as lost only if
 * it was confirmed (it may never have been saved). After each restart every table has been given
 * time to catch up, so then:
 *
 *   - announcements lost: an entry owed that no message in the channel carries;
 *   - announcements duplicated: an entry two messages carry (or a message carrying lines that
 *     are no owed entry);
 *   - announcements out of order: an entry posted after a later one of the same game;
 *   - debriefs missing / duplicated: per channel, the debriefs posted (found by their text)
 *     against the games that finished there.
 *
 * A message carrying announcements says which game and entry it starts with in its nonce
 * (src/bot/table/publish.ts, `nonceFor`, which Discord keeps on the message); how many entries
 * it carries is read from its text.
 */
import type { LogLine } from '../../src/sandbox/bot-process.ts';
import {
  renderMessageText,
  type DiscordEmulator,
  type EmuMessage,
} from '../../src/sandbox/emulator/index.ts';

interface Game {
  channelId: string;
  /** Entries confirmed saved, by sequence number. */
  saved: Map<number, string>;
  /** Entries a process was saving (not confirmed: it may have died first). */
  saving: Map<number, string>;
  finished: boolean;
  /** A save that would have finished the game, not confirmed. */
  maybeFinished: boolean;
}

/** How a game's debrief begins (its first message), per game id. */
const DEBRIEF_STARTS = ['**Debrief**', '## Item Collection Game debrief'];

/** The lines a message carries above a board, or as its content. */
function carried(m: EmuMessage): string | undefined {
  if (m.content) return m.content.trim();
  const first = m.components[0] as { type?: number; content?: unknown } | undefined;
  return first?.type === 10 && typeof first.content === 'string' ? first.content.trim() : undefined;
}

export interface OwedReport {
  owed: number;
  finished: number;
  lost: Set<string>;
  duplicated: Set<string>;
  outOfOrder: Set<string>;
  debriefsMissing: number;
  debriefsDuplicated: number;
  problems: string[];
}

export class OwedLedger {
  private readonly games = new Map<string, Game>();

  /** Takes in a bot process's log lines (again: each entry is kept once). */
  add(lines: readonly LogLine[]): void {
    for (const l of lines) {
      const saved = l.msg === 'session saved';
      if (
        (!saved && l.msg !== 'session saving') ||
        typeof l['sid'] !== 'string' ||
        typeof l['channelId'] !== 'string'
      )
        continue;
      const game = this.games.get(l['sid']) ?? {
        channelId: l['channelId'],
        saved: new Map<number, string>(),
        saving: new Map<number, string>(),
        finished: false,
        maybeFinished: false,
      };
      this.games.set(l['sid'], game);
      if (l['finished'] === true) {
        if (saved) game.finished = true;
        else game.maybeFinished = true;
      }
      const seq = l['seq'];
      const text = Array.isArray(l['lines']) ? (l['lines'] as string[]).join('\n') : undefined;
      if (typeof seq === 'number' && text !== undefined) (saved ? game.saved : game.saving).set(seq, text);
    }
  }

  /** Games that finished in the channel, as the bot processes logged them. */
  finishedIn(channelId: string): number {
    return [...this.games.values()].filter((g) => g.channelId === channelId && g.finished).length;
  }

  /** The text of a game's entry: as confirmed saved, else as it was being saved. */
  private static text(game: Game, seq: number): string | undefined {
    return game.saved.get(seq) ?? game.saving.get(seq);
  }

  /** Checks every channel against what was owed there (see the module header). */
  check(e: DiscordEmulator): OwedReport {
    const report: OwedReport = {
      owed: 0,
      finished: 0,
      lost: new Set(),
      duplicated: new Set(),
      outOfOrder: new Set(),
      debriefsMissing: 0,
      debriefsDuplicated: 0,
      problems: [],
    };
    const bySid12 = new Map([...this.games].map(([sid, g]) => [sid.slice(0, 12), { sid, ...g }]));
    const posted = new Map<string, number>();
    const channels = new Set([...this.games.values()].map((g) => g.channelId));
    for (const channelId of channels) {
      const messages = e
        .messages(channelId)
        .filter((m) => !m.ephemeralTo && !m.deleted && m.authorId === e.botUserId);
      const newest = new Map<string, number>();
      for (const m of messages) {
        const match = /^([0-9a-z]{1,12}):a([0-9a-z]+)(?:\.([0-9a-z]+))?$/.exec(m.nonce ?? '');
        if (!match || (match[3] !== undefined && match[3] !== '0')) continue;
        const game = bySid12.get(match[1] ?? '');
        if (!game) continue;
        const first = parseInt(match[2] ?? '', 36);
        const text = carried(m) ?? '';
        // How many entries from `first` the message carries (an entry too long for one message comes in parts).
        let k = 0;
        let joined = '';
        for (let seq = first; OwedLedger.text(game, seq) !== undefined; seq++) {
          const entry = OwedLedger.text(game, seq) ?? '';
          joined = seq === first ? entry : `${joined}\n${entry}`;
          if (joined.trim() === text) k = seq - first + 1;
        }
        if (k === 0 && [...(OwedLedger.text(game, first) ?? '')].length > 2000) k = 1;
        if (k === 0) {
          report.duplicated.add(`${game.sid}:${m.id}`);
          report.problems.push(
            `message ${m.id} (nonce ${m.nonce}) carries no owed announcement: ${text.slice(0, 200)}`,
          );
          continue;
        }
        if (first <= (newest.get(game.sid) ?? -1)) {
          report.outOfOrder.add(`${game.sid}:${first}`);
          report.problems.push(`game ${game.sid}: entry ${first} posted after entry ${newest.get(game.sid)}`);
        }
        newest.set(game.sid, first + k - 1);
        for (let seq = first; seq < first + k; seq++) {
          const key = `${game.sid}:${seq}`;
          posted.set(key, (posted.get(key) ?? 0) + 1);
        }
      }
      // Debriefs against the games that finished in this channel (or may have: see above).
      const debriefs = messages.filter((m) =>
        DEBRIEF_STARTS.some((d) => renderMessageText(m).includes(d)),
      ).length;
      const games = [...this.games.values()].filter((g) => g.channelId === channelId);
      const finished = games.filter((g) => g.finished).length;
      const mayHave = games.filter((g) => g.finished || g.maybeFinished).length;
      report.finished += finished;
      if (debriefs < finished) {
        report.debriefsMissing += finished - debriefs;
        report.problems.push(`#${channelId}: ${finished} games finished, ${debriefs} debriefs`);
      }
      if (debriefs > mayHave) {
        report.debriefsDuplicated += debriefs - mayHave;
        report.problems.push(`#${channelId}: ${mayHave} games finished, ${debriefs} debriefs`);
      }
    }
    for (const [sid, game] of this.games)
      for (const seq of new Set([...game.saved.keys(), ...game.saving.keys()])) {
        const confirmed = game.saved.has(seq);
        const text = OwedLedger.text(game, seq) ?? '';
        const key = `${sid}:${seq}`;
        const n = posted.get(key) ?? 0;
        if (confirmed) report.owed += 1;
        if (n === 0 && confirmed) {
          report.lost.add(key);
          report.problems.push(
            `game ${sid} in #${game.channelId}: entry ${seq} never posted: ${text.slice(0, 200)}`,
          );
        }
        if (n > 1) {
          report.duplicated.add(key);
          report.problems.push(`game ${sid}: entry ${seq} posted ${n} times: ${text.slice(0, 200)}`);
        }
      }
    return report;
  }
}
