/**
 * Interactions: delivering INTERACTION_CREATE as a user would cause it, and enforcing Discord's
 * rules on the answer: first response within 3 s, only one, token valid 15 minutes, ephemeral
 * messages visible only to the user, update (7) edits the component's message.
 */
import { randomBytes } from 'node:crypto';
import type { APIApplicationCommandOptionChoice, APIModalInteractionResponseCallbackData } from 'discord.js';
import { apiChannel, apiInteractionMember, apiUser } from './api-shapes.ts';
import type { Json } from './json.ts';
import {
  apiMessageOf,
  checkMessageBody,
  createMessage,
  editMessage,
  EPHEMERAL,
  LOADING,
  throwIfEmpty,
} from './core.ts';
import type { Core } from './context.ts';
import { FormErrors } from './form-errors.ts';
import { validateChoices, validateModal } from './message-validation.ts';
import { RestError, route } from './rest-router.ts';
import type { RestRequest, RestResponse, Route } from './rest-router.ts';
import { EmulatorError } from './types.ts';
import type { EmuMessage, InteractionHandle } from './types.ts';

export const RESPONSE_DEADLINE_MS = 3_000;

export const INTERACTION_TYPE = {
  ping: 1,
  command: 2,
  component: 3,
  autocomplete: 4,
  modalSubmit: 5,
} as const;
const ALLOWED_RESPONSES: Record<number, number[]> = {
  [INTERACTION_TYPE.command]: [4, 5, 9],
  [INTERACTION_TYPE.component]: [4, 5, 6, 7, 9],
  [INTERACTION_TYPE.autocomplete]: [8],
  [INTERACTION_TYPE.modalSubmit]: [4, 5, 6, 7],
};

const noResponse = (record: { handle: InteractionHandle }): EmulatorError =>
  new EmulatorError('no-response', `The bot did not answer interaction ${record.handle.id} within 3 s`);

export interface InteractionRecord {
  handle: InteractionHandle;
  /**
   * The INTERACTION_CREATE `d` as JSON text, kept to redeliver it unchanged. Text, not the object:
   * every interaction is kept, and in the benchmarks the emulator shares the bot's process, where
   * the objects (the clicked message with all its components) were a third of the heap a table grew by.
   */
  payload: string;
  guildId: string | undefined;
  acknowledged: boolean;
  /** The message @original refers to: the reply, the deferred placeholder or the component's message. */
  original: EmuMessage | undefined;
  /** The message whose component was used (or whose modal was submitted). */
  source: EmuMessage | undefined;
  settle: ((error?: EmulatorError) => void) | undefined;
  /** Callbacks that reached the emulator and are not answered yet (a network delay, say). */
  callbacksInFlight: number;
  /** The 3 s passed while a callback that arrived in time was still in flight. */
  overdue: boolean;
}

export interface NewInteraction {
  type: number;
  userId: string;
  channelId: string;
  data: Json;
  customId?: string;
  source?: EmuMessage;
}

interface ShownModal {
  modal: APIModalInteractionResponseCallbackData;
  sourceMessageId: string | undefined;
}

export class InteractionEngine {
  readonly #byId = new Map<string, InteractionRecord>();
  readonly #byToken = new Map<string, InteractionRecord>();
  /** `${userId}:${customId}` → the modal last shown to that user, to shape its submission. */
  readonly #modals = new Map<string, ShownModal>();
  count = 0;

  constructor(private readonly core: Core) {}

  byToken(token: string): InteractionRecord | undefined {
    return this.#byToken.get(token);
  }

  shownModal(userId: string, customId: string): ShownModal | undefined {
    return this.#modals.get(`${userId}:${customId}`);
  }

