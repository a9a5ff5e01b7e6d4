// The built-in procedural renderer (provider `procedural`, DESIGN.md section 6): a real 768x768
// picture composed from the prompt's words, on the CPU, with no model weights. Same prompt and
// seed, same PNG bytes. The SVG is assembled from numbers and colour tables only: the prompt is
// read into names (prompt-reading.ts) and never written into the markup.
import { Resvg } from '@resvg/resvg-js';
import { hash64, prng, type Prng } from '../../../common/random/prng';
import { COLOURS, readPrompt, type Mood, type PromptReading, type Rgb, type Subject } from './prompt-reading';

export const PROCEDURAL_SIZE = 768;
const S = PROCEDURAL_SIZE;

export interface ProceduralRequest {
  prompt: string;
  /** Whole number in [0, 2^32); drawn from the prompt when absent. */
  seed?: number;
}

export interface ProceduralImage {
  png: Buffer;
  seed: number;
  width: typeof PROCEDURAL_SIZE;
  height: typeof PROCEDURAL_SIZE;
}

// ---- numbers and colours -------------------------------------------------------------------

/** One decimal: finer than a pixel, short, reproducible. */
const r = (value: number): string => String(Math.round(value * 10) / 10);
const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

function hsl(hue: number, saturation: number, lightness: number): Rgb {
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

const mix = (a: Rgb, b: Rgb, amount: number): Rgb => [
  a[0] + (b[0] - a[0]) * amount,
  a[1] + (b[1] - a[1]) * amount,
  a[2] + (b[2] - a[2]) * amount,
];
const shade = (colour: Rgb, amount: number): Rgb => mix(colour, amount < 0 ? [0, 0, 0] : [255, 255, 255], Math.abs(amount));
const hex = (colour: Rgb): string =>
  `#${colour.map((channel) => Math.round(clamp(channel, 0, 255)).toString(16).padStart(2, '0')).join('')}`;

// ---- palette -------------------------------------------------------------------------------

interface Palette {
  skyTop: Rgb;
  skyBottom: Rgb;
  ground: Rgb;
  accent: Rgb;
  light: Rgb;
  /** 0 (day) .. 1 (deep night): how dark the scene is. */
  night: number;
}

const SUBJECT_HUES: Record<Subject, number> = {
  sea: 205,
  forest: 130,
  city: 228,
  space: 250,
  sunset: 22,
  mountain: 212,
  desert: 36,
  portrait: 330,
  flowers: 320,
  rain: 215,
  snow: 200,
};

function makePalette(reading: PromptReading, random: Prng): Palette {
  const has = (mood: Mood): boolean => reading.moods.includes(mood);
  const about = (subject: Subject): boolean => reading.subjects.includes(subject);
  const first = reading.subjects[0];
  let hue = first ? SUBJECT_HUES[first] + random.next() * 24 - 12 : random.next() * 360;
  if (has('warm')) hue = 24 + random.next() * 20;
  if (has('cold')) hue = 200 + random.next() * 20;

  let saturation = 55 + random.next() * 20;
  let lightness = 62;
  let night = 0;
  if (has('calm')) saturation -= 18;
  if (has('joyful')) {
    saturation += 22;
    lightness += 8;
  }
  if (has('dreamy')) {
    saturation -= 20;
    lightness += 14;
  }
  if (about('space')) night = Math.max(night, 0.9);
  if (has('dark')) night = Math.max(night, 0.85);
  if (about('rain')) {
    saturation -= 25;
    lightness -= 10;
  }
  if (has('eerie')) night = Math.max(night, 0.45);

  let skyTop = hsl(hue + 20, saturation, lightness - 14);
  let skyBottom = hsl(hue - 10, saturation - 10, lightness + 16);
  let ground = hsl(hue + 150 + random.next() * 40, saturation - 10, lightness - 28);
  let accent = hsl(hue + 180, saturation + 20, lightness);
  let light: Rgb = hsl(hue + 30, 90, 88);

  if (about('sunset')) {
    skyTop = hsl(262 + random.next() * 20, 50, 28 + (1 - night) * 10);
    skyBottom = hsl(18 + random.next() * 18, 92, 58);
    accent = hsl(8, 85, 52);
    light = hsl(44, 100, 72);
  }
  if (about('snow')) {
    ground = hsl(205, 25, 92);
    skyBottom = mix(skyBottom, [236, 242, 250], 0.6);
  }
  if (about('desert')) ground = hsl(34 + random.next() * 10, 60, 58);
  if (about('forest') && !about('snow')) ground = hsl(115 + random.next() * 30, 45, 24);
  if (has('eerie')) accent = hsl(hue + 120 + random.next() * 60, 80, 55);

  // Named colours lead: the first tints the light parts and the accent, the others the rest.
  const named = reading.colours.map((name) => COLOURS[name] as Rgb);
  if (named.length > 0) {
    const [c0, c1 = c0, c2 = c1] = named;
    skyBottom = mix(skyBottom, c0, 0.6);
    accent = mix(accent, c0, 0.85);
    skyTop = mix(skyTop, c1, 0.45);
    ground = mix(ground, c2, 0.5);
  }
  if (night > 0) {
    const deep = hsl(235 + random.next() * 25, 45, 6);
    skyTop = mix(skyTop, deep, night);
    skyBottom = mix(skyBottom, shade(deep, 0.12), night * 0.8);
    ground = mix(ground, [6, 6, 12], night * 0.7);
    accent = mix(accent, shade(accent, -0.4), night * 0.5);
  }
  return { skyTop, skyBottom, ground, accent, light, night };
}

// ---- drawing ---------------------------------------------------------------------------------

interface Scene {
  random: Prng;
  palette: Palette;
  reading: PromptReading;
  horizon: number;
  /** Where the sun stands, for its glints on the water. */
  sunX?: number;
  defs: string[];
  layers: string[];
}

const about = (scene: Scene, subject: Subject): boolean => scene.reading.subjects.includes(subject);
const feels = (scene: Scene, mood: Mood): boolean => scene.reading.moods.includes(mood);
const between = (random: Prng, low: number, high: number): number => low + random.next() * (high - low);

function gradient(scene: Scene, id: string, stops: [number, Rgb, number?][], vertical = true): string {
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  const body = stops
    .map(([offset, colour, opacity = 1]) => `<stop offset="${r(offset)}" stop-color="${hex(colour)}" stop-opacity="${r(opacity)}"/>`)
    .join('');
  scene.defs.push(`<linearGradient id="${id}" ${direction}>${body}</linearGradient>`);
  return `url(#${id})`;
}

function radial(scene: Scene, id: string, stops: [number, Rgb, number][]): string {
  const body = stops
    .map(([offset, colour, opacity]) => `<stop offset="${r(offset)}" stop-color="${hex(colour)}" stop-opacity="${r(opacity)}"/>`)
    .join('');
  scene.defs.push(`<radialGradient id="${id}">${body}</radialGradient>`);
  return `url(#${id})`;
}

function sky(scene: Scene): void {
  const { skyTop, skyBottom } = scene.palette;
  const fill = gradient(scene, 'sky', [
    [0, skyTop],
    [scene.horizon / S, skyBottom],
    [1, mix(skyBottom, scene.palette.ground, 0.5)],
  ]);
  scene.layers.push(`<rect width="${S}" height="${S}" fill="${fill}"/>`);
}

function stars(scene: Scene, count: number): void {
  const { random } = scene;
  let dots = '';
  for (let i = 0; i < count; i++) {
    const y = Math.pow(random.next(), 1.4) * scene.horizon;
    dots += `<circle cx="${r(random.next() * S)}" cy="${r(y)}" r="${r(between(random, 0.5, 2.2))}" fill-opacity="${r(between(random, 0.4, 1))}"/>`;
  }
  scene.layers.push(`<g fill="${hex(shade(scene.palette.light, 0.6))}">${dots}</g>`);
}

function planets(scene: Scene): void {
  const { random, palette } = scene;
  const glow = radial(scene, 'nebula', [
    [0, palette.accent, 0.45],
    [1, palette.accent, 0],
  ]);
  scene.layers.push(
    `<ellipse cx="${r(between(random, 150, 620))}" cy="${r(between(random, 120, 320))}" rx="${r(between(random, 220, 380))}" ry="${r(between(random, 90, 180))}" fill="${glow}" transform="rotate(${r(between(random, -30, 30))} 384 240)"/>`,
  );
  const count = 1 + random.below(3);
  for (let i = 0; i < count; i++) {
    const radius = i === 0 ? between(random, 60, 130) : between(random, 14, 40);
    const x = between(random, radius, S - radius);
    const y = between(random, radius, scene.horizon * 0.8);
    const body = hsl(between(random, 0, 360), between(random, 35, 70), between(random, 45, 65));
    const fill = gradient(scene, `planet${i}`, [
      [0, shade(body, 0.35)],
      [1, shade(body, -0.6)],
    ]);
    let ring = '';
    if (random.chance(0.5)) {
      ring = `<ellipse cx="${r(x)}" cy="${r(y)}" rx="${r(radius * 1.9)}" ry="${r(radius * 0.45)}" fill="none" stroke="${hex(shade(body, 0.4))}" stroke-opacity="0.7" stroke-width="${r(radius * 0.12)}" transform="rotate(${r(between(random, -25, 25))} ${r(x)} ${r(y)})"/>`;
    }
    scene.layers.push(`<circle cx="${r(x)}" cy="${r(y)}" r="${r(radius)}" fill="${fill}"/>${ring}`);
  }
}

function sun(scene: Scene): void {
  const { random, palette, horizon } = scene;
  const x = between(random, 200, 568);
  const radius = between(random, 55, 95);
  const y = horizon - radius * between(random, 0.1, 0.7);
  const glow = radial(scene, 'glow', [
    [0, palette.light, 0.85],
    [0.35, palette.light, 0.35],
    [1, palette.light, 0],
  ]);
  scene.layers.push(
    `<circle cx="${r(x)}" cy="${r(y)}" r="${r(radius * 4)}" fill="${glow}"/><circle cx="${r(x)}" cy="${r(y)}" r="${r(radius)}" fill="${hex(mix(palette.light, [255, 200, 90], 0.4))}"/>`,
  );
  scene.sunX = x;
}

function moon(scene: Scene): void {
  const { random } = scene;
  const x = between(random, 120, 650);
  const y = between(random, 90, scene.horizon * 0.45);
  const radius = between(random, 28, 50);
  const glow = radial(scene, 'moonglow', [
    [0, [230, 236, 255], 0.35],
    [1, [230, 236, 255], 0],
  ]);
  scene.layers.push(
    `<circle cx="${r(x)}" cy="${r(y)}" r="${r(radius * 3.5)}" fill="${glow}"/><circle cx="${r(x)}" cy="${r(y)}" r="${r(radius)}" fill="#eef0fa"/>`,
  );
}

function clouds(scene: Scene, count: number, colour: Rgb, opacity: number): void {
  const { random } = scene;
  let puffs = '';
  for (let i = 0; i < count; i++) {
    const x = between(random, -40, S + 40);
    const y = between(random, 40, scene.horizon * 0.7);
    const width = between(random, 90, 220);
    for (let j = 0; j < 5; j++) {
      puffs += `<ellipse cx="${r(x + (j - 2) * width * 0.22)}" cy="${r(y - Math.sin((j / 4) * Math.PI) * width * 0.12)}" rx="${r(width * between(random, 0.22, 0.34))}" ry="${r(width * between(random, 0.12, 0.2))}"/>`;
    }
  }
  scene.layers.push(`<g fill="${hex(colour)}" fill-opacity="${r(opacity)}">${puffs}</g>`);
}

/** A jagged ridge from left to right by midpoint displacement, closed to the bottom. */
function ridge(random: Prng, base: number, roughness: number): string {
  let points = [base + between(random, -roughness, roughness), base + between(random, -roughness, roughness)];
  let spread = roughness;
  while (points.length < 65) {
    const next: number[] = [];
    for (let i = 0; i < points.length - 1; i++) next.push(points[i], (points[i] + points[i + 1]) / 2 + between(random, -spread, spread));
    next.push(points[points.length - 1]);
    points = next;
    spread *= 0.55;
  }
  const step = S / (points.length - 1);
  return `M0,${S} ${points.map((y, i) => `L${r(i * step)},${r(y)}`).join(' ')} L${S},${S}Z`;
}

function mountains(scene: Scene): void {
  const { random, palette, horizon } = scene;
  const snowy = about(scene, 'snow') || random.chance(0.4);
  for (let layer = 0; layer < 3; layer++) {
    const far = 1 - layer / 3;
    const colour = mix(shade(palette.ground, -0.15 * layer), palette.skyBottom, far * 0.55);
    const base = horizon - 150 * far - 20;
    const path = ridge(random, base, 130 * far + 40);
    scene.layers.push(`<path d="${path}" fill="${hex(colour)}"/>`);
    if (snowy && layer === 0) scene.layers.push(`<path d="${path}" fill="#ffffff" fill-opacity="0.22"/>`);
  }
}

function dunes(scene: Scene): void {
  const { random, palette, horizon } = scene;
  for (let layer = 0; layer < 4; layer++) {
    const y = horizon + layer * 60 + between(random, -10, 10);
    const colour = shade(palette.ground, layer % 2 === 0 ? -0.08 * layer : 0.1);
    const c1 = between(random, 100, 350);
    const c2 = between(random, 420, 700);
    scene.layers.push(
      `<path d="M0,${r(y)} Q${r(c1)},${r(y - between(random, 40, 120))} ${r((c1 + c2) / 2)},${r(y)} T${S},${r(y - between(random, -30, 40))} L${S},${S} L0,${S}Z" fill="${hex(colour)}"/>`,
    );
  }
  if (random.chance(0.7)) {
    // A cactus or two.
    const x = between(random, 80, 680);
    const y = horizon + 170;
    const green = hex(mix([40, 110, 60], palette.ground, 0.2));
    scene.layers.push(
      `<g fill="${green}"><rect x="${r(x)}" y="${r(y - 120)}" width="22" height="130" rx="11"/><rect x="${r(x - 26)}" y="${r(y - 80)}" width="16" height="50" rx="8"/><rect x="${r(x - 26)}" y="${r(y - 40)}" width="40" height="14" rx="7"/><rect x="${r(x + 32)}" y="${r(y - 100)}" width="16" height="46" rx="8"/><rect x="${r(x + 10)}" y="${r(y - 64)}" width="38" height="14" rx="7"/></g>`,
    );
  }
}

function skyline(scene: Scene): void {
  const { random, palette, horizon } = scene;
  for (let layer = 0; layer < 2; layer++) {
    const colour = mix(shade(palette.ground, -0.35 - layer * 0.2), palette.skyBottom, layer === 0 ? 0.45 : 0.05);
    let x = -between(random, 0, 30);
    let blocks = '';
    let windows = '';
    while (x < S) {
      const width = between(random, 30, 80);
      const height = between(random, 60, layer === 0 ? 300 : 230) * (layer === 0 ? 1 : 0.9);
      const top = horizon + 10 * layer - height;
      blocks += `<rect x="${r(x)}" y="${r(top)}" width="${r(width)}" height="${r(height + S)}"/>`;
      if (random.chance(0.25)) blocks += `<rect x="${r(x + width / 2 - 2)}" y="${r(top - 30)}" width="4" height="30"/>`;
      if (layer === 1) {
        for (let wy = top + 10; wy < horizon; wy += 16) {
          for (let wx = x + 6; wx < x + width - 8; wx += 12) {
            if (random.chance(0.3 + scene.palette.night * 0.3)) windows += `<rect x="${r(wx)}" y="${r(wy)}" width="5" height="7"/>`;
          }
        }
      }
      x += width + between(random, 0, 8);
    }
    scene.layers.push(`<g fill="${hex(colour)}">${blocks}</g>`);
    if (windows) {
      const lit = hex(mix([255, 214, 120], palette.accent, 0.2));
      scene.layers.push(`<g fill="${lit}" fill-opacity="${r(0.35 + palette.night * 0.6)}">${windows}</g>`);
    }
  }
}

function sea(scene: Scene): void {
  const { random, palette, horizon } = scene;
  const water = about(scene, 'sunset')
    ? mix(hsl(228, 55, 30), palette.skyBottom, 0.3)
    : mix(hsl(205 + between(random, -10, 10), 65, 38), palette.skyTop, 0.35);
  const fill = gradient(scene, 'sea', [
    [0, mix(water, palette.skyBottom, 0.4)],
    [1, shade(water, -0.55)],
  ]);
  scene.layers.push(`<rect x="0" y="${r(horizon)}" width="${S}" height="${r(S - horizon)}" fill="${fill}"/>`);
  const { sunX } = scene;
  if (sunX !== undefined) {
    let glints = '';
    for (let y = horizon + 6; y < S; y += between(random, 8, 16)) {
      const spread = 20 + (y - horizon) * 0.5;
      glints += `<rect x="${r(sunX - spread * between(random, 0.3, 1))}" y="${r(y)}" width="${r(spread * between(random, 0.6, 2))}" height="3" rx="1.5"/>`;
    }
    scene.layers.push(`<g fill="${hex(palette.light)}" fill-opacity="0.55">${glints}</g>`);
  }
  let waves = '';
  const rows = 9;
  for (let row = 0; row < rows; row++) {
    const t = row / rows;
    const y = horizon + 14 + Math.pow(t, 1.6) * (S - horizon);
    const amplitude = 2 + t * 12;
    const length = 40 + t * 110;
    const phase = random.next() * length;
    let d = `M${r(-phase)},${r(y)}`;
    for (let x = -phase; x < S + length; x += length) d += ` q${r(length / 4)},${r(-amplitude * 2)} ${r(length / 2)},0 t${r(length / 2)},0`;
    waves += `<path d="${d}" stroke-width="${r(1 + t * 3)}"/>`;
  }
  scene.layers.push(`<g fill="none" stroke="${hex(shade(water, 0.45))}" stroke-opacity="0.55" stroke-linecap="round">${waves}</g>`);
}

function forest(scene: Scene): void {
  const { random, palette, horizon } = scene;
  const snowy = about(scene, 'snow');
  const base = snowy ? hsl(150, 30, 22) : palette.ground;
  for (let row = 0; row < 3; row++) {
    const colour = mix(shade(base, -0.12 * row), palette.skyBottom, (2 - row) * 0.22);
    const scale = 0.6 + row * 0.35;
    let trees = '';
    let x = -between(random, 0, 30);
    while (x < S + 20) {
      const height = between(random, 90, 160) * scale;
      const width = height * between(random, 0.35, 0.5);
      const foot = horizon + 20 + row * 55 + between(random, -8, 8);
      if (random.chance(0.65)) {
        trees += `<path d="M${r(x)},${r(foot - height)} L${r(x + width / 2)},${r(foot)} L${r(x - width / 2)},${r(foot)}Z"/>`;
      } else {
        trees += `<rect x="${r(x - 3 * scale)}" y="${r(foot - height * 0.4)}" width="${r(6 * scale)}" height="${r(height * 0.4)}"/><ellipse cx="${r(x)}" cy="${r(foot - height * 0.6)}" rx="${r(width * 0.6)}" ry="${r(height * 0.35)}"/>`;
      }
      x += width * between(random, 0.45, 0.8);
    }
    const ground = `<rect x="0" y="${r(horizon + 18 + row * 55)}" width="${S}" height="${S}"/>`;
    scene.layers.push(`<g fill="${hex(colour)}">${trees}${ground}</g>`);
  }
}

function flowers(scene: Scene): void {
  const { random, palette } = scene;
  const count = 14 + random.below(12);
  let stems = '';
  let heads = '';
  const petalColours = [palette.accent, shade(palette.accent, 0.3), hsl(between(random, 0, 360), 75, 62)];
  for (let i = 0; i < count; i++) {
    const x = between(random, 10, S - 10);
    const foot = S + 10;
    const top = between(random, S * 0.6, S * 0.9);
    const size = between(random, 12, 26) * (top / S);
    stems += `<path d="M${r(x)},${r(foot)} Q${r(x + between(random, -30, 30))},${r((foot + top) / 2)} ${r(x)},${r(top)}"/>`;
    const colour = hex(petalColours[random.below(petalColours.length)]);
    const petals = 5 + random.below(3);
    let flower = '';
    for (let p = 0; p < petals; p++) {
      const angle = (360 / petals) * p;
      flower += `<ellipse cx="${r(x)}" cy="${r(top - size)}" rx="${r(size * 0.45)}" ry="${r(size)}" transform="rotate(${r(angle)} ${r(x)} ${r(top)})"/>`;
    }
    heads += `<g fill="${colour}">${flower}</g><circle cx="${r(x)}" cy="${r(top)}" r="${r(size * 0.4)}" fill="#f6d34a"/>`;
  }
  scene.layers.push(`<g fill="none" stroke="${hex(hsl(110, 45, 30))}" stroke-width="3">${stems}</g>${heads}`);
}

function portrait(scene: Scene): void {
  const { random, palette } = scene;
  const cx = between(random, 330, 438);
  const headY = between(random, 300, 350);
  const head = between(random, 95, 120);
  const halo = radial(scene, 'halo', [
    [0, palette.light, 0.7],
    [1, palette.light, 0],
  ]);
  const body = hex(mix(shade(palette.accent, -0.6), [10, 10, 16], palette.night * 0.5));
  const rim = hex(shade(palette.accent, 0.2));
  scene.layers.push(
    `<circle cx="${r(cx)}" cy="${r(headY)}" r="${r(head * 2.4)}" fill="${halo}"/>` +
      `<g fill="${body}" stroke="${rim}" stroke-width="3">` +
      `<path d="M${r(cx - 260)},${S + 10} C${r(cx - 240)},${r(headY + head * 2)} ${r(cx - 120)},${r(headY + head * 1.55)} ${r(cx)},${r(headY + head * 1.5)} C${r(cx + 120)},${r(headY + head * 1.55)} ${r(cx + 240)},${r(headY + head * 2)} ${r(cx + 260)},${S + 10}Z"/>` +
      `<rect x="${r(cx - head * 0.35)}" y="${r(headY + head * 0.8)}" width="${r(head * 0.7)}" height="${r(head * 0.9)}" stroke="none"/>` +
      `<ellipse cx="${r(cx)}" cy="${r(headY)}" rx="${r(head * 0.78)}" ry="${r(head)}"/></g>`,
  );
  // Hair: a seeded sweep of strands over the head.
  let hair = '';
  for (let i = 0; i < 14; i++) {
    const a = between(random, -0.9, 0.9);
    hair += `<path d="M${r(cx + Math.sin(a) * head * 0.6)},${r(headY - head * 0.95)} q${r(between(random, -60, 60))},${r(between(random, 20, 80))} ${r(Math.sin(a) * head * 0.5)},${r(head * between(random, 0.6, 1.4))}"/>`;
  }
  scene.layers.push(`<g fill="none" stroke="${rim}" stroke-opacity="0.5" stroke-width="4">${hair}</g>`);
}

function rain(scene: Scene): void {
  const { random, palette } = scene;
  clouds(scene, 7, mix(palette.skyTop, [40, 44, 56], 0.6), 0.85);
  let drops = '';
  const slant = between(random, -12, 4);
  for (let i = 0; i < 260; i++) {
    const x = random.next() * (S + 60) - 30;
    const y = random.next() * S;
    const length = between(random, 12, 30);
    drops += `<path d="M${r(x)},${r(y)} l${r(slant)},${r(length)}"/>`;
  }
  scene.layers.push(`<g stroke="${hex(shade(palette.skyBottom, 0.5))}" stroke-opacity="0.5" stroke-width="1.4">${drops}</g>`);
  if (scene.reading.words.some((word) => word.startsWith('storm') || word.startsWith('thunder') || word.startsWith('lightning')) || random.chance(0.3)) {
    let x = between(random, 150, 620);
    let y = 60;
    let bolt = `M${r(x)},${r(y)}`;
    while (y < scene.horizon) {
      x += between(random, -40, 40);
      y += between(random, 30, 60);
      bolt += ` L${r(x)},${r(y)}`;
    }
    scene.layers.push(`<path d="${bolt}" fill="none" stroke="#fbf6d8" stroke-width="4" stroke-linejoin="bevel"/>`);
  }
}

function snow(scene: Scene): void {
  const { random } = scene;
  let flakes = '';
  for (let i = 0; i < 220; i++) {
    flakes += `<circle cx="${r(random.next() * S)}" cy="${r(random.next() * S)}" r="${r(between(random, 1, 4))}" fill-opacity="${r(between(random, 0.5, 0.95))}"/>`;
  }
  scene.layers.push(`<g fill="#ffffff">${flakes}</g>`);
}

function ground(scene: Scene): void {
  const { palette, horizon } = scene;
  const fill = gradient(scene, 'ground', [
    [0, mix(palette.ground, palette.skyBottom, 0.35)],
    [1, shade(palette.ground, -0.5)],
  ]);
  scene.layers.push(`<rect x="0" y="${r(horizon)}" width="${S}" height="${r(S - horizon)}" fill="${fill}"/>`);
}

/** For words it does not know: overlapping seeded circles, rings and blobs in the palette. */
function abstract(scene: Scene, count: number): void {
  const { random, palette } = scene;
  const colours = [palette.accent, palette.light, palette.skyTop, palette.ground, shade(palette.accent, 0.4)];
  let shapes = '';
  for (let i = 0; i < count; i++) {
    const colour = hex(colours[random.below(colours.length)]);
    const x = between(random, 40, S - 40);
    const y = between(random, 40, S - 40);
    const size = between(random, 30, 220);
    const opacity = r(between(random, 0.25, 0.7));
    switch (random.below(3)) {
      case 0:
        shapes += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(size)}" fill="${colour}" fill-opacity="${opacity}"/>`;
        break;
      case 1:
        shapes += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(size)}" fill="none" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="${r(between(random, 4, 24))}"/>`;
        break;
      default: {
        let d = '';
        const lobes = 5 + random.below(4);
        for (let k = 0; k <= lobes; k++) {
          const a = (k / lobes) * Math.PI * 2;
          const radius = size * between(random, 0.6, 1.2);
          const px = x + Math.cos(a) * radius;
          const py = y + Math.sin(a) * radius;
          d += k === 0 ? `M${r(px)},${r(py)}` : ` S${r(x + Math.cos(a - 0.4) * radius * 1.2)},${r(y + Math.sin(a - 0.4) * radius * 1.2)} ${r(px)},${r(py)}`;
        }
        shapes += `<path d="${d}Z" fill="${colour}" fill-opacity="${opacity}"/>`;
      }
    }
  }
  scene.layers.push(shapes);
}

