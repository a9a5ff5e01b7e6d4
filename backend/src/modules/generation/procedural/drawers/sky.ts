// The sky and the weather: gradient, sun or moon, stars, planets, clouds, rain and snow.
import { between, hex, hsl, mix, r, shade, SIZE as S } from '../svg';
import type { Rgb } from '../prompt-reading';
import type { Canvas } from './canvas';

export function sky(canvas: Canvas): void {
  const { palette, horizon } = canvas.plan;
  const fill = canvas.defs.linear([
    [0, palette.skyTop],
    [horizon / S, palette.skyBottom],
    [1, palette.skyBottom],
  ]);
  canvas.layers.push(`<rect width="${S}" height="${S}" fill="${fill}"/>`);
}

export function stars(canvas: Canvas, count: number): void {
  const { random } = canvas;
  let dots = '';
  for (let i = 0; i < count; i++) {
    const y = Math.pow(random.next(), 1.5) * canvas.plan.horizon;
    dots += `<circle cx="${r(random.next() * S)}" cy="${r(y)}" r="${r(between(random, 0.5, 2))}" fill-opacity="${r(between(random, 0.35, 1))}"/>`;
  }
  canvas.layers.push(`<g fill="#fff8e8">${dots}</g>`);
}

export function sun(canvas: Canvas, low: boolean): void {
  const { random } = canvas;
  const { palette, horizon, style } = canvas.plan;
  const x = between(random, 220, 548);
  const radius = style === 'synthwave' || style === 'vaporwave' ? 150 : between(random, 50, 80);
  const y = low ? horizon - radius * between(random, 0.2, 0.6) : between(random, 110, 200);
  const glow = canvas.defs.radial([
    [0, palette.light, 0.8],
    [0.3, palette.light, 0.3],
    [1, palette.light, 0],
  ]);
  canvas.layers.push(`<circle cx="${r(x)}" cy="${r(y)}" r="${r(radius * 4)}" fill="${glow}"/>`);
  if (style === 'synthwave' || style === 'vaporwave') {
    // The striped sun of eighties record sleeves.
    const body = canvas.defs.linear([
      [0, hsl(50, 100, 65)],
      [1, hsl(330, 100, 58)],
    ]);
    let cuts = '';
    for (let i = 0; i < 6; i++) cuts += `<rect x="${r(x - radius)}" y="${r(y + radius * (0.15 + i * 0.15))}" width="${r(radius * 2)}" height="${r(2 + i * 2.5)}"/>`;
    canvas.layers.push(`<circle cx="${r(x)}" cy="${r(y)}" r="${r(radius)}" fill="${body}"/><g fill="${hex(mix(palette.skyBottom, palette.skyTop, 0.2))}">${cuts}</g>`);
  } else {
    canvas.layers.push(`<circle cx="${r(x)}" cy="${r(y)}" r="${r(radius)}" fill="${hex(mix(palette.light, [255, 230, 150], 0.5))}"/>`);
  }
  canvas.lightX = x;
}

export function moon(canvas: Canvas): void {
  const { random } = canvas;
  const eerie = canvas.plan.moods.includes('eerie');
  const x = between(random, 110, 660);
  const y = between(random, 80, canvas.plan.horizon * 0.42);
  const radius = between(random, 30, 48) * (eerie ? 1.6 : 1);
  const tone: Rgb = eerie ? [214, 236, 196] : [238, 240, 250];
  const glow = canvas.defs.radial([
    [0, tone, 0.4],
    [1, tone, 0],
  ]);
  const craters = [0.3, -0.35, 0.1]
    .map((dx, i) => `<circle cx="${r(x + dx * radius)}" cy="${r(y + (i - 1) * 0.35 * radius)}" r="${r(radius * (0.12 + i * 0.05))}"/>`)
    .join('');
  canvas.layers.push(
    `<circle cx="${r(x)}" cy="${r(y)}" r="${r(radius * 4)}" fill="${glow}"/><circle cx="${r(x)}" cy="${r(y)}" r="${r(radius)}" fill="${hex(tone)}"/><g fill="${hex(shade(tone, -0.1))}">${craters}</g>`,
  );
  canvas.lightX = x;
}

/** Soft heaps of overlapping ellipses, lit from above. */
export function clouds(canvas: Canvas, count: number, colour: Rgb, opacity: number, top = 30): void {
  const { random } = canvas;
  let shadows = '';
  let puffs = '';
  for (let i = 0; i < count; i++) {
    const x = ((i + random.next()) / count) * (S + 120) - 60;
    const y = between(random, top, canvas.plan.horizon * 0.6);
    const width = between(random, 120, 260);
    for (let j = 0; j < 6; j++) {
      const px = x + (j - 2.5) * width * 0.17;
      const py = y - Math.sin((j / 5) * Math.PI) * width * 0.13;
      const rx = width * between(random, 0.16, 0.24);
      const ry = width * between(random, 0.1, 0.16);
      puffs += `<ellipse cx="${r(px)}" cy="${r(py)}" rx="${r(rx)}" ry="${r(ry)}"/>`;
      shadows += `<ellipse cx="${r(px)}" cy="${r(py + ry * 0.35)}" rx="${r(rx)}" ry="${r(ry * 0.8)}"/>`;
    }
  }
  canvas.layers.push(
    `<g fill-opacity="${r(opacity)}"><g fill="${hex(shade(colour, -0.18))}">${shadows}</g><g fill="${hex(colour)}" transform="translate(0 -4)">${puffs}</g></g>`,
  );
}

