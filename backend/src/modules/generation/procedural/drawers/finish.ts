// The last layers over the whole picture: grain, vignette, and the styles that change every pixel.
import { crc32, deflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import type { Prng } from '../../../../common/random/prng';
import { between, r, SIZE as S } from '../svg';
import type { Canvas } from './canvas';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey PNG of seeded noise around mid-grey, `amplitude` levels either way. */
function noisePng(random: Prng, size: number, amplitude: number): Buffer {
  const raw = Buffer.alloc((size + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x++) raw[row + 1 + x] = 128 + Math.round((random.next() + random.next() - 1) * amplitude);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
}

const image = (png: Buffer, attributes: string): string =>
  `<image width="${S}" height="${S}" preserveAspectRatio="none" ${attributes} href="data:image/png;base64,${png.toString('base64')}"/>`;

/**
 * Film grain over the whole picture, one noise image with no repeat (a repeated tile showed its
 * seams in flat skies). It is drawn at half resolution and blended as an overlay, which keeps both
 * the markup and resvg's work small.
 */
export function grain(canvas: Canvas, strength: number): void {
  // Scaled up pixel by pixel (optimizeSpeed): smoothing it cost resvg a third of the whole render.
  const png = noisePng(canvas.random, S / 2, 40);
  canvas.layers.push(image(png, `opacity="${r(strength)}" image-rendering="optimizeSpeed" style="mix-blend-mode:overlay"`));
}

/** Watercolour pigment: large soft blotches (coarse noise, scaled up smoothly) and paper grain. */
export function paper(canvas: Canvas): void {
  canvas.layers.push(image(noisePng(canvas.random, 24, 60), `opacity="0.35" style="mix-blend-mode:soft-light"`));
  grain(canvas, 0.5);
}

export function vignette(canvas: Canvas, opacity: number, colour: readonly [number, number, number] = [0, 0, 0]): void {
  const fill = canvas.defs.radial([
    [0.55, colour, 0],
    [1, colour, opacity],
  ]);
  canvas.layers.push(`<rect width="${S}" height="${S}" fill="${fill}"/>`);
}

/** Low-poly facets: a grid of triangles, each a little lighter or darker than its neighbours. */
export function facets(canvas: Canvas): void {
  const { random } = canvas;
  const cells = 10;
  const step = S / cells;
  const jitter: [number, number][][] = [];
  for (let i = 0; i <= cells; i++) {
    jitter.push([]);
    for (let j = 0; j <= cells; j++) {
      const edge = (k: number): boolean => k === 0 || k === cells;
      jitter[i].push([i * step + (edge(i) ? 0 : between(random, -step / 3, step / 3)), j * step + (edge(j) ? 0 : between(random, -step / 3, step / 3))]);
    }
  }
  let light = '';
  let dark = '';
  const tri = (a: [number, number], b: [number, number], c: [number, number]): string =>
    `<path d="M${r(a[0])},${r(a[1])} L${r(b[0])},${r(b[1])} L${r(c[0])},${r(c[1])}Z" fill-opacity="${(Math.round(between(random, 0.02, 0.16) * 100) / 100).toString()}"/>`;
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      const [a, b, c, d] = [jitter[i][j], jitter[i + 1][j], jitter[i + 1][j + 1], jitter[i][j + 1]];
      light += tri(a, b, c);
      dark += tri(a, c, d);
    }
  }
  canvas.layers.push(`<g fill="#ffffff">${light}</g><g fill="#000000">${dark}</g>`);
  canvas.layers.push(`<g fill="none" stroke="#ffffff" stroke-opacity="0.08" stroke-width="1">${light.replace(/fill-opacity="[^"]*"/g, '')}</g>`);
}

/**
 * Draws the markup small and shows it large: with square pixels for pixel art, smoothed for the
 * soft edges of watercolour. Two renders of a small picture cost less than one blur filter.
 */
export function resample(markup: string, defs: string, size: number, smooth: boolean): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}"><defs>${defs}</defs>${markup}</svg>`;
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  return image(png, smooth ? '' : 'image-rendering="optimizeSpeed"');
}
