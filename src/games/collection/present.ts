/**
 * The board as text (beside the picture, for screen readers) and the acting player's controls:
 * Move (a select of legal spaces), Engage and Roll (buttons with the dice and the odds), the
 * report choice, Hold for a drawn blue card, End turn. My view adds the held blue cards.
 */
import type { PresentContext } from '../contract.ts';
import type { Panel, PanelButton, PanelField, PanelSelect } from '../panel.ts';
import { aColour, COLOUR_NAME, GEM } from './board.ts';
import { affinity } from './rules.ts';
import { collectorInfo, roleOf } from './content/index.ts';
import type { Role } from './content/schema.ts';
import { COLLECTORS, COLOURS, CRISIS_DEFEAT, type ColAction, type Colour } from './types.ts';
import type { ColView, ScenarioView, SeatView } from './view.ts';
import { clip, literal } from '../text.ts';

const act = (a: ColAction): { type: string } => a;
const face = (d: number): string => (d === 10 ? '0' : String(d));
const pct = (p: number): string => `${Math.round(p * 100)}%`;
/** The two colours a collector takes gems in and reports (ruling R4), as gems: "🔴🟢". */
const takes = (c: (typeof COLLECTORS)[number]): string =>
  affinity(c)
    .map((x) => GEM[x])
    .join('');
/** The same in words, for the Move menu: "takes military and economic". */
const takesWords = (c: (typeof COLLECTORS)[number]): string =>
  `takes ${affinity(c)
    .map((x) => COLOUR_NAME[x])
    .join(' and ')}`;

function reportsLine(s: ScenarioView): string {
  if (!s.card) return '';
  const card = s.card;
  return COLOURS.map((c) => `${GEM[c]} ${s.reports[c]}/${card.needs[c]}`).join('  ');
}

function scenarioField(view: ColView, s: ScenarioView): PanelField {
  if (!s.card)
    return { name: `Scenario ${s.letter}: not open`, value: 'Opens with its first Crisis Expansion card.' };
  // A completed scenario stays on the board and can still be lost (ruling R12): say which.
  const lost = s.crisis >= CRISIS_DEFEAT;
  const state = lost
    ? `lost at crisis ${s.crisis}${s.completed ? ' after completion' : ''}`
    : s.completed
      ? `complete, crisis ${s.crisis}/${CRISIS_DEFEAT}`
      : `crisis ${s.crisis}/${CRISIS_DEFEAT}`;
  const status = lost
    ? `💥 **${state}**`
    : s.completed
      ? `✅ ${state}`
      : `crisis **${s.crisis}**/${CRISIS_DEFEAT}`;
  const spaces = COLLECTORS.map((c) => {
    const sp = s.spaces[c];
    const gems = COLOURS.filter((x) => sp.gems[x] > 0)
      .map((x) => `${GEM[x]}${sp.gems[x]}`)
      .join('');
    const who = view.seats
      .filter((x) => x.at?.scenario === s.letter && x.at.collector === c)
      .map((x) => literal(x.name));
    const coin = sp.coin === null ? '—' : `🪙${sp.coin}`;
    return `**${c}** (${takes(c)}) ${coin}${gems ? ` ${gems}` : ''}${who.length ? ` ← ${who.join(', ')}` : ''}`;
  });
  return {
    name: clip(`Scenario ${s.letter}: ${s.card.title} · ${state}`, 256),
    value: clip(`${status} · reports ${reportsLine(s)}\n${spaces.join(' · ')}`, 1024),
  };
}

/** All a role's card says: what it engages, what it rolls for, what it gives those beside it. */
export const roleText = (r: Role): string =>
  `${r.engagement} ${r.reporting}\n**Together:** ${r.collaboration}`;

/** While roles are chosen: every role still open, in full, so the chooser can compare them. */
function openRoleFields(view: ColView): PanelField[] {
  if (view.stage.kind !== 'roles') return [];
  return view.controls.roles.flatMap((a) => {
    if (a.type !== 'role') return [];
    const r = roleOf(a.role);
    return [{ name: `Open role: ${r.name}`, value: clip(roleText(r), 1024) }];
  });
}

function seatLine(s: SeatView): string {
  const where = s.at ? `${s.at.collector} in ${s.at.scenario}` : 'not on the board yet';
  return `${literal(s.name)}${s.computer ? ' (computer)' : ''}: ${s.roleName ?? 'choosing a role'} · ${where} · ${s.heldCount} held`;
}

function rollLine(view: ColView): string | null {
  const r = view.lastRoll;
  if (!r) return null;
  const who = literal(view.seats[r.seat]?.name ?? '?');
  const counted = r.dice.filter((d) => d !== 10 && d < r.target).map(face);
  return `Last roll: ${who}, ${COLOUR_NAME[r.colour]} from ${r.collector} in ${r.scenario}, target below ${r.target}: [${r.dice.map(face).join(', ')}] → ${r.success ? `${counted.join(', ')} counted: report` : 'no report'}`;
}

/** Why a roll is not offered where the player stands: no die can come up below the response level. */
function hopeless(view: ColView): string {
  const none = view.controls.rollOptions.filter((o) => o.chance === 0);
  if (none.length === 0) return '';
  const colours = none.map((o) => COLOUR_NAME[o.colour]).join(' or ');
  const target = none[0]?.target ?? 1;
  return `\nNo Roll for ${colours} here: a die reports only below the response level (${target}), so no die can and a roll would waste the action (ruling R5). Move elsewhere, or wait for a card or a collocated analyst to raise it.`;
}

