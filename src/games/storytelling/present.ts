/**
 * Panels: the public board (the crises with their escalation marks, the latest lines of the
 * story, and the story prompt with its form) and a player's private panel (the hand and the
 * turn's choices). Within Discord's limits: ≤ 25 options per select, ≤ 5 rows.
 * Labels are unique within a panel, so a click or a script line names exactly one control.
 */
import type { Panel, PanelButton, PanelField, PanelModal, PanelOption, PanelSelect } from '../panel.ts';
import { BOT_MARK } from './lines.ts';
import type { TellKind } from './types.ts';
import { APPROACH_NAMES, APPROACHES, MAX_TELL } from './types.ts';
import type { CrisisView, StoryLineView, StView } from './view.ts';
import { difficultyText } from './view.ts';
import { clip, literal } from '../text.ts';

const MAX_OPTIONS = 25;
const BOARD_LINES = 5;

/** Escalation marks as the board shows them: ⚠️ per escalation, ▫️ for those left. */
export const marks = (n: number): string => `${'⚠️'.repeat(n)}${'▫️'.repeat(Math.max(0, 3 - n))}`;

/** The form's button, title and question, and what the player is asked (board and reminders). */
export const PROMPTS: Record<TellKind, { button: string; title: string; question: string; ask: string }> = {
  intro: {
    button: 'Introduce the crisis',
    title: 'Introduce the crisis',
    question: 'What is it about? How did the agency first hear of it? What happens if we fail?',
    ask: 'introduce the crisis',
  },
  learned: {
    button: 'Tell what you learned',
    title: 'What the intelligence revealed',
    question: 'What have you learned about the threat?',
    ask: 'tell what the intelligence revealed',
  },
  approach: {
    button: 'Describe the operation',
    title: 'The operation',
    question: 'How will the approach be used? (Your own approach: name it first.)',
    ask: 'describe the operation',
  },
  outcome: {
    button: 'Narrate the outcome',
    title: 'How it turned out',
    question: 'Narrate the result, with the Resolution card as guidance.',
    ask: 'narrate how the operation turned out',
  },
  rumour: {
    button: 'Tell a rumour',
    title: 'A rumour',
    question: 'An unsubstantiated rumour you heard about any crisis.',
    ask: 'tell a rumour',
  },
  escalation: {
    button: 'Describe the escalation',
    title: 'The crisis gets worse',
    question: 'How has it got worse, and how is the pressure on the team mounting?',
    ask: 'describe how the crisis got worse',
  },
  consequence: {
    button: 'Describe the consequences',
    title: 'The consequences',
    question: 'The crisis ran its course. What are the consequences?',
    ask: 'describe the consequences of the failure',
  },
  epilogue: {
    button: 'Tell the epilogue',
    title: 'Epilogue',
    question: 'Every crisis is defused. How is the world better off?',
    ask: 'tell how the world is better off',
  },
};

/** A line of the story: a player's words read as written (`author` is Markdown already). */
export function storyLineText(l: StoryLineView): string {
  if (l.author === null) return `*${l.text}*`;
  return `**${l.author}**: ${literal(l.text)}${l.bot ? ` ${BOT_MARK}` : ''}`;
}

/** What is happening, in one sentence (the board's headline). */
export function statusLine(v: StView): string {
  if (v.result) return v.result.summary;
  const st = v.stage;
  if (!st) return 'The table is between decisions.';
  const on = st.crisisName ? ` (${st.crisisName})` : '';
  switch (st.kind) {
    case 'choose-crisis':
      return `${st.seatName} drew two crises and is keeping one for the table.`;
    case 'tell':
      return `${st.seatName} is asked to ${PROMPTS[st.tell ?? 'rumour'].ask}${on}.`;
    case 'turn':
      return `${st.seatName}'s turn: collect intelligence, conduct an operation, or draw a new hand.`;
    case 'boost':
      return `${st.seatName} drew “${st.drawn[0]?.text ?? ''}”: keep it, or discard a matching technique for a second card${on}.`;
    case 'pick':
      return `${st.seatName} keeps one of two Resolution cards${on}.`;
  }
}

