// The land under the sky, far to near: hills, mountains, water, forests, dunes, meadows.
import type { Prng } from '../../../../common/random/prng';
import type { Rgb } from '../prompt-reading';
import { between, hex, hsl, mix, r, shade, SIZE as S } from '../svg';
import { shows, type Canvas } from './canvas';

/** A jagged ridge from left to right by midpoint displacement, closed to the bottom. */
export function ridge(random: Prng, base: number, roughness: number, smooth = 0.55): string {
  let points = [base + between(random, -roughness, roughness), base + between(random, -roughness, roughness)];
  let spread = roughness;
  while (points.length < 65) {
    const next: number[] = [];
    for (let i = 0; i < points.length - 1; i++) next.push(points[i], (points[i] + points[i + 1]) / 2 + between(random, -spread, spread));
    next.push(points[points.length - 1]);
    points = next;
    spread *= smooth;
  }
  const step = S / (points.length - 1);
  return `M0,${S} ${points.map((y, i) => `L${r(i * step)},${r(y)}`).join(' ')} L${S},${S}Z`;
}

/** Rolling hills: a few overlapping sine curves. */
function rolling(random: Prng, base: number, height: number): string {
  const phase = random.next() * 6;
  const waves = [between(random, 1.2, 2.2), between(random, 2.5, 4)];
  let d = `M0,${S}`;
  for (let x = 0; x <= S; x += 16) {
    const t = x / S;
    const y = base - height * (0.6 * Math.sin(t * Math.PI * waves[0] + phase) + 0.4 * Math.sin(t * Math.PI * waves[1] + phase * 2));
    d += ` L${x},${r(y)}`;
  }
  return `${d} L${S},${S}Z`;
}

/** Far layers fade towards the haze: that is what makes them look far. */
const far = (canvas: Canvas, colour: Rgb, distance: number): Rgb => mix(colour, canvas.plan.palette.haze, distance);

export function hills(canvas: Canvas, layers = 3): void {
  const { palette, horizon } = canvas.plan;
  for (let layer = 0; layer < layers; layer++) {
    const distance = 1 - layer / layers;
    const colour = far(canvas, shade(palette.ground, 0.1 - layer * 0.08), distance * 0.7);
    canvas.layers.push(`<path d="${rolling(canvas.random, horizon + layer * 22 - 10, 30 * distance + 12)}" fill="${hex(colour)}"/>`);
  }
}

export function mountains(canvas: Canvas): void {
  const { random } = canvas;
  const { palette, horizon, style } = canvas.plan;
  const snowy = shows(canvas, 'snow') || random.chance(0.5);
  for (let layer = 0; layer < 3; layer++) {
    const distance = 1 - layer / 3;
    const rock = style === 'synthwave' ? hsl(280, 60, 12) : shade(mix(palette.ground, [90, 96, 110], 0.5), -0.1 * layer);
    const colour = far(canvas, rock, distance * 0.65);
    const base = horizon - 190 * distance + 10;
    const path = ridge(random, base, 120 * distance + 30);
    canvas.layers.push(`<path d="${path}" fill="${hex(colour)}"/>`);
    if (style === 'synthwave') canvas.layers.push(`<path d="${path}" fill="none" stroke="${hex(palette.accent)}" stroke-width="2"/>`);
    else if (snowy && layer < 2) {
      // Snow lies on the upper slopes only: white fading out below the peaks.
      const peaks = base - 120 * distance - 30;
      const cap = canvas.defs.vertical(
        [
          [0, [250, 252, 255], 0.95],
          [0.55, [250, 252, 255], 0.75],
          [1, [250, 252, 255], 0],
        ],
        peaks,
        base + 10,
      );
      canvas.layers.push(`<path d="${path}" fill="${cap}"/>`);
    }
  }
}

export function ground(canvas: Canvas, colour: Rgb): void {
  const { horizon } = canvas.plan;
  const fill = canvas.defs.linear([
    [0, far(canvas, colour, 0.45)],
    [1, shade(colour, -0.35)],
  ]);
  canvas.layers.push(`<rect x="0" y="${r(horizon)}" width="${S}" height="${r(S - horizon)}" fill="${fill}"/>`);
}

function waterColour(canvas: Canvas): Rgb {
  const { palette, time } = canvas.plan;
  const base = time === 'sunset' ? mix(hsl(232, 50, 30), palette.skyBottom, 0.3) : mix(hsl(205, 65, 40), palette.skyTop, 0.35);
  return mix(base, [10, 12, 24], palette.night * 0.5);
}

