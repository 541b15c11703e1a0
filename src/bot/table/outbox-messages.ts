/**
 * Announcement lines owed by a table (src/storage/outbox.ts) and the messages that carry them:
 * how many whole entries one message takes (`pack`), and which of ours a message already posted
 * carries (`covered`), so a round that finds its own earlier post (a nonce's answer, start-up
 * recovery) records exactly what it shows (publish.ts).
 */
import type { Message } from 'discord.js';
import { LIMITS, chunkLines } from '../kernel/text.ts';
import type { OutboxEntry } from '../../storage/outbox.ts';
import { carriedText } from './board-message.ts';

/** The entries from `i` that one message carries (whole entries up to `max` characters), or one entry cut in parts. */
export function pack(
  entries: readonly OutboxEntry[],
  i: number,
  end: number,
): { count: number; parts: string[] } {
  const first = entries[i];
  if (!first) return { count: 0, parts: [] };
  let text = first.lines.join('\n');
  if ([...text].length > LIMITS.content) return { count: 1, parts: chunkLines(text, LIMITS.content) };
  let count = 1;
  for (let j = i + 1; j < end; j++) {
    const next = `${text}\n${entries[j]?.lines.join('\n') ?? ''}`;
    if ([...next].length > LIMITS.content) break;
    text = next;
    count++;
  }
  return { count, parts: [text] };
}

/**
 * How many of the entries from `i` a message carries, in order. It may carry more than this
 * process has read (another process read the outbox later): its text then starts with ours.
 */
export function covered(message: Message, entries: readonly OutboxEntry[], i: number): number {
  const text = carriedText(message)?.trim();
  if (!text) return 0;
  let joined = '';
  let found = 0;
  for (let j = i; j < entries.length; j++) {
    const lines = entries[j]?.lines.join('\n') ?? '';
    joined = j === i ? lines : `${joined}\n${lines}`;
    const mine = joined.trim();
    if (mine === text) return j - i + 1;
    if (!text.startsWith(`${mine}\n`)) break;
    found = j - i + 1;
  }
  return found;
}