function crisisField(c: CrisisView): PanelField {
  const lines: string[] = [];
  // The introduction as its author wrote it, every line quoted, cut at 300 characters with a note.
  if (c.intro)
    lines.push(
      ...literal(c.intro, 300)
        .split('\n')
        .map((l) => `> ${l}`),
    );
  lines.push(
    c.techniques.length > 0
      ? `Techniques: ${c.techniques.map((t) => `${t.name} (${t.discipline}, ${t.by})`).join(', ')}`
      : 'No intelligence collected yet.',
  );
  if (c.checks.length > 0) lines.push(`Helped by: ${c.checks.join(', ')}`);
  if (c.ready) lines.push('🎯 Ready for an operation.');
  return {
    name: clip(
      `${marks(c.escalations)} ${c.name} · ${c.techniques.length}/${c.required} techniques · ${c.aspects} · ${difficultyText(c)}`,
      256,
    ),
    value: clip(lines.join('\n'), 1024),
  };
}

/** The introduction's second and third questions (the first is the form's own field, 400 of MAX_TELL). */
const INTRO_MORE = [
  { label: 'How did the agency first hear of it?', maxLength: 300 },
  { label: 'What happens if we fail to defuse it?', maxLength: 300 },
];

function tellControls(v: StView): PanelButton[] {
  const st = v.stage;
  if (st?.kind !== 'tell' || !st.tell) return [];
  const p = PROMPTS[st.tell];
  const modal: PanelModal = {
    title: clip(p.title, 45),
    label: 'Your words',
    description: clip(p.question, 100),
    field: 'text',
    paragraph: true,
    maxLength: MAX_TELL,
    template: { type: 'tell' },
    // S4: an introduction answers the rulebook's three questions, one field each.
    ...(st.tell === 'intro'
      ? { label: 'What is this crisis about?', description: 'Add rich details.', more: INTRO_MORE }
      : {}),
  };
  return [
    { label: p.button, modal, style: 'primary' },
    { label: 'Let the bot write it', action: { type: 'tell' }, style: 'secondary' },
  ];
}

function resolutionControls(v: StView): PanelButton[] {
  const st = v.stage;
  if (st?.kind === 'boost')
    return [{ label: 'Keep this Resolution card', action: { type: 'accept' }, style: 'primary' }];
  if (st?.kind === 'pick')
    return st.drawn.map((d, i) => ({
      label: clip(`Keep ${i + 1}: ${d.outcome} ${d.text}`, 80),
      action: { type: 'pick', card: d.id },
      style: i === 0 ? 'primary' : 'secondary',
    }));
  return [];
}

export function boardPanel(v: StView): Panel {
  const heading = v.result ? 'the end' : v.round === 0 ? 'setting the scene' : `round ${v.round}`;
  const story = v.story.slice(-BOARD_LINES).map(storyLineText);
  const drawn = v.stage?.drawn.map((d) => `🃏 **${d.outcome}** ${d.text}`) ?? [];
  const description = [
    `**${statusLine(v)}**`,
    ...drawn,
    '',
    '**The story so far**',
    ...(story.length > 0 ? story : ['*Nothing has happened yet.*']),
  ].join('\n');
  return {
    title: `Collect It All: Storytelling — ${heading}`,
    description: clip(description, 4000),
    fields: v.crises.slice(0, 20).map(crisisField),
    footer: `Defused: ${v.defused.length} · failed: ${v.failed.length} of 2 · round cap ${v.rounds} · ${v.storyLength} story lines · /game export for the whole story`,
    tone: v.result ? (v.result.victory ? 'success' : 'danger') : v.failed.length > 0 ? 'warning' : 'info',
    ...(v.stage && !v.result ? { mention: [v.stage.seat] } : {}),
    buttons: [...tellControls(v), ...resolutionControls(v)],
  };
}

/**
 * Whether the approach matters (ruling S5): the rulebook has the player pick and describe one,
 * "then draw a Resolution Card to determine if the operation is successful", so it is the story's.
 */
const APPROACH_NOTE =
  '**Which approach?** It shapes the story you tell, not the odds: whichever you pick, the Resolution card you draw decides success or failure (S5). What does change the odds: a spare technique in hand that matches the crisis, discarded for a second Resolution card (S6).';
