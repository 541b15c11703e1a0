/**
 * Which of the bot's requests may wait for others in the global budget (rest-budget.ts): a
 * table's new board is what its players wait for, so an old board's retirement and lines posted
 * below a board are marked to go after other tables' boards. The mark follows the call through
 * its awaits (AsyncLocalStorage), so call sites keep calling discord.js as they do.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const afterBoards = new AsyncLocalStorage<true>();

/** Runs `send`, whose requests to bot-token routes yield to other tables' boards. */
export function behindBoards<T>(send: () => Promise<T>): Promise<T> {
  return afterBoards.run(true, send);
}

/** Whether the request being made now was marked by `behindBoards`. */
export function isBehindBoards(): boolean {
  return afterBoards.getStore() === true;
}
