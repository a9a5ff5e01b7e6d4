// Built and enclosed places: a city skyline, a street, under the sea, a room, a studio backdrop, and
// the neon grid floor of synthwave.
import { between, hex, hsl, mix, r, shade, SIZE as S } from '../svg';
import type { Canvas } from './canvas';

export function skyline(canvas: Canvas): void {
  const { random } = canvas;
  const { palette, horizon, night } = { ...canvas.plan, night: canvas.plan.palette.night };
  const base = horizon + 30;
  for (let layer = 0; layer < 2; layer++) {
    const colour = mix(shade(mix(palette.ground, [60, 66, 84], 0.6), -0.3 - layer * 0.3), palette.haze, layer === 0 ? 0.5 : 0.08);
    let x = -between(random, 0, 30);
    let blocks = '';
    let windows = '';
    while (x < S) {
      const width = between(random, 36, 86);
      const height = between(random, 80, layer === 0 ? 330 : 250);
      const top = base + 12 * layer - height;
      blocks += `<rect x="${r(x)}" y="${r(top)}" width="${r(width)}" height="${r(height + S)}"/>`;
      if (random.chance(0.25)) blocks += `<rect x="${r(x + width / 2 - 2)}" y="${r(top - 30)}" width="4" height="30"/>`;
      if (layer === 1) {
        for (let wy = top + 10; wy < base; wy += 16) {
          for (let wx = x + 6; wx < x + width - 8; wx += 12) {
            if (random.chance(0.2 + night * 0.35)) windows += `<rect x="${r(wx)}" y="${r(wy)}" width="5" height="7"/>`;
          }
        }
      }
      x += width + between(random, 0, 8);
    }
    canvas.layers.push(`<g fill="${hex(colour)}">${blocks}</g>`);
    if (windows) {
      const lamp = night > 0.3 ? mix([255, 214, 120], palette.accent, 0.2) : shade(palette.skyBottom, 0.3);
      canvas.layers.push(`<g fill="${hex(lamp)}" fill-opacity="${r(0.3 + night * 0.6)}">${windows}</g>`);
    }
  }
  // The street at the foot of the towers, wet and reflective at night.
  const street = canvas.defs.linear([
    [0, shade(palette.ground, -0.2)],
    [1, mix(palette.ground, palette.accent, night * 0.15)],
  ]);
  canvas.layers.push(`<rect x="0" y="${r(base + 12)}" width="${S}" height="${r(S - base)}" fill="${street}"/>`);
}

