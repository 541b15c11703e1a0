/**
 * A player's private panel (My view): their hand, what fits, and a strategy built in a few clicks
 * (pick a crisis, tick the fitting techniques, add reality checks, commit), then discards,
 * justifications and votes. Within Discord's limits: ≤ 25 options per select, ≤ 5 rows (selects
 * take a row each, buttons share one).
 *
 * Labels are unique within a panel, so a click or a script line names exactly one control:
 * cards with the same name do the same thing and are offered once; copies being discarded
 * are numbered.
 */
import type { Panel, PanelButton, PanelField, PanelOption, PanelSelect } from '../panel.ts';
import { boardPanel, difficultyOf } from './board-panel.ts';
import { PRODUCT } from './claims.ts';
import type { Move } from './legal.ts';
import { nextLine, statusLine } from './status-line.ts';
import type { CdCrisisView, CdHandCard, CdView } from './view.ts';
import { myStrategy, strategyProgress } from './view.ts';
import { clip, plural, literal } from '../text.ts';

const MAX_OPTIONS = 25;
const MAX_BUTTONS = 5;

/** The viewer's own strategy, drafts included (only they see those: D5), and what it still needs. */
function strategyField(c: CdCrisisView, me: string): PanelField {
  const lines = [`${c.points} pt · ${c.aspects} · difficulty ${difficultyOf(c)}`];
  if (c.modifiers.length > 0) lines.push(`On the crisis: ${c.modifiers.join(', ')}`);
  for (const t of c.techniques) {
    const mods = t.mods.length > 0 ? ` + ${t.mods.join(', ')}` : '';
    const owner = t.owner === me ? '' : `${literal(t.owner)}'s, `;
    lines.push(`• ${t.name}${mods} (${owner}${t.status})`);
  }
  lines.push(strategyProgress(c));
  return { name: clip(`Your strategy: 🎯 ${c.name}`, 256), value: clip(lines.join('\n'), 1024) };
}

/**
 * A hand card, name first, then everything printed on it: "**Name** (HUMINT PM 3-7): description
 * *Not affected by Cloud Cover · Only targets terrorism crises · Traits: satellite*", or
 * "**Name**: what it does". Compact enough for a hand of seven inside Discord's text budget.
 */
function handLine(c: CdHandCard): string {
  if (c.kind !== 'technique') return `• **${c.name}**: ${c.detail}`;
  const notes = c.notes.length > 0 ? ` *${c.notes.join(' · ')}*` : '';
  return `• **${c.name}** ${c.detail}: ${c.description}${notes}`;
}

/** Options for the moves, one per label (same-named cards do the same thing). */
function uniqueOptions(moves: Move[], describe: (m: Move) => string | undefined): PanelOption[] {
  const seen = new Set<string>();
  const out: PanelOption[] = [];
  for (const m of moves) {
    const label = clip(m.label, 100);
    if (seen.has(label)) continue;
    seen.add(label);
    const description = describe(m);
    out.push(
      description
        ? { label, action: m.action, description: clip(description, 100) }
        : { label, action: m.action },
    );
  }
  return out.slice(0, MAX_OPTIONS);
}

const cardOf = (m: Move): string => (m.action.type === 'play' ? m.action.card : '');

