/**
 * The leak audit: plays seeded games between computer teams and, after every action, checks
 * that nothing a team may not see reaches the other team's view, the public view, the public
 * panel, the public picture or the public announcements. Shared by the tests and the benchmark.
 */
import { WITH_CHAPO } from './content/index.ts';
import { cardName, content, locName } from './board.ts';
import type { KingpinEngine } from './engine.ts';
import { playout } from './playout.ts';
import type { KpState } from './types.ts';

export interface AuditFigures {
  games: number;
  actions: number;
  viewsChecked: number;
  picturesChecked: number;
  hiddenDefenseAnnouncements: number;
  screenedDice: number;
  leaks: string[];
  results: Record<string, number>;
}

const STRATEGIES = ['methodical', 'reckless'] as const;

function secrets(s: KpState): {
  hiddenIds: string[];
  hiddenNames: string[];
  foundIds: string[];
  foundNames: string[];
} {
  const hidden = Object.entries(s.cards)
    .filter(([, c]) => c.zone === 'hidden' || c.zone === 'unplayed' || c.zone === 'deck')
    .map(([id]) => id);
  const found = s.topo.filter((t) => t.fixedAt === null).map((t) => t.card);
  return {
    hiddenIds: hidden,
    hiddenNames: hidden.map(cardName),
    foundIds: found,
    foundNames: found.map((id) => content().topo.get(id)?.name ?? id),
  };
}

const ID = /\b(?:need|def|topo)-[a-z0-9-]+/g;
const idsIn = (text: string): Set<string> => new Set(text.match(ID) ?? []);

let namePattern: RegExp | undefined;
/** Every card name in a text, found in one pass (the audit reads several texts per action). */
function namesIn(text: string): Set<string> {
  const c = content();
  namePattern ??= new RegExp(
    [...c.needs, ...c.defenses, ...c.topography]
      .map((x) => x.name)
      .sort((a, b) => b.length - a.length)
      .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/"/g, '(?:"|\\\\"|&quot;)'))
      .join('|'),
    'g',
  );
  return new Set([...text.matchAll(namePattern)].map((m) => m[0].replace(/\\"|&quot;/g, '"')));
}

export function auditGames(engine: KingpinEngine, games: number, pictureEvery = 20): AuditFigures {
  const f: AuditFigures = {
    games,
    actions: 0,
    viewsChecked: 0,
    picturesChecked: 0,
    hiddenDefenseAnnouncements: 0,
    screenedDice: 0,
    leaks: [],
    results: {},
  };
  for (let g = 0; g < games; g++) {
    const cartel = STRATEGIES[g % 2] ?? 'methodical';
    const hunters = STRATEGIES[Math.floor(g / 2) % 2] ?? 'methodical';
    let step = 0;
    const r = playout(engine, {
      seed: `audit-${g}`,
      cartel,
      hunters,
      onStep: (s, action, announce) => {
        step++;
        const leak = (what: string): void => {
          if (f.leaks.length < 20) f.leaks.push(`game ${g} step ${step} (${action.type}): ${what}`);
        };
        // R35: the end reveals everything; the audit covers the game until then.
        if (s.result !== null) return;
        const sec = secrets(s);
        const pubView = engine.view(s, null);
        const hunView = engine.view(s, 'cpu:2');
        const carView = engine.view(s, 'cpu:1');
        f.viewsChecked += 3;
        const pub = JSON.stringify(pubView);
        const hun = JSON.stringify(hunView);
        const car = JSON.stringify(carView);
        const sample = step % pictureEvery === 0;
        const panel = sample ? JSON.stringify(engine.present(pubView, { viewer: null })) : '';
        const said = announce.join('\n');
        const picture =
          step % pictureEvery === 0 ? engine.picture?.(pubView, { viewer: null })?.svg : undefined;
        if (picture !== undefined) f.picturesChecked++;
        const publicIds = idsIn(pub);
        const hunterIds = idsIn(hun);
        const cartelIds = idsIn(car);
        const publicNames = namesIn([pub, panel, said, picture ?? ''].join('\n'));
        const cartelNames = namesIn(car);
        for (const id of sec.hiddenIds)
          if (publicIds.has(id) || hunterIds.has(id)) leak(`Hidden card id ${id} in a Hunter or public view`);
        for (const name of sec.hiddenNames) if (publicNames.has(name)) leak(`Hidden card ${name} in public`);
        for (const id of sec.foundIds)
          if (publicIds.has(id) || cartelIds.has(id))
            leak(`Found-area card id ${id} outside the Hunters' view`);
        for (const name of sec.foundNames)
          if (cartelNames.has(name) || publicNames.has(name))
            leak(`Found-area card ${name} outside the Hunters' view`);
        if (!s.chapo.fixed && s.chapo.at !== null) {
          if (pubView.chapo.at !== null || hunView.chapo.at !== null)
            leak('Hidden Chapo located in a Hunter or public view');
          const where = locName(s.chapo.at);
          if (announce.some((l) => /(?<!With-)Chapo/.test(l) && l.includes(where)))
            leak(`Hidden Chapo's Location ${where} announced`);
          if (picture?.includes('>C</text>')) leak('Hidden Chapo drawn on the public map');
        }
        if (s.chapo.at === WITH_CHAPO) leak('Chapo in the With-Chapo box');
        for (const v of [pubView, carView])
          if (v.dice.some((d) => d.pawn === 'intel')) leak('a screened die outside the Hunters');
        const seenBy = {
          cartel: new Set(carView.log),
          hunters: new Set(hunView.log),
          public: new Set(pubView.log),
        };
        const publicLines = new Set(s.log.filter((l) => l.to === 'public').map((l) => l.text));
        for (const line of s.log) {
          if (line.to === 'public' || publicLines.has(line.text)) continue;
          const other = line.to === 'cartel' ? seenBy.hunters : seenBy.cartel;
          if (other.has(line.text) || seenBy.public.has(line.text))
            leak(`${line.to} log line seen by others: ${line.text}`);
        }
        f.hiddenDefenseAnnouncements += announce.filter(
          (l) => l === 'The Cartel used a Hidden Defense.',
        ).length;
      },
    });
    f.actions += r.steps;
    f.screenedDice += r.state.dice.filter((d) => d.screened).length;
    const kind = `${cartel}/${hunters}:${r.state.result?.kind ?? 'none'}`;
    f.results[kind] = (f.results[kind] ?? 0) + 1;
  }
  return f;
}