  /** Sends INTERACTION_CREATE; resolves on the bot's first response, rejects after 3 s without one. */
  send(input: NewInteraction): Promise<InteractionHandle> {
    const { world, clock } = this.core;
    const channel = world.channel(input.channelId);
    const guildId = channel.guildId;
    const id = world.newId();
    const token = `emu.${id}.${randomBytes(24).toString('base64url')}`;
    const now = clock.now();
    const handle: InteractionHandle = {
      id,
      token,
      type: input.type,
      userId: input.userId,
      channelId: input.channelId,
      createdAt: now,
      followUps: [],
      ...(input.customId !== undefined ? { customId: input.customId } : {}),
    };
    const userPermissions = guildId ? world.permissionsIn(channel.id, input.userId) : 0n;
    const payload: Json = {
      id,
      application_id: this.core.applicationId,
      type: input.type,
      token,
      version: 1,
      data: input.data,
      channel_id: channel.id,
      channel: { ...apiChannel(channel, world, now), permissions: userPermissions.toString() },
      locale: 'en-US',
      entitlements: [],
      authorizing_integration_owners: guildId ? { '0': guildId } : { '1': input.userId },
      context: guildId ? 0 : 1,
      attachment_size_limit: 10 * 1024 * 1024,
      ...(guildId
        ? {
            guild_id: guildId,
            guild: { id: guildId, locale: 'en-US', features: [] },
            guild_locale: 'en-US',
            member: apiInteractionMember(world, guildId, channel.id, input.userId, now),
            // What the bot may do in this channel, overwrites applied, as Discord sends it.
            app_permissions: world.permissionsIn(channel.id, this.core.botUserId).toString(),
          }
        : { user: apiUser(world.user(input.userId)), app_permissions: '0' }),
      ...(input.source ? { message: apiMessageOf(this.core, input.source) } : {}),
    };
    const record: InteractionRecord = {
      handle,
      payload: JSON.stringify(payload),
      guildId,
      acknowledged: false,
      original: undefined,
      source: input.source,
      settle: undefined,
      callbacksInFlight: 0,
      overdue: false,
    };
    this.#byId.set(id, record);
    this.#byToken.set(token, record);
    this.count += 1;

    const promise = new Promise<InteractionHandle>((resolve, reject) => {
      const cancel = clock.schedule(now + RESPONSE_DEADLINE_MS, () => {
        // A callback sent in time but still crossing the network is judged when it lands.
        if (record.callbacksInFlight > 0) record.overdue = true;
        else record.settle?.(noResponse(record));
      });
      record.settle = (error) => {
        record.settle = undefined;
        cancel();
        if (error) reject(error);
        else resolve(handle);
      };
    });
    this.#deliver(record, payload);
    return promise;
  }

  /** Re-sends the identical INTERACTION_CREATE (same id and token), as Discord occasionally does. */
  redeliver(handle: InteractionHandle): void {
    const record = this.#byId.get(handle.id);
    if (!record) throw new EmulatorError('unknown-interaction', `No interaction ${handle.id}`);
    this.#deliver(record, JSON.parse(record.payload) as Json);
  }

  /** Rejects every pending promise (the emulator is stopping). */
  abandonAll(): void {
    for (const record of this.#byId.values())
      record.settle?.(new EmulatorError('stopped', 'The emulator stopped'));
  }

  #deliver(record: InteractionRecord, payload: Json): void {
    this.core.gateway.dispatch(
      'INTERACTION_CREATE',
      payload,
      record.guildId ? { guildId: record.guildId } : {},
    );
  }

  routes(): Route[] {
    return [
      {
        ...route('POST', '/interactions/:id/:token/callback', false, (req) => this.#callback(req)),
        arrived: ([id = '']) => this.#arrived(id),
      },
    ];
  }

  /** A callback reached the emulator; when it is answered without acknowledging, a passed deadline counts. */
  #arrived(id: string): () => void {
    const record = this.#byId.get(id);
    if (!record) return () => undefined;
    record.callbacksInFlight += 1;
    return () => {
      record.callbacksInFlight -= 1;
      if (record.overdue && record.callbacksInFlight === 0) record.settle?.(noResponse(record));
    };
  }

