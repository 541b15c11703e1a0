/**
 * The Senior Analyst's look ahead at a threatened completed scenario (issue #30). Hand rules
 * cannot weigh what a turn ending inside it costs (the red cards that raise the crisis where
 * their drawer stands) against the roll it allows next turn, so the candidate actions that touch
 * it are tried: each is applied, then the table plays on with the Senior Analyst's own rules
 * until this seat's next turn is over, on the same sampled futures for every candidate.
 *
 * The futures come only from what the seat can see: the deck and the other seats' blue cards are
 * shuffled and dealt again from a generator seeded by the turn, never the game's own generator,
 * whose next dice and cards are hidden from the players.
 */
import { applyAction } from './apply.ts';
import { cloneState } from './clone.ts';
import { cardOf } from './content/index.ts';
import { type Decision } from './decision.ts';
import { defencePost, threatened } from './defence.ts';
import { moveTo, place } from './idle.ts';
import { choices } from './legal.ts';
import { moveTargets, scenarioOf, seatRole } from './rules.ts';
import { seedRng, shuffle } from '../rng.ts';
import { CRISIS_DEFEAT, type ColAction, type ColState, type Letter } from './types.ts';

/** Futures tried per candidate: enough to tell a turn that ends inside at nine from one outside. */
export const SAMPLES = 12;
/** From this crisis a threatened completed scenario is worth looking ahead for. */
export const LOOK_FROM = 6;
/** A candidate replaces the rules' own move only if its futures cost this much less in all. */
const MARGIN = 0.6;
/** Decisions a rollout may take before it stops (a round is about four per seat). */
const MAX_STEPS = 80;

export type Policy = (state: ColState, seat: number) => Decision | null;

const isBlue = (id: string): boolean => cardOf(id).label === 'blue';

/** A future the seat cannot tell from the real one: unseen cards shuffled, a fresh generator. */
export function sampleFuture(state: ColState, seat: number, sample: number): ColState {
  const s = cloneState(state);
  const rng = seedRng(`collection-lookahead:${state.turn}:${state.step}:${sample}`);
  const unseen = [...s.deck, ...s.seats.flatMap((x, i) => (i === seat ? [] : x.held))];
  const blues = shuffle(
    rng,
    unseen.filter((id) => isBlue(id)),
  );
  const dealt = new Set<string>();
  s.seats.forEach((x, i) => {
    if (i === seat) return;
    x.held = blues.splice(0, x.held.length);
    for (const id of x.held) dealt.add(id);
  });
  s.deck = shuffle(
    rng,
    unseen.filter((id) => !dealt.has(id)),
  );
  s.rng = rng;
  s.dice = [];
  return s;
}

/** Plays `state` on with `policy` until turn `until` starts, the game ends or the budget runs out. */
function playOn(state: ColState, policy: Policy, until: number): ColState {
  let s = state;
  for (let i = 0; i < MAX_STEPS && !s.outcome && s.turn < until; i++) {
    const st = s.stage;
    if (st.kind !== 'act' && st.kind !== 'report' && st.kind !== 'drawn') break;
    const d = policy(s, st.seat);
    const r = d ? applyAction(s, s.seats[st.seat]?.id ?? '', d.action) : null;
    if (!r?.ok) break;
    s = r.value.state;
  }
  return s;
}

/**
 * A lost future costs one; one still going costs more the closer the completed scenario's crisis
 * stands to ten (at nine a third of a loss: one red card of several ends the game).
 */
function cost(s: ColState, letter: Letter): number {
  if (s.outcome) return s.outcome.victory ? 0 : 1;
  const crisis = s.scenarios.find((x) => x.letter === letter)?.crisis ?? 0;
  return 0.5 * Math.pow(Math.max(0, crisis - 4) / (CRISIS_DEFEAT - 4), 2);
}

/**
 * The other actions that touch threatened completed scenario `letter`: from inside it, walk out
 * (to each other scenario), roll, engage, or walk to its best post; from outside, walk in (a seat
 * that can lower it, by a roll or a held card).
 */