const APPROACH_OPTION = 'Story only: the Resolution card decides, whatever the approach (S5)';

const crisisName = (v: StView, id: string): string => v.crises.find((c) => c.id === id)?.name ?? id;
const cardName = (v: StView, id: string): string => v.me?.hand.find((c) => c.id === id)?.name ?? id;

function uniqueOptions(options: PanelOption[]): PanelOption[] {
  const seen = new Set<string>();
  return options.filter((o) => !seen.has(o.label) && seen.add(o.label)).slice(0, MAX_OPTIONS);
}

export function privatePanel(v: StView): Panel {
  const me = v.me;
  if (!me) return boardPanel(v);
  const selects: PanelSelect[] = [];
  const buttons: PanelButton[] = [];
  if (me.choose.length > 0)
    selects.push({
      placeholder: 'Keep one crisis for the table',
      options: uniqueOptions(
        me.choose.map((c) => ({
          label: clip(`Keep ${c.name}`, 100),
          description: clip(c.detail, 100),
          action: { type: 'keep-crisis', crisis: c.id },
        })),
      ),
    });
  if (me.collect.length > 0)
    selects.push({
      placeholder: 'Collect intelligence: technique → crisis',
      options: uniqueOptions(
        me.collect.map((m) => {
          const c = v.crises.find((x) => x.id === m.crisis);
          return {
            label: clip(`${cardName(v, m.technique)} → ${crisisName(v, m.crisis)}`, 100),
            ...(c ? { description: clip(`${c.aspects} · ${difficultyText(c)}`, 100) } : {}),
            action: { type: 'collect', ...m },
          };
        }),
      ),
    });
  if (me.operate.length > 0)
    selects.push({
      placeholder: 'Conduct an operation: approach → crisis',
      options: uniqueOptions(
        me.operate.flatMap((c) =>
          APPROACHES.map((a) => ({
            label: clip(`${APPROACH_NAMES[a]} → ${crisisName(v, c)}`, 100),
            description: APPROACH_OPTION,
            action: { type: 'operate', crisis: c, approach: a },
          })),
        ),
      ),
    });
  if (me.secondDraw) {
    if (me.boost.length > 0)
      selects.push({
        placeholder: 'Discard a matching technique for a second Resolution card',
        options: uniqueOptions(
          me.boost.map((t) => ({
            label: clip(`Discard ${cardName(v, t)}`, 100),
            action: { type: 'boost', technique: t },
          })),
        ),
      });
    buttons.push({ label: 'Keep this Resolution card', action: { type: 'accept' }, style: 'primary' });
  }
  if (me.turn) {
    if (me.hand.length > 0)
      selects.push({
        placeholder: 'Draw a new hand: cards to discard',
        options: me.hand.map((c, i) => ({
          label: clip(
            `${c.name}${me.hand.findIndex((x) => x.name === c.name) < i ? ` (copy ${i + 1})` : ''}`,
            100,
          ),
          value: c.id,
        })),
        multi: { template: { type: 'redraw' }, field: 'cards', min: 1, max: me.hand.length },
      });
    buttons.push({
      label: 'Keep my hand and tell a rumour',
      action: { type: 'redraw', cards: [] },
      style: 'secondary',
    });
  }
  if (me.help.length > 0 && selects.length < 4)
    selects.push({
      placeholder: 'Help: put a reality check on a crisis',
      options: uniqueOptions(
        me.help.map((h) => ({
          label: clip(`${cardName(v, h.card)} → ${crisisName(v, h.crisis)}`, 100),
          description: clip(h.why, 100),
          action: { type: 'help', card: h.card, crisis: h.crisis },
        })),
      ),
    });
  const hand = me.hand.map(
    (c) => `• **${c.name}** — ${c.detail}${c.description ? `: ${c.description}` : ''}`,
  );
  return {
    title: `Your hand — ${me.name}`,
    description: clip(
      [`**${statusLine(v)}**`, '', ...hand, ...(me.operate.length > 0 ? ['', APPROACH_NOTE] : [])].join('\n'),
      4000,
    ),
    tone: 'neutral',
    selects,
    buttons,
  };
}
