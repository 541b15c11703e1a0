/** Interaction webhooks: @original edits, follow-ups, and reading/deleting those messages. */
import {
  apiMessageOf,
  checkMessageBody,
  createMessage,
  deleteMessage,
  editMessage,
  EPHEMERAL,
  LOADING,
  throwIfEmpty,
} from './core.ts';
import type { Core } from './context.ts';
import type { InteractionEngine, InteractionRecord } from './interactions.ts';
import { RestError, route, unknownMessage } from './rest-router.ts';
import type { RestRequest, RestResponse, Route } from './rest-router.ts';
import type { EmuMessage } from './types.ts';

/** Interaction tokens (follow-ups, edits) die 15 minutes after the interaction was created. */
export const TOKEN_LIFETIME_MS = 15 * 60_000;

/** Counted to the request's arrival, so a network delay does not expire a token used in time. */
const isExpired = (req: RestRequest, record: InteractionRecord): boolean =>
  req.receivedAt - record.handle.createdAt > TOKEN_LIFETIME_MS;

const invalidToken = (): RestError => new RestError(401, { code: 50027, message: 'Invalid Webhook Token' });

export function webhookRoutes(core: Core, engine: InteractionEngine): Route[] {
  const recordOf = (req: RestRequest): InteractionRecord => {
    const [app, token = ''] = req.params;
    if (app !== core.applicationId) throw new RestError(404, { code: 10015, message: 'Unknown Webhook' });
    const record = engine.byToken(token);
    if (!record || isExpired(req, record)) throw invalidToken();
    return record;
  };

  const messageOf = (record: InteractionRecord, messageId: string): EmuMessage => {
    if (messageId === '@original') {
      if (!record.original || record.original.deleted) throw unknownMessage();
      return record.original;
    }
    const found = record.handle.followUps.find((m) => m.id === messageId && !m.deleted);
    if (found) return found;
    // By its id, the token reaches the messages it created (Edit Followup Message); the message a
    // component belongs to, which the bot posted by the channel's route, only as @original.
    const own = record.original !== undefined && record.original !== record.source;
    if (own && record.original?.id === messageId && !record.original.deleted) return record.original;
    throw unknownMessage();
  };

  const followUp = (req: RestRequest): RestResponse => {
    const record = recordOf(req);
    if (!record.acknowledged) throw new RestError(404, { code: 10015, message: 'Unknown Webhook' });
    checkMessageBody(req.body);
    throwIfEmpty(req.body, req.files.length);
    const { handle } = record;
    let message: EmuMessage;
    const original = record.original;
    if (handle.responseType === 5 && original && original.flags & LOADING) {
      // Discord fills a still-loading deferred reply with the first follow-up instead of posting anew.
      message = editMessage(core, original, req.body, req.files);
    } else {
      const ephemeral = typeof req.body.flags === 'number' && (req.body.flags & EPHEMERAL) !== 0;
      message = createMessage(core, req.body, req.files, {
        channelId: handle.channelId,
        authorId: core.botUserId,
        interactionId: handle.id,
        ...(ephemeral ? { ephemeralTo: handle.userId } : {}),
      });
    }
    handle.followUps.push(message);
    return req.query.get('wait') === 'true'
      ? { status: 200, body: apiMessageOf(core, message) }
      : { status: 204 };
  };

  const edit = (req: RestRequest): RestResponse => {
    const record = recordOf(req);
    const message = messageOf(record, req.params[2] ?? '');
    checkMessageBody(req.body, [], message);
    editMessage(core, message, req.body, req.files);
    if (message === record.original) record.handle.message = message;
    return { status: 200, body: apiMessageOf(core, message) };
  };

  const get = (req: RestRequest): RestResponse => {
    const record = recordOf(req);
    return { status: 200, body: apiMessageOf(core, messageOf(record, req.params[2] ?? '')) };
  };

  const remove = (req: RestRequest): RestResponse => {
    const record = recordOf(req);
    deleteMessage(core, messageOf(record, req.params[2] ?? ''));
    return { status: 204 };
  };

  return [
    route('POST', '/webhooks/:app/:token', false, followUp),
    route('GET', '/webhooks/:app/:token/messages/:message', false, get),
    route('PATCH', '/webhooks/:app/:token/messages/:message', false, edit),
    route('DELETE', '/webhooks/:app/:token/messages/:message', false, remove),
  ];
}
