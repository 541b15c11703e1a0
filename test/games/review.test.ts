/**
 * Post-game review (issue #18): a seeded game is replayed from its history, and the review names
 * the moment that decided it — a pass where the computer strategy would have taken a crisis and,
 * played on from there, won.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.ts';
import { replay, reviewGame } from '../../src/games/review.ts';
import { changedGame, passingGame, TWO_PEOPLE } from './review-fixture.ts';

const cd = GAMES.find((g) => g.id === 'collection-deck');
if (!cd) throw new Error('collection-deck is not registered');
const [alice, bob] = TWO_PEOPLE.map((s) => s.id);

describe('GIVEN Collection Deck seed r1, where alice passes at her first three turns', () => {
  const game = passingGame(cd, 'r1', 3);

  it('THEN the history replays to the same final state', () => {
    expect(replay(cd, game).final).toEqual(game.final);
  });

  it('THEN the review names her third pass (move 11) as the moment that decided the game', () => {
    const review = reviewGame(cd, game);
    expect(game.passedAt).toEqual([1, 6, 11]);
    expect(review.decisive).toHaveLength(1);
    expect(review.decisive[0]).toMatchObject({
      seq: 11,
      actor: alice,
      did: 'pass',
      computer: { would: 'select-crisis (crisis: Submarines in the North Atlantic)', decisive: true },
    });
    // The why is concrete: the strategy she passed up, its points and the cards that made it,
    // and the two playouts' results in game terms (who wins, with what score).
    const why = review.decisive[0]?.computer;
    expect(why?.why).toBe(
      'a strategy worth 2 points on Submarines in the North Atlantic was passed up (0 → 2): the hand already held Hyperspectral Imaging, Missile Plume Signature Analysis',
    );
    expect(why?.result).toBe(
      'played on by the computers: with that move, alice wins, reaching 10 points first; with the move made, bob wins, reaching 10 points first',
    );
    // Her second pass cost her nothing: the playouts end alike, and the review says so, with the
    // game's own result beside it since the playouts have another winner (Kingpin ruling R36).
    expect(review.moments.find((m) => m.seq === 6)?.computer).toMatchObject({
      decisive: false,
      result:
        'played on by the computers, either move ends the same way: alice wins, reaching 10 points first (in the game itself: bob wins, reaching 10 points first)',
    });
    // Each of her passes is commented on; the moves that match the computer's are not.
    expect(review.moments.filter((m) => m.computer).map((m) => m.seq)).toEqual([1, 6, 11]);
    expect(review.moments.filter((m) => m.actor === bob && m.computer)).toEqual([]);
    // What she could see then is her own view: her hand's panel.
    expect(review.moments.find((m) => m.seq === 11)?.saw).toMatch(/\w/);
  });
});

describe('GIVEN the same deal played entirely by the computer suggestions', () => {
  it('THEN the review has no alternative to offer and no decisive moment', () => {
    const review = reviewGame(cd, passingGame(cd, 'r1', 0));
    expect(review.moments.length).toBeGreaterThan(10);
    expect(review.moments.filter((m) => m.computer)).toEqual([]);
    expect(review.decisive).toEqual([]);
  });
});

describe('GIVEN a history that does not replay', () => {
  it('THEN the review refuses rather than describing another game', () => {
    const game = passingGame(cd, 'r1', 0);
    const broken = { ...game, history: [{ seq: 1, actor: bob ?? '', action: { type: 'commit' } }] };
    expect(() => reviewGame(cd, broken)).toThrow(/does not replay/);
  });
});

const ic = GAMES.find((g) => g.id === 'item-collection');
if (!ic) throw new Error('item-collection is not registered');
const FOUR = ['alice', 'bob', 'carol', 'dave'].map((name, i) => ({ id: `10000000000000000${i + 1}`, name }));
type Declare = { type: string; claim?: string; card?: string };

describe('GIVEN an Item Collection game (seed s3) where alice bluffs at every declaration', () => {
  const bluff = (a: unknown) => {
    const d = a as Declare;
    return d.type === 'declare' && d.claim === d.card
      ? { ...d, claim: d.card === 'A' ? 'K' : 'A' }
      : undefined;
  };
  const game = changedGame(ic, 's3', FOUR, bluff);

  it('THEN her first bluff (move 6) decided the game, and the why says an honest claim would have kept trust', () => {
    const review = reviewGame(ic, game);
    expect(game.changedAt[0]).toBe(6);
    expect(review.decisive[0]).toMatchObject({
      seq: 6,
      did: 'declare (claim: K; card: A)',
      computer: {
        would: 'declare (claim: A; card: A)',
        why:
          'no claim it believes is within reach, so it plays A♠, its best bid to be the lone card under High; ' +
          'an honest claim here would have kept the table’s trust (claiming K while placing A was a bluff)',
        decisive: true,
      },
    });
    expect(review.decisive[0]?.computer?.result).toBe(
      'played on by the computers: with that move, alice ♠, bob ♥ and dave ♣ win together with five scored cards after 5 rounds; with the move made, carol ♦ and dave ♣ win together with five scored cards after 5 rounds (in the game itself: dave ♣ wins with five scored cards after 5 rounds)',
    );
  });
});

describe('GIVEN an Item Collection game (seed s2) where alice, starting, swaps where the computer keeps', () => {
  const flip = (a: unknown, s: unknown) => {
    const state = s as { seats: { hand: string[] }[]; declarations: { card: string | null }[] };
    const d = a as Declare;
    if (d.type === 'swap') return { type: 'keep' };
    if (d.type !== 'keep') return undefined;
    return { type: 'swap', card: state.seats[0]?.hand.find((c) => c !== state.declarations[0]?.card) };
  };

  it('THEN the review names the swap and what keeping would have revealed: a scoring cooperation', () => {
    const game = changedGame(ic, 's2', FOUR, flip);
    const review = reviewGame(ic, game);
    expect(review.decisive[0]).toMatchObject({
      seq: 30,
      did: 'swap (card: 10)',
      computer: {
        would: 'keep',
        why:
          'nobody lied last round, so it keeps its card and its word; ' +
          'keeping A♠ would have revealed Small straight, your card scoring; as played: High card, your card not scoring',
        decisive: true,
      },
    });
  });
});

const kingpin = GAMES.find((g) => g.id === 'kingpin');
const collection = GAMES.find((g) => g.id === 'collection');
if (!kingpin || !collection) throw new Error('kingpin or collection is not registered');
const skipFulfil = (a: unknown) =>
  (a as { type?: string }).type === 'fulfil' ? { type: 'end-turn' } : undefined;
const skipRoll = (a: unknown) => ((a as { type?: string }).type === 'roll' ? { type: 'end' } : undefined);

describe('GIVEN a Kingpin game (seed k2) where the Cartel (alice) ends turns instead of fulfilling Needs', () => {
  it('THEN the review names move 23, with the circle it would have filled and the capture it would have avoided', () => {
    const review = reviewGame(kingpin, changedGame(kingpin, 'k2', FOUR.slice(0, 2), skipFulfil));
    expect(review.decisive.map((m) => m.seq)).toEqual([23]);
    expect(review.decisive[0]?.computer).toEqual({
      would: 'fulfil (card: need-rivals)',
      why: 'a disc on Answer the Rivals brings the Cartel closer to half the circles; at once, that move leaves 1 Needs circle filled (0 after the move made)',
      result:
        'played on by the computers: with that move, The Cartel (alice) wins: El Chapo is still free after 8 turns and 3 of 4 Needs circles are filled; with the move made, The Hunters (bob) capture El Chapo at Los Mochis on turn 3',
      decisive: true,
    });
  });
});

describe('GIVEN a COLLECTION game (seed c2) where alice ends her turn instead of rolling', () => {
  it('THEN the first decisive moment gives the computer’s reason for the roll, what it changes on the board and that the table would have won', () => {
    const review = reviewGame(collection, changedGame(collection, 'c2', FOUR.slice(0, 3), skipRoll));
    expect(review.decisive.map((m) => m.seq)).toEqual([43, 59, 87]);
    expect(review.decisive[0]?.computer).toMatchObject({
      would: 'roll',
      why: 'a political roll from DO in Scenario A reports 76% of the time; at once, that move leaves crisis levels totalling 9 (10 after the move made)',
      decisive: true,
    });
    expect(review.decisive[0]?.computer?.result).toMatch(
      /^played on by the computers: with that move, Victory: .* with the move made, Defeat: Scenario B \(Island Building in the South China Sea\) reached crisis 10/,
    );
  });
});

describe('GIVEN Collection Deck seed r2, where alice never disrupts bob’s strategies', () => {
  const holdBack = (a: unknown, s: unknown) =>
    (a as { type?: string }).type === 'play' && (s as { turn: { seat: number } }).turn.seat !== 0
      ? { type: 'pass' }
      : undefined;

  it('THEN the review names move 8: the counter in her hand that would have stopped his technique, and won', () => {
    const review = reviewGame(cd, changedGame(cd, 'r2', TWO_PEOPLE, holdBack));
    expect(review.decisive.map((m) => m.seq)).toEqual([8]);
    expect(review.decisive[0]?.computer).toEqual({
      would: 'play (card: Asset Arrested; on: Walk-In Volunteer)',
      why: 'a counter in hand, Asset Arrested, would have stopped Walk-In Volunteer and with it bob’s strategy on Islamic State Cells Regrouping',
      result:
        'played on by the computers: with that move, alice wins, reaching 10 points first; with the move made, bob wins, reaching 11 points first',
      decisive: true,
    });
  });
});

describe('GIVEN Collection Deck seed r1, where alice always targets another crisis than the computer would', () => {
  const other = (a: unknown, s: unknown) => {
    const choice = a as { type?: string; crisis?: string };
    if (choice.type !== 'select-crisis') return undefined;
    const field = (s as { field: { card: string }[] }).field;
    return { type: 'select-crisis', crisis: field.find((f) => f.card !== choice.crisis)?.card };
  };

  it('THEN her first choice is explained: the strategy in hand passed up for one the hand could not complete', () => {
    const review = reviewGame(cd, changedGame(cd, 'r1', TWO_PEOPLE, other));
    expect(review.moments.find((m) => m.seq === 1)?.computer?.why).toBe(
      "a strategy worth 2 points on Advanced Chips Smuggled Past Export Controls was passed up (0 → 2): the hand already held Hyperspectral Imaging, Missile Plume Signature Analysis; An Ailing Dictator's Succession, chosen instead, is worth 3 but the hand could not complete it",
    );
    expect(review.decisive.map((m) => m.seq)).toEqual([13]);
  });
});