/** Open water from `top` down: reflected light, then wave lines growing towards the viewer. */
export function sea(canvas: Canvas, top = canvas.plan.horizon, calm = false): void {
  const { random } = canvas;
  const { palette } = canvas.plan;
  const water = waterColour(canvas);
  const fill = canvas.defs.linear([
    [0, mix(water, palette.skyBottom, 0.45)],
    [1, shade(water, -0.5)],
  ]);
  canvas.layers.push(`<rect x="0" y="${r(top)}" width="${S}" height="${r(S - top)}" fill="${fill}"/>`);
  if (canvas.lightX !== undefined) {
    let glints = '';
    for (let y = top + 4; y < S; y += between(random, 7, 14)) {
      const spread = 16 + (y - top) * 0.45;
      glints += `<rect x="${r(canvas.lightX - spread * between(random, 0.2, 1))}" y="${r(y)}" width="${r(spread * between(random, 0.5, 1.8))}" height="2.5" rx="1.2"/>`;
    }
    canvas.layers.push(`<g fill="${hex(palette.light)}" fill-opacity="0.5">${glints}</g>`);
  }
  let waves = '';
  const rows = calm ? 6 : 10;
  for (let row = 0; row < rows; row++) {
    const t = row / rows;
    const y = top + 10 + Math.pow(t, 1.5) * (S - top);
    const amplitude = (calm ? 0.6 : 2) + t * (calm ? 3 : 10);
    const length = 40 + t * 120;
    const phase = random.next() * length;
    let d = `M${r(-phase)},${r(y)}`;
    for (let x = -phase; x < S + length; x += length) d += ` q${r(length / 4)},${r(-amplitude * 2)} ${r(length / 2)},0 t${r(length / 2)},0`;
    waves += `<path d="${d}" stroke-width="${r(1 + t * 2.5)}"/>`;
  }
  canvas.layers.push(`<g fill="none" stroke="${hex(shade(water, 0.45))}" stroke-opacity="${calm ? 0.3 : 0.55}" stroke-linecap="round">${waves}</g>`);
}

export function lake(canvas: Canvas): void {
  const { horizon, palette } = canvas.plan;
  // A far bank of dark trees, then still water that mirrors the sky.
  const bank = far(canvas, shade(palette.ground, -0.2), 0.35);
  canvas.layers.push(`<path d="${ridge(canvas.random, horizon - 18, 14, 0.6)}" fill="${hex(bank)}"/>`);
  sea(canvas, horizon + 4, true);
  canvas.layers.push(`<path d="M0,${r(S - 60)} Q${r(S * 0.3)},${r(S - 110)} ${r(S * 0.55)},${r(S - 70)} T${S},${r(S - 90)} L${S},${S} L0,${S}Z" fill="${hex(shade(palette.ground, -0.25))}"/>`);
}

/** A river winding from the horizon to the viewer across grass. */
export function river(canvas: Canvas): void {
  const { random } = canvas;
  const { horizon, palette } = canvas.plan;
  ground(canvas, palette.ground);
  const water = mix(waterColour(canvas), palette.skyBottom, 0.35);
  const x0 = between(random, 300, 460);
  const bend = between(random, 120, 220) * (random.chance(0.5) ? 1 : -1);
  const d = `M${r(x0 - 6)},${r(horizon)} C${r(x0 + bend)},${r(horizon + 90)} ${r(x0 - bend * 1.4)},${r(horizon + 170)} ${r(x0 - 220)},${S} L${r(x0 + 260)},${S} C${r(x0 - bend * 0.9)},${r(horizon + 170)} ${r(x0 + bend + 20)},${r(horizon + 90)} ${r(x0 + 6)},${r(horizon)}Z`;
  const fill = canvas.defs.linear([
    [0, shade(water, 0.3)],
    [1, shade(water, -0.2)],
  ]);
  canvas.layers.push(`<path d="${d}" fill="${fill}"/><path d="${d}" fill="none" stroke="${hex(shade(palette.ground, -0.3))}" stroke-width="3" stroke-opacity="0.6"/>`);
}

