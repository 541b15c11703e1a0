/**
 * Study sessions: what a class compares across tables of one Kingpin deal (the turn of the
 * capture or the Needs filled, Leads found, Defenses used), and the facilitator's one line.
 * Read once the tables have ended or by the facilitator, who sees every table's hidden board.
 */
import type { SessionFigure } from '../contract.ts';
import { discsPlaced, needed, totalCircles } from './board.ts';
import { leadSnapshot, TURNS } from './flow.ts';
import type { KpState } from './types.ts';

export function glance(s: KpState): string {
  const head = s.result
    ? `over (${s.result.kind}) on turn ${s.turn}`
    : `turn ${s.turn} of ${TURNS}, ${s.phase}`;
  return `${head} · Needs circles ${discsPlaced(s)}/${totalCircles(s)} · Leads ${leadSnapshot(s).size}`;
}

function result(s: KpState): string {
  if (!s.result) return `not finished (turn ${s.turn})`;
  if (s.result.kind === 'capture') return `El Chapo captured on turn ${s.turn}`;
  return `${s.result.kind === 'cartel' ? 'Cartel wins' : 'draw'}: El Chapo free after ${TURNS} turns`;
}

export function sessionFigures(s: KpState): SessionFigure[] {
  const intel = s.topo.filter((t) => t.faceUp).length;
  return [
    { name: 'Result', value: result(s) },
    { name: 'Needs circles filled', value: `${discsPlaced(s)} of ${totalCircles(s)} (${needed(s)} win)` },
    { name: 'Leads found', value: `${leadSnapshot(s).size}` },
    { name: 'Network cards found', value: `${intel} of ${s.topo.length}` },
    { name: 'Defenses used', value: `${s.uses?.length ?? 0}` },
    {
      name: 'Chapo',
      value: s.chapo.captured ? 'captured' : s.chapo.fixed ? 'Fixed but free' : 'never Fixed',
    },
  ];
}

export const SESSION_PROMPT =
  'For discussion: which Hunters turned Leads into a capture soonest, and which Defenses bought the Cartel time?';
