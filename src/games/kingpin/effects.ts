/**
 * What happens to cards and Chapo when the Hunters succeed: Fix (Hidden to Fixed), Finish
 * (to the Finished box), capture, and the Defenses that get in the way. Whenever a Defense
 * that stays Hidden is used, the public hears only that one was used (rulebook 2.0).
 */
import { WITH_CHAPO } from './content/index.ts';
import { cardName, content, defensesAt, hiddenCardsAt, isHidden, locName, note } from './board.ts';
import { roll } from '../rng.ts';
import { remember, setCard, writable, writableHunt } from './clone.ts';
import type { KpState, Pawn, PendingFix, RecordMarker } from './types.ts';

export const HIDDEN_DEFENSE_USED = 'The Cartel used a Hidden Defense.';

/** A die for the Hunters: scripted results first (tests), then the state's generator. */
export function rollDie(s: KpState, pawn: Pawn, screened: boolean): number {
  const r = s.script.length > 0 ? (writable(s, 'script').shift() ?? 1) : roll(s.rng, 6);
  const dice = writable(s, 'dice');
  dice.push({ by: 'hunters', pawn, roll: r, turn: s.turn, screened });
  if (dice.length > 60) dice.splice(0, dice.length - 40);
  return r;
}

/** Where a card stands for the Defenses that reach it: a With-Chapo card is wherever Chapo is. */
const reach = (s: KpState, at: string | null): string | null => (at === WITH_CHAPO ? s.chapo.at : at);

/** Announces a Defense use: the Cartel sees which; everyone else only that one was used if it is Hidden. */
export function useDefense(s: KpState, id: string, announce: string[], what: string): void {
  const hunt = writableHunt(s);
  hunt.used[id] = (hunt.used[id] ?? 0) + 1;
  remember(s, { use: { turn: s.turn, card: id, what } });
  note(s, 'cartel', `${cardName(id)} was used: ${what}.`);
  if (isHidden(s, id)) {
    announce.push(HIDDEN_DEFENSE_USED);
    note(s, 'public', HIDDEN_DEFENSE_USED);
  } else {
    const line = `The Cartel used ${cardName(id)}: ${what}.`;
    announce.push(line);
    note(s, 'public', line);
  }
}

/** The first Defense of `kind` reaching `at` still unused this Hunter turn (up to `limit` uses). */
export function unusedDefense(
  s: KpState,
  at: string | null,
  test: (d: ReturnType<typeof content>['defenses'][number]) => number,
): string | null {
  if (at === null) return null;
  const where = at === WITH_CHAPO ? s.chapo.at : at;
  if (where === null) return null;
  for (const d of defensesAt(s, where)) {
    const limit = test(d);
    if (limit > 0 && (s.hunt.used[d.id] ?? 0) < limit) return d.id;
  }
  return null;
}

const nullifier = (s: KpState, at: string | null, what: 'fix' | 'finish'): string | null =>
  unusedDefense(s, at, (d) => (d.effect.kind === 'nullify' && d.effect.what === what ? 1 : 0));

/** Moves a Hidden Need or Defense to the Fixed board at its Location, unless a Defense stops it. */
export function fixCard(s: KpState, id: string, announce: string[]): boolean {
  const card = s.cards[id];
  if (card?.zone !== 'hidden') return false;
  const stop = nullifier(s, reach(s, card.at), 'fix');
  if (stop) {
    useDefense(s, stop, announce, 'a Fix failed');
    return false;
  }
  setCard(s, id, { ...card, zone: 'fixed' });
  const line = `${cardName(id)} is Fixed at ${locName(card.at ?? '')}.`;
  announce.push(line);
  note(s, 'public', line);
  return true;
}

