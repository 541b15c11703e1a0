/** A tiny router for the REST side: parse the request (JSON or multipart), match, answer JSON. */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Json } from './json.ts';

export interface UploadedFile {
  /** N from the `files[N]` part name; payload_json.attachments refers to it as `id`. */
  index: number;
  filename: string;
  data: Buffer;
  contentType?: string;
}

export interface RestRequest {
  method: string;
  /** Decoded path below /api/v10, e.g. /webhooks/1/tok/messages/@original */
  path: string;
  params: string[];
  query: URLSearchParams;
  /** The JSON body (or payload_json of a multipart body); {} when none. */
  body: Json;
  /** The body as sent when it is not an object (bulk command overwrite sends an array). */
  rawBody: unknown;
  files: UploadedFile[];
  /** `Authorization: Bot <token>` matched the emulator's token. */
  botAuthorized: boolean;
  /** Clock time the request reached the emulator, before any network delay: deadlines count to it. */
  receivedAt: number;
}

export interface RestResponse {
  status: number;
  body?: unknown;
}

/** Thrown by handlers to answer an error the way Discord does. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code: number; message: string; errors?: unknown },
  ) {
    super(`${status} ${body.message}`);
  }
}

export const unknownMessage = (): RestError =>
  new RestError(404, { code: 10008, message: 'Unknown Message' });
export const unknownChannel = (): RestError =>
  new RestError(404, { code: 10003, message: 'Unknown Channel' });

export interface Route {
  method: string;
  pattern: RegExp;
  /** Requires `Authorization: Bot <token>` (interaction callbacks and webhooks do not). */
  botAuth: boolean;
  handler(req: RestRequest): RestResponse | Promise<RestResponse>;
  /**
   * Told as soon as a request for this route arrives (before its network delay); the function it
   * returns is called once the request is answered, however it ended.
   */
  arrived?(params: string[]): () => void;
}

export const route = (
  method: string,
  pattern: string,
  botAuth: boolean,
  handler: Route['handler'],
): Route => ({
  method,
  pattern: new RegExp(`^${pattern.replace(/:\w+/g, '([^/]+)')}$`),
  botAuth,
  handler,
});

export async function readRequest(
  req: IncomingMessage,
  token: string,
): Promise<Omit<RestRequest, 'params' | 'receivedAt'>> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = decodeURIComponent(url.pathname.replace(/^\/api(\/v\d+)?/, ''));
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const contentType = req.headers['content-type'] ?? '';
  let rawBody: unknown = undefined;
  const files: UploadedFile[] = [];
  if (raw.length > 0 && contentType.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    for (const [name, value] of form.entries()) {
      if (name === 'payload_json' && typeof value === 'string') {
        rawBody = JSON.parse(value);
        continue;
      }
      const match = /^files?\[(\d+)\]$/.exec(name);
      if (match && typeof value !== 'string') {
        files.push({
          index: Number(match[1]),
          filename: value.name,
          data: Buffer.from(await value.arrayBuffer()),
          ...(value.type ? { contentType: value.type } : {}),
        });
      }
    }
  } else if (raw.length > 0) {
    try {
      rawBody = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new RestError(400, { code: 50109, message: 'The request body contains invalid JSON.' });
    }
  }
  const body =
    typeof rawBody === 'object' && rawBody !== null && !Array.isArray(rawBody) ? (rawBody as Json) : {};
  return {
    method: req.method ?? 'GET',
    path,
    query: url.searchParams,
    body,
    rawBody,
    files,
    botAuthorized: req.headers.authorization === `Bot ${token}`,
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  if (body === undefined || status === 204) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
