/**
 * What is happening and who is to act, one sentence each: the board's and My view's opening
 * lines, and the pictures' headline (picture-style.ts). Separate from the panels because the
 * pictures read it too.
 */
import type { CdView } from './view.ts';
import { literal } from '../text.ts';

function crisisName(v: CdView, id: string | null): string {
  return v.field.find((c) => c.id === id)?.name ?? 'a crisis';
}

/**
 * What is happening, in one sentence, in Markdown: players' names and words read as written
 * (the pictures' headline takes it back to plain text).
 */
export function statusLine(v: CdView): string {
  if (v.result) return v.result.summary;
  const t = { ...v.turn, seat: literal(v.turn.seat) };
  if (v.phase === 'discard')
    return `Round ${v.round} is over: players may discard before hands are refilled to seven.`;
  const ch = t.challenge;
  const target = crisisName(v, t.crisis);
  switch (t.stage) {
    case 'build':
      return t.crisis === null
        ? `${t.seat} is choosing a crisis to target (or passes).`
        : `${t.seat} is building a strategy against ${target}.`;
    case 'disrupt':
      return `${t.seat} has committed a strategy against ${target}: the disruption window is open (${t.disruptions}/${t.cap} disruptions used).`;
    case 'respond':
      return `${t.seat} is responding to a disruption of the strategy against ${target}.`;
    case 'challenge':
      if (!ch) return `${t.seat} faces a challenge.`;
      return ch.step === 'justify'
        ? `${t.seat} must justify ${ch.technique} against ${target}: “${ch.question}”`
        : `${t.seat} justified ${ch.technique}: “${literal(ch.justification ?? '')}” — votes ${ch.votes}/${ch.voters}.`;
  }
}

/** Whose move it is and what they are expected to do. */
export function nextLine(v: CdView): string {
  if (v.result) return '';
  const who = v.waitingFor.map((w) => literal(w)).join(', ');
  if (!who) return '';
  if (v.phase === 'discard') return `**To act:** ${who} — choose discards or keep the hand (My view).`;
  switch (v.turn.stage) {
    case 'build':
      return `**To act:** ${who} — build a strategy or pass (My view).`;
    case 'disrupt':
      return `**To act:** ${who} — disrupt with a reality check (My view) or press **Let it through**.`;
    case 'respond':
      return `**To act:** ${who} — respond with reality checks or a replacement technique, then **Done responding** (My view).`;
    case 'challenge':
      return v.turn.challenge?.step === 'vote'
        ? `**To vote:** ${who} — is the justification feasible?`
        : `**To act:** ${who} — justify the technique (My view).`;
  }
}
