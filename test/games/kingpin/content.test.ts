import { describe, expect, it } from 'vitest';
import { DEFENSES } from '../../../src/games/kingpin/content/defenses.ts';
import { effectRule } from '../../../src/games/kingpin/cards.ts';
import { loadContent, validateContent, WITH_CHAPO } from '../../../src/games/kingpin/content/index.ts';
import { LOCATIONS } from '../../../src/games/kingpin/content/map.ts';
import { NEEDS } from '../../../src/games/kingpin/content/needs.ts';
import { TOPOGRAPHY } from '../../../src/games/kingpin/content/topography.ts';

describe('Kingpin content', () => {
  const c = loadContent();

  it('GIVEN the content THEN it has 10 Locations, 12 Needs, 12 Defenses (4 per type) and 15 topography cards', () => {
    expect(c.locations).toHaveLength(10);
    expect(c.needs).toHaveLength(12);
    expect(c.needs.filter((n) => n.needType === 'personal')).toHaveLength(6);
    expect(c.defenses).toHaveLength(12);
    for (const t of ['exposure', 'detection', 'mobility'] as const)
      expect(c.defenses.filter((d) => d.defenseType === t)).toHaveLength(4);
    expect(c.topography.filter((t) => t.kind === 'nexus')).toHaveLength(6);
    expect(c.topography.filter((t) => t.kind === 'support')).toHaveLength(9);
  });

  it('GIVEN every link THEN it names a real Need or Defense, and every Need and Defense is linked to someone', () => {
    for (const t of c.topography)
      for (const l of t.links) expect(c.need.has(l) || c.defense.has(l), `${t.id} → ${l}`).toBe(true);
    for (const card of [...c.needs, ...c.defenses])
      expect(
        c.topography.some((t) => t.links.includes(card.id)),
        card.id,
      ).toBe(true);
  });

  it('GIVEN a Nexus THEN each Support subtype it leads to exists, and each Support serves an existing Nexus subtype', () => {
    for (const t of c.topography)
      for (const s of t.linkedSubtypes)
        expect(
          c.topography.some((o) => o.kind !== t.kind && o.subtype === s),
          `${t.id} → ${s}`,
        ).toBe(true);
  });

  it('GIVEN the real places of the manhunt THEN the map holds them with escape routes to other Locations', () => {
    const names = c.locations.map((l) => l.name).join(' ');
    for (const place of [
      'Culiacán',
      'Mazatlán',
      'La Tuna',
      'Badiraguato',
      'Los Cabos',
      'Canelas',
      'Tamazula',
      'Guadalajara',
      'Los Mochis',
    ])
      expect(names).toContain(place);
    for (const l of c.locations) expect(c.location.has(l.escape) && l.escape !== l.id).toBe(true);
  });

  it('GIVEN the rulebook examples THEN 300 Armed Guards needs 2 Police for a capture and is linked to El Cuerno', () => {
    expect(c.defense.get('def-armed-guards')?.effect).toEqual({ kind: 'capture-needs', police: 2 });
    expect(c.topo.get('topo-cuerno')?.links).toContain('def-armed-guards');
    expect(c.topo.get('topo-emma')?.links).toContain('need-wife-twins');
  });

  it('GIVEN every Defense THEN it has a legal place, some in the With-Chapo box', () => {
    expect(c.defenses.some((d) => d.places.includes(WITH_CHAPO))).toBe(true);
  });

  it('GIVEN a broken link or an unknown effect THEN validation lists the problems', () => {
    const bad = validateContent({
      locations: LOCATIONS,
      needs: NEEDS,
      defenses: [...DEFENSES.slice(1), { ...DEFENSES[0], effect: { kind: 'teleport' } }],
      topography: [...TOPOGRAPHY, { ...TOPOGRAPHY[0], id: 'topo-ghost', links: ['need-nowhere'] }],
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems.join('\n')).toMatch(/defense #12/);
      expect(bad.problems.join('\n')).toMatch(/topo-ghost links to unknown need-nowhere/);
    }
  });
});

describe('Kingpin Defense cards in words', () => {
  it('GIVEN every Defense THEN its printed text ends with the rule sentence every view shows (the reveal, My view, /kingpin card), so no view words a card differently from the card', () => {
    for (const d of loadContent().defenses) expect(d.text.endsWith(` ${effectRule(d)}`), d.name).toBe(true);
    const suv = loadContent().defense.get('def-suv-convoy');
    expect(suv && effectRule(suv)).toBe('The Cartel gets 1 free Chapo move each turn.');
  });
});
