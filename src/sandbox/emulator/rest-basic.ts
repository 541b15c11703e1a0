/** REST routes about the bot, the gateway, users, guilds, members and DM channels. */
import { apiChannel, apiGuild, apiMember, apiRole, apiUser } from './api-shapes.ts';
import type { Core } from './context.ts';
import { RestError, route, unknownChannel } from './rest-router.ts';
import type { RestRequest, Route } from './rest-router.ts';
import type { EmuChannel } from './types.ts';

export interface BasicOptions {
  shards: number;
  sessionStartLimit(): Record<string, number>;
  gatewayUrl(): string;
  botUsername: string;
}

export function basicRoutes(core: Core, opts: BasicOptions): Route[] {
  const { world } = core;
  const guildOf = (req: RestRequest): string => {
    const id = req.params[0] ?? '';
    if (!world.guilds.has(id)) throw new RestError(404, { code: 10004, message: 'Unknown Guild' });
    return id;
  };
  const application = (): Record<string, unknown> => ({
    id: core.applicationId,
    name: opts.botUsername,
    icon: null,
    description: '',
    bot_public: false,
    bot_require_code_grant: false,
    bot: apiUser(world.user(core.botUserId)),
    verify_key: '0'.repeat(64),
    flags: 0,
    team: null,
    summary: '',
    approximate_guild_count: world.guilds.size,
  });

  return [
    route('GET', '/gateway/bot', true, () => ({
      status: 200,
      body: {
        url: opts.gatewayUrl(),
        shards: opts.shards,
        session_start_limit: opts.sessionStartLimit(),
      },
    })),
    route('GET', '/gateway', false, () => ({ status: 200, body: { url: opts.gatewayUrl() } })),
    route('GET', '/users/@me', true, () => ({ status: 200, body: apiUser(world.user(core.botUserId)) })),
    route('GET', '/applications/@me', true, () => ({ status: 200, body: application() })),
    route('GET', '/oauth2/applications/@me', true, () => ({ status: 200, body: application() })),
    route('GET', '/users/:user', true, (req) => {
      const user = world.users.get(req.params[0] ?? '');
      if (!user) throw new RestError(404, { code: 10013, message: 'Unknown User' });
      return { status: 200, body: apiUser(user) };
    }),
    route('POST', '/users/@me/channels', true, (req) => {
      const recipientId = typeof req.body.recipient_id === 'string' ? req.body.recipient_id : '';
      const recipient = world.users.get(recipientId);
      if (!recipient) throw new RestError(400, { code: 50033, message: 'Invalid Recipient(s)' });
      let channel: EmuChannel | undefined = [...world.channels.values()].find(
        (c) => c.type === 1 && c.recipientId === recipientId,
      );
      if (!channel) {
        channel = { id: world.newId(), name: recipient.username, type: 1, recipientId };
        world.channels.set(channel.id, channel);
      }
      return { status: 200, body: apiChannel(channel, world, core.clock.now()) };
    }),
    route('GET', '/guilds/:guild', true, (req) => {
      const guildId = guildOf(req);
      const count = world.members.get(guildId)?.size ?? 0;
      return {
        status: 200,
        body: {
          ...apiGuild(world, guildId, core.clock.now(), false),
          approximate_member_count: count,
          approximate_presence_count: count,
        },
      };
    }),
    route('GET', '/guilds/:guild/channels', true, (req) => ({
      status: 200,
      body: world
        .guildChannels(guildOf(req))
        .filter((c) => c.type !== 11 && c.type !== 12)
        .map((c) => apiChannel(c, world, core.clock.now())),
    })),
    route('GET', '/guilds/:guild/roles', true, (req) => ({
      status: 200,
      body: world.guildRoles(guildOf(req)).map(apiRole),
    })),
    route('GET', '/guilds/:guild/members', true, (req) => {
      const guildId = guildOf(req);
      const limit = Number(req.query.get('limit') ?? 1);
      const members = [...(world.members.get(guildId)?.values() ?? [])].slice(
        0,
        Math.max(1, Math.min(1000, limit)),
      );
      return { status: 200, body: members.map((m) => apiMember(world, guildId, m)) };
    }),
    route('GET', '/guilds/:guild/members/:user', true, (req) => {
      const guildId = guildOf(req);
      const member = world.member(guildId, req.params[1] ?? '');
      if (!member) throw new RestError(404, { code: 10007, message: 'Unknown Member' });
      return { status: 200, body: apiMember(world, guildId, member) };
    }),
    route('GET', '/channels/:channel', true, (req) => {
      const channel = world.channels.get(req.params[0] ?? '');
      if (!channel) throw unknownChannel();
      return { status: 200, body: apiChannel(channel, world, core.clock.now()) };
    }),
  ];
}
