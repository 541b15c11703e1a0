/**
 * Panels: the public board, and a player's private panel where a strategy takes a few clicks
 * (pick a crisis, tick the fitting techniques, add reality checks, commit). Within Discord's
 * limits: ≤ 25 options per select, ≤ 5 rows (selects take a row each, buttons share one).
 */
import type { Panel, PanelButton, PanelField, PanelSelect } from '../panel.ts';
import type { Move } from './legal.ts';
import type { CdCrisisView, CdView } from './view.ts';

const MAX_OPTIONS = 25;
const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

const STAGE_TEXT = {
  build: 'is building a strategy',
  disrupt: 'has committed a strategy: the disruption window is open',
  respond: 'is responding to a disruption',
  challenge: 'faces a challenge',
} as const;

function crisisField(c: CdCrisisView): PanelField {
  const diff =
    c.currentDifficulty === c.difficulty ? `${c.difficulty}` : `${c.difficulty}→${c.currentDifficulty}`;
  const lines: string[] = [];
  if (c.modifiers.length > 0) lines.push(`Modifiers: ${c.modifiers.join(', ')}`);
  for (const t of c.techniques) {
    const mods = t.mods.length > 0 ? ` + ${t.mods.join(', ')}` : '';
    lines.push(`• ${t.name}${mods} (${t.owner}, ${t.status})`);
  }
  return {
    name: clip(
      `${c.targeted ? '🎯 ' : ''}${c.name} · ${c.points} pt · ${c.aspects} · difficulty ${diff}`,
      256,
    ),
    value: clip(lines.join('\n') || 'No techniques yet', 1024),
    inline: false,
  };
}

function statusLine(v: CdView): string {
  if (v.result) return v.result.summary;
  if (v.phase === 'discard')
    return `Round ${v.round} is over: players may discard before hands are refilled to seven.`;
  const ch = v.turn.challenge;
  if (v.turn.stage === 'challenge' && ch)
    return ch.step === 'justify'
      ? `${v.turn.seat} must justify ${ch.technique}.`
      : `${v.turn.seat} justified ${ch.technique}: “${ch.justification ?? ''}” — votes ${ch.votes}/${ch.voters}.`;
  const extra = v.turn.stage === 'disrupt' ? ` (${v.turn.disruptions}/${v.turn.cap} disruptions used)` : '';
  return `${v.turn.seat} ${STAGE_TEXT[v.turn.stage]}${extra}.`;
}

export function boardPanel(v: CdView): Panel {
  const fields: PanelField[] = v.field.slice(0, 20).map(crisisField);
  fields.push({
    name: 'Scores',
    value: clip(
      v.seats.map((x) => `${x.name}: ${x.score} pt (${x.solved} solved, ${x.handSize} in hand)`).join('\n'),
      1024,
    ),
    inline: true,
  });
  fields.push({
    name: 'Decks',
    value: `Collection deck ${v.deckCount} · discard ${v.discardCount} · crises left ${v.crisisDeckCount}`,
    inline: true,
  });
  if (v.turn.plays.length > 0)
    fields.push({
      name: 'Disruptions and answers',
      value: clip(
        v.turn.plays.map((p) => `${p.by}: ${p.card} → ${p.on}${p.defeated ? ' (defeated)' : ''}`).join('\n'),
        1024,
      ),
    });
  const edition = v.edition === 'cia' ? 'CIA Collection Deck' : 'CIA: Collect It All';
  const variants = [v.hardcore ? 'Hardcore' : '', v.challenge ? 'Manager Challenge' : ''].filter(
    Boolean,
  );
  return {
    title: `${edition} — round ${v.round}`,
    description: clip(statusLine(v), 4096),
    fields,
    footer: clip([`Waiting for: ${v.waitingFor.join(', ') || 'nobody'}`, ...variants].join(' · '), 2048),
    tone: v.result ? 'success' : v.turn.stage === 'disrupt' ? 'warning' : 'info',
    buttons: [],
  };
}

const option = (m: Move) => ({ label: clip(m.label, 100), action: m.action });

