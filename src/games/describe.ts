/** A move in words, for refusals and reviews: "play (card: Extended Coverage)"; card ids become names. */
import type { AnyEngine } from './contract.ts';

export function describeAction(engine: AnyEngine, action: unknown): string {
  if (typeof action !== 'object' || action === null || !('type' in action)) return 'that move';
  const { type, ...fields } = action as { type: unknown } & Record<string, unknown>;
  const named = (v: unknown): string => {
    if (typeof v === 'string') return engine.reference?.show(v)?.title ?? v;
    if (Array.isArray(v)) return v.map(named).join(', ');
    return JSON.stringify(v);
  };
  const parts = Object.entries(fields)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}: ${named(v)}`);
  return `${String(type)}${parts.length ? ` (${parts.join('; ')})` : ''}`;
}
