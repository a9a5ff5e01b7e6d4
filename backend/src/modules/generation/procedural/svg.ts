// Numbers, colours and shared definitions for the procedural renderer's SVG. Every value written into
// the markup passes through `r` or `hex`, so the markup holds numbers and colours only.
import type { Prng } from '../../../common/random/prng';
import type { Rgb } from './prompt-reading';

export const SIZE = 768;

/** One decimal: finer than a pixel, short, reproducible. */
export const r = (value: number): string => String(Math.round(value * 10) / 10);
export const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));
export const between = (random: Prng, low: number, high: number): number => low + random.next() * (high - low);

export function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = clamp(saturation, 0, 100) / 100;
  const l = clamp(lightness, 0, 100) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number): number => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

export const mix = (a: Rgb, b: Rgb, amount: number): Rgb => [
  a[0] + (b[0] - a[0]) * amount,
  a[1] + (b[1] - a[1]) * amount,
  a[2] + (b[2] - a[2]) * amount,
];
/** Towards white (amount > 0) or black (amount < 0). */
export const shade = (colour: Rgb, amount: number): Rgb => mix(colour, amount < 0 ? [0, 0, 0] : [255, 255, 255], Math.abs(amount));
export const hex = (colour: Rgb): string =>
  `#${colour.map((channel) => Math.round(clamp(channel, 0, 255)).toString(16).padStart(2, '0')).join('')}`;
export const brightness = (colour: Rgb): number => (colour[0] * 0.3 + colour[1] * 0.59 + colour[2] * 0.11) / 255;

export type Stop = readonly [offset: number, colour: Rgb, opacity?: number];

/** The <defs> of one picture: gradients and filters under numbered ids. */
export class Defs {
  private readonly items: string[] = [];

  private add(body: string): string {
    const id = `d${this.items.length}`;
    this.items.push(body.replace('ID', id));
    return `url(#${id})`;
  }

  linear(stops: readonly Stop[], [x1, y1, x2, y2]: [number, number, number, number] = [0, 0, 0, 1]): string {
    return this.add(`<linearGradient id="ID" x1="${r(x1)}" y1="${r(y1)}" x2="${r(x2)}" y2="${r(y2)}">${stopsOf(stops)}</linearGradient>`);
  }

  /** A top-to-bottom gradient fixed in picture space, from y1 to y2. */
  vertical(stops: readonly Stop[], y1: number, y2: number): string {
    return this.add(`<linearGradient id="ID" gradientUnits="userSpaceOnUse" x1="0" y1="${r(y1)}" x2="0" y2="${r(y2)}">${stopsOf(stops)}</linearGradient>`);
  }

  radial(stops: readonly Stop[], at?: { cx: number; cy: number; r: number }): string {
    const place = at ? ` gradientUnits="userSpaceOnUse" cx="${r(at.cx)}" cy="${r(at.cy)}" r="${r(at.r)}"` : '';
    return this.add(`<radialGradient id="ID"${place}>${stopsOf(stops)}</radialGradient>`);
  }

  /** A blur for small glowing parts only: resvg blurs the whole filter region, which costs. */
  blur(deviation: number): string {
    return this.add(`<filter id="ID" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r(deviation)}"/></filter>`);
  }

  toString(): string {
    return this.items.join('');
  }
}

const stopsOf = (stops: readonly Stop[]): string =>
  stops.map(([offset, colour, opacity = 1]) => `<stop offset="${r(offset)}" stop-color="${hex(colour)}" stop-opacity="${r(opacity)}"/>`).join('');

/** A closed path through the points. */
export const polygon = (points: readonly (readonly [number, number])[]): string =>
  `M${points.map(([x, y]) => `${r(x)},${r(y)}`).join(' L')}Z`;
