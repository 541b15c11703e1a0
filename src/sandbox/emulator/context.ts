/** What every part of the emulator shares: its world, gateway, clock and identity. */
import type { EventEmitter } from 'node:events';
import type { Clock } from '../clock.ts';
import type { Gateway } from './gateway.ts';
import type { World } from './world.ts';

export interface Core {
  world: World;
  gateway: Gateway;
  clock: Clock;
  events: EventEmitter;
  token: string;
  applicationId: string;
  botUserId: string;
  baseUrl(): string;
  /** 'strict' refuses Markdown Discord would show raw; 'lenient' sends it with a warning, as Discord does. */
  markdown: 'strict' | 'lenient';
}
