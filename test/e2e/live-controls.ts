/** Which messages in a channel still offer working controls: what a player could still press. */
import { allComponents, type EmuMessage } from '../../src/sandbox/emulator/index.ts';

const withLive = (messages: EmuMessage[], route: RegExp) =>
  messages.filter((m) =>
    [...allComponents(m.components)].some(
      (c) => typeof c.custom_id === 'string' && route.test(c.custom_id) && c.disabled !== true,
    ),
  );

/** Messages that still carry live game controls (a board's buttons or menus). */
export const liveBoards = (messages: EmuMessage[]): EmuMessage[] => withLive(messages, /^[af]\|/);

/** Messages whose lobby controls (Join, Start…) still work. */
export const liveLobbies = (messages: EmuMessage[]): EmuMessage[] =>
  withLive(messages, /^l\|[a-z0-9]+\|join$/);
