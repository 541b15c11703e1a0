import type { PresentContext } from '../contract.ts';
import type { Picture } from '../picture.ts';
import type { ColView } from './view.ts';
export function picture(_view: ColView, _ctx: PresentContext): Picture | null {
  return null;
}
