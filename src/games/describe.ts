/**
 * A move in words, for refusals and reviews (Markdown): "play (card: Extended Coverage)"; card ids
 * become names.
 */
import type { AnyEngine } from './contract.ts';
import { literal } from './text.ts';

/** Characters of a text field shown in a described move. */
const TEXT_MAX = 200;

export function describeAction(engine: AnyEngine, action: unknown): string {
  if (typeof action !== 'object' || action === null || !('type' in action)) return 'that move';
  const { type, ...fields } = action as { type: unknown } & Record<string, unknown>;
  const named = (v: unknown): string => {
    // What a player wrote (a promise, a narration) reads as written, and not at length.
    if (typeof v === 'string') return literal(engine.reference?.show(v)?.title ?? v, TEXT_MAX);
    if (Array.isArray(v)) return v.map(named).join(', ');
    return JSON.stringify(v);
  };
  const parts = Object.entries(fields)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}: ${named(v)}`);
  return `${String(type)}${parts.length ? ` (${parts.join('; ')})` : ''}`;
}
