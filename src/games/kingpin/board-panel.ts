/**
 * The public board (Fixed board, Finished box, turn track, what happened) and the text every
 * panel shares: the status line, where El Chapo stands, cards by Location, the planned pawns and
 * the end reveal. The teams' panels (cartel-panel.ts, hunters-panel.ts) add these fields under
 * their own. Within Discord's limits: 1024 characters a field, longer lists split over fields.
 */
import type { Panel, PanelField } from '../panel.ts';
import { locName } from './board.ts';
import { defenseLines, hiddenLines, trailLines } from './reveal.ts';
import type { CardView, KpView, PawnView, TopoView } from './view.ts';
import { chunkLines, clip, literal } from '../text.ts';

const PHASE_WORDS: Record<KpView['phase'], string> = {
  setup: 'The Cartel prepares: places its blind draw and Chapo',
  cartel: 'Cartel turn: up to 3 actions behind the screen',
  'intel-plan': 'Hunters plan Intelligence',
  'intel-resolve': 'Hunters resolve Intelligence',
  'police-plan': 'Hunters plan Police and the Marina',
  'police-resolve': 'Hunters resolve Police and the Marina',
  over: 'Game over',
};

const PAWN = { intel: 'Intelligence', police: 'Police', marina: 'Marina' } as const;

/** Discord's limit for one field's value. */
const FIELD_MAX = 1024;

/**
 * A list of lines as one field, or several ("name (continued)") when it is longer than a field
 * holds: a list is split between its lines, never cut.
 */
export const listFields = (name: string, lines: string[]): PanelField[] =>
  chunkLines(lines.join('\n'), FIELD_MAX).map((value, n) => ({
    name: n === 0 ? name : `${name} (continued)`,
    value,
  }));

function cardLine(c: CardView, rules = false): string {
  const extra =
    c.kind === 'need'
      ? ` ${'●'.repeat(c.discs ?? 0)}${'○'.repeat((c.circles ?? 0) - (c.discs ?? 0))}`
      : ` (${c.defenseType}${rules && c.rule ? `: ${c.rule}` : ''})`;
  return `${c.name}${extra}`;
}

/** `rules`: each Defense with what it does (the Fixed board, where both sides read it). */
export function byLocation(cards: CardView[], topo: TopoView[], rules = false): string {
  const places = [...new Set([...cards.map((c) => c.at), ...topo.map((t) => t.fixedAt ?? '')])].filter(
    Boolean,
  );
  if (places.length === 0) return 'Nothing is Fixed yet.';
  return places
    .map((at) => {
      const items = [
        ...cards.filter((c) => c.at === at).map((c) => cardLine(c, rules)),
        ...topo
          .filter((t) => t.fixedAt === at)
          .map(
            (t) =>
              `👤 ${t.name ?? t.slot}${t.leads.length ? ` — Leads: ${t.leads.map(locName).join(', ')}` : ''}`,
          ),
      ];
      return `**${locName(at)}**: ${items.join('; ')}`;
    })
    .join('\n');
}

export function chapoLine(v: KpView): string {
  switch (v.chapo.status) {
    case 'unplaced':
      return 'El Chapo: not yet placed.';
    case 'hidden':
      return 'El Chapo: Hidden.';
    case 'fixed':
      return `El Chapo: **Fixed at ${locName(v.chapo.at ?? '')}**.`;
    case 'captured':
      return `El Chapo: **captured at ${locName(v.chapo.at ?? '')}**.`;
  }
}

/** R35: once the game is over, everything that was secret, first (it is what the end is for). */
function revealFields(v: KpView): PanelField[] {
  const r = v.reveal;
  if (!r) return [];
  return [
    ...listFields('Revealed: where Chapo was', trailLines(r)),
    ...listFields('Revealed: the Hidden board at the end', hiddenLines(r)),
    ...listFields('Revealed: Defenses used', defenseLines(r)),
  ];
}

export function commonFields(v: KpView): PanelField[] {
  const fields: PanelField[] = [
    ...revealFields(v),
    { name: 'Fixed board', value: clip(byLocation(v.fixed.cards, v.fixed.topo, true), 1024) },
  ];
  if (v.finished.length)
    fields.push({ name: 'Finished box', value: clip(v.finished.map((c) => cardLine(c)).join('; '), 1024) });
  if (v.enforcement.length)
    fields.push({ name: 'Enforcement planned', value: clip(pawnLines(v.enforcement), 1024) });
  const records = v.records.slice(-6);
  if (records.length)
    fields.push({
      name: 'Records',
      value: clip(
        records
          .map((r) => `T${r.turn} ${PAWN[r.pawn]} · ${r.label}: ${r.found ? '🎯 something' : 'nothing'}`)
          .join('\n'),
        1024,
      ),
    });
  const log = v.log.slice(-8);
  if (log.length) fields.push({ name: 'Latest', value: clip(log.join('\n'), 1024) });
  return fields;
}

export const pawnLines = (ps: PawnView[]): string =>
  ps.map((p, i) => `${i + 1}. ${PAWN[p.pawn]} on ${p.label}${p.resolved ? ' ✓' : ''}`).join('\n') || '—';

function title(v: KpView): string {
  return v.phase === 'setup'
    ? 'Kingpin — setup'
    : v.phase === 'over'
      ? 'Kingpin — game over'
      : `Kingpin — turn ${v.turn} of 8`;
}

export function statusLine(v: KpView): string {
  if (v.result) return `**${v.result.summary}**`;
  const who = v.toAct === 'cartel' ? 'the Cartel' : 'the Hunters';
  return `${PHASE_WORDS[v.phase]}${v.pendingFix ? ' — the Cartel is choosing what to Fix' : ''}. Waiting for ${who}.`;
}

export function boardPanel(v: KpView): Panel {
  const sides = v.seats
    .map((x) => `${x.side === 'cartel' ? '💰 Cartel' : '🚁 Hunters'}: ${literal(x.name)}`)
    .join(' · ');
  return {
    title: title(v),
    description: [
      statusLine(v),
      chapoLine(v),
      sides,
      'Each team sees its secret board with **My view**.',
      ...(v.phase === 'setup'
        ? [
            'New to Kingpin? Type `/kingpin card` and pick the *Initial Investigation and Hunter Constraints* brief or the *Player Aid*, the sheets every player holds.',
          ]
        : []),
    ].join('\n'),
    fields: commonFields(v),
    tone: v.result
      ? v.result.kind === 'draw'
        ? 'info'
        : 'success'
      : v.toAct === 'cartel'
        ? 'warning'
        : 'info',
    mention: v.mention,
  };
}