/** One-point perspective: a road to the vanishing point between two rows of facades and lamps. */
export function street(canvas: Canvas): void {
  const { random } = canvas;
  const { palette, horizon, night } = { ...canvas.plan, night: canvas.plan.palette.night };
  const vx = S / 2 + between(random, -40, 40);
  const vy = horizon - 40;
  const wall = mix(palette.ground, [90, 80, 76], 0.5);
  const asphalt = mix([48, 50, 58], palette.skyTop, 0.25);
  canvas.layers.push(
    `<path d="M${r(vx - 4)},${r(vy)} L${r(vx + 4)},${r(vy)} L${S + 200},${S} L-200,${S}Z" fill="${hex(asphalt)}"/>` +
      `<path d="M${r(vx - 4)},${r(vy)} L-200,${S} L-60,${S}Z M${r(vx + 4)},${r(vy)} L${S + 200},${S} L${S + 60},${S}Z" fill="${hex(shade(asphalt, 0.25))}"/>`,
  );
  let dashes = '';
  for (let t = 0.08; t < 1; t *= 1.45) {
    const y1 = vy + (S - vy) * t;
    const y2 = vy + (S - vy) * t * 1.2;
    dashes += `<path d="M${r(vx)},${r(y1)} L${r(vx)},${r(y2)}" stroke-width="${r(1 + t * 10)}"/>`;
  }
  canvas.layers.push(`<g stroke="#e8e2c8" stroke-opacity="0.8">${dashes}</g>`);
  for (const side of [-1, 1]) {
    // Facades recede towards the vanishing point; each is a quad between two depths.
    let facades = '';
    let windows = '';
    let t = 0.04;
    while (t < 1.3) {
      const next = t * between(random, 1.25, 1.5);
      const x1 = vx + side * (20 + 620 * t);
      const x2 = vx + side * (20 + 620 * next);
      const h1 = 40 + between(random, 180, 420) * t;
      const h2 = (h1 * next) / t;
      const y1 = vy + (S - vy) * t * 0.72;
      const y2 = vy + (S - vy) * next * 0.72;
      facades += `<path d="M${r(x1)},${r(y1)} L${r(x1)},${r(y1 - h1)} L${r(x2)},${r(y2 - h2)} L${r(x2)},${r(y2)}Z" fill="${hex(shade(wall, -0.1 - random.next() * 0.25))}"/>`;
      for (let k = 0.2; k < 0.9; k += 0.3) {
        const wx1 = x1 + (x2 - x1) * k;
        const wx2 = x1 + (x2 - x1) * (k + 0.15);
        const wy = (a: number, b: number, f: number): number => a + (b - a) * f;
        windows += `<path d="M${r(wx1)},${r(wy(y1 - h1 * 0.75, y2 - h2 * 0.75, k))} L${r(wx2)},${r(wy(y1 - h1 * 0.75, y2 - h2 * 0.75, k + 0.15))} L${r(wx2)},${r(wy(y1 - h1 * 0.45, y2 - h2 * 0.45, k + 0.15))} L${r(wx1)},${r(wy(y1 - h1 * 0.45, y2 - h2 * 0.45, k))}Z"/>`;
      }
      t = next;
    }
    canvas.layers.push(facades, `<g fill="${hex(night > 0.3 ? [255, 206, 120] : shade(palette.skyBottom, 0.2))}" fill-opacity="${r(0.35 + night * 0.5)}">${windows}</g>`);
  }
  let lamps = '';
  let glows = '';
  const glow = canvas.defs.radial([
    [0, palette.light, 0.7],
    [1, palette.light, 0],
  ]);
  for (const t of [0.15, 0.32, 0.6]) {
    for (const side of [-1, 1]) {
      const x = vx + side * (40 + 430 * t);
      const foot = vy + (S - vy) * t * 0.9;
      const height = 260 * t;
      lamps += `<path d="M${r(x)},${r(foot)} L${r(x)},${r(foot - height)} l${r(-side * height * 0.18)},0" stroke-width="${r(1 + t * 6)}"/>`;
      if (night > 0.3) glows += `<circle cx="${r(x - side * height * 0.18)}" cy="${r(foot - height)}" r="${r(10 + 70 * t)}" fill="${glow}"/>`;
    }
  }
  canvas.layers.push(`<g fill="none" stroke="${hex(shade(wall, -0.6))}">${lamps}</g>${glows}`);
}

