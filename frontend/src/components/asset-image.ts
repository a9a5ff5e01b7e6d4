// URLs of resized pictures: /assets/...?w=&h=&fit=crop&auto=format&dpr= (docs/decisions/0008-image-resizes-in-child-processes.md). The
// server answers only the sizes of IMAGE_WIDTHS, so callers pick one of those.
import type { IMAGE_WIDTHS } from '@atelier/contracts';

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export interface ResizeOptions {
  w: ImageWidth;
  h?: ImageWidth;
  /** `crop` fills the box (centre crop); the default keeps the whole picture inside the width. */
  fit?: 'crop' | 'inside';
}

/** The picture at 1x, for `src`. */
export function resizedUrl(path: string, { w, h, fit }: ResizeOptions, dpr: 1 | 2 = 1): string {
  const params = new URLSearchParams({ w: String(w) });
  if (h) params.set('h', String(h));
  if (fit) params.set('fit', fit);
  params.set('auto', 'format');
  if (dpr !== 1) params.set('dpr', String(dpr));
  return `${path}?${params.toString()}`;
}

/** `src` and a `srcSet` with the 2x variant, for an <img> shown at `w` CSS pixels. */
export function resizedImage(path: string, options: ResizeOptions): { src: string; srcSet: string } {
  return { src: resizedUrl(path, options), srcSet: `${resizedUrl(path, options)} 1x, ${resizedUrl(path, options, 2)} 2x` };
}

/**
 * A `srcSet` of the picture at each of `widths` (`w` descriptors), for an <img> whose `sizes` says
 * how wide it shows: the browser picks the smallest that is sharp on the screen.
 */
export function widthSrcSet(path: string, widths: readonly ImageWidth[]): string {
  return widths.map((w) => `${resizedUrl(path, { w })} ${w}w`).join(', ');
}
