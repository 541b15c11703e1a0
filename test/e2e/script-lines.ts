/** The script lines a person types to make an action with the controls they see (src/sandbox/autoplay.ts). */
import type { AnyEngine } from '../../src/games/contract.ts';
import type { PanelAction } from '../../src/games/panel.ts';
import { planGesture } from '../../src/sandbox/autoplay.ts';

/** A board control if the board carries `action`, else My view and its button, menu, multi-select or form. */
export function scriptLines(
  engine: AnyEngine,
  state: unknown,
  id: string,
  name: string,
  action: PanelAction,
): string[] {
  const plan = planGesture(engine, state, id, action);
  if (!plan) throw new Error(`no control carries ${JSON.stringify(action)} for ${name}`);
  const lines = plan.inMyView ? [`@${name} click My view`] : [];
  const g = plan.gesture;
  if (g.kind === 'click') lines.push(`@${name} click ${g.label}`);
  else if (g.kind === 'select') lines.push(`@${name} select ${g.labels.join(' | ')}`);
  else lines.push(`@${name} click ${g.label}`, `@${name} modal text="${g.text.replace(/"/g, '')}"`);
  return lines;
}