export function underwater(canvas: Canvas): void {
  const { random } = canvas;
  const { palette } = canvas.plan;
  const deep = mix(hsl(200, 70, 30), palette.accent, 0.15);
  const fill = canvas.defs.linear([
    [0, shade(deep, 0.45)],
    [1, shade(deep, -0.65)],
  ]);
  canvas.layers.push(`<rect width="${S}" height="${S}" fill="${fill}"/>`);
  let rays = '';
  for (let i = 0; i < 6; i++) {
    const x = between(random, 0, S);
    rays += `<path d="M${r(x)},0 L${r(x + 40)},0 L${r(x + 160)},${S} L${r(x + 60)},${S}Z"/>`;
  }
  canvas.layers.push(`<g fill="#ffffff" fill-opacity="0.07">${rays}</g>`);
  let weeds = '';
  for (let i = 0; i < 14; i++) {
    const x = between(random, 0, S);
    const h = between(random, 90, 260);
    weeds += `<path d="M${r(x)},${S} q${r(between(random, -40, 40))},${r(-h / 2)} 0,${r(-h)} q${r(between(random, -30, 30))},${r(h / 3)} ${r(between(random, -8, 8))},${r(h)}" stroke-width="${r(between(random, 6, 12))}"/>`;
  }
  canvas.layers.push(
    `<path d="M0,${S - 60} Q${S / 3},${S - 100} ${(S * 2) / 3},${S - 70} T${S},${S - 80} L${S},${S} L0,${S}Z" fill="${hex(mix(hsl(40, 40, 55), deep, 0.45))}"/>`,
    `<g fill="none" stroke="${hex(mix(hsl(140, 50, 30), deep, 0.3))}" stroke-linecap="round">${weeds}</g>`,
  );
  let bubbles = '';
  for (let i = 0; i < 30; i++) bubbles += `<circle cx="${r(between(random, 0, S))}" cy="${r(between(random, 0, S))}" r="${r(between(random, 2, 9))}"/>`;
  canvas.layers.push(`<g fill="none" stroke="#e6f6ff" stroke-opacity="0.5" stroke-width="1.5">${bubbles}</g>`);
}

/** A still life's room: a wall with window light, and a table top. */
export function interior(canvas: Canvas): void {
  const { palette, horizon } = canvas.plan;
  const wallColour = mix(hsl(35, 30, 70), palette.skyBottom, 0.35);
  const wall = canvas.defs.radial([
    [0, shade(wallColour, 0.15)],
    [1, shade(wallColour, -0.45 - palette.night * 0.4)],
  ], { cx: S * 0.35, cy: S * 0.3, r: S * 0.9 });
  const wood = mix(hsl(25, 45, 32), palette.ground, 0.2);
  const table = canvas.defs.linear([
    [0, shade(wood, 0.15)],
    [1, shade(wood, -0.5)],
  ]);
  canvas.layers.push(
    `<rect width="${S}" height="${S}" fill="${wall}"/>`,
    `<rect x="0" y="${r(horizon)}" width="${S}" height="${r(S - horizon)}" fill="${table}"/>`,
    `<rect x="0" y="${r(horizon)}" width="${S}" height="6" fill="${hex(shade(wood, 0.3))}"/>`,
  );
}

/** A painter's studio backdrop: a soft mottled gradient and a halo behind the sitter. */
export function studio(canvas: Canvas): void {
  const { palette } = canvas.plan;
  const fill = canvas.defs.radial([
    [0, shade(palette.skyBottom, 0.2)],
    [0.6, palette.skyTop],
    [1, shade(palette.skyTop, -0.5)],
  ], { cx: S * 0.5, cy: S * 0.38, r: S * 0.75 });
  canvas.layers.push(`<rect width="${S}" height="${S}" fill="${fill}"/>`);
}

export function synthGrid(canvas: Canvas): void {
  const { palette, horizon } = canvas.plan;
  const floor = canvas.defs.linear([
    [0, shade(palette.skyBottom, -0.4)],
    [1, palette.ground],
  ]);
  let lines = '';
  for (let i = -14; i <= 14; i++) lines += `<path d="M${r(S / 2 + i * 18)},${r(horizon)} L${r(S / 2 + i * 150)},${S}"/>`;
  for (let t = 0.02; t < 1; t *= 1.5) lines += `<path d="M0,${r(horizon + (S - horizon) * t)} L${S},${r(horizon + (S - horizon) * t)}"/>`;
  canvas.layers.push(
    `<rect x="0" y="${r(horizon)}" width="${S}" height="${r(S - horizon)}" fill="${floor}"/>`,
    `<g stroke="${hex(palette.accent)}" stroke-width="2" fill="none">${lines}</g>`,
    `<rect x="0" y="${r(horizon - 2)}" width="${S}" height="4" fill="${hex(shade(palette.accent, 0.5))}"/>`,
  );
}
