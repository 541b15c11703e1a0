/** The local Discord emulator: see docs/emulator.md. */
export { DiscordEmulator } from './emulator.ts';
export type { DiscordEmulatorOptions } from './emulator.ts';
export { EmulatorError } from './types.ts';
export { INSTANT, REALISTIC, resolveLatency, routeKind } from './latency.ts';
export type { LatencyProfile, RouteKind } from './latency.ts';
export type {
  EmuAttachment,
  EmuChannel,
  EmuGuild,
  EmuMessage,
  EmuRole,
  EmuUser,
  InteractionHandle,
} from './types.ts';
export { renderMessageText, titleOf } from './render.ts';
export { allComponents } from './user-actions.ts';
export { readMarkdown, readMessage } from './markdown.ts';
export type { Formatted, MarkdownKind, ReadMarkdown } from './markdown.ts';
