/**
 * Kingpin's content, parsed through the schemas and cross-checked once on first use: every
 * link names a real card, every Need and Defense can be found through someone, every Location
 * escapes to a real Location, and every Defense has somewhere to go.
 */
import { z } from 'zod';
import { DEFENSES } from './defenses.ts';
import { LOCATIONS } from './map.ts';
import { NEEDS } from './needs.ts';
import type { Defense, Location, Need, Topography } from './schema.ts';
import { defenseSchema, locationSchema, needSchema, topographySchema, WITH_CHAPO } from './schema.ts';
import { TOPOGRAPHY } from './topography.ts';

export * from './schema.ts';

export interface Content {
  locations: readonly Location[];
  needs: readonly Need[];
  defenses: readonly Defense[];
  topography: readonly Topography[];
  location: ReadonlyMap<string, Location>;
  need: ReadonlyMap<string, Need>;
  defense: ReadonlyMap<string, Defense>;
  topo: ReadonlyMap<string, Topography>;
}

export interface RawContent {
  locations: readonly unknown[];
  needs: readonly unknown[];
  defenses: readonly unknown[];
  topography: readonly unknown[];
}

export type Validation = { ok: true; content: Content } | { ok: false; problems: string[] };

function parseAll<T>(schema: z.ZodType<T>, items: readonly unknown[], what: string, problems: string[]): T[] {
  return items.flatMap((item, i) => {
    const r = schema.safeParse(item);
    if (r.success) return [r.data];
    problems.push(`${what} #${i + 1}: ${z.prettifyError(r.error)}`);
    return [];
  });
}

export function validateContent(raw: RawContent): Validation {
  const problems: string[] = [];
  const locations = parseAll(locationSchema, raw.locations, 'location', problems);
  const needs = parseAll(needSchema, raw.needs, 'need', problems);
  const defenses = parseAll(defenseSchema, raw.defenses, 'defense', problems);
  const topography = parseAll(topographySchema, raw.topography, 'topography', problems);
  const ids = [...locations, ...needs, ...defenses, ...topography].map((c) => c.id);
  for (const id of ids.filter((x, i) => ids.indexOf(x) !== i)) problems.push(`duplicate id ${id}`);
  if (ids.includes(WITH_CHAPO)) problems.push(`${WITH_CHAPO} is reserved for the With-Chapo box`);
  const location = new Map(locations.map((l) => [l.id, l]));
  const need = new Map(needs.map((n) => [n.id, n]));
  const defense = new Map(defenses.map((d) => [d.id, d]));
  const topo = new Map(topography.map((t) => [t.id, t]));
  for (const l of locations)
    if (!location.has(l.escape) || l.escape === l.id) problems.push(`${l.id} escapes to ${l.escape}`);
  for (const t of topography) {
    for (const link of t.links)
      if (!need.has(link) && !defense.has(link)) problems.push(`${t.id} links to unknown ${link}`);
    const nexusLinks = t.kind === 'nexus';
    for (const s of t.linkedSubtypes) {
      const target = topography.filter(
        (o) => o.kind === (nexusLinks ? 'support' : 'nexus') && o.subtype === s,
      );
      if (target.length === 0) problems.push(`${t.id} links to subtype ${s}, which no card has`);
    }
  }
  for (const c of [...needs, ...defenses])
    if (!topography.some((t) => t.links.includes(c.id)))
      problems.push(`${c.id} is linked to no topography card`);
  for (const d of defenses) {
    const somewhere =
      d.places.includes(WITH_CHAPO) ||
      locations.some((l) => l.boxes.includes(d.defenseType) && (d.places as string[]).includes(l.terrain));
    if (!somewhere) problems.push(`${d.id} has no legal Location`);
  }
  for (const n of needs)
    if (!locations.some((l) => n.terrain.includes(l.terrain)))
      problems.push(`${n.id} has no suitable Location`);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, content: { locations, needs, defenses, topography, location, need, defense, topo } };
}

let loaded: Content | undefined;

/** The game's content, validated once; throws a list of every problem found. */
export function loadContent(): Content {
  if (loaded) return loaded;
  const v = validateContent({
    locations: LOCATIONS,
    needs: NEEDS,
    defenses: DEFENSES,
    topography: TOPOGRAPHY,
  });
  if (!v.ok) throw new Error(`Kingpin content is invalid:\n- ${v.problems.join('\n- ')}`);
  loaded = v.content;
  return loaded;
}
