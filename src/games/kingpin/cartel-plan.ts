/**
 * How a careful Cartel reads the table before moving Chapo (issue #30): which Locations the
 * Hunters can reach, and the best use of this turn's Chapo actions. It reads only what the
 * Cartel may see: its own board, the public Fixed board and Leads on Fixed topography, and the
 * Records the Cartel may read.
 */
import { WITH_CHAPO } from './content/index.ts';
import { content, discsPlaced, inPlay, needed } from './board.ts';
import { DISC_ON_FIXED, MAX_ACTIONS, MAX_CHAPO_ACTIONS } from './cartel.ts';
import { TURNS } from './flow.ts';
import type { KpState } from './types.ts';

/**
 * Where Chapo was seen this Cartel turn: a disc placed on a Fixed Need is announced, and only
 * Chapo at its Location can place it (R4). Public: both sides read it.
 */
export function chapoSighting(s: KpState): { need: string; at: string } | null {
  for (const line of s.log) {
    if (line.to !== 'public' || line.turn !== s.turn || !line.text.startsWith(DISC_ON_FIXED)) continue;
    const need = content().needs.find((n) => line.text.startsWith(`${DISC_ON_FIXED}${n.name} (Fixed)`));
    const at = need ? s.cards[need.id]?.at : null;
    if (need && at) return { need: need.id, at };
  }
  return null;
}

/**
 * What the Cartel loses by Fixing an option: Chapo most of all; a Need by the discs it holds
 * and the circles still open on it; a Defense by its cost, more when it guards Chapo.
 */
export function fixCost(s: KpState, option: string): number {
  if (option === 'chapo') return 100;
  const need = content().need.get(option);
  const card = s.cards[option];
  if (need && card) return 10 + 3 * card.discs + (need.circles - card.discs);
  const def = content().defense.get(option);
  if (!def || !card) return 0;
  return def.cost + (guardsChapo(s, card.at) ? 5 : 0);
}

/**
 * Whether the Hunters can see a Need of his at a Location: a Fixed Need is where their Police go
 * first, and Finishing it Fixes Chapo if he stands there (rulebook 3.0), whatever else is Hidden.
 */
export const fixedNeedAt = (s: KpState, at: string): boolean =>
  content().needs.some((n) => s.cards[n.id]?.zone === 'fixed' && s.cards[n.id]?.at === at);

/** Hidden cards at a Location: each is something to give up before Chapo when a Fix is forced there. */
const cover = (s: KpState, at: string): number =>
  Object.values(s.cards).filter((c) => c.zone === 'hidden' && c.at === at).length;

/** How much the Cartel dislikes leaving Chapo at a Location (0 = no Fixed Need of his there). */
export function danger(s: KpState, at: string): number {
  return fixedNeedAt(s, at) ? 12 - 2 * Math.min(cover(s, at), 2) : 0;
}

/** Open circles on Needs still Hidden, by Location (a Fixed Need is where the Police go). */
export function hiddenOpenAt(s: KpState): Map<string, number> {
  const out = new Map<string, number>();
  for (const n of content().needs) {
    const c = s.cards[n.id];
    if (c?.zone !== 'hidden' || c.at === null || c.discs >= n.circles) continue;
    out.set(c.at, (out.get(c.at) ?? 0) + n.circles - c.discs);
  }
  return out;
}

/** Discs still missing for the win (0 once at least half the circles are filled). */
export const missing = (s: KpState): number => Math.max(0, needed(s) - discsPlaced(s));

/** A plan for this turn's Chapo actions: an optional Fulfil (`first` or after the move) and where he ends. */
export interface ChapoPlan {
  fulfil: string | null;
  /** Fulfil before moving (at his Location) or after (at `end`). */
  fulfilFirst: boolean;
  end: string;
  score: number;
}

function openNeedAt(s: KpState, at: string): string | null {
  let best: string | null = null;
  let bestOpen = 0;
  for (const n of content().needs) {
    const c = s.cards[n.id];
    if (!c || !inPlay(s, n.id) || c.at !== at) continue;
    // A Hidden Need before a Fixed one: a disc on a Fixed Need is announced (it shows where he is).
    const open = (n.circles - c.discs) * (c.zone === 'hidden' ? 2 : 1);
    if (open > bestOpen) [best, bestOpen] = [n.id, open];
  }
  return best;
}

