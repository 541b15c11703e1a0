/**
 * The emulated gateway: HELLO, heartbeats, IDENTIFY (with sharding), READY + GUILD_CREATE,
 * sequenced dispatches, RESUME with replay, INVALID_SESSION. Sessions outlive their socket so
 * that a dropped connection can resume and receive what it missed.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';

type Json = Record<string, unknown>;

const OP = {
  dispatch: 0,
  heartbeat: 1,
  identify: 2,
  resume: 6,
  invalidSession: 9,
  hello: 10,
  heartbeatAck: 11,
} as const;
const REPLAY_BUFFER = 1000;

export interface GatewaySession {
  id: string;
  shard: [number, number];
  intents: number;
  seq: number;
  buffer: { s: number; frame: string }[];
  socket: WebSocket | undefined;
}

export interface GatewayHooks {
  token: string;
  heartbeatIntervalMs: number;
  newSessionId(): string;
  /** Counts an IDENTIFY against the session start limit; false when none remain. */
  startSession(): boolean;
  /** READY's `d` for a new session (user, guilds, application, shard...). */
  ready(session: GatewaySession): Json;
  /** Guild ids that belong to a shard. */
  guildsOf(shard: [number, number]): string[];
  guildCreate(guildId: string): Json;
  shardOf(guildId: string, shardCount: number): number;
}

/** Who receives a dispatch: sessions of the guild's shard (shard 0 when none) holding the intent. */
export interface DispatchTarget {
  guildId?: string;
  intent?: number;
}

export class Gateway {
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #sessions = new Map<string, GatewaySession>();

  constructor(private readonly hooks: GatewayHooks) {}

  attach(server: Server, path: string): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== path) {
        socket.destroy();
        return;
      }
      this.#wss.handleUpgrade(req, socket, head, (ws) => this.#onConnection(ws));
    });
  }

  get sessions(): GatewaySession[] {
    return [...this.#sessions.values()];
  }

  /** Sends an event to every matching session (buffered for resume when the socket is gone). */
  dispatch(
    event: string,
    data: Json | ((session: GatewaySession) => Json),
    target: DispatchTarget = {},
  ): void {
    for (const session of this.#sessions.values()) {
      if (target.intent !== undefined && (session.intents & target.intent) === 0) continue;
      const shard = target.guildId === undefined ? 0 : this.hooks.shardOf(target.guildId, session.shard[1]);
      if (shard !== session.shard[0]) continue;
      this.#send(session, event, typeof data === 'function' ? data(session) : data);
    }
  }

  /** Closes every gateway socket abnormally (as a network failure would): clients RESUME. */
  dropConnections(): void {
    for (const session of this.#sessions.values()) {
      session.socket?.terminate();
      session.socket = undefined;
    }
  }

  async close(): Promise<void> {
    for (const ws of this.#wss.clients) ws.terminate();
    this.#sessions.clear();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #send(session: GatewaySession, event: string, d: Json): void {
    session.seq += 1;
    const frame = JSON.stringify({ op: OP.dispatch, t: event, s: session.seq, d });
    session.buffer.push({ s: session.seq, frame });
    if (session.buffer.length > REPLAY_BUFFER) session.buffer.shift();
    if (session.socket?.readyState === WebSocket.OPEN) session.socket.send(frame);
  }

  #onConnection(ws: WebSocket): void {
    let session: GatewaySession | undefined;
    ws.send(JSON.stringify({ op: OP.hello, d: { heartbeat_interval: this.hooks.heartbeatIntervalMs } }));
    ws.on('message', (raw: Buffer) => {
      let payload: { op?: unknown; d?: unknown };
      try {
        payload = JSON.parse(raw.toString()) as { op?: unknown; d?: unknown };
      } catch {
        ws.close(4002, 'Error while decoding payload.');
        return;
      }
      const d = (typeof payload.d === 'object' && payload.d !== null ? payload.d : {}) as Json;
      switch (payload.op) {
        case OP.heartbeat:
          ws.send(JSON.stringify({ op: OP.heartbeatAck }));
          return;
        case OP.identify:
          if (session) {
            ws.close(4005, 'Already authenticated.');
            return;
          }
          session = this.#identify(ws, d);
          return;
        case OP.resume:
          if (session) {
            ws.close(4005, 'Already authenticated.');
            return;
          }
          session = this.#resume(ws, d);
          return;
        default:
          if (!session) ws.close(4003, 'Not authenticated.');
      }
    });
    ws.on('close', (code: number) => {
      if (!session || session.socket !== ws) return;
      session.socket = undefined;
      // A client that closes normally is done with its session; anything else may resume.
      if (code === 1000 || code === 1001) this.#sessions.delete(session.id);
    });
  }

  #identify(ws: WebSocket, d: Json): GatewaySession | undefined {
    if (d.token !== this.hooks.token && d.token !== `Bot ${this.hooks.token}`) {
      ws.close(4004, 'Authentication failed.');
      return undefined;
    }
    const rawShard = Array.isArray(d.shard) ? d.shard : [0, 1];
    const shard: [number, number] = [Number(rawShard[0] ?? 0), Number(rawShard[1] ?? 1)];
    if (!(shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1])) {
      ws.close(4010, 'Invalid shard.');
      return undefined;
    }
    if (!this.hooks.startSession()) {
      ws.send(JSON.stringify({ op: OP.invalidSession, d: false }));
      return undefined;
    }
    const session: GatewaySession = {
      id: this.hooks.newSessionId(),
      shard,
      intents: typeof d.intents === 'number' ? d.intents : 0,
      seq: 0,
      buffer: [],
      socket: ws,
    };
    this.#sessions.set(session.id, session);
    this.#send(session, 'READY', this.hooks.ready(session));
    if (session.intents & 1) {
      for (const guildId of this.hooks.guildsOf(shard))
        this.#send(session, 'GUILD_CREATE', this.hooks.guildCreate(guildId));
    }
    return session;
  }

  #resume(ws: WebSocket, d: Json): GatewaySession | undefined {
    const session = typeof d.session_id === 'string' ? this.#sessions.get(d.session_id) : undefined;
    const seq = typeof d.seq === 'number' ? d.seq : 0;
    if (!session || d.token !== this.hooks.token || seq > session.seq) {
      ws.send(JSON.stringify({ op: OP.invalidSession, d: false }));
      return undefined;
    }
    const oldest = session.buffer[0]?.s ?? session.seq + 1;
    if (seq + 1 < oldest) {
      ws.send(JSON.stringify({ op: OP.invalidSession, d: false }));
      return undefined;
    }
    if (session.socket && session.socket !== ws) session.socket.terminate();
    session.socket = ws;
    for (const { s, frame } of session.buffer) if (s > seq) ws.send(frame);
    this.#send(session, 'RESUMED', {});
    return session;
  }
}