export function planets(canvas: Canvas): void {
  const { random } = canvas;
  const { palette } = canvas.plan;
  const nebula = canvas.defs.radial([
    [0, palette.accent, 0.4],
    [1, palette.accent, 0],
  ]);
  canvas.layers.push(
    `<ellipse cx="${r(between(random, 150, 620))}" cy="${r(between(random, 150, 350))}" rx="${r(between(random, 240, 380))}" ry="${r(between(random, 90, 170))}" fill="${nebula}" transform="rotate(${r(between(random, -30, 30))} 384 260)"/>`,
  );
  const count = 1 + random.below(2);
  for (let i = 0; i < count; i++) {
    const radius = i === 0 ? between(random, 70, 120) : between(random, 16, 34);
    const x = i === 0 ? between(random, 140, 260) * (random.chance(0.5) ? 1 : 0) + (random.chance(0.5) ? 480 : 140) : between(random, 60, 700);
    const y = between(random, radius + 30, canvas.plan.horizon * 0.6);
    const body = hsl(between(random, 0, 360), between(random, 35, 65), between(random, 45, 62));
    const fill = canvas.defs.radial([
      [0, shade(body, 0.3)],
      [1, shade(body, -0.65)],
    ], { cx: x - radius * 0.4, cy: y - radius * 0.4, r: radius * 1.6 });
    let ring = '';
    if (i === 0 && random.chance(0.6)) {
      ring = `<ellipse cx="${r(x)}" cy="${r(y)}" rx="${r(radius * 1.9)}" ry="${r(radius * 0.42)}" fill="none" stroke="${hex(shade(body, 0.45))}" stroke-opacity="0.75" stroke-width="${r(radius * 0.12)}" transform="rotate(-16 ${r(x)} ${r(y)})"/>`;
    }
    canvas.layers.push(`<circle cx="${r(x)}" cy="${r(y)}" r="${r(radius)}" fill="${fill}"/>${ring}`);
  }
}

export function rain(canvas: Canvas): void {
  const { random } = canvas;
  const { palette } = canvas.plan;
  let drops = '';
  const slant = between(random, -10, 3);
  for (let i = 0; i < 320; i++) {
    const x = random.next() * (S + 60) - 30;
    const y = random.next() * S;
    drops += `<path d="M${r(x)},${r(y)} l${r(slant)},${r(between(random, 14, 32))}"/>`;
  }
  canvas.layers.push(`<g stroke="${hex(shade(palette.skyBottom, 0.55))}" stroke-opacity="0.45" stroke-width="1.3">${drops}</g>`);
}

export function lightning(canvas: Canvas): void {
  const { random } = canvas;
  let x = between(random, 150, 620);
  let y = 40;
  let bolt = `M${r(x)},${r(y)}`;
  while (y < canvas.plan.horizon - 40) {
    x += between(random, -40, 40);
    y += between(random, 30, 60);
    bolt += ` L${r(x)},${r(y)}`;
  }
  canvas.layers.push(
    `<path d="${bolt}" fill="none" stroke="#c9d4ff" stroke-opacity="0.35" stroke-width="12"/><path d="${bolt}" fill="none" stroke="#fbf6d8" stroke-width="3.5" stroke-linejoin="bevel"/>`,
  );
}

export function snowfall(canvas: Canvas): void {
  const { random } = canvas;
  let flakes = '';
  for (let i = 0; i < 240; i++) {
    flakes += `<circle cx="${r(random.next() * S)}" cy="${r(random.next() * S)}" r="${r(between(random, 1, 4))}" fill-opacity="${r(between(random, 0.5, 0.95))}"/>`;
  }
  canvas.layers.push(`<g fill="#ffffff">${flakes}</g>`);
}

/** Low bands of mist over the land: depth for calm, dreamy and eerie scenes. */
export function mist(canvas: Canvas, colour: Rgb, opacity: number): void {
  const { horizon } = canvas.plan;
  const fill = canvas.defs.linear([
    [0, colour, 0],
    [0.5, colour, opacity],
    [1, colour, 0],
  ]);
  canvas.layers.push(`<rect x="0" y="${r(horizon - 90)}" width="${S}" height="180" fill="${fill}"/>`);
}
