/**
 * The sandbox as a web page: node:http on 127.0.0.1 serving the page (static ES modules from
 * ./public, no build step), each user's view as server-sent events, pictures, and the actions
 * a page sends, which the session runs as script lines.
 *
 *   GET  /                           the page (?user=bob opens it as bob)
 *   GET  /events?user=bob            server-sent events: snapshot, message, delete, channels, clock
 *   GET  /media/<msg>/<file>?user=   a picture of a message that user may see
 *   POST /act?user=bob               {type: click|select|modal|send|wait, …} → {ok, line, modal?}
 *   POST /autocomplete?user=bob      {channelId, command, subcommand?, options, focused} → choices
 *   GET  /script                     the session so far as a script (text/plain, a download)
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineError, parseAction } from './lines.ts';
import type { WebSession } from './session.ts';

const PUBLIC = fileURLToPath(new URL('./public/', import.meta.url));
const FILES: Record<string, string> = {
  '/': 'index.html',
  '/app.mjs': 'app.mjs',
  '/render.mjs': 'render.mjs',
  '/markdown.mjs': 'markdown.mjs',
  '/composer.mjs': 'composer.mjs',
  '/forms.mjs': 'forms.mjs',
  '/style.css': 'style.css',
};
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** The page runs only its own scripts and styles and loads pictures only from here. */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class WebServer {
  private server: Server | undefined;
  private readonly streams = new Set<ServerResponse>();
  private port = 0;

  constructor(private readonly session: WebSession) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/`;
  }

  /** Listens on 127.0.0.1 only; port 0 picks a free one. */
  async start(port = 0): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => this.fail(res, err));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const res of this.streams) res.end();
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Another site's page in the same browser must not drive the sandbox (DNS rebinding, CSRF).
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${this.port}` && host !== `localhost:${this.port}`)
      throw new HttpError(403, 'Open the sandbox at its 127.0.0.1 address.');
    const url = new URL(req.url ?? '/', this.url);
    if (req.method === 'POST') {
      const origin = req.headers.origin;
      if (origin !== undefined && origin !== this.url.slice(0, -1) && origin !== `http://${host}`)
        throw new HttpError(403, 'Requests come from the sandbox page only.');
      if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
        throw new HttpError(415, 'Send JSON.');
    }
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    const file = FILES[url.pathname];
    if (req.method === 'GET' && file) return this.file(res, file);
    if (req.method === 'GET' && url.pathname === '/events') return this.events(req, res, this.user(url));
    if (req.method === 'GET' && url.pathname.startsWith('/media/')) return this.media(res, url);
    if (req.method === 'GET' && url.pathname === '/script') return this.script(res);
    if (req.method === 'POST' && url.pathname === '/act') {
      const result = await this.session.act(this.user(url), parseAction(await body(req)));
      return json(res, result.ok ? 200 : 422, result);
    }
    if (req.method === 'POST' && url.pathname === '/autocomplete') {
      const b = (await body(req)) as Record<string, unknown>;
      const choices = await this.session
        .autocomplete(this.user(url), String(b.channelId), {
          command: String(b.command),
          ...(typeof b.subcommand === 'string' ? { subcommand: b.subcommand } : {}),
          options: (b.options ?? {}) as Record<string, string>,
          focused: String(b.focused),
        })
        .catch(() => []);
      return json(res, 200, { choices });
    }
    throw new HttpError(404, 'Nothing here.');
  }

  private user(url: URL): string {
    const name = url.searchParams.get('user') ?? 'alice';
    try {
      return this.session.userId(name);
    } catch {
      throw new HttpError(400, `No user ${name}; there are ${this.session.users.join(', ')}.`);
    }
  }

  private async file(res: ServerResponse, name: string): Promise<void> {
    const data = await readFile(join(PUBLIC, name));
    res.writeHead(200, {
      'Content-Type': TYPES[extname(name)] ?? 'application/octet-stream',
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    res.end(data);
  }

  private events(req: IncomingMessage, res: ServerResponse, userId: string): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    this.streams.add(res);
    const send = (event: string, data: unknown): void => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const stop = this.session.listen({ userId, send });
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
    req.on('close', () => {
      clearInterval(ping);
      stop();
      this.streams.delete(res);
    });
  }

  private media(res: ServerResponse, url: URL): void {
    const [, , messageId = '', attachmentId = ''] = url.pathname.split('/');
    const picture = this.session.viewer.picture(this.user(url), messageId, attachmentId);
    if (!picture) throw new HttpError(404, 'No such picture for this user.');
    res.writeHead(200, {
      'Content-Type': picture.type,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=3600',
    });
    res.end(picture.data);
  }

  private script(res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': 'attachment; filename="sandbox-session.txt"',
      'Cache-Control': 'no-store',
    });
    res.end(this.session.script());
  }

  private fail(res: ServerResponse, err: unknown): void {
    const status = err instanceof HttpError ? err.status : err instanceof LineError ? 400 : 500;
    const error = err instanceof Error ? err.message : String(err);
    if (res.headersSent) res.end();
    else json(res, status, { ok: false, error });
  }
}

function json(res: ServerResponse, status: number, data: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(data));
}

async function body(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new HttpError(413, 'Too large.');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'Not JSON.');
  }
}
