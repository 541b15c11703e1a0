/**
 * The web sandbox without a browser: each page action is carried out as the script line that
 * does it (and that line replays onto the same control), each user is sent only what they may
 * see, and the server refuses what does not come from its own page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from '../../src/sandbox/harness.ts';
import { runScript, tokenize } from '../../src/sandbox/script.ts';
import { quote } from '../../src/sandbox/script-targets.ts';
import { startWeb, type WebSandbox } from '../../src/sandbox/web/index.ts';

type Json = Record<string, unknown>;

describe('quote and tokenize', () => {
  it.each(['plain', 'two words', 'say "hi"', 'back\\slash', 'line\nbreak', '', 'a:b "c" \\n'])(
    'GIVEN %j THEN quoting it in a line gives it back whole',
    (value) => {
      expect(tokenize(`text=${quote(value)} next`)).toEqual([`text=${value}`, 'next']);
    },
  );
});

describe('the web session', () => {
  let h: Harness;
  let web: WebSandbox;
  const id = (name: string): string => h.user(name).id;
  const act = (name: string, action: Json) => web.session.act(id(name), action as never);
  const buttons = (name: string, label: string) => web.session.runner.targets.buttons(id(name), label).found;

  beforeAll(async () => {
    h = await Harness.start();
    web = await startWeb(h);
  });
  afterAll(async () => {
    await web.stop();
    await h.stop();
  });

  it('GIVEN a page sending a command and clicks THEN each is run and kept as its script line', async () => {
    expect(
      await act('alice', {
        type: 'send',
        channelId: h.channel.id,
        text: '/game start game:item-collection seed:42',
      }),
    ).toMatchObject({ ok: true, line: '@alice /game start game:item-collection seed:42' });
    const [join] = buttons('bob', 'Join');
    expect(
      await act('bob', { type: 'click', messageId: join?.message.id, customId: join?.component.custom_id }),
    ).toEqual({ ok: true, line: '@bob click Join' });
    for (const name of ['carol', 'dave']) await web.session.line(`@${name} click Join`);
    await web.session.line('@alice click Start');
    expect(await act('carol', { type: 'send', channelId: h.channel.id, text: 'hello "all"' })).toMatchObject({
      line: '@carol say hello "all"',
    });
  });

  it('GIVEN a form WHEN the page sends it THEN the text reaches the bot exactly, quotes and all', async () => {
    const [promise] = buttons('alice', 'Promise');
    const opened = await act('alice', {
      type: 'click',
      messageId: promise?.message.id,
      customId: promise?.component.custom_id,
    });
    expect(opened).toMatchObject({ ok: true, modal: { title: 'A promise to the table (public)' } });
    const customId = opened.ok ? opened.modal?.custom_id : undefined;
    const sent = await act('alice', {
      type: 'modal',
      customId,
      fields: { what: 'note', text: 'a "seven" \\ maybe' },
    });
    expect(sent).toEqual({ ok: true, line: '@alice modal what=note text="a \\"seven\\" \\\\ maybe"' });
    const seen = h.emu
      .messages(h.channel.id)
      .map((m) => m.content)
      .join('\n');
    expect(seen).toContain('promises: “a "seven" \\\\ maybe”');
  });

  it('GIVEN two menus offering one card WHEN the second is used THEN the line names it by rank (and the saved script replays onto it)', async () => {
    for (const line of [
      '@alice click Ready',
      '@bob click Ready',
      '@carol click High (black joker)',
      '@carol click Ready',
      '@dave click Ready',
      '@carol click My view',
    ])
      await web.session.line(line);
    const menus = web.session.runner.targets.selects(id('carol'), ['K♦']).found;
    expect(menus.map((m) => m.component.placeholder)).toEqual([
      'Play honestly: claim and place the same card',
      'Place a card face down (secret)',
    ]);
    const place = menus[1];
    const chosen = {
      type: 'select',
      messageId: place?.message.id,
      customId: place?.component.custom_id,
      values: place?.values,
    };
    expect(await act('carol', chosen)).toEqual({ ok: true, line: '@carol select K♦ [2]' });
  });

  it('GIVEN each user’s snapshot THEN it holds their own private views and nobody else’s', () => {
    const carols = JSON.stringify(web.session.snapshot(id('carol')));
    const alices = JSON.stringify(web.session.snapshot(id('alice')));
    expect(carols).toContain('Your hand: carol');
    expect(alices).not.toContain('Your hand: carol');
    const { messages } = web.session.snapshot(id('alice')) as { messages: { id: string }[] };
    for (const m of messages) expect([undefined, id('alice')]).toContain(h.emu.message(m.id)?.ephemeralTo);
  });

  it('GIVEN a game in a thread WHEN a page talks there THEN the line says where, and the saved script replays the whole session', async () => {
    await web.session.line('@erin /game start game:storytelling thread:true');
    const thread = web.session.runner.targets.channels(id('erin')).find((c) => c.type === 11);
    expect(thread).toBeDefined();
    const said = await act('erin', { type: 'send', channelId: thread?.id, text: 'over here' });
    expect(said).toEqual({ ok: true, line: `@erin in ${quote(thread?.name ?? '')} say over here` });
    expect(h.emu.messages(thread?.id ?? '').some((m) => m.content === 'over here')).toBe(true);
    const again = await Harness.start();
    const out: string[] = [];
    try {
      expect(
        await runScript(again, web.session.script(), (l) => out.push(l)),
        out.slice(-10).join('\n'),
      ).toBeNull();
    } finally {
      await again.stop();
    }
  });

  it('GIVEN a request from elsewhere THEN the server refuses it; GIVEN its own page THEN it gets the page with a strict CSP', async () => {
    const page = await fetch(web.url);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const post = (headers: Record<string, string>) =>
      fetch(`${web.url}act?user=alice`, { method: 'POST', headers, body: '{"type":"wait","duration":"1s"}' });
    expect((await post({ 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post({ 'Content-Type': 'application/json', Origin: 'http://evil.example' })).status).toBe(
      403,
    );
    expect((await post({ 'Content-Type': 'application/json' })).status).toBe(200);
  });

  it('GIVEN a private picture THEN only its owner can fetch it', async () => {
    const mine = h.emu
      .messages(h.channel.id)
      .find((m) => m.ephemeralTo === id('carol') && m.attachments.length > 0);
    const picture = mine?.attachments[0];
    expect(picture).toBeDefined();
    const url = (user: string) => `${web.url}media/${mine?.id}/${picture?.id}?user=${user}`;
    expect((await fetch(url('carol'))).status).toBe(200);
    expect((await fetch(url('alice'))).status).toBe(404);
  });
});
