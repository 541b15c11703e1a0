/**
 * What players wrote reads as written in every game (issue #23 part 4). Each game is played to
 * its end by computer strategies at a table of hostile names (Markdown, masked links, a role
 * badge, @everyone), and every narration, justification and promise is hostile text too. Every
 * Markdown text the game produces — boards and private views (title, text, fields, footer),
 * announcements, waits, timers, the outcome, the debrief, the glance, the comparison, the story
 * and the review — is read as Discord draws it: each piece of hostile text must read literally,
 * and nothing it holds may form a heading, quote, list, code, bold, spoiler, link or mention.
 * Labels of buttons and menus are plain text and are not checked.
 */
import { describe, expect, it } from 'vitest';
import type { AnyAction, AnyEngine, Seat } from '../../src/games/contract.ts';
import type { Panel } from '../../src/games/panel.ts';
import { SYSTEM_ACTOR } from '../../src/games/contract.ts';
import { GAMES } from '../../src/games/index.ts';
import { reviewGame } from '../../src/games/review.ts';
import { readMarkdown } from '../../src/sandbox/emulator/index.ts';

/** Each marker `Zq<n>` and the text around it as it must read (Discord names are at most 32 characters). */
const NAMES = ['**Zq1**||Zq2||', '<@&1>[Zq3](http://x.y)', '> # Zq4 `Zq5`', '@everyone __Zq6__~~Zq7~~'];
const TEXT =
  '>>> Zq8 the cell\n# Zq9 heading\n[Zq10](http://x.y) **Zq11** <@&1> ```Zq12``` -# Zq13\n- Zq14 item';
const AROUND: Record<string, string> = {
  Zq1: '**Zq1**',
  Zq2: '||Zq2||',
  Zq3: '[Zq3](http://x.y)',
  Zq4: '# Zq4',
  Zq5: '`Zq5`',
  Zq6: '__Zq6__',
  Zq7: '~~Zq7~~',
  Zq8: '>>> Zq8',
  Zq9: '# Zq9',
  Zq10: '[Zq10](http://x.y)',
  Zq11: '**Zq11**',
  Zq12: '```Zq12```',
  Zq13: '-# Zq13',
  Zq14: '- Zq14',
};

/** What is wrong with one Markdown text: markers that lost their surroundings, or formatting they formed. */
/** Markers met in any text, to show the hostile text did reach what was checked. */
const SEEN = new Set<string>();

function problems(where: string, markdown: string): string[] {
  const read = readMarkdown(markdown);
  for (const m of markdown.match(/Zq\d+/g) ?? []) SEEN.add(m);
  const found: string[] = [];
  for (const hit of read.text.matchAll(/Zq\d+/g)) {
    const around = AROUND[hit[0]] ?? hit[0];
    const from = hit.index - around.indexOf(hit[0]);
    const seen = read.text.slice(from, from + around.length);
    // A text cut short (…) may end inside the hostile text.
    const cut = seen.indexOf('…');
    const fits = cut >= 0 ? around.startsWith(seen.slice(0, cut)) : seen === around;
    if (!fits) found.push(`${where}: ${hit[0]} does not read as ${around}: ${markdown}`);
  }
  for (const f of read.formats) {
    if (f.kind === 'mention' && /^(<@&1>|@everyone)$/.test(f.text))
      found.push(`${where}: ${f.text} formed a mention: ${markdown}`);
    if (
      f.kind !== 'mention' &&
      /Zq\d+/.test(f.text) &&
      !Object.values(AROUND).some((a) => f.text.includes(a))
    )
      found.push(`${where}: ${f.kind} formed from player text (${f.text}): ${markdown}`);
  }
  return found;
}

function panelProblems(where: string, panel: Panel): string[] {
  return [
    ...problems(`${where} title`, panel.title),
    ...problems(`${where} text`, panel.description ?? ''),
    ...(panel.fields ?? []).flatMap((f, i) => [
      ...problems(`${where} field ${i} name`, f.name),
      ...problems(`${where} field ${i} value`, f.value),
    ]),
    ...problems(`${where} footer`, panel.footer ?? ''),
  ];
}