function texture(scene: Scene): void {
  const { random, palette } = scene;
  // Noise over the whole picture costs ~150 ms in resvg; one seamless 128px tile of it, repeated
  // by a pattern, ~20 ms. The frequency is a whole number of cycles a tile, so the edges meet.
  const tile = 128;
  const cycles = (2 + random.below(5)) * (feels(scene, 'eerie') ? 2 : 1);
  scene.defs.push(
    `<filter id="grain" x="0" y="0" width="${tile}" height="${tile}" filterUnits="userSpaceOnUse"><feTurbulence type="fractalNoise" baseFrequency="${cycles / tile}" numOctaves="3" stitchTiles="stitch" seed="${random.below(1000)}"/><feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.8 -0.25"/></filter>` +
      `<pattern id="grainTile" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse"><rect width="${tile}" height="${tile}" filter="url(#grain)"/></pattern>`,
  );
  scene.layers.push(`<rect width="${S}" height="${S}" fill="url(#grainTile)" opacity="${r(feels(scene, 'dreamy') ? 0.35 : 0.2)}"/>`);
  const dark = palette.night > 0.3 || feels(scene, 'eerie');
  const vignette = radial(scene, 'vignette', [
    [0.55, [0, 0, 0], 0],
    [1, [0, 0, 0], dark ? 0.6 : 0.25],
  ]);
  scene.layers.push(`<rect width="${S}" height="${S}" fill="${vignette}"/>`);
}

