/**
 * The controls both teams' panels build from the legal options: selects of at most 25 options,
 * buttons, options of one type, and the printed text under an option that names a card. Within
 * Discord's limits: 25 options per select, labels of 100 (options) and 80 (buttons).
 */
import type { PanelButton, PanelSelect } from '../panel.ts';
import { content } from './board.ts';
import { clip } from '../text.ts';
import { defenseLine } from './cards.ts';
import type { ActionOption, KpView, TopoView } from './view.ts';

/** Splits options into selects of at most 25, up to `max` selects. */
export function selects(placeholder: string, options: ActionOption[], max: number): PanelSelect[] {
  const out: PanelSelect[] = [];
  for (let i = 0; i < options.length && out.length < max; i += 25) {
    const chunk = options.slice(i, i + 25);
    out.push({
      placeholder: clip(options.length > 25 ? `${placeholder} (${out.length + 1})` : placeholder, 150),
      options: chunk.map((o) => ({ label: clip(o.label, 100), action: o.action })),
    });
  }
  return out;
}

export const field = (o: ActionOption, name: string): unknown => (o.action as Record<string, unknown>)[name];
export const ofType = (v: KpView, ...types: string[]): ActionOption[] =>
  v.options.filter((o) => types.includes(o.action.type));
export const button = (o: ActionOption, style: PanelButton['style'] = 'primary'): PanelButton => ({
  label: clip(o.label, 80),
  action: o.action,
  style,
});

/**
 * The printed text under each option that names a card: a Defense's effect when picking one, a
 * found person's Links when planning a pawn on them or on one of their Leads.
 */
export function withDescriptions(sel: PanelSelect[], display: TopoView[] = []): PanelSelect[] {
  const describe = (o: PanelSelect['options'][number]): string | undefined => {
    const a = o.action;
    if (a?.type === 'pick') {
      const d = content().defense.get(typeof a['card'] === 'string' ? a['card'] : '');
      return d ? defenseLine(d) : undefined;
    }
    const spot = typeof a?.['spot'] === 'string' ? a['spot'] : '';
    const slot = /^(?:card|lead):([^:]+)/.exec(spot)?.[1];
    return display.find((t) => t.slot === slot)?.linksLine;
  };
  return sel.map((x) => ({
    ...x,
    options: x.options.map((o) => {
      const description = describe(o);
      return description ? { ...o, description: clip(description, 100) } : o;
    }),
  }));
}