export function privatePanel(v: CdView): Panel {
  const me = v.me;
  if (!me) return { ...boardPanel(v), footer: 'You are watching this game.' };
  const hand = me.hand.map((c) => `• ${c.summary}`).join('\n') || 'Your hand is empty.';
  const fitting = me.fits
    .filter((f) => f.techniques.length > 0)
    .map((f) => {
      const name = v.field.find((c) => c.id === f.crisis)?.name ?? f.crisis;
      const techs = f.techniques.map((id) => me.hand.find((c) => c.id === id)?.name ?? id);
      return `${name}: ${techs.join(', ')}`;
    });
  const fields: PanelField[] = [
    {
      name: 'Fits right now',
      value: clip(fitting.join('\n') || 'Nothing in your hand fits a crisis.', 1024),
    },
  ];
  const selects: PanelSelect[] = [];
  const buttons: PanelButton[] = [];
  const of = (type: string) => me.moves.filter((m) => m.action.type === type);

  const crises = of('select-crisis');
  if (crises.length > 0)
    selects.push({ placeholder: 'Target a crisis', options: crises.slice(0, MAX_OPTIONS).map(option) });
  const plays = of('play');
  const techniquePlays =
    v.turn.stage === 'build'
      ? plays.filter((m) => me.hand.find((c) => c.id === cardOf(m))?.kind === 'technique')
      : [];
  const fitsTarget = new Set(me.fits.find((f) => f.crisis === v.turn.crisis)?.techniques ?? []);
  const ticks = techniquePlays.filter((m) => fitsTarget.has(cardOf(m)));
  if (ticks.length > 0)
    selects.push({
      placeholder: 'Techniques for this crisis',
      options: ticks.slice(0, MAX_OPTIONS).map((m) => ({ label: clip(m.label, 100), value: cardOf(m) })),
      multi: {
        template: { type: 'add-techniques' },
        field: 'techniques',
        min: 1,
        max: Math.min(ticks.length, MAX_OPTIONS),
      },
    });
  const others = plays.filter((m) => !ticks.includes(m));
  if (others.length > 0) {
    const placeholder = v.turn.stage === 'disrupt' ? 'Disrupt with a reality check' : 'Play a card';
    selects.push({ placeholder, options: others.slice(0, MAX_OPTIONS).map(option) });
  }
  const discards = of('discard').filter((m) => m.action.type === 'discard' && m.action.cards.length === 1);
  if (discards.length > 0)
    selects.push({
      placeholder: 'Cards to discard before refilling',
      options: discards.slice(0, MAX_OPTIONS).map((m) => ({
        label: clip(m.label, 100),
        value: m.action.type === 'discard' ? (m.action.cards[0] ?? '') : '',
      })),
      multi: {
        template: { type: 'discard' },
        field: 'cards',
        min: 1,
        max: Math.min(discards.length, MAX_OPTIONS),
      },
    });
  const keep = of('discard').find((m) => m.action.type === 'discard' && m.action.cards.length === 0);
  if (keep) buttons.push({ label: keep.label, action: keep.action, style: 'secondary' });
  for (const type of ['commit', 'cancel', 'pass', 'mulligan'] as const) {
    const m = of(type)[0];
    if (m)
      buttons.push({ label: m.label, action: m.action, style: type === 'commit' ? 'success' : 'secondary' });
  }
  if (of('justify').length > 0)
    buttons.push({
      label: 'Justify the technique',
      style: 'primary',
      modal: {
        title: 'Justify your technique',
        label: 'How would it really work here?',
        field: 'text',
        paragraph: true,
        maxLength: 1500,
        template: { type: 'justify' },
      },
    });
  for (const m of of('vote'))
    buttons.push({ label: m.label, action: m.action, style: m.label === 'Feasible' ? 'success' : 'danger' });
  const panel: Panel = {
    title: clip(`Your hand — ${me.name}`, 256),
    description: clip(`${statusLine(v)}\n\n${hand}`, 4096),
    fields,
    tone: me.moves.length > 0 ? 'warning' : 'neutral',
    selects: selects.slice(0, buttons.length > 0 ? 4 : 5),
    buttons: buttons.slice(0, 5),
  };
  return panel;
}

function cardOf(m: Move): string {
  return m.action.type === 'play' ? m.action.card : '';
}
