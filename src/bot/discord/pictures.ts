/**
 * Rasterises game pictures (SVG documents drawn by the engines, see src/games/picture.ts) to PNG.
 *
 * @napi-rs/canvas (Skia) renders the SVG; the DejaVu fonts come from the `dejavu-fonts-ttf` npm
 * package and are registered once per process, so a machine without system fonts draws the
 * same picture. Fonts are the reason for this choice over resvg: resvg-js loads its fonts again
 * for every picture (about 100 ms for two faces here), Skia keeps them. The PNG is encoded on
 * libuv's thread pool, so a draw does not block the event loop for long.
 *
 * A picture is a pure function of a view, so its SVG identifies it: drawn pictures are cached by
 * a hash of the SVG, and the same board at the same version is drawn once.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { PICTURE_FONT, type Picture } from '../../games/picture.ts';

export interface DrawnPicture {
  kind: string;
  /** The attachment's file name, e.g. `field.png`. */
  filename: string;
  alt: string;
  width: number;
  height: number;
  png: Buffer;
}

/** Discord's limit on an attachment's description (alt text). */
export const ALT_TEXT_MAX = 1024;

let fontsRegistered = false;

function registerFonts(): void {
  if (fontsRegistered) return;
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  for (const face of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])
    if (!GlobalFonts.registerFromPath(join(dir, face), PICTURE_FONT))
      throw new Error(`Could not load the picture font ${face} from ${dir}.`);
  fontsRegistered = true;
}

/** Draws one picture to PNG bytes. */
export async function rasterise(picture: Picture): Promise<Buffer> {
  registerFonts();
  const image = await loadImage(Buffer.from(picture.svg));
  const canvas = createCanvas(picture.width, picture.height);
  canvas.getContext('2d').drawImage(image, 0, 0, picture.width, picture.height);
  return canvas.encode('png');
}

function clipAlt(alt: string): string {
  const points = [...alt];
  return points.length <= ALT_TEXT_MAX ? alt : `${points.slice(0, ALT_TEXT_MAX - 1).join('')}…`;
}

/** Drawn pictures, newest kept, keyed by their SVG. */
export class PictureCache {
  private readonly drawn = new Map<string, Promise<Buffer>>();
  /** How many pictures were rasterised (cache misses), for tests and benchmarks. */
  rasterised = 0;

  constructor(private readonly maxEntries = 128) {}

  async draw(picture: Picture): Promise<DrawnPicture> {
    const key = createHash('sha256').update(picture.svg).digest('base64url');
    let png = this.drawn.get(key);
    if (png) this.drawn.delete(key);
    else {
      png = rasterise(picture);
      this.rasterised++;
    }
    // Re-inserted so the map's order is least recently used first.
    this.drawn.set(key, png);
    png.catch(() => this.drawn.delete(key));
    while (this.drawn.size > this.maxEntries) {
      const oldest = this.drawn.keys().next().value;
      if (oldest === undefined) break;
      this.drawn.delete(oldest);
    }
    return {
      kind: picture.kind,
      filename: `${picture.kind}.png`,
      alt: clipAlt(picture.alt),
      width: picture.width,
      height: picture.height,
      png: await png,
    };
  }

  get size(): number {
    return this.drawn.size;
  }
}

/**
 * The attachment a drawing of `picture` was uploaded as, without drawing it: an edit that keeps
 * a message's picture points at the existing upload by file name and sends no file.
 */
export function uploadedAs(picture: Picture): DrawnPicture {
  const { kind, alt, width, height } = picture;
  return { kind, filename: `${kind}.png`, alt: clipAlt(alt), width, height, png: Buffer.alloc(0) };
}