function stageText(view: ColView): string {
  const st = view.stage;
  if (view.outcome) return `**Game over.** ${view.outcome.summary}`;
  if (st.kind === 'over') return '';
  const who = literal(view.seats[st.seat]?.name ?? '?');
  switch (st.kind) {
    case 'roles':
      return `**Choosing roles.** ${who} chooses an analytic role.`;
    case 'act':
      return `**${who}'s turn** (${view.seats[st.seat]?.roleName ?? ''}): ${st.actionsLeft} action${st.actionsLeft === 1 ? '' : 's'} left among Move, Engage and Roll for reporting${st.extraDice ? `; +${st.extraDice} dice on rolls` : ''}.${hopeless(view)}`;
    case 'report':
      return `**${who} got ${aColour(st.colour)} report** in Scenario ${st.scenario}: fill the reports circle or lower the crisis by one.`;
    case 'drawn':
      return `**${who} drew a blue card**: play it now (My view) or hold it.`;
  }
}

function controls(view: ColView): { buttons: PanelButton[]; selects: PanelSelect[] } {
  const c = view.controls;
  const buttons: PanelButton[] = [];
  const selects: PanelSelect[] = [];
  if (c.roles.length > 0)
    selects.push({
      placeholder: 'Choose your role',
      options: c.roles.map((a) => {
        const r = a.type === 'role' ? roleOf(a.role) : null;
        return { label: r?.name ?? '?', description: clip(r?.reporting ?? '', 100), action: act(a) };
      }),
    });
  if (c.moves.length > 0)
    selects.push({
      placeholder: 'Move to… (one action)',
      options: c.moves.slice(0, 25).map((a) => ({
        label: a.type === 'move' ? `${a.collector} in Scenario ${a.scenario}` : '?',
        description:
          a.type === 'move'
            ? clip(`${takesWords(a.collector)} · ${collectorInfo(a.collector).name}`, 100)
            : '',
        action: act(a),
      })),
    });
  for (const a of c.engages) {
    const colour: Colour | undefined = a.type === 'engage' ? a.colour : undefined;
    buttons.push({
      label: colour ? `Engage ${COLOUR_NAME[colour]}` : 'Engage',
      action: act(a),
      style: 'primary',
    });
  }
  // A roll no die can win only wastes an action: offer none (stageText says why).
  for (const r of c.rollOptions.filter((o) => o.chance > 0))
    buttons.push({
      label: clip(
        `Roll ${COLOUR_NAME[r.colour]}: ${r.dice} ${r.dice === 1 ? 'die' : 'dice'} below ${r.target} (${pct(r.chance)})`,
        80,
      ),
      action: act(r.action),
      style: 'success',
    });
  for (const a of c.reports)
    if (a.type === 'report')
      buttons.push({
        label: a.use === 'fill' ? 'Fill the reports circle' : 'Lower the crisis by one',
        action: act(a),
        style: a.use === 'fill' ? 'success' : 'primary',
      });
  if (c.hold) buttons.push({ label: 'Hold the blue card', action: { type: 'hold' }, style: 'secondary' });
  if (c.end) buttons.push({ label: 'End turn', action: { type: 'end' }, style: 'danger' });
  return { buttons: buttons.slice(0, 5), selects };
}

function boardFields(view: ColView): PanelField[] {
  const fields = [...openRoleFields(view), ...view.scenarios.map((s) => scenarioField(view, s))];
  fields.push({ name: 'Analysts', value: clip(view.seats.map(seatLine).join('\n'), 1024) });
  const roll = rollLine(view);
  if (roll) fields.push({ name: 'Dice', value: clip(roll, 1024) });
  return fields;
}

export function present(view: ColView, ctx: PresentContext): Panel {
  const over = view.outcome !== null;
  const base: Panel = {
    title: over ? 'COLLECTION: game over' : 'COLLECTION: the board',
    description: clip(stageText(view), 4096),
    fields: boardFields(view),
    footer: `Deck ${view.deckCount} · discards ${view.discardCount} · (🔵🔴) after a collector: the two colours it takes gems in and reports · a die below the response level reports; 0 counts as 10 · defeat at crisis 10.`,
    tone: over ? (view.outcome?.victory ? 'success' : 'danger') : 'info',
    mention: view.waitingFor,
  };
  if (over) return base;
  const { buttons, selects } = controls(view);
  if (ctx.viewer === null || view.me === null) return { ...base, buttons, selects };
  const me = view.me;
  const fields = [...(base.fields ?? [])];
  const role = view.seats[me.seat]?.role;
  if (role)
    fields.push({ name: `Your role: ${roleOf(role).name}`, value: clip(roleText(roleOf(role)), 1024) });
  fields.push({
    name: 'Your blue cards (private)',
    value: clip(
      me.held.length ? me.held.map((c) => `**${c.name}**: ${c.text}`).join('\n') : 'None held.',
      1024,
    ),
  });
  if (me.drawn)
    fields.push({
      name: 'You drew (private until played)',
      value: clip(`**${me.drawn.name}**: ${me.drawn.text}`, 1024),
    });
  const mine = view.stage.kind !== 'over' && view.stage.seat === me.seat;
  const plays: PanelSelect[] = [];
  if (mine && me.plays.length > 0)
    plays.push({
      placeholder: me.drawn ? 'Play the card you drew' : 'Play a held blue card (free, not an action)',
      options: me.plays.slice(0, 25).map((a) => {
        const c =
          a.type === 'play'
            ? [...me.held, ...(me.drawn ? [me.drawn] : [])].find((x) => x.id === a.card)
            : undefined;
        return { label: clip(c?.name ?? '?', 100), description: clip(c?.text ?? '', 100), action: act(a) };
      }),
    });
  return {
    ...base,
    title: `COLLECTION: your view (${view.seats[me.seat]?.roleName ?? 'no role yet'})`,
    fields,
    buttons: mine ? buttons : [],
    selects: mine ? [...plays, ...selects] : [],
  };
}
