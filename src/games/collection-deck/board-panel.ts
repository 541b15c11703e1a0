/**
 * The public board: the crises on the field with their techniques, this turn's disruptions and
 * answers to challenges, scores, decks, and the buttons anyone may press (Let it through, the
 * votes). Within Discord's limits: ≤ 1024 characters a field, ≤ 5 buttons.
 */
import type { Panel, PanelButton, PanelField } from '../panel.ts';
import { nextLine, statusLine } from './status-line.ts';
import type { CdCrisisView, CdView } from './view.ts';
import { chunkLines, clip, plural, literal } from '../text.ts';

/** A crisis's difficulty, "printed→now" once modifiers have changed it (My view shows it too). */
export const difficultyOf = (c: CdCrisisView): string =>
  c.currentDifficulty === c.difficulty ? `${c.difficulty}` : `${c.difficulty}→${c.currentDifficulty}`;

function crisisField(c: CdCrisisView): PanelField {
  const diff = difficultyOf(c);
  const lines: string[] = [];
  if (c.modifiers.length > 0) lines.push(`Modifiers: ${c.modifiers.join(', ')}`);
  for (const t of c.techniques) {
    const mods = t.mods.length > 0 ? ` + ${t.mods.join(', ')}` : '';
    lines.push(`• ${t.name}${mods} (${literal(t.owner)}, ${t.status})`);
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

function ranking(v: CdView): string {
  const order = [...v.seats].sort((a, b) => b.score - a.score || b.solved - a.solved);
  return order
    .map(
      (x, i) => `${i + 1}. ${literal(x.name)}: ${x.score} pt, ${plural(x.solved, 'crisis', 'crises')} solved`,
    )
    .join('\n');
}

/** Buttons everyone may press on the public board (the engine refuses those who may not). */
function boardButtons(v: CdView): PanelButton[] {
  if (v.result || v.phase !== 'play') return [];
  if (v.turn.stage === 'disrupt') return [{ label: 'Let it through', action: { type: 'pass' } }];
  if (v.turn.stage === 'challenge' && v.turn.challenge?.step === 'vote')
    return [
      { label: 'Feasible', action: { type: 'vote', feasible: true }, style: 'success' },
      { label: 'Not feasible', action: { type: 'vote', feasible: false }, style: 'danger' },
      { label: 'Abstain', action: { type: 'abstain' }, style: 'secondary' },
    ];
  return [];
}

/** Characters of each answer shown side by side (the status line has the one voted on in full). */
const ANSWER_MAX = 400;

/**
 * This turn's answers to challenges side by side, once there are two to compare: each as written
 * (`literal`: never Markdown; a long one says how much is left out), with its verdict or "being
 * voted on". Split over fields between answers, never cut at a field's end.
 */
function answerFields(v: CdView): PanelField[] {
  const answers = v.turn.answers;
  if (answers.length < 2) return [];
  const lines = answers.map((a, i) => {
    const verdict =
      a.feasible === null ? '🗳️ **being voted on**' : a.feasible ? '✅ feasible' : '❌ not feasible';
    const said =
      a.justification === null ? '*no answer in time*' : `“${literal(a.justification, ANSWER_MAX)}”`;
    return `${i + 1}. **${a.technique}**: ${said} — ${verdict}`;
  });
  return chunkLines(lines.join('\n'), 1024).map((value, n) => ({
    name: n === 0 ? 'Answers to the challenges this turn, side by side' : 'Answers this turn (continued)',
    value,
  }));
}

export function boardPanel(v: CdView): Panel {
  const fields: PanelField[] = [...answerFields(v), ...v.field.slice(0, 20).map(crisisField)];
  if (v.result) fields.unshift({ name: 'Final ranking', value: clip(ranking(v), 1024) });
  fields.push({
    name: 'Scores',
    value: clip(
      v.seats
        .map((x) => `${literal(x.name)}: ${x.score} pt (${x.solved} solved, ${x.handSize} in hand)`)
        .join('\n'),
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
        v.turn.plays
          .map(
            (p) =>
              `${literal(p.by)}: ${p.card} → ${p.on}${p.defeated ? ' (defeated)' : ''}${p.text ? ` — ${p.text}` : ''}`,
          )
          .join('\n'),
        1024,
      ),
    });
  const edition = v.edition === 'cia' ? 'CIA Collection Deck' : 'CIA: Collect It All';
  const variants = [v.hardcore ? 'Hardcore' : '', v.challenge ? 'Manager Challenge' : ''].filter(Boolean);
  return {
    title: `${edition} — round ${v.round}${v.result ? ' — game over' : ''}`,
    description: clip([statusLine(v), nextLine(v)].filter(Boolean).join('\n'), 4096),
    fields,
    footer: clip(
      [`Waiting for: ${v.waitingFor.map((w) => literal(w)).join(', ') || 'nobody'}`, ...variants].join(' · '),
      2048,
    ),
    tone: v.result ? 'success' : v.turn.stage === 'disrupt' ? 'warning' : 'info',
    buttons: boardButtons(v),
  };
}
