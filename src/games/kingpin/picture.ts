/** Pictures per viewer (filled in below). */
import type { Picture } from '../picture.ts';
import type { KpView } from './view.ts';

export function drawPicture(_view: KpView): Picture | null {
  return null;
}
