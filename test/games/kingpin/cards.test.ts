/** Card text where each side uses it, and the `/kingpin card` lookup that keeps secrets (R34). */
import { describe, expect, it } from 'vitest';
import { cardReferenceFor } from '../../../src/commands/actions.ts';
import { kingpin } from '../../../src/games/kingpin/index.ts';
import { content } from '../../../src/games/kingpin/board.ts';
import { effectRule } from '../../../src/games/kingpin/cards.ts';
import type { KpState } from '../../../src/games/kingpin/index.ts';
import type { Panel } from '../../../src/games/panel.ts';
import type { Session } from '../../../src/storage/session.ts';
import { CARTEL, edit, HUNTERS, placed, toHunters } from './helpers.ts';

const panelOf = (s: KpState, viewer: string): Panel => kingpin.present(kingpin.view(s, viewer), { viewer });
const textOf = (p: Panel): string =>
  [p.description ?? '', ...(p.fields ?? []).map((f) => `${f.name}\n${f.value}`)].join('\n');
const faceUp = (s: KpState, card: string, fixedAt: string | null = null): KpState =>
  edit(s, (x) => {
    const t = x.topo.find((y) => y.card === card);
    if (t) Object.assign(t, { faceUp: true, fixedAt });
  });

describe('R34 card text where it is used', () => {
  it('GIVEN the Cartel’s turn THEN each unplayed Defense says what it does, in My view and in the menu that picks it', () => {
    const s = placed();
    const p = panelOf(s, CARTEL);
    const text = textOf(p);
    const unplayed = content().defenses.filter((d) => s.cards[d.id]?.zone === 'unplayed');
    expect(unplayed.length).toBe(11);
    // Each whole, the list split over fields rather than cut ("Go-Fast Boat … slips away alon…").
    for (const d of unplayed)
      expect(text).toContain(
        `**${d.name}** (${d.defenseType}, ${d.cost === 2 ? '$$' : '$'}): ${effectRule(d)}`,
      );
    expect((p.fields ?? []).filter((f) => f.value.endsWith('…'))).toEqual([]);
    expect((p.fields ?? []).every((f) => f.value.length <= 1024)).toBe(true);
    expect((p.fields ?? []).map((f) => f.name)).toContain('Unplayed Defenses (continued)');
    expect(text.length).toBeLessThan(4000);
    expect(text).toContain('Police here succeed only on a 6.');
    const pick = (p.selects ?? []).find((x) => x.placeholder.startsWith('Pick a Defense'));
    const tunnel = pick?.options.find((o) => o.label.includes('Tunnel Under the Bathtub'));
    expect(tunnel?.description).toContain('When Chapo is Fixed here, he slips away');
  });

  it('GIVEN a found Nexus THEN the Hunters read who and what it links to, in text, in the pawn menu and in the picture', () => {
    const s = faceUp(toHunters(placed()), 'topo-emma');
    const p = panelOf(s, HUNTERS);
    const line =
      'Links: Support protection, transport; Visit Wife and Twins, Days by the Sea, Family Celebration';
    expect(textOf(p)).toContain(line);
    const option = (p.selects ?? []).flatMap((x) => x.options).find((o) => o.label.includes('Emma Coronel'));
    expect(line.startsWith((option?.description ?? '-').replace(/…$/, ''))).toBe(true);
    const svg = kingpin.picture?.(kingpin.view(s, HUNTERS), { viewer: HUNTERS })?.svg ?? '';
    // Drawn whole, over as many lines as it takes (the longest Links line of the box).
    const drawn = [...svg.matchAll(/>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ');
    expect(drawn).toContain(line);
    // The Cartel and the public board never get the Found area's Links.
    expect(JSON.stringify(kingpin.view(s, CARTEL))).not.toContain('Links:');
    expect(JSON.stringify(kingpin.view(s, null))).not.toContain('Links:');
  });

  it('GIVEN a Fixed Defense THEN the public board says what it does', () => {
    const s = edit(placed(), (x) => {
      const c = x.cards['def-halcones'];
      if (c) c.zone = 'fixed';
    });
    const d = content().defense.get('def-halcones');
    expect(textOf(panelOf(s, HUNTERS))).toContain(`Halcones Lookouts (exposure: ${effectRule(d!)})`);
  });
});

function sessionWith(state: KpState | null): Session | null {
  return state === null ? null : ({ gameId: 'kingpin', state } as unknown as Session);
}
const lookup = (state: KpState | null, user: string) => cardReferenceFor(kingpin, sessionWith(state), user);

describe('R34 the /kingpin card lookup shows only what the asker’s side sees', () => {
  it('GIVEN no game in the channel THEN every card of the box can be read', () => {
    const ref = lookup(null, HUNTERS);
    const tunnel = ref?.show('def-bathtub-tunnel')?.text ?? '';
    expect(tunnel).toContain('**Effect:** When Chapo is Fixed here');
    // The rule is said once, in bold, not again at the end of the card's own text.
    expect(tunnel.split('When Chapo is Fixed here')).toHaveLength(2);
    expect(ref?.search('').length).toBe(25);
  });

  it('GIVEN a game THEN a Hunter cannot find or read the Cartel’s cards, and an unseen card reads like no card at all', () => {
    const s = faceUp(toHunters(placed()), 'topo-emma');
    const hunter = lookup(s, HUNTERS);
    const names = (hunter?.search('') ?? []).map((c) => c.value);
    expect(names.sort()).toEqual(['sheet-aid', 'sheet-brief', 'topo-emma']);
    for (const id of ['def-halcones', 'def-bathtub-tunnel', 'need-wife-twins', 'need-mayo', 'topo-cuerno'])
      expect(hunter?.show(id), id).toBeNull();
    expect(hunter?.show('def-no-such-card')).toBeNull();
    expect(hunter?.show('topo-emma')?.text).toContain('Links: Support protection, transport');
    // An onlooker sees only the public board.
    expect((lookup(s, 'someone-else')?.search('') ?? []).map((c) => c.value).sort()).toEqual([
      'sheet-aid',
      'sheet-brief',
    ]);
  });

  it('GIVEN a game THEN the Cartel reads all its Defenses and its Needs in play, not the deck nor the Found area', () => {
    const s = faceUp(toHunters(placed()), 'topo-emma');
    const cartel = lookup(s, CARTEL);
    const ids = new Set((cartel?.search('') ?? []).map((c) => c.value));
    for (const d of content().defenses) expect(ids.has(d.id)).toBe(true);
    expect(ids.has('need-wife-twins')).toBe(true);
    expect(ids.has('need-mayo')).toBe(false);
    expect(ids.has('topo-emma')).toBe(false);
    expect(cartel?.show('def-pine-huts')?.text).toContain('Police here succeed only on a 6.');
  });

  it('GIVEN a Need Fixed by the Hunters THEN both sides and onlookers can read it', () => {
    const fixed = edit(toHunters(placed()), (x) => {
      const c = x.cards['need-beach'];
      if (c) c.zone = 'fixed';
    });
    for (const who of [HUNTERS, CARTEL, 'onlooker'])
      expect(lookup(fixed, who)?.show('need-beach')?.text, who).toContain('2 circles');
  });
});

describe('The reference sheets every player holds (rulebook 1: Reference sheets)', () => {
  it('GIVEN a game at setup THEN the board points to them and anyone reads the brief and the Player Aid in full', () => {
    const s = placed();
    const setupBoard = textOf(
      kingpin.present(
        kingpin.view(
          edit(s, (x) => void (x.phase = 'setup')),
          null,
        ),
        { viewer: null },
      ),
    );
    expect(setupBoard).toContain('Initial Investigation and Hunter Constraints');
    for (const who of [HUNTERS, CARTEL, 'onlooker']) {
      const ref = lookup(s, who);
      expect(ref?.search('investigation').map((c) => c.value)).toEqual(['sheet-brief']);
      expect(ref?.show('sheet-brief')?.text).toContain('Intelligence never goes to a Location.');
      expect(ref?.show('sheet-aid')?.text).toContain('**Cartel turn**');
    }
  });
});