export function waterfall(canvas: Canvas): void {
  const { random } = canvas;
  const { horizon, palette } = canvas.plan;
  const rock = mix(palette.ground, [80, 84, 92], 0.55);
  const top = horizon - 150;
  const pool = horizon + 110;
  const left = between(random, 300, 340);
  const right = left + between(random, 90, 130);
  canvas.layers.push(
    `<path d="M0,${S} L0,${r(top - 40)} L${r(left - 60)},${r(top - 10)} L${r(left)},${r(top)} L${r(left + 10)},${r(pool)} L0,${r(pool + 40)}Z" fill="${hex(shade(rock, -0.2))}"/>` +
      `<path d="M${S},${S} L${S},${r(top - 60)} L${r(right + 70)},${r(top - 20)} L${r(right)},${r(top)} L${r(right - 10)},${r(pool)} L${S},${r(pool + 30)}Z" fill="${hex(shade(rock, -0.32))}"/>`,
  );
  const fall = canvas.defs.linear([
    [0, [235, 245, 255]],
    [1, mix([235, 245, 255], palette.skyBottom, 0.3)],
  ]);
  let streaks = '';
  for (let x = left + 4; x < right - 2; x += between(random, 5, 11)) streaks += `<path d="M${r(x)},${r(top)} L${r(x + between(random, -3, 3))},${r(pool)}"/>`;
  canvas.layers.push(
    `<rect x="${r(left)}" y="${r(top)}" width="${r(right - left)}" height="${r(pool - top)}" fill="${fall}"/><g stroke="${hex(shade(palette.skyBottom, -0.15))}" stroke-opacity="0.35" stroke-width="2">${streaks}</g>`,
  );
  sea(canvas, pool, true);
  const foam = canvas.defs.radial([
    [0, [255, 255, 255], 0.9],
    [1, [255, 255, 255], 0],
  ]);
  canvas.layers.push(`<ellipse cx="${r((left + right) / 2)}" cy="${r(pool + 6)}" rx="${r((right - left) * 1.3)}" ry="40" fill="${foam}"/>`);
}

export function island(canvas: Canvas): void {
  const { random } = canvas;
  const { horizon, palette } = canvas.plan;
  sea(canvas);
  const cx = between(random, 280, 480);
  const width = between(random, 300, 420);
  const y = horizon + 40;
  const sand = hsl(40, 55, 70);
  canvas.layers.push(
    `<ellipse cx="${r(cx)}" cy="${r(y)}" rx="${r(width / 2)}" ry="26" fill="${hex(mix(sand, palette.haze, 0.2))}"/>` +
      `<path d="M${r(cx - width * 0.38)},${r(y - 6)} Q${r(cx - 40)},${r(y - 130)} ${r(cx + 20)},${r(y - 100)} Q${r(cx + 90)},${r(y - 80)} ${r(cx + width * 0.4)},${r(y - 6)}Z" fill="${hex(mix(hsl(120, 45, 30), palette.haze, 0.25))}"/>`,
  );
  canvas.layers.push(palm(cx + width * 0.22, y - 12, 1.3, hex(mix(hsl(110, 50, 24), palette.haze, 0.2))));
}

/** A palm tree: a leaning trunk and drooping fronds. */
export function palm(x: number, y: number, size: number, colour: string): string {
  const top: [number, number] = [x + 30 * size, y - 110 * size];
  let fronds = '';
  for (const [dx, dy] of [[-60, 20], [-40, 40], [55, 25], [40, 45], [0, -10], [-20, 50], [20, 52]]) {
    fronds += `<path d="M${r(top[0])},${r(top[1])} q${r(dx * 0.5 * size)},${r(-30 * size)} ${r(dx * size)},${r(dy * size)}" stroke-width="${r(9 * size)}"/>`;
  }
  return `<g fill="none" stroke="${colour}" stroke-linecap="round"><path d="M${r(x)},${r(y)} Q${r(x + 5 * size)},${r(y - 60 * size)} ${r(top[0])},${r(top[1])}" stroke-width="${r(7 * size)}"/>${fronds}</g>`;
}

export function forest(canvas: Canvas): void {
  const { random } = canvas;
  const { palette, horizon } = canvas.plan;
  const snowy = shows(canvas, 'snow');
  const base = snowy ? hsl(160, 25, 20) : shade(mix(palette.ground, hsl(130, 40, 22), 0.5), -0.1);
  for (let row = 0; row < 3; row++) {
    const colour = far(canvas, shade(base, -0.15 * row), (2 - row) * 0.3);
    const scale = 0.6 + row * 0.35;
    let trees = '';
    let x = -between(random, 0, 30);
    while (x < S + 20) {
      const height = between(random, 100, 170) * scale;
      const width = height * between(random, 0.34, 0.46);
      const foot = horizon + 10 + row * 48 + between(random, -6, 6);
      if (snowy || random.chance(0.7)) {
        // A fir in three tiers.
        for (let tier = 0; tier < 3; tier++) {
          const top = foot - height + tier * height * 0.24;
          const w = width * (0.55 + tier * 0.25);
          trees += `<path d="M${r(x)},${r(top)} L${r(x + w / 2)},${r(top + height * 0.42)} L${r(x - w / 2)},${r(top + height * 0.42)}Z"/>`;
        }
      } else {
        trees += `<rect x="${r(x - 3 * scale)}" y="${r(foot - height * 0.4)}" width="${r(6 * scale)}" height="${r(height * 0.4)}"/><ellipse cx="${r(x)}" cy="${r(foot - height * 0.6)}" rx="${r(width * 0.6)}" ry="${r(height * 0.35)}"/>`;
      }
      x += width * between(random, 0.5, 0.85);
    }
    const floor = `<rect x="0" y="${r(horizon + 8 + row * 48)}" width="${S}" height="${S}"/>`;
    canvas.layers.push(`<g fill="${hex(colour)}">${trees}${floor}</g>`);
    if (snowy) canvas.layers.push(`<rect x="0" y="${r(horizon + 8 + row * 48)}" width="${S}" height="${S}" fill="${hex(far(canvas, [236, 242, 250], (2 - row) * 0.2))}"/>`);
  }
}

