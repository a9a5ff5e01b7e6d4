import { seededRandom, type Random } from './seeded-random';
import { el, hsl, linearGradient, num, svgDocument, textEl } from './svg-markup';

export interface AvatarSpec {
  /** Same seed, same portrait. */
  seed: string;
  /** Shown on the portrait's chest; at most three characters are used. */
  initials: string;
  /** Accessible name of the image. */
  name: string;
  size?: number;
}

export const AVATAR_SIZE = 256;

/** Translucent circles, triangles and diamonds behind the figure. */
function backdropShapes(random: Random, size: number, hue: number): string {
  const shapes: string[] = [];
  const count = random.int(4, 7);
  for (let i = 0; i < count; i++) {
    const x = random.range(0, size);
    const y = random.range(0, size * 0.8);
    const r = random.range(size * 0.08, size * 0.3);
    const style = {
      fill: hsl(hue + random.range(-60, 60), 0.7, random.range(0.55, 0.8)),
      'fill-opacity': random.range(0.12, 0.3),
    };
    const shape = random.int(0, 2);
    if (shape === 0) {
      shapes.push(el('circle', { cx: x, cy: y, r, ...style }));
    } else {
      const corners = shape === 1 ? 3 : 4;
      const turn = random.range(0, Math.PI * 2);
      const points = Array.from({ length: corners }, (_, k) => {
        const angle = turn + (k * Math.PI * 2) / corners;
        return `${num(x + r * Math.cos(angle))},${num(y + r * Math.sin(angle))}`;
      });
      shapes.push(el('polygon', { points: points.join(' '), ...style }));
    }
  }
  return shapes.join('');
}

const ACCESSORIES = ['none', 'glasses', 'headphones', 'collar'] as const;

/** Something worn, so portraits of the same colours still tell people apart. */
function accessory(kind: (typeof ACCESSORIES)[number], head: { x: number; y: number; r: number }, color: string): string {
  const { x, y, r } = head;
  const stroke = { fill: 'none', stroke: color, 'stroke-linecap': 'round' as const };
  switch (kind) {
    case 'glasses':
      return (
        el('circle', { cx: x - r * 0.4, cy: y, r: r * 0.28, ...stroke, 'stroke-width': r * 0.09 }) +
        el('circle', { cx: x + r * 0.4, cy: y, r: r * 0.28, ...stroke, 'stroke-width': r * 0.09 }) +
        el('line', { x1: x - r * 0.12, y1: y, x2: x + r * 0.12, y2: y, ...stroke, 'stroke-width': r * 0.09 })
      );
    case 'headphones':
      return (
        el('path', {
          d: `M ${num(x - r * 1.08)} ${num(y + r * 0.1)} A ${num(r * 1.08)} ${num(r * 1.15)} 0 0 1 ${num(x + r * 1.08)} ${num(y + r * 0.1)}`,
          ...stroke,
          'stroke-width': r * 0.16,
        }) +
        el('rect', { x: x - r * 1.25, y: y - r * 0.15, width: r * 0.4, height: r * 0.65, rx: r * 0.15, fill: color }) +
        el('rect', { x: x + r * 0.85, y: y - r * 0.15, width: r * 0.4, height: r * 0.65, rx: r * 0.15, fill: color })
      );
    case 'collar':
      return el('path', {
        d: `M ${num(x - r * 0.6)} ${num(y + r * 1.35)} L ${num(x)} ${num(y + r * 1.95)} L ${num(x + r * 0.6)} ${num(y + r * 1.35)}`,
        ...stroke,
        'stroke-width': r * 0.14,
        'stroke-linejoin': 'round',
      });
    case 'none':
      return '';
  }
}

/**
 * A geometric head-and-shoulders portrait on a gradient, with the member's initials. Everything of
 * importance sits inside the centred circle, because the site crops avatars round.
 */
export function avatarSvg({ seed, initials, name, size = AVATAR_SIZE }: AvatarSpec): string {
  const random = seededRandom(`avatar:${seed}`);
  const hue = random.range(0, 360);
  const accent = hue + random.range(40, 140);
  const s = (fraction: number) => fraction * size;

  const defs =
    linearGradient('background', random.range(20, 160), [hsl(hue, 0.65, 0.32), hsl(accent, 0.7, 0.52)]) +
    linearGradient('figure', 90, [hsl(accent, 0.35, 0.92), hsl(hue, 0.3, 0.78)]);

  const headRadius = s(random.range(0.15, 0.18));
  const headY = s(random.range(0.38, 0.42));
  const shoulderTop = headY + headRadius + s(0.05);
  const shoulderHalf = s(random.range(0.32, 0.38));
  const shoulders =
    `M ${num(s(0.5) - shoulderHalf)} ${num(size)} ` +
    `C ${num(s(0.5) - shoulderHalf)} ${num(shoulderTop)}, ${num(s(0.5) + shoulderHalf)} ${num(shoulderTop)}, ` +
    `${num(s(0.5) + shoulderHalf)} ${num(size)} Z`;

  const body = [
    el('rect', { width: size, height: size, fill: 'url(#background)' }),
    backdropShapes(random, size, accent),
    el('path', { d: shoulders, fill: 'url(#figure)', 'fill-opacity': 0.92 }),
    el('circle', { cx: s(0.5), cy: headY, r: headRadius, fill: 'url(#figure)' }),
    accessory(random.pick(ACCESSORIES), { x: s(0.5), y: headY, r: headRadius }, hsl(hue, 0.45, 0.3)),
    textEl(
      {
        x: s(0.5),
        y: s(0.9),
        'text-anchor': 'middle',
        'font-size': s(0.15),
        'font-weight': 'bold',
        'letter-spacing': s(0.01),
        fill: hsl(hue, 0.55, 0.28),
      },
      [...initials.toUpperCase()].slice(0, 3).join(''),
    ),
  ].join('');

  return svgDocument({ width: size, height: size }, `Portrait of ${name}, illustration generated by Atelier`, defs, body);
}
