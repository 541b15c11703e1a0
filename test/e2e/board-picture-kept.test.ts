/**
 * A board edited in place uploads its picture only when the picture changed: an edit whose
 * picture has the SVG hash of the one already on the message lists that upload by id and sends
 * no file (src/bot/table/board-message.ts, `drawBoard`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { kingpin } from '../../src/games/kingpin/index.ts';
import type { KpState } from '../../src/games/kingpin/index.ts';
import { planGesture } from '../../src/sandbox/autoplay.ts';
import type { EmuMessage } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { scripted } from './scripted.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('GIVEN a Kingpin table', () => {
  it(
    'WHEN a move edits the board and its picture is unchanged THEN the edit uploads nothing',
    { timeout: 120_000 },
    async () => {
      h = await Harness.start({ games: [kingpin] });
      const hh = h;
      const run = scripted(hh);
      await run(
        [
          '@alice /game start game:kingpin seed:12',
          "@bob select Join alice's team",
          '@carol click Join',
          "@dave select Join carol's team",
          '@alice click Start',
        ].join('\n'),
      );
      const pictures = new Map<string, { id: string; data: Buffer }>();
      const edits = { unchanged: 0, reuploaded: 0, changed: 0 };
      hh.emu.events.on('messageCreate', (m: EmuMessage) => {
        const a = m.attachments[0];
        if (!m.ephemeralTo && a) pictures.set(m.id, { id: a.id, data: a.data });
      });
      hh.emu.events.on('messageUpdate', (m: EmuMessage) => {
        const before = pictures.get(m.id);
        const a = m.attachments[0];
        if (m.ephemeralTo || !a || !before) return;
        if (!before.data.equals(a.data)) edits.changed++;
        else if (before.id === a.id) edits.unchanged++;
        else edits.reuploaded++;
        pictures.set(m.id, { id: a.id, data: a.data });
      });
      const teams = { cartel: ['alice', 'bob'], hunters: ['carol', 'dave'] };
      for (let step = 0; step < 60; step++) {
        const loaded = await hh.bot.tables.deps.store.load(hh.channel.id);
        if (loaded.kind !== 'ok' || loaded.session.status !== 'playing') break;
        const s = loaded.session.state as KpState;
        const side = s.phase === 'setup' || s.phase === 'cartel' || s.pending ? 'cartel' : 'hunters';
        const seat = s.seats.find((x) => x.side === side);
        const who = teams[side][step % 2] ?? 'alice';
        const wanted = seat ? kingpin.computerAction(s, seat.id) : null;
        if (!wanted) throw new Error(`no move for ${side}`);
        // The control carrying the move, else (a move made in two steps) the view's first control.
        const panel = kingpin.present(kingpin.view(s, hh.user(who).id), { viewer: hh.user(who).id });
        const g = planGesture(kingpin, s, hh.user(who).id, wanted)?.gesture;
        const first = panel.buttons?.find((b) => b.action);
        const gesture =
          g?.kind === 'click'
            ? `click ${g.label}`
            : g?.kind === 'select' && g.labels.length === 1
              ? `select ${g.labels[0]}`
              : first
                ? `click ${first.label}`
                : `select ${panel.selects?.[0]?.options[0]?.label}`;
        await run(`@${who} click My view\n@${who} ${gesture}`);
      }
      // Moves whose picture stays the same happen (a team's private choice), and upload nothing.
      expect(edits.unchanged).toBeGreaterThan(0);
      expect(edits.reuploaded).toBe(0);
      expect(edits.changed).toBeGreaterThan(0);
    },
  );
});