/**
 * The best use of the Chapo actions left this turn. A disc is worth much while the Cartel lacks
 * discs and little once it has half the circles; where he ends counts against a plan by its
 * danger (a disc on a Fixed Need announces him there); ending beside an open Hidden Need readies
 * next turn's disc.
 */
export function bestChapoPlan(s: KpState, careful = true): ChapoPlan | null {
  const here = s.chapo.at;
  if (here === null || s.chapo.fixed) return null;
  const left = Math.min(MAX_CHAPO_ACTIONS - s.cartel.chapoActions, MAX_ACTIONS - s.cartel.actions);
  const lacking = missing(s);
  const turnsLeft = TURNS - s.turn;
  const discValue = lacking > 0 ? (lacking >= turnsLeft ? 30 : 14) : 1;
  const nextTurn = hiddenOpenAt(s);
  const seenAt = chapoSighting(s)?.at ?? null;
  const endScore = (at: string, fulfilled: string | null, fulfilAt: string | null): number => {
    let d = danger(s, at);
    // A disc on a Fixed Need is announced: the Hunters know he stood there this turn.
    const seen = seenAt === at || (fulfilled && fulfilAt === at && s.cards[fulfilled]?.zone === 'fixed');
    if (careful && seen) d += 10;
    const ready = lacking > 0 && turnsLeft > 0 && nextTurn.has(at) ? 3 : 0;
    return ready - (careful ? d : Math.min(d, 12));
  };
  const plans: ChapoPlan[] = [
    { fulfil: null, fulfilFirst: false, end: here, score: endScore(here, null, null) },
  ];
  const canFulfil = !s.cartel.fulfilled;
  const nowNeed = canFulfil && left >= 1 ? openNeedAt(s, here) : null;
  if (nowNeed)
    plans.push({
      fulfil: nowNeed,
      fulfilFirst: true,
      end: here,
      score: discValue + endScore(here, nowNeed, here),
    });
  for (const l of content().locations) {
    if (l.id === here || left < 1) continue;
    plans.push({ fulfil: null, fulfilFirst: false, end: l.id, score: endScore(l.id, null, null) - 0.5 });
    if (nowNeed && left >= 2)
      plans.push({
        fulfil: nowNeed,
        fulfilFirst: true,
        end: l.id,
        score: discValue + endScore(l.id, nowNeed, here) - 0.5,
      });
    const there = canFulfil && left >= 2 ? openNeedAt(s, l.id) : null;
    if (there)
      plans.push({
        fulfil: there,
        fulfilFirst: false,
        end: l.id,
        score: discValue + endScore(l.id, there, l.id) - 0.5,
      });
  }
  return plans.reduce((best, p) => (p.score > best.score ? p : best));
}

/** A Defense standing where it reaches Chapo (at his Location or in the With-Chapo box). */
export const guardsChapo = (s: KpState, at: string | null): boolean =>
  at === WITH_CHAPO || (at !== null && at === s.chapo.at);

/**
 * Whether a new Need is worth drawing. Every drawn Need's circles join the count the Cartel
 * must fill half of, and only one disc goes on per turn: drawing whenever an action was spare
 * put the target out of reach (the draws of issue #30). So a Need is drawn only while discs are
 * missing, too few open circles are left to fill them (careful: on Hidden Needs, with one to
 * spare; else on any Need), and the turns left can still fill the raised target.
 */
export function shouldDraw(s: KpState, careful: boolean): boolean {
  const lacking = missing(s);
  if (lacking === 0 || s.cartel.drawn !== null) return false;
  const discsLeft = TURNS - s.turn + (s.cartel.fulfilled ? 0 : 1);
  let hidden = 0;
  for (const open of hiddenOpenAt(s).values()) hidden += open;
  let any = 0;
  for (const n of content().needs)
    if (inPlay(s, n.id)) any += Math.max(0, n.circles - (s.cards[n.id]?.discs ?? 0));
  const short = careful ? hidden < lacking + 1 : any < lacking || hidden === 0;
  return short && discsLeft >= lacking + 1;
}
