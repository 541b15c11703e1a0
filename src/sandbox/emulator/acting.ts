/**
 * Acting as users: slash commands and autocomplete (checked against the registered commands and
 * who may use them), clicks, selects, modal submissions and chat. Discord would not deliver an
 * interaction from a non-member or in a channel the user cannot see, so those calls reject.
 */
import { checkCommandAccess } from './command-access.ts';
import type { CommandOverride } from './command-access.ts';
import { commandData } from './command-options.ts';
import type { CommandStore } from './commands.ts';
import { createMessage } from './core.ts';
import type { Core } from './context.ts';
import { INTERACTION_TYPE } from './interactions.ts';
import type { InteractionEngine, NewInteraction } from './interactions.ts';
import { EmulatorError } from './types.ts';
import type { EmuMessage, InteractionHandle } from './types.ts';
import { buttonClick, modalSubmission, selectChoice } from './user-actions.ts';

export type Options = Record<string, string | number | boolean>;

export class UserActs {
  /** `${guildId}:${commandName}` → application command permission overrides. */
  readonly commandOverrides = new Map<string, CommandOverride[]>();

  constructor(
    private readonly core: Core,
    private readonly commands: CommandStore,
    private readonly interactions: InteractionEngine,
  ) {}

  slash(
    userId: string,
    channelId: string,
    command: string,
    input: { subcommand?: string; group?: string; options?: Options },
  ): Promise<InteractionHandle> {
    return this.#command(INTERACTION_TYPE.command, userId, channelId, command, input);
  }

  autocomplete(
    userId: string,
    channelId: string,
    command: string,
    input: { subcommand?: string; options: Options; focused: string },
  ): Promise<InteractionHandle> {
    if (!(input.focused in input.options))
      return Promise.reject(
        new EmulatorError('unknown-option', `focused option "${input.focused}" is not in options`),
      );
    return this.#command(INTERACTION_TYPE.autocomplete, userId, channelId, command, input);
  }

  click(userId: string, messageId: string, customId: string): Promise<InteractionHandle> {
    return this.#act(() => buttonClick(this.core.world, userId, messageId, customId));
  }

  select(userId: string, messageId: string, customId: string, values: string[]): Promise<InteractionHandle> {
    return this.#act(() => selectChoice(this.core.world, userId, messageId, customId, values));
  }

  submitModal(
    userId: string,
    channelId: string,
    customId: string,
    fields: Record<string, string>,
    messageId?: string,
  ): Promise<InteractionHandle> {
    return this.#act(() =>
      modalSubmission(this.core.world, this.interactions, userId, channelId, customId, fields, messageId),
    );
  }

  say(userId: string, channelId: string, content: string): Promise<EmuMessage> {
    const { world } = this.core;
    try {
      const channel = world.channel(channelId);
      world.user(userId);
      if (channel.guildId && !world.member(channel.guildId, userId))
        throw new EmulatorError('not-a-member', `User ${userId} is not in guild ${channel.guildId}`);
      if (channel.type === 12 && world.permissionsIn(channelId, userId) === 0n)
        throw new EmulatorError('no-access', `User ${userId} cannot see private thread ${channelId}`);
      if ([...content].length > 2000 || content.trim() === '')
        throw new EmulatorError('bad-content', 'Chat messages hold 1-2000 characters');
      return Promise.resolve(createMessage(this.core, { content }, [], { channelId, authorId: userId }));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #command(
    type: number,
    userId: string,
    channelId: string,
    name: string,
    input: { subcommand?: string; group?: string; options?: Options; focused?: string },
  ): Promise<InteractionHandle> {
    const { world, clock } = this.core;
    return this.#act(() => {
      const channel = world.channel(channelId);
      const guildId = channel.guildId ?? '';
      const command = this.commands.find(guildId, name);
      if (!command) {
        throw new EmulatorError(
          'unknown-command',
          `No command /${name} is registered; registered: ${this.commands.names(guildId).join(', ') || '(none)'}`,
        );
      }
      checkCommandAccess(
        world,
        command,
        channel.guildId,
        channelId,
        userId,
        this.commandOverrides.get(`${guildId}:${name}`) ?? [],
      );
      return { type, userId, channelId, data: commandData(world, guildId, command, input, clock.now()) };
    });
  }

  #act(build: () => NewInteraction): Promise<InteractionHandle> {
    const { world } = this.core;
    let input;
    try {
      input = build();
      const channel = world.channel(input.channelId);
      if (channel.guildId && !world.member(channel.guildId, input.userId)) {
        throw new EmulatorError('not-a-member', `User ${input.userId} is not in guild ${channel.guildId}`);
      }
      if (channel.guildId && !(world.permissionsIn(channel.id, input.userId) & 1024n))
        throw new EmulatorError('no-access', `User ${input.userId} cannot see channel ${channel.id}`);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return this.interactions.send(input);
  }
}