/** Fixes Chapo where he is Hidden; a getaway then moves him along the escape route, still Fixed. */
export function fixChapo(s: KpState, announce: string[]): boolean {
  if (s.chapo.fixed || s.chapo.at === null) return false;
  const stop = nullifier(s, s.chapo.at, 'fix');
  if (stop) {
    useDefense(s, stop, announce, 'a Fix failed');
    return false;
  }
  s.chapo.fixed = true;
  const line = `El Chapo is Fixed at ${locName(s.chapo.at)}!`;
  announce.push(line);
  note(s, 'public', line);
  const away = unusedDefense(s, s.chapo.at, (d) => (d.effect.kind === 'getaway' ? 1 : 0));
  if (away) {
    const to = content().location.get(s.chapo.at)?.escape ?? s.chapo.at;
    useDefense(s, away, announce, 'Chapo slipped away');
    s.chapo.at = to;
    remember(s, { trail: { turn: s.turn, at: to, how: 'getaway' } });
    const moved = `El Chapo slips away to ${locName(to)} (still Fixed).`;
    announce.push(moved);
    note(s, 'public', moved);
  }
  return true;
}

/** A Fixed Need or Defense goes to the Finished box (discs stay on it), unless a Defense stops it. */
export function finishCard(s: KpState, id: string, announce: string[]): boolean {
  const card = s.cards[id];
  if (card?.zone !== 'fixed') return false;
  const stop = nullifier(s, reach(s, card.at), 'finish');
  if (stop) {
    useDefense(s, stop, announce, 'a Finish failed');
    return false;
  }
  setCard(s, id, { ...card, zone: 'finished' });
  const line = `${cardName(id)} is Finished.`;
  announce.push(line);
  note(s, 'public', line);
  return true;
}

/** What the Cartel may Fix at a Location when told to Fix "1 card or Chapo" there (R9: cards, then Chapo). */
export function fixOptions(s: KpState, at: string): string[] {
  const options = hiddenCardsAt(s, at);
  if (at !== WITH_CHAPO && s.chapo.at === at && !s.chapo.fixed) options.push('chapo');
  return options;
}

/** Applies the Cartel's choice (or the only option). */
export function fixChosen(s: KpState, option: string, announce: string[]): void {
  if (option === 'chapo') fixChapo(s, announce);
  else fixCard(s, option, announce);
}

/** A Record marker for a resolved pawn (rulebook 3.0, Records): Intelligence ones are the Hunters' own. */
/**
 * `empty`: the pawn acted (its die succeeded, nothing blocked it) and found nothing there, which
 * its audience already knows from the announcements; a failed or blocked attempt is not empty.
 */
export function record(s: KpState, p: { pawn: Pawn; spot: string }, found: boolean, empty = false): void {
  const to: RecordMarker['to'] = p.pawn === 'intel' ? 'hunters' : 'public';
  const records = writable(s, 'records');
  records.push({
    turn: s.turn,
    pawn: p.pawn,
    spot: p.spot,
    found,
    to,
    ...(empty && !found ? { empty } : {}),
  });
  if (records.length > 60) records.splice(0, records.length - 40);
}

/**
 * "Fix 1 card or Chapo at this Location" (R9, R28). With anything Hidden there the Cartel always
 * answers, whether one thing is there or several, so the wait says nothing of how many; the pawn's
 * Record waits for the answer. With nothing there the result is said at once to whoever saw the
 * die (everyone for Police and the Marina, only the Hunters for a screened Intelligence die), as
 * the rulebook makes it theirs anyway. Returns whether the Cartel was asked.
 */
export function fixOneAt(
  s: KpState,
  at: string,
  why: string,
  announce: string[],
  pawn: NonNullable<PendingFix['pawn']>,
): boolean {
  const options = fixOptions(s, at);
  if (options.length === 0) {
    const line = `Nothing is Hidden at ${locName(at)}.`;
    if (pawn.pawn === 'intel') note(s, 'hunters', line);
    else {
      announce.push(line);
      note(s, 'public', line);
    }
    return false;
  }
  const line = `The Cartel must Fix one thing Hidden at ${locName(at)}.`;
  announce.push(line);
  note(s, 'public', line);
  s.pending = { id: s.seq, at, options, why, pawn };
  return true;
}

/** The Cartel's answer to a pending Fix (R28): the thing it gives up. */
export function answerFix(s: KpState, p: PendingFix, option: string, announce: string[]): void {
  s.pending = null;
  note(
    s,
    'cartel',
    `You chose to Fix ${option === 'chapo' ? 'Chapo' : cardName(option)} at ${locName(p.at)}.`,
  );
  fixChosen(s, option, announce);
  if (p.pawn) record(s, p.pawn, true);
}