export function defenceCandidates(state: ColState, seat: number, letter: Letter): Decision[] {
  const me = state.seats[seat];
  const st = state.stage;
  if (!me?.role || st.kind !== 'act') return [];
  const d = scenarioOf(state, letter);
  const c = choices(state, seat);
  const out: Decision[] = [];
  if (me.at?.scenario !== letter) {
    // Walking in only draws red cards onto it for a seat that can neither roll nor play it down.
    const lowers = me.held.some((id) => cardOf(id).effects.some((e) => e.type === 'crisis' && e.delta < 0));
    if (!seatRole(me).canLower && !lowers) return out;
    const into = moveTargets(state, seat).find((p) => p.scenario === letter);
    if (into)
      out.push(
        moveTo(into, `completed Scenario ${letter} is at crisis ${d.crisis}: walk in to ${place(into)}`),
      );
    return out;
  }
  for (const p of moveTargets(state, seat))
    if (p.scenario !== letter)
      out.push(
        moveTo(
          p,
          `walk out of completed Scenario ${letter} so the turn does not end there at crisis ${d.crisis}`,
        ),
      );
  for (const a of [...c.rolls, ...c.engages])
    out.push({
      action: a,
      why: `${a.type === 'roll' ? 'roll' : 'engage'} in completed Scenario ${letter} to lower crisis ${d.crisis}`,
    });
  const post = seatRole(me).canLower ? defencePost(state, seat, d) : null;
  if (post && post.collector !== me.at.collector)
    out.push(
      moveTo(
        { scenario: letter, collector: post.collector },
        `from ${post.collector} in completed Scenario ${letter} a gem and a roll lower crisis ${d.crisis} ${Math.round(post.p * 100)}% of the time`,
      ),
    );
  return out;
}

/** The scenario to look ahead for, when this seat's move could matter to it. */
export function lookFor(state: ColState): Letter | null {
  const d = threatened(state);
  return d && d.crisis >= LOOK_FROM ? d.letter : null;
}

export interface Weighed {
  decision: Decision;
  /** Futures out of SAMPLES in which the table lost. */
  lost: number;
  /** The scenario's crisis when the look ahead stops, averaged over the futures. */
  crisis: number;
  cost: number;
}

/** Each candidate's lost futures and cost, the same futures for all. */
export function weigh(
  state: ColState,
  seat: number,
  candidates: Decision[],
  policy: Policy,
  letter: Letter,
): Weighed[] {
  const actor = state.seats[seat]?.id ?? '';
  const until = state.turn + state.seats.length + 1;
  const futures = Array.from({ length: SAMPLES }, (_, i) => sampleFuture(state, seat, i));
  return candidates.map((decision) => {
    let lost = 0;
    let total = 0;
    let crisis = 0;
    for (const f of futures) {
      const r = applyAction(f, actor, decision.action);
      if (!r.ok) return { decision, lost: SAMPLES, crisis: CRISIS_DEFEAT, cost: Infinity };
      const end = playOn(r.value.state, policy, until);
      if (end.outcome && !end.outcome.victory) lost++;
      total += cost(end, letter);
      crisis += end.scenarios.find((x) => x.letter === letter)?.crisis ?? 0;
    }
    return { decision, lost, crisis: crisis / SAMPLES, cost: total };
  });
}

const describe = (a: ColAction): string =>
  a.type === 'move'
    ? `a move to ${place(a)}`
    : a.type === 'play'
      ? `playing ${cardOf(a.card).name}`
      : `${a.type === 'end' ? 'ending the turn' : `${a.type === 'roll' ? 'a roll' : 'a gem'} here`}`;

const same = (a: ColAction, b: ColAction): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rules' own decision, or the candidate whose futures lose clearly fewer games. `describe`
 * names a candidate's action for the reason given in the review.
 */
export function lookAhead(
  state: ColState,
  seat: number,
  own: Decision,
  others: Decision[],
  policy: Policy,
  letter: Letter,
): Decision {
  const candidates = [
    own,
    ...others.filter(
      (d, i) => !same(d.action, own.action) && others.findIndex((o) => same(o.action, d.action)) === i,
    ),
  ];
  if (candidates.length < 2) return own;
  const weighed = weigh(state, seat, candidates, policy, letter);
  const base = weighed[0] as Weighed;
  const best = weighed.reduce((b, x) => (x.cost < b.cost ? x : b), base);
  if (best === base || base.cost - best.cost < MARGIN) return own;
  return {
    action: best.decision.action,
    why: `${best.decision.why}; played a round ahead ${SAMPLES} times, Scenario ${letter} ends it at crisis ${best.crisis.toFixed(1)} on average and the table loses ${best.lost} of them, against ${base.crisis.toFixed(1)} and ${base.lost} after ${describe(own.action)}`,
  };
}
