/**
 * The second pass of issue #9: for each permission the README asks for (read from README.md, so
 * the list cannot drift), every game of the registry is played end to end — open a lobby, add
 * computers, start, make moves, open the private view, end — and before each step that
 * permission is taken away in the channel. Each step must either work or answer privately
 * naming the missing permission, leaving nothing behind (no lobby record, no thread, no new or
 * edited public message, no change to the game). The permission is then given back and the same
 * step must work, so the game goes on to the end.
 */
import { readFileSync } from 'node:fs';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEED } from '../../src/bot/discord/app-permissions.ts';
import { GAMES } from '../../src/games/index.ts';
import {
  allComponents,
  renderMessageText,
  type EmuChannel,
  type EmuMessage,
  type InteractionHandle,
} from '../../src/sandbox/emulator/index.ts';
import { Harness } from '../../src/sandbox/harness.ts';

/** The README's invite: its permission integer and the bulleted names under it. */
function readmePermissions(): { integer: bigint; names: string[] } {
  const readme = readFileSync('README.md', 'utf8');
  const invite = /permissions `(\d+)`, which\s+are exactly what it uses/.exec(readme);
  const section = readme.slice(invite?.index ?? 0).split(/\n\s*\n/)[0] ?? '';
  const names = [...section.matchAll(/^\s*- \*\*([^*]+)\*\*:/gm)].map((m) => m[1] ?? '');
  return { integer: BigInt(invite?.[1] ?? 0), names };
}

/** Discord's permission flag for a name as the README spells it ("View Channels" → ViewChannel). */
function flagOf(name: string): bigint {
  const key = name.replace(/\s+/g, '').toLowerCase();
  const found = Object.entries(PermissionFlagsBits).find(
    ([k]) => k.toLowerCase() === key || `${k.toLowerCase()}s` === key,
  );
  if (!found) throw new Error(`README names a permission Discord does not have: ${name}`);
  return found[1];
}

/** The name the bot uses when it says the permission is missing. */
const botNameOf = (bit: bigint): string =>
  Object.values(NEED).find((n) => n.bit === bit)?.name ?? `(the bot never names bit ${bit})`;

const README = readmePermissions();
const PERMISSIONS = README.names.map((name) => ({ name, bit: flagOf(name) }));
const IN_THREAD = new Set<bigint>([
  PermissionFlagsBits.SendMessagesInThreads,
  PermissionFlagsBits.CreatePublicThreads,
]);

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(async () => {
  await h.stop();
});

describe('GIVEN the README’s permission list', () => {
  it('THEN it names exactly the bits of its invite integer, which is exactly what the bot’s role has', () => {
    expect(PERMISSIONS.length).toBeGreaterThan(0);
    expect(PERMISSIONS.reduce((all, p) => all | p.bit, 0n)).toBe(README.integer);
    // The bot's own role grants exactly those (it also gets @everyone's, as on Discord).
    expect(h.emu.botRole(h.guild.id).permissions).toBe(README.integer);
  });
});

interface Control {
  type: number;
  custom_id?: string;
  label?: string;
  disabled?: boolean;
  options?: { value: string }[];
}

/** One table's flow, in a channel of its own. */
class Flow {
  readonly alice = h.user('alice');
  home!: string;
  private refused: { status: number; body: unknown }[] = [];
  /** What each step did without the permission: `worked` or `refused`. */
  readonly outcomes: string[] = [];
  private readonly listener: (e: { path: string; status: number; body: { code?: number } }) => void;

  constructor(
    readonly channel: EmuChannel,
    readonly permission: { name: string; bit: bigint },
  ) {
    this.listener = (e) => {
      if (e.path.includes(channel.id) || (this.home && e.path.includes(this.home)))
        if (e.body.code === 50013 || e.body.code === 50001) this.refused.push(e);
    };
    h.emu.events.on('restError', this.listener);
    this.home = channel.id;
  }