// ---- composition -----------------------------------------------------------------------------

/** The SVG markup of the picture: numbers and colours only, never the prompt's text. */
export function renderProceduralSvg({ prompt, seed }: ProceduralRequest): string {
  const reading = readPrompt(prompt);
  const chosenSeed = seed ?? defaultSeed(prompt);
  // The seed leads; the words that matter (not their spacing or case) follow.
  const random = prng(`procedural:${chosenSeed >>> 0}:${reading.words.join(' ')}`);
  const palette = makePalette(reading, random);
  const scene: Scene = { random, palette, reading, horizon: S * between(random, 0.55, 0.66), defs: [], layers: [] };
  const has = (subject: Subject): boolean => about(scene, subject);
  const landscape = ['sea', 'forest', 'city', 'mountain', 'desert', 'flowers', 'snow', 'sunset'].some((s) => has(s as Subject));

  sky(scene);
  if (has('space') || (palette.night > 0.5 && !has('rain'))) stars(scene, has('space') ? 260 : 140);
  if (has('space')) planets(scene);
  if (has('sunset')) sun(scene);
  else if (palette.night > 0.5 && !has('rain') && !has('space')) moon(scene);
  if (!has('rain') && !has('space') && palette.night < 0.5 && (landscape || feels(scene, 'dreamy'))) {
    clouds(scene, 2 + random.below(4), shade(palette.skyBottom, 0.6), feels(scene, 'dreamy') ? 0.7 : 0.45);
  }
  if (!has('portrait') && !landscape && !has('space') && !has('rain')) abstract(scene, 18 + random.below(14));
  else if (!has('portrait') && !landscape && !has('space')) abstract(scene, 6);
  if (has('mountain')) mountains(scene);
  if (has('desert')) dunes(scene);
  else if ((has('snow') || has('flowers')) && !has('sea')) ground(scene);
  if (has('city')) skyline(scene);
  if (has('sea')) sea(scene);
  else if (has('sunset') && !has('desert') && !has('mountain') && !has('city') && !has('forest')) ground(scene);
  if (has('forest')) forest(scene);
  if (has('flowers')) flowers(scene);
  if (has('portrait')) portrait(scene);
  if (has('rain')) rain(scene);
  if (has('snow')) snow(scene);
  if (feels(scene, 'eerie')) abstract(scene, 5);
  texture(scene);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}"><defs>${scene.defs.join('')}</defs>${scene.layers.join('')}</svg>`;
}

/** The seed a prompt gets when none is asked for: reproducible from its words. */
export function defaultSeed(prompt: string): number {
  return hash64(readPrompt(prompt).words.join(' '))[0];
}

/** A 768x768 PNG of the prompt, the same bytes for the same prompt and seed. */
export function renderProcedural(request: ProceduralRequest): ProceduralImage {
  const seed = (request.seed ?? defaultSeed(request.prompt)) >>> 0;
  const svg = renderProceduralSvg({ prompt: request.prompt, seed });
  const png = new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
  return { png, seed, width: PROCEDURAL_SIZE, height: PROCEDURAL_SIZE };
}