export function dunes(canvas: Canvas): void {
  const { random } = canvas;
  const { palette, horizon } = canvas.plan;
  for (let layer = 0; layer < 4; layer++) {
    const y = horizon + layer * 55 + between(random, -10, 10);
    const colour = far(canvas, shade(palette.ground, layer % 2 === 0 ? -0.05 * layer : 0.08), (3 - layer) * 0.15);
    const c1 = between(random, 100, 350);
    const c2 = between(random, 420, 700);
    canvas.layers.push(
      `<path d="M0,${r(y)} Q${r(c1)},${r(y - between(random, 40, 110))} ${r((c1 + c2) / 2)},${r(y)} T${S},${r(y - between(random, -30, 40))} L${S},${S} L0,${S}Z" fill="${hex(colour)}"/>`,
    );
  }
  const x = random.chance(0.5) ? between(random, 60, 180) : between(random, 590, 700);
  const y = horizon + 150;
  const green = hex(mix([50, 110, 60], palette.skyTop, palette.night * 0.5));
  canvas.layers.push(
    `<g fill="${green}"><rect x="${r(x)}" y="${r(y - 120)}" width="22" height="130" rx="11"/><rect x="${r(x - 26)}" y="${r(y - 80)}" width="16" height="50" rx="8"/><rect x="${r(x - 26)}" y="${r(y - 40)}" width="40" height="14" rx="7"/><rect x="${r(x + 32)}" y="${r(y - 100)}" width="16" height="46" rx="8"/><rect x="${r(x + 10)}" y="${r(y - 64)}" width="38" height="14" rx="7"/></g>`,
  );
}

/** Flowers scattered over the near ground, smaller towards the horizon. */
export function meadow(canvas: Canvas, count: number): void {
  const { random } = canvas;
  const { palette, horizon, night } = { ...canvas.plan, night: canvas.plan.palette.night };
  let stems = '';
  let heads = '';
  const petalColours = [palette.accent, shade(palette.accent, 0.35), hsl(between(random, 0, 360), 75, 65), hsl(50, 90, 70)].map((c) => mix(c, palette.skyTop, night * 0.5));
  const dots: [number, number][] = [];
  for (let i = 0; i < count; i++) dots.push([between(random, 0, S), horizon + Math.pow(random.next(), 0.7) * (S - horizon)]);
  dots.sort((a, b) => a[1] - b[1]);
  for (const [x, y] of dots) {
    const depth = (y - horizon) / (S - horizon);
    const size = 3 + depth * 16;
    stems += `<path d="M${r(x)},${r(y + size * 2.5)} L${r(x)},${r(y)}" stroke-width="${r(1 + depth * 2)}"/>`;
    const colour = hex(petalColours[random.below(petalColours.length)]);
    heads += `<g fill="${colour}"><circle cx="${r(x - size * 0.5)}" cy="${r(y)}" r="${r(size * 0.55)}"/><circle cx="${r(x + size * 0.5)}" cy="${r(y)}" r="${r(size * 0.55)}"/><circle cx="${r(x)}" cy="${r(y - size * 0.5)}" r="${r(size * 0.55)}"/><circle cx="${r(x)}" cy="${r(y + size * 0.5)}" r="${r(size * 0.55)}"/></g><circle cx="${r(x)}" cy="${r(y)}" r="${r(size * 0.3)}" fill="#f6d34a"/>`;
  }
  canvas.layers.push(`<g fill="none" stroke="${hex(mix(hsl(110, 45, 28), palette.skyTop, night * 0.5))}">${stems}</g>${heads}`);
}