  done(): void {
    h.emu.events.off('restError', this.listener);
  }

  private threads(): string[] {
    return h.bot.client.channels.cache
      .filter((c) => c.isThread() && c.parentId === this.channel.id)
      .map((c) => c.id);
  }

  /** Every public message of the channel and its threads, with its last edit. */
  private publicState(): string {
    return [this.channel.id, ...this.threads()]
      .flatMap((c) => h.emu.messages(c))
      .filter((m) => !m.ephemeralTo)
      .map((m) => `${m.id}:${m.editedAt ?? 0}:${m.deleted ? 'x' : ''}`)
      .join(',');
  }

  private async record(): Promise<string> {
    const s = await h.bot.tables.load(this.home);
    return s ? `${s.id}:${s.version}:${s.status}` : 'none';
  }

  /** Newest first: what alice sees where the game is. */
  private visible(): EmuMessage[] {
    return [...h.emu.visibleMessages(this.alice.id, this.home)].reverse();
  }

  control(test: (c: Control) => boolean): { message: EmuMessage; c: Control } | undefined {
    return this.controls(test)[0];
  }

  /** Newest message first, every enabled control passing `test`. */
  controls(test: (c: Control) => boolean): { message: EmuMessage; c: Control }[] {
    const found: { message: EmuMessage; c: Control }[] = [];
    for (const m of this.visible())
      for (const c of allComponents(m.components) as Iterable<Control>)
        if (c.disabled !== true && test(c)) found.push({ message: m, c });
    return found;
  }

  async press(label: string): Promise<InteractionHandle | undefined> {
    const found = this.control((c) => c.type === 2 && c.label === label);
    return found ? h.emu.click(this.alice.id, found.message.id, String(found.c.custom_id)) : undefined;
  }

  async choose(prefix: string): Promise<InteractionHandle | undefined> {
    const found = this.control((c) => c.type === 3 && String(c.custom_id).startsWith(prefix));
    const value = found?.c.options?.[0]?.value;
    return found && value !== undefined
      ? h.emu.select(this.alice.id, found.message.id, String(found.c.custom_id), [value])
      : undefined;
  }

  /** A game control (custom_id `a|…`) on the board or in a private view: its first choice. */
  /**
   * A move: the game controls (custom_id `a|…`) alice sees, on the board or in her private view,
   * tried in turn (a rule may refuse one) until one is played — or refused for a permission.
   */
  async move(): Promise<InteractionHandle | undefined> {
    const isMove = (c: { type: number; custom_id?: string }) =>
      String(c.custom_id).startsWith('a|') && (c.type === 2 || c.type === 3);
    // The player's choices may be only in their private view.
    if (!this.control(isMove)) {
      await this.press('My view');
      await h.settle();
    }
    const version = await this.record();
    let last: InteractionHandle | undefined;
    for (const { message, c } of this.controls(isMove).slice(0, 12)) {
      const id = String(c.custom_id);
      const values = c.type === 2 ? [undefined] : (c.options ?? []).slice(0, 4).map((o) => o.value);
      for (const value of values) {
        if (h.emu.message(message.id)?.deleted) break;
        last =
          value === undefined
            ? await h.emu.click(this.alice.id, message.id, id).catch(() => undefined)
            : await h.emu.select(this.alice.id, message.id, id, [value]).catch(() => undefined);
        await h.settle();
        if (!last) continue;
        if (
          (await this.record()) !== version ||
          answerOf(last).includes(`**${botNameOf(this.permission.bit)}**`)
        )
          return last;
      }
    }
    return last;
  }

