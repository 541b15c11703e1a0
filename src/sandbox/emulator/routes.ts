/** Every REST route the emulator serves, in the order they are matched. */
import type { CommandStore } from './commands.ts';
import type { Core } from './context.ts';
import type { InteractionEngine } from './interactions.ts';
import { basicRoutes, type BasicOptions } from './rest-basic.ts';
import { messageRoutes } from './rest-messages.ts';
import { threadMemberRoutes } from './thread-members.ts';
import type { Route } from './rest-router.ts';
import { webhookRoutes } from './webhooks.ts';

export function allRoutes(
  core: Core,
  basic: BasicOptions,
  commands: CommandStore,
  interactions: InteractionEngine,
): Route[] {
  return [
    ...basicRoutes(core, basic),
    ...commands.routes(),
    ...interactions.routes(),
    // Webhooks (editing and following up answers) read the interactions' records.
    ...webhookRoutes(core, interactions),
    ...messageRoutes(core),
    ...threadMemberRoutes(core),
  ];
}
