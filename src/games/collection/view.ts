/**
 * What a viewer may see. The public view is the whole board (scenarios, crisis and response
 * ladders, gems, reports, where everyone stands, how many cards each holds); a player's view
 * adds their held blue cards and the blue card they just drew. The deck order, the dice to come
 * and the generator never leave the engine. Controls are computed here, so present() works
 * from the view alone.
 */
import { cardOf, roleOf, scenarioCard } from './content/index.ts';
import { choices, type Choices } from './legal.ts';
import { diceFor, targetFor } from './rules.ts';
import { cloneScenario } from './clone.ts';
import { successChance } from './judgement.ts';
import type { ColAction, ColState, Colour, DiceRoll, Position, RoleId, Scenario, Stage } from './types.ts';

export interface CardFace {
  id: string;
  name: string;
  text: string;
}

export interface SeatView {
  seat: number;
  id: string;
  name: string;
  computer: boolean;
  role: RoleId | null;
  roleName: string | null;
  at: Position | null;
  heldCount: number;
}

export interface ScenarioView extends Omit<Scenario, 'card'> {
  card: { id: string; title: string; brief: string; needs: Record<Colour, number> } | null;
}

/** A roll the acting player could make, with its odds (for labels). */
export interface RollOption {
  action: ColAction;
  colour: Colour;
  dice: number;
  target: number;
  chance: number;
}

export interface ColView {
  seats: SeatView[];
  scenarios: ScenarioView[];
  /** The stage, with the drawn card hidden unless it is the viewer's. */
  stage: Stage | { kind: 'drawn'; seat: number; card: null };
  deckCount: number;
  discardCount: number;
  lastRoll: DiceRoll | null;
  log: string[];
  outcome: ColState['outcome'];
  waitingFor: string[];
  /** The acting seat's public choices (no card plays: those are private). */
  controls: Omit<Choices, 'plays'> & { rollOptions: RollOption[] };
  me: { seat: number; held: CardFace[]; drawn: CardFace | null; plays: ColAction[] } | null;
}

const face = (id: string): CardFace => {
  const c = cardOf(id);
  return { id, name: c.name, text: c.text };
};

function cardView(id: string): ScenarioView['card'] {
  const { title, brief, needs } = scenarioCard(id);
  return { id, title, brief, needs: { ...needs } };
}

function rollOptions(state: ColState, rolls: ColAction[]): RollOption[] {
  const st = state.stage;
  if (st.kind !== 'act') return [];
  const seat = st.seat;
  const me = state.seats[seat];
  const target = targetFor(state, seat);
  return rolls.flatMap((action) => {
    if (action.type !== 'roll' || !me?.role || !target) return [];
    const colour = action.colour ?? roleOf(me.role).colour;
    if (!colour) return [];
    const dice = diceFor(state, seat, colour, st.extraDice).total;
    return [{ action, colour, dice, target: target.target, chance: successChance(dice, target.target) }];
  });
}

export function activePlayers(state: ColState): string[] {
  const st = state.stage;
  if (state.outcome || st.kind === 'over') return [];
  const id = state.seats[st.seat]?.id;
  return id === undefined ? [] : [id];
}

export function viewState(state: ColState, viewer: string | null): ColView {
  const st = state.stage;
  const acting = st.kind === 'over' ? -1 : st.seat;
  const all = acting >= 0 ? choices(state, acting) : choices(state, -1);
  const mine = viewer === null ? -1 : state.seats.findIndex((s) => s.id === viewer);
  const seatMine = state.seats[mine];
  const drawnMine = st.kind === 'drawn' && st.seat === mine;
  return {
    seats: state.seats.map((s, i) => ({
      seat: i,
      id: s.id,
      name: s.name,
      computer: s.computer !== null,
      role: s.role,
      roleName: s.role ? roleOf(s.role).name : null,
      at: s.at,
      heldCount: s.held.length,
    })),
    scenarios: state.scenarios.map((s) => ({
      ...cloneScenario(s),
      card: s.card ? cardView(s.card) : null,
    })),
    stage: st.kind === 'drawn' && !drawnMine ? { kind: 'drawn', seat: st.seat, card: null } : { ...st },
    deckCount: state.deck.length,
    discardCount: state.discard.length,
    lastRoll: state.lastRoll,
    log: state.log.slice(-6),
    outcome: state.outcome,
    waitingFor: activePlayers(state),
    controls: {
      roles: all.roles,
      moves: all.moves,
      engages: all.engages,
      rolls: all.rolls,
      reports: all.reports,
      hold: all.hold,
      end: all.end,
      rollOptions: rollOptions(state, all.rolls),
    },
    me: seatMine
      ? {
          seat: mine,
          held: seatMine.held.map(face),
          drawn: drawnMine ? face(st.card) : null,
          plays: mine === acting ? all.plays : [],
        }
      : null,
  };
}