  #callback(req: RestRequest): RestResponse {
    const [id = '', token = ''] = req.params;
    const record = this.#byId.get(id);
    const unknown = (): RestError => new RestError(404, { code: 10062, message: 'Unknown interaction' });
    if (!record || record.handle.token !== token) throw unknown();
    if (record.acknowledged)
      throw new RestError(400, { code: 40060, message: 'Interaction has already been acknowledged.' });
    // Discord counts the 3 s to the callback's arrival: the bot's slowness, not the way back.
    if (req.receivedAt - record.handle.createdAt > RESPONSE_DEADLINE_MS) throw unknown();

    const type = req.body.type;
    const data = (typeof req.body.data === 'object' && req.body.data !== null ? req.body.data : {}) as Json;
    const allowed = ALLOWED_RESPONSES[record.handle.type] ?? [];
    const needsSource = (type === 6 || type === 7) && !record.source;
    if (typeof type !== 'number' || !allowed.includes(type) || needsSource) {
      const errors = new FormErrors();
      errors.add(
        ['type'],
        'INTERACTION_RESPONSE_TYPE_INVALID',
        `Interaction response type ${String(type)} is not valid for this interaction`,
      );
      throw new RestError(400, errors.body());
    }
    const { handle } = record;
    const ephemeralTo = typeof data.flags === 'number' && data.flags & EPHEMERAL ? handle.userId : undefined;
    const meta = {
      channelId: handle.channelId,
      authorId: this.core.botUserId,
      interactionId: handle.id,
      ...(ephemeralTo ? { ephemeralTo } : {}),
    };
    switch (type) {
      case 4:
        checkMessageBody(data, ['data']);
        throwIfEmpty(data, req.files.length);
        record.original = createMessage(this.core, data, req.files, meta);
        break;
      case 5:
        // Discord shows "<bot> is thinking..." as a real message that the edit of @original fills.
        // Only EPHEMERAL survives a deferral: IS_COMPONENTS_V2 must come with that edit.
        record.original = createMessage(this.core, { flags: (Number(data.flags) || 0) & EPHEMERAL }, [], {
          ...meta,
          systemFlags: LOADING,
        });
        break;
      case 6:
        record.original = record.source;
        break;
      case 7:
        checkMessageBody(data, ['data'], record.source);
        if (record.source) record.original = editMessage(this.core, record.source, data, req.files);
        break;
      case 8: {
        const errors = new FormErrors();
        validateChoices(data, errors, ['data']);
        if (!errors.empty) throw new RestError(400, errors.body());
        handle.choices = (
          Array.isArray(data.choices) ? data.choices : []
        ) as APIApplicationCommandOptionChoice[];
        break;
      }
      case 9: {
        const errors = new FormErrors();
        validateModal(data, errors, ['data']);
        if (!errors.empty) throw new RestError(400, errors.body());
        handle.modal = data as unknown as APIModalInteractionResponseCallbackData;
        this.#modals.set(`${handle.userId}:${String(data.custom_id)}`, {
          modal: handle.modal,
          sourceMessageId: record.source?.id,
        });
        break;
      }
    }
    record.acknowledged = true;
    handle.responseType = type;
    if (record.original) handle.message = record.original;
    this.core.events.emit('interactionResponse', handle, req.body);
    record.settle?.();

    if (req.query.get('with_response') !== 'true') return { status: 204 };
    const message = record.original;
    return {
      status: 200,
      body: {
        interaction: {
          id: handle.id,
          type: handle.type,
          ...(message
            ? {
                response_message_id: message.id,
                response_message_loading: (message.flags & LOADING) !== 0,
                response_message_ephemeral: message.ephemeralTo !== undefined,
              }
            : {}),
        },
        resource: { type, ...(message && type !== 6 ? { message: apiMessageOf(this.core, message) } : {}) },
      },
    };
  }
}
