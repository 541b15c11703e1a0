/**
 * Panels: the public board (board-panel.ts) and each team's private view with only the controls
 * that are legal now: the Cartel's Hidden board (cartel-panel.ts), the Hunters' Found area
 * (hunters-panel.ts).
 */
import type { Panel } from '../panel.ts';
import { boardPanel } from './board-panel.ts';
import { cartelPanel } from './cartel-panel.ts';
import { huntersPanel } from './hunters-panel.ts';
import type { KpView } from './view.ts';

export function present(v: KpView): Panel {
  if (v.viewer === 'cartel') return cartelPanel(v);
  if (v.viewer === 'hunters') return huntersPanel(v);
  return boardPanel(v);
}