/** Seats with hostile names; for team games the first seat is a team. */
function seatsFor(engine: AnyEngine): Seat[] {
  const count = Math.min(Math.max(engine.minPlayers, 4), engine.maxPlayers);
  return Array.from({ length: count }, (_, i) => ({
    id: `80000000000000000${i}`,
    name: NAMES[i % NAMES.length] ?? `P${i}`,
    ...(engine.teams && i === 0 ? { members: [`80000000000000000${i}`, '900000000000000001'] } : {}),
  }));
}

/** A move a person could make with their own words: the computer's, with hostile text instead. */
function withHostileText(action: AnyAction): AnyAction {
  const a = action;
  return typeof a.text === 'string' || a.type === 'tell' || a.type === 'justify'
    ? { ...a, text: TEXT }
    : action;
}

const OPTIONS: Record<string, Record<string, unknown>> = {
  'collection-deck': { hardcore: true, rounds: 2 },
  storytelling: { rounds: 4 },
  'item-collection': { rounds: 2 },
};

function play(engine: AnyEngine) {
  const seats = seatsFor(engine);
  const options = engine.optionsSchema.parse(OPTIONS[engine.id] ?? {});
  const seed = 'literal';
  const setup = engine.setup({ players: seats, options, seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  const found: string[] = [];
  const history: { seq: number; actor: string; action: AnyAction }[] = [];
  const check = (s: unknown) => {
    found.push(...panelProblems('board', engine.present(engine.view(s, null), { viewer: null })));
    for (const seat of seats)
      found.push(
        ...panelProblems(
          `view of ${seat.name}`,
          engine.present(engine.view(s, seat.id), { viewer: seat.id }),
        ),
      );
    for (const w of engine.waits(s)) found.push(...problems('wait', w.for));
    const t = engine.timer(s);
    if (t) found.push(...problems('timer', t.label));
    if (engine.glance) found.push(...problems('glance', engine.glance(s)));
  };
  const step = (actor: string, action: AnyAction): boolean => {
    const result = engine.apply(state, actor, action);
    if (!result.ok) return false;
    for (const line of result.value.announce)
      found.push(...problems(`announce ${JSON.stringify(action)}`, line));
    history.push({ seq: history.length + 1, actor, action });
    state = result.value.state;
    return true;
  };
  for (let n = 0; n < 3000 && !engine.outcome(state); n++) {
    check(state);
    // Item Collection: every seat promises (R20) whenever it may, in hostile words.
    if (engine.id === 'item-collection') for (const s of seats) step(s.id, { type: 'promise', text: TEXT });
    const actor = engine.activePlayers(state).find((p: string) => engine.computerAction(state, p) !== null);
    const action = actor ? engine.computerAction(state, actor) : engine.timer(state)?.action;
    if (!action) throw new Error(`${engine.id}: nobody can move`);
    if (!step(actor ?? SYSTEM_ACTOR, withHostileText(action)) && !step(actor ?? SYSTEM_ACTOR, action))
      throw new Error(`${engine.id}: ${JSON.stringify(action)} refused`);
  }
  check(state);
  const outcome = engine.outcome(state);
  expect(outcome, `${engine.id} did not end`).not.toBeNull();
  found.push(...problems('outcome', outcome?.summary ?? ''));
  found.push(...problems('debrief', engine.debrief(state)?.markdown ?? ''));
  if (engine.story) found.push(...problems('story', engine.story(state)));
  for (const f of engine.sessionFigures?.(state) ?? []) found.push(...problems('session figure', f.value));
  const review = reviewGame(engine, { seats, options, seed, history });
  for (const m of review.moments)
    found.push(
      ...problems('review did', m.did),
      ...problems('review saw', m.saw),
      ...problems('review would', m.computer?.would ?? ''),
      ...problems('review why', m.computer?.why ?? ''),
      ...problems('review result', m.computer?.result ?? ''),
    );
  return { found, history };
}

describe('GIVEN a table of hostile names and hostile words', () => {
  it.each(GAMES.map((g) => [g.id, g] as const))(
    'WHEN %s is played to its end THEN every text it shows reads literally',
    (_id, engine) => {
      SEEN.clear();
      const { found, history } = play(engine);
      expect(history.length).toBeGreaterThan(0);
      expect(SEEN).toContain('Zq1');
      // Games where players write: their words reached the texts checked.
      if (['item-collection', 'collection-deck', 'storytelling'].includes(engine.id))
        expect(SEEN).toContain('Zq8');
      expect([...new Set(found)].slice(0, 15)).toEqual([]);
    },
  );
});
