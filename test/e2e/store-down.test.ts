/**
 * Redis going down under a running game (issue #24): every click was made to wait 10 s for its
 * refusal. It must be refused within Discord's 3 s, saying why, and work again once Redis is back.
 * Redis "goes down" behind a TCP proxy the bot connects through: the proxy drops every connection
 * and refuses new ones, as a stopped server would.
 */
import { createServer, Socket, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { openKeyv } from '../../src/storage/keyv-store.ts';
import { tally, type TallyState } from '../fixtures/tally.ts';
import { scripted } from './scripted.ts';

const redisUrl = process.env['TEST_REDIS_URL'];

/** A TCP proxy to Redis that can be taken down and brought back on the same port. */
class Proxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly host: string,
    private readonly target: number,
  ) {}

  get isUp(): boolean {
    return this.server !== undefined;
  }

  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.target, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

let h: Harness | undefined;
let proxy: Proxy | undefined;
afterEach(async () => {
  if (proxy && !proxy.isUp) await proxy.up();
  await h?.stop();
  await proxy?.down();
  h = undefined;
  proxy = undefined;
});

describe('GIVEN a game on Redis', () => {
  it.skipIf(!redisUrl)(
    'WHEN Redis goes down THEN a click is refused within 3 s saying the store cannot be reached, and once it is back the click works',
    async () => {
      const target = new URL(redisUrl ?? '');
      proxy = new Proxy(target.hostname, Number(target.port || 6379));
      await proxy.up();
      // A database of its own on the test server, emptied first.
      const storeUrl = `redis://127.0.0.1:${proxy.port}/9`;
      const fresh = await openKeyv(storeUrl);
      await fresh.clear();
      await fresh.disconnect();
      h = await Harness.start({ games: [tally], storeUrl });
      const w = h;
      const run = scripted(w);
      await run('@alice /game start game:tally seed:7 target:50\n@bob click Join\n@alice click Start');

      await proxy.down();
      const t0 = performance.now();
      const said = await run('@alice click Add 1');
      const tookMs = performance.now() - t0;
      expect(said).toMatch(
        /not answering right now, so nothing was changed \(the bot cannot reach its database/,
      );
      expect(tookMs).toBeLessThan(3000);

      await proxy.up();
      // node-redis reconnects by itself (its back-off is at most 2 s).
      const deadline = performance.now() + 10_000;
      while (performance.now() < deadline) {
        const ok = await w.bot.tables.load(w.channel.id).then(
          () => true,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await run('@alice click Add 1')).not.toMatch(/nothing was changed/);
      expect(((await w.bot.tables.load(w.channel.id))?.state as TallyState).total).toBe(1);
    },
    40_000,
  );
});
