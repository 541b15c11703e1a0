/** The sandbox as a web page (`npm run sandbox -- --web`): see server.ts and docs/web-sandbox.md. */
import type { Harness } from '../harness.ts';
import { WebServer } from './server.ts';
import { WebSession } from './session.ts';

export { WebServer } from './server.ts';
export { WebSession } from './session.ts';

export interface WebSandbox {
  session: WebSession;
  server: WebServer;
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves the page for a running harness on 127.0.0.1. A taken port falls back to a free one
 * (port 0 asks for a free one at once); `print` receives the transcript, as the prompt prints it.
 */
export async function startWeb(
  h: Harness,
  opts: { port?: number; print?: (line: string) => void } = {},
): Promise<WebSandbox> {
  const session = new WebSession(h, opts.print ?? (() => undefined));
  const server = new WebServer(session);
  try {
    await server.start(opts.port ?? 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    await server.start(0);
  }
  return { session, server, url: server.url, stop: () => server.stop() };
}