  /**
   * Runs a step without the permission (it works, or names it and changes nothing), then with
   * it given back when it was refused (it works). `act` finds its control afresh each time.
   */
  async step(what: string, act: () => Promise<InteractionHandle | undefined>): Promise<void> {
    const { permission } = this;
    h.setBotPermissions({ deny: permission.bit }, this.channel.id);
    const before = {
      public: this.publicState(),
      record: await this.record(),
      threads: this.threads().length,
    };
    const handle = await act();
    await h.settle();
    expect(handle, `${what}: its control is there`).toBeDefined();
    const text = answerOf(handle);
    const named = text.includes(`**${botNameOf(permission.bit)}**`);
    this.outcomes.push(`${what}: ${named ? 'refused' : 'worked'}`);
    expect(text, `${what} without ${permission.name}`).not.toMatch(/went wrong|reference|Discord refused/i);
    expect(this.refused, `${what}: Discord refused a request without ${permission.name}`).toEqual([]);
    if (named) {
      expect(handle?.message?.ephemeralTo, `${what}: the refusal is private`).toBe(this.alice.id);
      expect(this.publicState(), `${what}: no public message posted or edited`).toBe(before.public);
      expect(await this.record(), `${what}: the game did not change`).toBe(before.record);
      expect(this.threads().length, `${what}: no thread left behind`).toBe(before.threads);
    }
    h.setBotPermissions({}, this.channel.id);
    if (!named) return;
    const again = await act();
    await h.settle();
    const retried = answerOf(again);
    expect(retried, `${what} with ${permission.name} given back`).not.toMatch(
      /went wrong|reference|missing \*\*/i,
    );
  }
}

/** The first answer and any follow-ups, as text. */
function answerOf(handle: InteractionHandle | undefined): string {
  if (!handle) return '';
  return [handle.message, ...handle.followUps].map((m) => (m ? renderMessageText(m) : '')).join('\n');
}

describe.each(PERMISSIONS)('GIVEN the bot loses $name before each step', (permission) => {
  it.each(GAMES.map((g) => ({ id: g.id, game: g })))(
    `WHEN $id is played end to end THEN every step works or names ${permission.name} privately, and nothing is left behind`,
    async ({ game }) => {
      const channel = h.emu.createChannel(h.guild.id, { name: `${game.id}-${permission.bit}` });
      await h.settle();
      const flow = new Flow(channel, permission);
      const thread = IN_THREAD.has(permission.bit);
      await flow.step('/game start', () =>
        h.emu.slash(flow.alice.id, channel.id, 'game', {
          subcommand: 'start',
          options: { game: game.id, seed: 'perm', ...(thread ? { thread: true } : {}) },
        }),
      );
      if (thread) {
        const opened = h.bot.client.channels.cache.find((c) => c.isThread() && c.parentId === channel.id);
        expect(opened, 'the game thread').toBeDefined();
        flow.home = opened!.id;
      }
      expect((await h.bot.tables.load(flow.home))?.status).toBe('lobby');
      for (let seat = 1; seat < game.minPlayers; seat++)
        await flow.step('adding a computer', () => flow.choose('l|'));
      await flow.step('Start', () => flow.press('Start'));
      expect((await h.bot.tables.load(flow.home))?.status).toBe('playing');
      const started = await h.bot.tables.load(flow.home);
      for (let n = 0; n < 2; n++) await flow.step('a move', () => flow.move());
      const moved = await h.bot.tables.load(flow.home);
      expect(moved?.version, 'the moves were played').toBeGreaterThan(started?.version ?? 0);
      await flow.step('My view', () => flow.press('My view'));
      await flow.step('/game end', () =>
        h.emu.slash(flow.alice.id, flow.home, 'game', { subcommand: 'end' }),
      );
      await flow.step('End the game', () => flow.press('End the game'));
      expect((await h.bot.tables.load(flow.home))?.status ?? 'ended').toBe('ended');
      flow.done();
      // Private answers are interaction responses: they need no channel permission (README).
      expect(flow.outcomes).toContain('My view: worked');
      // Opening a lobby (in the channel, or in a thread for the thread permissions) needs each one.
      expect(flow.outcomes[0]).toBe('/game start: refused');
    },
    60_000,
  );
});
