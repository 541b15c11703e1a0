/**
 * Fuzzed interactions against a running table: tampered custom_ids (on buttons, selects and
 * modals the fuzzer posts), real controls pressed by the wrong users, and slash commands with
 * wrong options — every one of them something that must change nothing. Counted: crashes (an
 * apology, no answer within 3 s, an error logged) and changes to the stored game.
 */
import { ButtonStyle, type TextChannel } from 'discord.js';
import type { InteractionHandle } from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';
import { tally } from '../../test/fixtures/tally.ts';
import { failures, tried, type Figure } from './figures.ts';
import {
  answerText,
  APOLOGY,
  countingLogger,
  customIdOf,
  explain,
  openTables,
  withControl,
} from './world.ts';
import { historyLength } from '../../src/storage/history.ts';

/** mulberry32: a small seeded generator, so a failing run can be replayed with the same seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Discord counts characters, not UTF-16 units: an emoji is never cut in half. */
const clip100 = (text: string): string => [...text].slice(0, 100).join('');

const CHARS = 'ab01|:-_./%\u00e9\u{1F600} zZ9';

export async function fuzz(opts: { interactions: number; seed: number; batch: number }): Promise<Figure[]> {
  const log = countingLogger();
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(err);
  process.on('unhandledRejection', onUnhandled);
  const h = await Harness.start({ games: [tally], logger: log.logger });
  const random = rng(opts.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const text = (max: number) => Array.from({ length: int(0, max) }, () => pick([...CHARS])).join('') || 'x';
  try {
    const [channelId = ''] = await openTables(h, 1);
    const alice = h.user('alice').id;
    const bob = h.user('bob').id;
    const outsiders = ['carol', 'dave', 'erin'].map((n) => h.user(n).id);
    const session = await h.bot.tables.load(channelId);
    if (!session) throw new Error('no table');
    const sid = session.id;
    const board = withControl(h, channelId, 'Add 1');
    if (!board) throw new Error('no board');
    const real = ['Add 1', 'Add 2', 'My view'].map((l) => customIdOf(board, l));
    const snapshot = async () => {
      const s = await h.bot.tables.load(channelId);
      const settings = await h.bot.tables.deps.records.settings.get(h.guild.id);
      return JSON.stringify([s?.state, s?.seats, s?.status, s ? historyLength(s.history) : null, settings]);
    };

    /** A custom_id that is not a valid control for anyone who may press it (at most 100 characters). */
    const tampered = (): string => clip100(tamper());
    const tamper = (): string => {
      const base = pick(real).split('|');
      switch (int(0, 6)) {
        case 0:
          return text(100);
        case 1: // one field of a real id replaced
          base[int(1, base.length - 1)] = text(12);
          return base.join('|');
        case 2: // a field dropped or added
          return (random() < 0.5 ? base.slice(0, -1) : [...base, text(4)]).join('|');
        case 3:
          return `${pick(['l', 'e', 's', 'v', 'x', ''])}|${pick([sid, 'zzzzzzzz', text(8)])}|${pick(['join', 'start', 'confirm', 'close', 'cpu', text(5)])}`;
        case 4: // another game's session id
          return ['a', 'zz' + text(4).replace(/[^a-z0-9]/g, 'q'), base[2], base[3], base[4], base[5]].join(
            '|',
          );
        case 5: // index or version out of range
          return [
            'a',
            sid,
            String(int(-5, 10_000)),
            pick(['p', 'm', 'q']),
            String(int(0, 150)),
            base[5],
          ].join('|');
        default:
          return `${real[0]}${text(3)}`;
      }
    };

    const channel = (await h.bot.client.channels.fetch(channelId)) as TextChannel;
    /** Posts forged controls as a message in the table's channel (as a hand-made client could send them). */
    const forge = async () => {
      const ids = new Set<string>();
      while (ids.size < 20) ids.add(tampered() || 'x');
      const list = [...ids];
      const rows = [0, 1, 2, 3].map((r) => ({
        type: 1,
        components: list.slice(r * 5, r * 5 + 5).map((custom_id) => ({
          type: 2,
          style: ButtonStyle.Secondary,
          label: 'x',
          custom_id,
        })),
      }));
      let selectId = tampered();
      while (ids.has(selectId) || !selectId) selectId = `${tampered()}s`;
      rows.push({
        type: 1,
        components: [
          {
            type: 3,
            custom_id: selectId,
            options: ['0', '1', '7', '99', 'z'].map((v) => ({ label: v, value: v })),
          } as never,
        ],
      });
      const message = await channel.send({ content: 'forged controls', components: rows });
      return { id: message.id, buttons: list, select: selectId };
    };

    let forged = await forge();
    let used = 0;
    const slashWrong = (): Promise<InteractionHandle> => {
      const outsider = pick(outsiders);
      const choices: (() => Promise<InteractionHandle>)[] = [
        () =>
          h.emu.slash(pick([bob, outsider]), channelId, 'tally', {
            subcommand: 'add',
            options: { n: int(1, 2) },
          }),
        () => h.emu.slash(outsider, channelId, 'tally', { subcommand: 'note', options: { text: text(200) } }),
        () => h.emu.slash(alice, channelId, 'game', { subcommand: 'extend', options: { time: text(10) } }),
        () => h.emu.slash(alice, channelId, 'game', { subcommand: 'hand', options: { player: outsider } }),
        () => h.emu.slash(alice, channelId, 'game', { subcommand: 'remove', options: { player: outsider } }),
        () => h.emu.slash(alice, channelId, 'game', { subcommand: 'skip', options: { player: outsider } }),
        () =>
          h.emu.slash(pick([alice, outsider]), channelId, 'game', {
            subcommand: 'start',
            options: { game: 'tally' },
          }),
        () =>
          h.emu.slash(pick([alice, bob, outsider]), channelId, 'game', { subcommand: 'export', options: {} }),
        () => h.emu.slash(alice, channelId, 'game', { subcommand: 'endround', options: {} }),
        () =>
          h.emu.slash(pick([bob, outsider]), channelId, 'game', {
            subcommand: pick(['pause', 'resume', 'end']),
            options: {},
          }),
        () =>
          h.emu.slash(h.admin.id, channelId, 'tradecraft', {
            subcommand: 'settings',
            options:
              random() < 0.5 ? { missed: pick([0, 11, -3, 999]) } : { retention: pick([0, 366, -1, 10_000]) },
          }),
        () => h.emu.slash(outsider, channelId, 'game', { subcommand: 'status', options: {} }),
        () =>
          h.emu.autocomplete(pick([alice, bob, outsider]), channelId, 'tally', {
            subcommand: 'note',
            options: { text: text(30) },
            focused: 'text',
          }),
      ];
      return pick(choices)();
    };

    const one = async (): Promise<InteractionHandle> => {
      const r = random();
      if (r < 0.4) {
        if (used >= 20) {
          forged = await forge();
          used = 0;
        }
        // The bot disarms a message whose controls it no longer honours: then forge another.
        if (!h.emu.message(forged.id)?.components.length) forged = await forge();
        used += 1;
        // Not the host: a forged `e|<sid>|confirm` is the host's own end-the-game confirmation.
        const who = pick([bob, ...outsiders]);
        if (random() < 0.8) return h.emu.click(who, forged.id, pick(forged.buttons));
        return h.emu.select(who, forged.id, forged.select, [pick(['0', '1', '7', '99', 'z'])]);
      }
      if (r < 0.5) return h.emu.submitModal(pick(outsiders), channelId, tampered(), { text: text(300) });
      if (r < 0.7) {
        // A real control of the board, pressed by someone whose turn it is not.
        const current = withControl(h, channelId, 'Add 1') ?? board;
        const label = pick(['Add 1', 'Add 2', 'My view']);
        const who = label === 'My view' ? pick(outsiders) : pick([bob, ...outsiders]);
        return h.emu.click(who, current.id, customIdOf(current, label));
      }
      return slashWrong();
    };

    const before = await snapshot();
    let sent = 0;
    let crashes = 0;
    const apologies: string[] = [];
    let changes = 0;
    let last = before;
    while (sent < opts.interactions) {
      const n = Math.min(opts.batch, opts.interactions - sent);
      const results = await Promise.allSettled(Array.from({ length: n }, () => one()));
      await h.settle();
      for (const r of results) {
        if (r.status === 'rejected') {
          const code = (r.reason as { code?: string }).code;
          // A control the bot had just disarmed cannot be pressed in a real client either: not sent.
          if (code === 'unknown-component' || code === 'component-disabled') continue;
          // Any other refusal by the emulator is the fuzzer's mistake, not the bot's.
          if (code !== 'no-response') throw r.reason;
          crashes += 1;
        } else if (answerText(r.value).includes(APOLOGY)) {
          crashes += 1;
          apologies.push(`${r.value.customId ?? 'slash'}: ${answerText(r.value)}`);
        }
        sent += 1;
      }
      const now = await snapshot();
      if (now !== last) changes += n;
      last = now;
    }
    explain('fuzz', [...apologies, ...log.lines, ...unhandled.map(String)]);
    return [
      tried('fuzz', 'fuzzed_interactions', sent),
      failures('fuzz', 'fuzz_crashes', crashes + log.errors() + unhandled.length),
      failures('fuzz', 'fuzz_state_changes', changes),
    ];
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await h.stop();
  }
}
