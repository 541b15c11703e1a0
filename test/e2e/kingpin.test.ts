/**
 * Kingpin end to end: the production bot and the loopback Discord emulator, two users a side
 * (alice and bob the Cartel, carol and dave the Hunters), every move made through the controls a
 * member sees in the team's private view. Members take turns acting for their team. The Cartel's
 * Hidden board and the Hunters' Found area never reach the other team or the channel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { kingpin } from '../../src/games/kingpin/index.ts';
import type { KpAction, KpState } from '../../src/games/kingpin/index.ts';
import { cardName, content } from '../../src/games/kingpin/board.ts';
import type { Panel } from '../../src/games/panel.ts';
import { renderMessageText } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import type { Session } from '../../src/storage/session.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const REFUSED = /It is not your|the game has moved on|not valid for this game|refused/;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

async function sessionOf(hh: Harness): Promise<Session> {
  const r = await hh.bot.tables.deps.store.load(hh.channel.id);
  if (r.kind !== 'ok') throw new Error(`no session: ${r.kind}`);
  return r.session;
}

/** The control in `panel` that carries `action`, else the panel's first control. */
function control(
  panel: Panel,
  action: KpAction,
): { verb: 'click' | 'select'; label: string; action: unknown } | null {
  for (const b of panel.buttons ?? [])
    if (b.action && same(b.action, action)) return { verb: 'click', label: b.label, action: b.action };
  for (const s of panel.selects ?? []) {
    const o = s.options.find((x) => same(x.action, action));
    if (o) return { verb: 'select', label: o.label, action: o.action };
  }
  const b = (panel.buttons ?? []).find((x) => x.action);
  if (b?.action) return { verb: 'click', label: b.label, action: b.action };
  const o = panel.selects?.[0]?.options[0];
  return o ? { verb: 'select', label: o.label, action: o.action } : null;
}

/**
 * Names a team may not see now: the Cartel's Hidden cards (less the Needs and Defenses printed as
 * Links on the people the Hunters have found: the card names them, not where they are), the Found
 * area's unfixed people.
 */
function secretsOf(s: KpState): { cartel: string[]; hunters: string[] } {
  const printed = new Set(
    s.topo.filter((t) => t.faceUp).flatMap((t) => content().topo.get(t.card)?.links ?? []),
  );
  const cartel = Object.entries(s.cards)
    .filter(([id, c]) => (c.zone === 'hidden' || c.zone === 'unplayed') && !printed.has(id))
    .map(([id]) => cardName(id));
  const hunters = s.topo
    .filter((t) => t.fixedAt === null && t.faceUp)
    .map((t) => content().topo.get(t.card)?.name ?? '');
  return { cartel, hunters };
}

describe('GIVEN two teams of two through the emulator', () => {
  it(
    'WHEN they play a whole seeded game THEN it ends with a result, and neither secret board ever reaches the other team or the channel',
    { timeout: 300_000 },
    async () => {
      h = await Harness.start({ games: [kingpin] });
      const hh = h;
      const run = scripted(hh);
      const names = new Map([...hh.users].map(([name, u]) => [u.id, name]));
      const idOf = (name: string): string => hh.users.get(name)?.id ?? '';
      const start = await run(
        [
          '@alice /game start game:kingpin seed:12',
          "@bob select Join alice's team",
          '@carol click Join',
          "@dave select Join carol's team",
          '@alice click Start',
        ].join('\n'),
      );
      expect(start).toContain('Kingpin — setup');
      const teams = { cartel: ['alice', 'bob'], hunters: ['carol', 'dave'] };
      const leaks: string[] = [];
      let step = 0;
      for (; step < 600; step++) {
        const session = await sessionOf(hh);
        const s = session.state as KpState;
        if (session.status !== 'playing') break;
        // Once the game is over the debrief may tell all.
        const seen = secretsOf(s);
        for (const m of hh.emu.messages(hh.channel.id)) {
          const t = renderMessageText(m);
          const to = m.ephemeralTo === undefined ? 'public' : (names.get(m.ephemeralTo) ?? '');
          if (to === 'public' || teams.hunters.includes(to))
            for (const n of seen.cartel) if (t.includes(n)) leaks.push(`${n} seen by ${to}`);
          if (to === 'public' || teams.cartel.includes(to))
            for (const n of seen.hunters) if (t.includes(n)) leaks.push(`${n} seen by ${to}`);
        }
        const side = s.phase === 'setup' || s.phase === 'cartel' || s.pending ? 'cartel' : 'hunters';
        const seat = s.seats.find((x) => x.side === side);
        const who = teams[side][step % 2] ?? 'alice';
        const wanted = seat ? kingpin.computerAction(s, seat.id) : null;
        if (!wanted) throw new Error(`no move for ${side}`);
        const panel = kingpin.present(kingpin.view(s, idOf(who)), { viewer: idOf(who) });
        const c = control(panel, wanted);
        if (!c) throw new Error(`no control for ${who}: ${JSON.stringify(wanted)}`);
        const out = await run([`@${who} click My view`, `@${who} ${c.verb} ${c.label}`].join('\n'));
        expect(out, `${who} ${c.label}`).not.toMatch(REFUSED);
      }
      const end = (await sessionOf(hh)).state as KpState;
      expect(end.phase).toBe('over');
      expect(leaks.slice(0, 5)).toEqual([]);
      const pub = hh.emu
        .messages(hh.channel.id)
        .filter((m) => m.ephemeralTo === undefined)
        .map(renderMessageText)
        .join('\n');
      expect(pub).toContain(end.result?.summary ?? '???');
      expect(pub).toContain('Kingpin — debrief');
      expect(pub).not.toContain('Hidden board (Cartel');
      expect(pub).not.toContain('Found area');
    },
  );
});

describe('GIVEN the card lookup in a Kingpin game', () => {
  it('WHEN each side types /kingpin card THEN the Cartel reads its Defenses and a Hunter is told the same as for no card at all', async () => {
    h = await Harness.start({ games: [kingpin] });
    const hh = h;
    const run = scripted(hh);
    await run(
      ['@alice /game start game:kingpin seed:12', '@carol click Join', '@alice click Start'].join('\n'),
    );
    const ac = async (who: string, typed: string) =>
      (
        await hh.emu.autocomplete(hh.users.get(who)?.id ?? '', hh.channel.id, 'kingpin', {
          subcommand: 'card',
          options: { name: typed },
          focused: 'name',
        })
      ).choices ?? [];
    const mine = await ac('alice', 'tunnel');
    expect(mine.map((c) => c.value)).toEqual(['def-bathtub-tunnel']);
    const read = await run('@alice /kingpin card name:def-bathtub-tunnel');
    expect(read).toContain('[only alice sees]');
    expect(read).toContain('When Chapo is Fixed here, he slips away');
    expect(await ac('carol', 'tunnel')).toEqual([]);
    expect((await ac('carol', '')).map((c) => c.value).sort()).toEqual(['sheet-aid', 'sheet-brief']);
    const unseen = await run('@carol /kingpin card name:def-bathtub-tunnel');
    const none = await run('@carol /kingpin card name:def-nothing');
    expect(unseen).toContain('There is no such card');
    expect(unseen.replace('def-bathtub-tunnel', 'X')).toBe(none.replace('def-nothing', 'X'));
  });
});
