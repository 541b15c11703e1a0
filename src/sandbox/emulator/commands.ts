/** Registered application commands (global and per guild) and the REST routes that manage them. */
import type { RESTPostAPIApplicationCommandsJSONBody } from 'discord.js';
import { validateCommand, validateCommandList } from './command-validation.ts';
import type { Core } from './context.ts';
import { FormErrors } from './form-errors.ts';
import { RestError, route } from './rest-router.ts';
import type { Json } from './json.ts';
import type { RestRequest, Route } from './rest-router.ts';

export type StoredCommand = RESTPostAPIApplicationCommandsJSONBody & {
  id: string;
  application_id: string;
  guild_id?: string;
  version: string;
};

const GLOBAL = '';

export class CommandStore {
  /** scope ('' for global, else guild id) → commands in registration order */
  readonly #scopes = new Map<string, StoredCommand[]>();

  constructor(private readonly core: Core) {}

  list(guildId?: string): StoredCommand[] {
    return this.#scopes.get(guildId ?? GLOBAL) ?? [];
  }

  /** The command a user in `guildId` would invoke by name: guild commands shadow global ones. */
  find(guildId: string, name: string): StoredCommand | undefined {
    return (
      this.list(guildId).find((c) => c.name === name && (c.type ?? 1) === 1) ??
      this.list().find((c) => c.name === name && (c.type ?? 1) === 1)
    );
  }

  /** Names visible in a guild, for error messages. */
  names(guildId: string): string[] {
    return [...new Set([...this.list(guildId), ...this.list()].map((c) => c.name))];
  }

  routes(): Route[] {
    const app = ':app';
    return [
      route('GET', `/applications/${app}/commands`, true, (req) => this.#get(req, GLOBAL)),
      route('PUT', `/applications/${app}/commands`, true, (req) => this.#put(req, GLOBAL)),
      route('POST', `/applications/${app}/commands`, true, (req) => this.#post(req, GLOBAL)),
      route('GET', `/applications/${app}/commands/:id`, true, (req) => this.#getOne(req, GLOBAL)),
      route('PATCH', `/applications/${app}/commands/:id`, true, (req) => this.#patch(req, GLOBAL)),
      route('DELETE', `/applications/${app}/commands/:id`, true, (req) => this.#delete(req, GLOBAL)),
      route('GET', `/applications/${app}/guilds/:guild/commands`, true, (req) =>
        this.#get(req, this.#guild(req)),
      ),
      route('PUT', `/applications/${app}/guilds/:guild/commands`, true, (req) =>
        this.#put(req, this.#guild(req)),
      ),
      route('POST', `/applications/${app}/guilds/:guild/commands`, true, (req) =>
        this.#post(req, this.#guild(req)),
      ),
      route('GET', `/applications/${app}/guilds/:guild/commands/:id`, true, (req) =>
        this.#getOne(req, this.#guild(req)),
      ),
      route('PATCH', `/applications/${app}/guilds/:guild/commands/:id`, true, (req) =>
        this.#patch(req, this.#guild(req)),
      ),
      route('DELETE', `/applications/${app}/guilds/:guild/commands/:id`, true, (req) =>
        this.#delete(req, this.#guild(req)),
      ),
    ];
  }

  #guild(req: RestRequest): string {
    const guildId = req.params[1] ?? '';
    if (!this.core.world.guilds.has(guildId))
      throw new RestError(404, { code: 10004, message: 'Unknown Guild' });
    return guildId;
  }

  #checkApp(req: RestRequest): void {
    if (req.params[0] !== this.core.applicationId)
      throw new RestError(403, {
        code: 20012,
        message: 'You are not authorized to perform this action on this application',
      });
  }

  #store(body: Json, scope: string, existing: StoredCommand | undefined): StoredCommand {
    return {
      ...(body as unknown as RESTPostAPIApplicationCommandsJSONBody),
      type: (body.type as 1 | undefined) ?? 1,
      id: existing?.id ?? this.core.world.newId(),
      application_id: this.core.applicationId,
      ...(scope === GLOBAL ? {} : { guild_id: scope }),
      version: this.core.world.newId(),
    } as StoredCommand;
  }

  #get(req: RestRequest, scope: string): { status: number; body: unknown } {
    this.#checkApp(req);
    return { status: 200, body: this.list(scope || undefined) };
  }

  #put(req: RestRequest, scope: string): { status: number; body: unknown } {
    this.#checkApp(req);
    if (!Array.isArray(req.rawBody))
      throw new RestError(400, {
        code: 50035,
        message: 'Invalid Form Body',
        errors: { _errors: [{ code: 'BASE_TYPE_ARRAY', message: 'Must be an array' }] },
      });
    const errors = new FormErrors();
    validateCommandList(req.rawBody, errors);
    if (!errors.empty) throw new RestError(400, errors.body());
    const before = this.list(scope || undefined);
    const next = (req.rawBody as Json[]).map((body) =>
      this.#store(
        body,
        scope,
        before.find((c) => c.name === body.name && (c.type ?? 1) === (body.type ?? 1)),
      ),
    );
    this.#scopes.set(scope, next);
    return { status: 200, body: next };
  }

  #post(req: RestRequest, scope: string): { status: number; body: unknown } {
    this.#checkApp(req);
    const errors = new FormErrors();
    validateCommand(req.body, errors, []);
    const list = [...this.list(scope || undefined)];
    const existing = list.find((c) => c.name === req.body.name && (c.type ?? 1) === (req.body.type ?? 1));
    if (!existing && list.filter((c) => (c.type ?? 1) === 1).length >= 100 && (req.body.type ?? 1) === 1) {
      errors.add([], 'APPLICATION_COMMANDS_TOO_MANY', 'Maximum number of application commands reached (100)');
    }
    if (!errors.empty) throw new RestError(400, errors.body());
    const stored = this.#store(req.body, scope, existing);
    this.#scopes.set(scope, existing ? list.map((c) => (c === existing ? stored : c)) : [...list, stored]);
    return { status: existing ? 200 : 201, body: stored };
  }

  #find(req: RestRequest, scope: string): StoredCommand {
    const id = req.params[req.params.length - 1];
    const found = this.list(scope || undefined).find((c) => c.id === id);
    if (!found) throw new RestError(404, { code: 10063, message: 'Unknown application command' });
    return found;
  }

  #getOne(req: RestRequest, scope: string): { status: number; body: unknown } {
    this.#checkApp(req);
    return { status: 200, body: this.#find(req, scope) };
  }

  #patch(req: RestRequest, scope: string): { status: number; body: unknown } {
    this.#checkApp(req);
    const current = this.#find(req, scope);
    const merged = { ...current, ...req.body } as Json;
    const errors = new FormErrors();
    validateCommand(merged, errors, []);
    if (!errors.empty) throw new RestError(400, errors.body());
    const stored = this.#store(merged, scope, current);
    this.#scopes.set(
      scope,
      this.list(scope || undefined).map((c) => (c === current ? stored : c)),
    );
    return { status: 200, body: stored };
  }

  #delete(req: RestRequest, scope: string): { status: number } {
    this.#checkApp(req);
    const current = this.#find(req, scope);
    this.#scopes.set(
      scope,
      this.list(scope || undefined).filter((c) => c !== current),
    );
    return { status: 204 };
  }
}