export function privatePanel(v: CdView): Panel {
  const me = v.me;
  if (!me) return { ...boardPanel(v), footer: 'You are watching this game.' };
  const byId = new Map(me.hand.map((c) => [c.id, c]));
  const hand = me.hand.map(handLine).join('\n') || 'Your hand is empty.';
  const fitting = me.fits
    .filter((f) => f.techniques.length > 0)
    .map((f) => {
      const name = v.field.find((c) => c.id === f.crisis)?.name ?? f.crisis;
      const techs = f.techniques.map((id) => byId.get(id)?.name ?? id);
      return `${name}: ${techs.join(', ')}`;
    });
  const strategy = myStrategy(v);
  const fields: PanelField[] = [
    ...(strategy ? [strategyField(strategy, me.name)] : []),
    {
      name: 'Fits right now',
      value: clip(fitting.join('\n') || 'Nothing in your hand fits a crisis.', 1024),
    },
  ];
  const selects: PanelSelect[] = [];
  const buttons: PanelButton[] = [];
  const of = (type: string) => me.moves.filter((m) => m.action.type === type);

  // 1. Choose the crisis (the description says how many of your techniques fit it now).
  const crises = of('select-crisis');
  if (crises.length > 0)
    selects.push({
      placeholder: 'Target a crisis',
      options: uniqueOptions(crises, (m) => {
        const id = m.action.type === 'select-crisis' ? m.action.crisis : '';
        const n = me.fits.find((f) => f.crisis === id)?.techniques.length ?? 0;
        return n > 0
          ? `${plural(n, 'technique')} in your hand ${n === 1 ? 'fits' : 'fit'} it now`
          : 'Nothing in your hand fits it now';
      }),
    });

  // 2. Tick the techniques that fit the chosen crisis, all at once.
  const plays = of('play');
  const fitsTarget = new Set(me.fits.find((f) => f.crisis === v.turn.crisis)?.techniques ?? []);
  const ticks =
    v.turn.stage === 'build'
      ? plays.filter((m) => byId.get(cardOf(m))?.kind === 'technique' && fitsTarget.has(cardOf(m)))
      : [];
  // Techniques left standing on the crisis from earlier turns count: offer only what is still missing.
  const target = v.field.find((c) => c.id === v.turn.crisis);
  const stillNeeded = target ? Math.max(0, target.points - target.techniques.length) : 0;
  if (ticks.length > 0 && stillNeeded > 0)
    selects.push({
      placeholder: 'Techniques for this crisis (tick several)',
      options: ticks.slice(0, MAX_OPTIONS).map((m) => {
        const card = byId.get(cardOf(m));
        const option: PanelOption = { label: clip(card?.name ?? m.label, 100), value: cardOf(m) };
        return card?.detail ? { ...option, description: clip(card.detail, 100) } : option;
      }),
      multi: {
        template: { type: 'add-techniques' },
        field: 'techniques',
        min: 1,
        max: Math.min(ticks.length, stillNeeded, MAX_OPTIONS),
      },
    });

  // 3. Any other card: reality checks (help, disrupt, respond) and replacement techniques.
  const others = plays.filter((m) => !ticks.includes(m));
  if (others.length > 0) {
    const placeholder =
      v.turn.stage === 'disrupt'
        ? 'Disrupt with a reality check'
        : v.turn.stage === 'respond'
          ? 'Respond with a card'
          : 'Play a card';
    selects.push({
      placeholder,
      options: uniqueOptions(others, (m) => {
        const detail = byId.get(cardOf(m))?.detail;
        return m.outcome ? `${m.outcome[0]?.toUpperCase()}${m.outcome.slice(1)}. ${detail ?? ''}` : detail;
      }),
    });
  }

  // Round end: tick the cards to discard, or keep the hand.
  const discards = of('discard').flatMap((m) =>
    m.action.type === 'discard' && m.action.cards.length === 1 ? [m.action.cards[0] ?? ''] : [],
  );
  if (discards.length > 0) {
    const copies = new Map<string, number>();
    selects.push({
      placeholder: 'Cards to discard before refilling',
      options: discards.slice(0, MAX_OPTIONS).map((id) => {
        const card = byId.get(id);
        const name = card?.name ?? id;
        const n = (copies.get(name) ?? 0) + 1;
        copies.set(name, n);
        const label = clip(`Discard ${name}${n > 1 ? ` (copy ${n})` : ''}`, 100);
        return card?.detail
          ? { label, value: id, description: clip(card.detail, 100) }
          : { label, value: id };
      }),
      multi: {
        template: { type: 'discard' },
        field: 'cards',
        min: 1,
        max: Math.min(discards.length, MAX_OPTIONS),
      },
    });
  }
  const keep = of('discard').find((m) => m.action.type === 'discard' && m.action.cards.length === 0);
  if (keep) buttons.push({ label: keep.label, action: keep.action, style: 'secondary' });

  for (const type of ['commit', 'cancel', 'pass', 'mulligan'] as const) {
    const m = of(type)[0];
    if (m)
      buttons.push({ label: m.label, action: m.action, style: type === 'commit' ? 'success' : 'secondary' });
  }
  const justify = of('justify').find((m) => m.action.type === 'justify' && m.action.collects === undefined);
  const claims = of('justify').filter((m) => m.action.type === 'justify' && m.action.collects !== undefined);
  if (claims.length > 0)
    selects.push({
      placeholder: 'Or justify with a claim (judged exactly, R36)…',
      options: claims.slice(0, MAX_OPTIONS).map((m) => ({
        label: clip(m.label, 100),
        action: m.action,
        ...(m.action.type === 'justify' && m.action.collects
          ? { description: clip(`It collects ${PRODUCT[m.action.collects]}`, 100) }
          : {}),
      })),
    });
  if (justify)
    buttons.push({
      label: clip(justify.label, 80),
      style: 'primary',
      modal: {
        title: 'Justify your technique',
        label: 'How would it really work here?',
        ...(v.turn.challenge ? { description: v.turn.challenge.question } : {}),
        field: 'text',
        paragraph: true,
        maxLength: 1500,
        template: { type: 'justify' },
      },
    });
  for (const m of of('vote'))
    buttons.push({
      label: m.label,
      action: m.action,
      style: m.action.type === 'vote' && m.action.feasible ? 'success' : 'danger',
    });
  for (const m of of('abstain')) buttons.push({ label: m.label, action: m.action, style: 'secondary' });
  const shown = buttons.slice(0, MAX_BUTTONS);
  const next = nextLine(v).replaceAll(' (My view)', '');
  return {
    title: clip(`Your hand — ${literal(me.name)}`, 256),
    description: clip(`${[statusLine(v), next].filter(Boolean).join('\n')}\n\n${hand}`, 4096),
    fields,
    tone: me.moves.length > 0 ? 'warning' : 'neutral',
    selects: selects.slice(0, shown.length > 0 ? 4 : 5),
    buttons: shown,
  };
}
