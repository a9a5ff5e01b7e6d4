// The 400px face, drawn from the genes alone: same genes, same bytes. Every gene changes the
// drawing (face.svg.spec.ts varies each one alone). Markup is assembled from numbers and fixed
// colour tables only, never from text that came in a request, so nothing needs escaping.
import { prng } from '../../common/random/prng';
import type { Genes } from './genome';

export const FACE_SIZE = 400;

const CX = 200; // centre line of the face
const CY = 200; // centre of the head

/**
 * A coordinate with one decimal, as String(Math.round(value * 10) / 10) writes it: finer than a
 * pixel, short, byte-for-byte reproducible. Built from whole numbers, whose conversion to text is
 * far cheaper than a fraction's; this is the renderer's hottest function.
 */
function r(value: number): string {
  const tenths = Math.round(value * 10);
  const whole = (tenths / 10) | 0;
  const tenth = tenths - whole * 10;
  if (tenth === 0) return String(whole);
  if (tenths < 0) return `-${-whole}.${-tenth}`;
  return `${whole}.${tenth}`;
}
/** A point of a path or a polygon. */
const pt = (x: number, y: number): string => `${r(x)},${r(y)}`;
/** A feature drawn on both sides of the face: `draw(-1)` on the left, `draw(1)` on the right. */
const mirrored = (draw: (side: number) => string): string => draw(-1) + draw(1);

// ---- colours (tables built once) -------------------------------------------------------------

function hexToRgb(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(a: string, b: string, amount: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

// 12 human tones from pale to deep, then 4 synthetic ones (mint, lavender, steel, sky).
const SKIN = [
  '#fde7d6', '#f6d5bc', '#eec1a0', '#e3ac84', '#d39a6d', '#c1875a', '#a8724a', '#8f5e3b',
  '#774c2f', '#603b24', '#4b2e1c', '#3a2317', '#b8dccf', '#cdc5ea', '#aab7c4', '#a3cbea',
];
const SKIN_SHADE = SKIN.map((tone) => mix(tone, '#2a1008', 0.22));
const NECK = SKIN.map((tone) => mix(tone, '#2a1008', 0.1));
const FRECKLE = SKIN.map((tone) => mix(tone, '#5a2a10', 0.45));
/** [male, female] lip colour per skin tone. */
const LIPS = SKIN.map((tone) => [mix(mix(tone, '#2a1008', 0.2), '#c24a55', 0.3), mix(tone, '#c93a55', 0.58)] as const);
const LIP_LINE = SKIN.map((tone) => mix(tone, '#3a0a10', 0.55));

const HAIR: Record<Genes['hairColour'], string> = {
  black: '#1c1a1a',
  'dark brown': '#3b2519',
  brown: '#6a4327',
  auburn: '#8d3b1f',
  red: '#b3261e',
  ginger: '#d0702c',
  blond: '#e3c16f',
  platinum: '#efe6c8',
  grey: '#8d8d8d',
  white: '#f4f4f4',
  blue: '#2f6fd6',
  green: '#2e9b57',
  pink: '#ef7fb4',
  purple: '#7b45c4',
  teal: '#1b9aa0',
  silver: '#c4ccd4',
};
const HAIR_EDGE = Object.fromEntries(Object.entries(HAIR).map(([name, hex]) => [name, mix(hex, '#000000', 0.3)])) as Record<
  Genes['hairColour'],
  string
>;

const IRIS: Record<Genes['eyeColour'], string> = {
  brown: '#5b3a1e',
  hazel: '#8a6a2f',
  amber: '#c08a1e',
  green: '#3f8a4a',
  blue: '#3b7bd1',
  grey: '#7d8a96',
  violet: '#7a4fc0',
  black: '#202020',
};

// Sociability: from a cool, quiet backdrop (0) to a warm, bright one (7).
const BACKDROP = ['#34495e', '#3f6184', '#4f7d8c', '#5f9473', '#98ad5e', '#dcb44f', '#e88f54', '#e5664f'];
const HALO = BACKDROP.map((colour) => mix(colour, '#ffffff', 0.22));
const SPARK = BACKDROP.map((colour) => mix(colour, '#ffffff', 0.75));

interface Expression {
  /** Lift of the mouth corners (a frown below zero). */
  smile: number;
  /** How far the inner ends of the brows sit lower (scowl) or higher (worry, below zero). */
  brow: number;
  /** Added to the eye openness. */
  open: number;
  gazeX: number;
  gazeY: number;
  blush: number;
  /** The colour worn. */
  shirt: string;
}

const EXPRESSION: Record<Genes['temperament'], Expression> = {
  calm: { smile: 3, brow: 0, open: 0, gazeX: 0, gazeY: 0, blush: 0, shirt: '#5b7fa6' },
  cheerful: { smile: 12, brow: -3, open: -0.04, gazeX: 0, gazeY: 0, blush: 0.35, shirt: '#f2a541' },
  anxious: { smile: -3, brow: -7, open: 0.12, gazeX: 1.5, gazeY: -1, blush: 0, shirt: '#9aa7b0' },
  grumpy: { smile: -9, brow: 8, open: -0.14, gazeX: 0, gazeY: 1, blush: 0, shirt: '#6b4f3a' },
  bold: { smile: 6, brow: 3, open: 0.02, gazeX: 0, gazeY: 0, blush: 0, shirt: '#c0392b' },
  shy: { smile: 2, brow: -2, open: -0.06, gazeX: -3, gazeY: 2, blush: 0.5, shirt: '#b39ddb' },
  playful: { smile: 10, brow: -2, open: 0.04, gazeX: 2, gazeY: 0, blush: 0.2, shirt: '#2ecc71' },
  stern: { smile: -1, brow: 5, open: -0.08, gazeX: 0, gazeY: 0, blush: 0, shirt: '#2c3e50' },
};
const COLLAR = Object.fromEntries(Object.entries(EXPRESSION).map(([name, { shirt }]) => [name, mix(shirt, '#000000', 0.25)])) as Record<
  Genes['temperament'],
  string
>;

// ---- geometry tables ---------------------------------------------------------------------------

/** Half-widths as fractions of the face width at forehead, cheekbones, jaw and chin; and height. */
const FACE_SHAPES: Record<Genes['faceShape'], { forehead: number; cheek: number; jaw: number; chin: number; height: number }> = {
  oval: { forehead: 0.86, cheek: 1, jaw: 0.8, chin: 0.36, height: 1 },
  round: { forehead: 0.92, cheek: 1.04, jaw: 0.92, chin: 0.5, height: 0.93 },
  square: { forehead: 0.96, cheek: 1, jaw: 0.98, chin: 0.64, height: 0.97 },
  heart: { forehead: 1, cheek: 0.98, jaw: 0.62, chin: 0.18, height: 1 },
  long: { forehead: 0.84, cheek: 0.9, jaw: 0.78, chin: 0.38, height: 1.08 },
  diamond: { forehead: 0.7, cheek: 1.04, jaw: 0.66, chin: 0.22, height: 1.02 },
  pear: { forehead: 0.74, cheek: 0.94, jaw: 1.02, chin: 0.56, height: 0.98 },
  oblong: { forehead: 0.92, cheek: 0.92, jaw: 0.9, chin: 0.5, height: 1.06 },
};

/** Eye outline: width and height factors, tilt of the outer corner in degrees, lid detail. */
const EYE_SHAPES: Record<Genes['eyeShape'], { w: number; h: number; tilt: number; lid: 'none' | 'crease' | 'mono' | 'hood' }> = {
  round: { w: 1, h: 0.95, tilt: 0, lid: 'none' },
  almond: { w: 1.15, h: 0.62, tilt: 4, lid: 'crease' },
  narrow: { w: 1.1, h: 0.44, tilt: 0, lid: 'none' },
  wide: { w: 1.25, h: 0.78, tilt: 0, lid: 'crease' },
  droopy: { w: 1.05, h: 0.6, tilt: -9, lid: 'crease' },
  upturned: { w: 1.1, h: 0.6, tilt: 10, lid: 'none' },
  monolid: { w: 1.1, h: 0.52, tilt: 2, lid: 'mono' },
  hooded: { w: 1, h: 0.66, tilt: 0, lid: 'hood' },
};

/** Brow arch height, stroke weight and length (fraction of the eye width). */
const BROWS: Record<Genes['brows'], { arch: number; weight: number; length: number }> = {
  straight: { arch: 0, weight: 4, length: 1.1 },
  arched: { arch: 7, weight: 4, length: 1.15 },
  thick: { arch: 3, weight: 7, length: 1.1 },
  thin: { arch: 4, weight: 2, length: 1.05 },
  angled: { arch: 6, weight: 4.5, length: 1.15 },
  bushy: { arch: 3, weight: 10, length: 1.2 },
  rounded: { arch: 10, weight: 5, length: 1 },
  unibrow: { arch: 2, weight: 5, length: 1.1 },
};

/** Mouth half-width and lip thickness; bow marks the dip of a cupid's bow. */
const MOUTHS: Record<Genes['mouth'], { width: number; lip: number; bow: number }> = {
  full: { width: 25, lip: 8.5, bow: 0.8 },
  thin: { width: 25, lip: 3.5, bow: 1 },
  wide: { width: 34, lip: 6, bow: 1 },
  small: { width: 15, lip: 5.5, bow: 0.9 },
  bow: { width: 21, lip: 7, bow: 0.45 },
  heart: { width: 19, lip: 9, bow: 0.55 },
  straight: { width: 27, lip: 4.5, bow: 1 },
  pouty: { width: 19, lip: 11, bow: 0.7 },
};

/**
 * The curiosity sparks, as markup by curiosity (0 to 7): 2 + 3 x curiosity four-pointed stars at
 * fixed places in the corners and along the edges, around the head. Built once.
 */
const SPARKS_BY_CURIOSITY: readonly string[] = (() => {
  const random = prng('bot folk sparks');
  const stars: string[] = [];
  const spots: Array<[number, number]> = [];
  while (stars.length < 23) {
    const x = 14 + random.next() * 372;
    const y = 14 + random.next() * 300;
    const outside = ((x - CX) / 170) ** 2 + ((y - 215) / 180) ** 2 > 1;
    if (!outside || spots.some(([sx, sy]) => (sx - x) ** 2 + (sy - y) ** 2 <= 900)) continue;
    spots.push([x, y]);
    const size = 2 + random.next() * 3;
    const [far, near] = [size * 2, size * 0.5];
    stars.push(
      `<path d="M${pt(x, y - far)}L${pt(x + near, y - near)}L${pt(x + far, y)}L${pt(x + near, y + near)}` +
        `L${pt(x, y + far)}L${pt(x - near, y + near)}L${pt(x - far, y)}L${pt(x - near, y - near)}Z"/>`,
    );
  }
  return Array.from({ length: 8 }, (_, curiosity) => stars.slice(0, 2 + curiosity * 3).join(''));
})();

/** Freckle offsets around each cheek's centre, alternating sides. */
const FRECKLES: ReadonlyArray<readonly [number, number, number]> = (() => {
  const random = prng('bot folk freckles');
  return Array.from({ length: 21 }, (_, i) => {
    const angle = random.next() * Math.PI * 2;
    const radius = Math.sqrt(random.next());
    return [i % 2 === 0 ? 1 : -1, Math.cos(angle) * radius * 17, Math.sin(angle) * radius * 9] as const;
  });
})();

/** Points of a cubic Bezier with controls straight above its ends: the dome of the hair. */
const DOME = Array.from({ length: 11 }, (_, i) => {
  const t = i / 10;
  const u = 1 - t;
  // x from -1 to 1 (controls at the ends' x), y weights of the ends and of the controls.
  const x = -(u * u * u + 3 * u * u * t) + (3 * u * t * t + t * t * t);
  return { x, ends: u * u * u + t * t * t, controls: 3 * u * u * t + 3 * u * t * t };
});

// ---- builders ----------------------------------------------------------------------------------

/** A smooth closed outline through the points (Catmull-Rom turned into cubic Beziers). */
function smoothClosed(xs: readonly number[], ys: readonly number[]): string {
  const n = xs.length;
  let d = `M${pt(xs[0], ys[0])}`;
  for (let i = 0; i < n; i++) {
    const a = (i + n - 1) % n;
    const b = (i + 1) % n;
    const c = (i + 2) % n;
    d +=
      `C${pt(xs[i] + (xs[b] - xs[a]) / 6, ys[i] + (ys[b] - ys[a]) / 6)} ` +
      `${pt(xs[b] - (xs[c] - xs[i]) / 6, ys[b] - (ys[c] - ys[i]) / 6)} ${pt(xs[b], ys[b])}`;
  }
  return `${d}Z`;
}

/** Everything the features are placed by, computed once per face. */
interface Layout {
  g: Genes;
  skin: string;
  shade: string;
  hair: string;
  hairEdge: string;
  expression: Expression;
  /** Half-widths of the head at forehead, cheeks, jaw and chin. */
  forehead: number;
  cheek: number;
  jaw: number;
  chin: number;
  /** Half-height of the head; its top and bottom. */
  half: number;
  top: number;
  bottom: number;
  eyeY: number;
  eyeX: number;
  /** Eye size before shape and openness. */
  eye: number;
  noseY: number;
  mouthY: number;
  mouthWidth: number;
}

function layout(g: Genes): Layout {
  const shape = FACE_SHAPES[g.faceShape];
  const width = 84 + g.faceWidth * 3.2;
  const jawFactor = g.gender ? 0.93 : 1;
  const half = 118 * shape.height;
  const eye = 12 + g.eyeSize * 1.5 + g.faceWidth * 0.3;
  return {
    g,
    skin: SKIN[g.skinTone],
    shade: SKIN_SHADE[g.skinTone],
    hair: HAIR[g.hairColour],
    hairEdge: HAIR_EDGE[g.hairColour],
    expression: EXPRESSION[g.temperament],
    forehead: width * shape.forehead,
    cheek: width * shape.cheek,
    jaw: width * shape.jaw * jawFactor,
    chin: width * shape.chin * (g.gender ? 0.88 : 1),
    half,
    top: CY - half,
    bottom: CY + half,
    eyeY: CY - half * 0.05,
    eyeX: 30 + g.eyeSpacing * 2.8 + g.faceWidth * 1.3,
    eye,
    noseY: CY + half * 0.3,
    mouthY: CY + half * 0.56,
    mouthWidth: MOUTHS[g.mouth].width + g.sociability * 1.2,
  };
}

function backdrop(L: Layout): string {
  const { sociability, curiosity } = L.g;
  // Sociability warms the backdrop; curiosity's sparks of attention flicker around the head.
  return (
    `<rect width="400" height="400" fill="${BACKDROP[sociability]}"/>` +
    `<circle cx="200" cy="190" r="${r(L.cheek + 70)}" fill="${HALO[sociability]}"/>` +
    `<g fill="${SPARK[sociability]}">${SPARKS_BY_CURIOSITY[curiosity]}</g>`
  );
}

function body(L: Layout): string {
  const neckHalf = L.jaw * 0.42;
  const shirt = L.expression.shirt;
  const collar = COLLAR[L.g.temperament];
  const shoulder = L.bottom + 14;
  return (
    `<rect x="${r(CX - neckHalf)}" y="${r(L.bottom - 40)}" width="${r(neckHalf * 2)}" height="${r(440 - L.bottom)}" ` +
    `fill="${NECK[L.g.skinTone]}"/>` +
    `<path d="M30,400C30,${r(shoulder + 30)} 90,${r(shoulder)} ${pt(CX - neckHalf - 6, shoulder)}L${pt(CX + neckHalf + 6, shoulder)}` +
    `C310,${r(shoulder)} 370,${r(shoulder + 30)} 370,400Z" fill="${shirt}"/>` +
    `<path d="M${pt(CX - neckHalf - 6, shoulder)}L200,${r(shoulder + 30)}L${pt(CX + neckHalf + 6, shoulder)}" ` +
    `fill="none" stroke="${collar}" stroke-width="5" stroke-linejoin="round"/>`
  );
}

function ears(L: Layout): string {
  const y = CY + L.half * 0.02;
  // Skin-coloured with a shaded edge, unless an element says otherwise (the bolts and aerials).
  const parts = [`<g fill="${L.skin}" stroke="${L.shade}" stroke-width="2" stroke-linejoin="round">`];
  for (const side of [-1, 1]) {
    const x = CX + side * (L.cheek - 4);
    const ellipse = (dx: number, dy: number, rx: number, ry: number) =>
      `<ellipse cx="${r(x + side * dx)}" cy="${r(y + dy)}" rx="${rx}" ry="${ry}"/>`;
    switch (L.g.ears) {
      case 'round':
        parts.push(ellipse(6, 0, 13, 18));
        break;
      case 'small':
        parts.push(ellipse(4, 0, 9, 12));
        break;
      case 'large':
        parts.push(ellipse(9, -2, 17, 27));
        break;
      case 'flat':
        parts.push(ellipse(3, 0, 7, 21));
        break;
      case 'lobed':
        parts.push(ellipse(6, -3, 12, 17), `<circle cx="${r(x + side * 7)}" cy="${r(y + 15)}" r="7"/>`);
        break;
      case 'pointed':
        parts.push(
          `<path d="M${pt(x, y - 14)}Q${pt(x + side * 22, y - 30)} ${pt(x + side * 18, y - 2)}` +
            `Q${pt(x + side * 16, y + 18)} ${pt(x, y + 16)}Z"/>`,
        );
        break;
      case 'elfin':
        parts.push(`<path d="M${pt(x, y - 12)}L${pt(x + side * 34, y - 42)}Q${pt(x + side * 20, y + 4)} ${pt(x, y + 18)}Z"/>`);
        break;
      case 'antenna':
        // A bolt for an ear and an aerial with a glowing tip: old Botville stock.
        parts.push(
          `<line x1="${r(x + side * 6)}" y1="${r(y)}" x2="${r(x + side * 30)}" y2="${r(y - 70)}" stroke="#7f8c99" stroke-width="3"/>`,
          `<circle cx="${r(x + side * 30)}" cy="${r(y - 70)}" r="6" fill="#ffd84a" stroke="#b8860b" stroke-width="1.5"/>`,
          `<rect x="${r(x + side * 6 - 9)}" y="${r(y - 11)}" width="18" height="22" rx="4" fill="#9aa5b1" stroke="#5d6873"/>`,
        );
        break;
    }
  }
  parts.push('</g>');
  return parts.join('');
}

function head(L: Layout): string {
  const { forehead: f, cheek: c, jaw: j, chin: k, half: h } = L;
  const xs = [CX, CX + f, CX + c, CX + j, CX + k, CX, CX - k, CX - j, CX - c, CX - f];
  const [brow, cheek, jaw, chin] = [CY - h * 0.62, CY + h * 0.02, CY + h * 0.62, CY + h * 0.94];
  const ys = [L.top, brow, cheek, jaw, chin, L.bottom, chin, jaw, cheek, brow];
  return `<path d="${smoothClosed(xs, ys)}" fill="${L.skin}" stroke="${L.shade}" stroke-width="2"/>`;
}

function cheeks(L: Layout): string {
  const { freckles } = L.g;
  const { blush } = L.expression;
  const y = L.eyeY + L.eye + 20;
  const parts: string[] = [];
  if (blush > 0) {
    parts.push(
      `<g fill="#ff6f86" fill-opacity="${blush}">`,
      `<ellipse cx="${r(CX - L.eyeX - 4)}" cy="${r(y)}" rx="15" ry="8"/><ellipse cx="${r(CX + L.eyeX + 4)}" cy="${r(y)}" rx="15" ry="8"/>`,
      '</g>',
    );
  }
  if (freckles > 0) {
    parts.push(`<g fill="${FRECKLE[L.g.skinTone]}">`);
    for (let i = 0; i < freckles * 3; i++) {
      const [side, dx, dy] = FRECKLES[i];
      parts.push(`<circle cx="${r(CX + side * (L.eyeX + 2) + dx)}" cy="${r(y - 4 + dy)}" r="1.7"/>`);
    }
    parts.push('</g>');
  }
  return parts.join('');
}

function eyes(L: Layout): string {
  const { g, expression: ex } = L;
  const shape = EYE_SHAPES[g.eyeShape];
  const open = 0.74 + g.curiosity * 0.05 + ex.open;
  const rx = L.eye * shape.w;
  const ry = L.eye * shape.h * open;
  const iris = Math.min(rx * 0.55, ry * 0.92);
  const pupil = iris * (0.36 + g.curiosity * 0.035);
  const irisColour = IRIS[g.eyeColour];
  const parts: string[] = [];
  for (const side of [-1, 1]) {
    const x = CX + side * L.eyeX;
    const y = L.eyeY;
    const ix = x + ex.gazeX;
    const iy = y + ex.gazeY;
    parts.push(
      `<g transform="rotate(${-side * shape.tilt} ${r(x)} ${r(y)})">` +
        `<ellipse cx="${r(x)}" cy="${r(y)}" rx="${r(rx)}" ry="${r(ry)}" fill="#fbfbf8" stroke="${L.shade}" stroke-width="1.5"/>` +
        `<circle cx="${r(ix)}" cy="${r(iy)}" r="${r(iris)}" fill="${irisColour}"/>` +
        `<circle cx="${r(ix)}" cy="${r(iy)}" r="${r(pupil)}" fill="#111"/>` +
        `<circle cx="${r(ix - iris * 0.35)}" cy="${r(iy - iris * 0.35)}" r="${r(iris * 0.25 + 0.5)}" fill="#fff"/>`,
    );
    const lid = (lift: number, arch: number) => `M${pt(x - rx, y - ry * lift)}Q${pt(x, y - ry * arch)} ${pt(x + rx, y - ry * lift)}`;
    if (shape.lid === 'crease') {
      parts.push(`<path d="${lid(0.4, 1.55)}" fill="none" stroke="${L.shade}" stroke-width="1.5"/>`);
    } else if (shape.lid === 'mono') {
      parts.push(`<path d="${lid(0.1, 1.2)}" fill="none" stroke="${L.shade}" stroke-width="3"/>`);
    } else if (shape.lid === 'hood') {
      const [left, right] = [pt(x - rx - 2, y - ry * 0.2), pt(x + rx + 2, y - ry * 0.2)];
      parts.push(
        `<path d="M${left}Q${pt(x, y - ry * 1.7)} ${right}Q${pt(x, y - ry * 0.8)} ${left}Z" fill="${L.skin}" stroke="${L.shade}" stroke-width="1.5"/>`,
      );
    }
    if (g.gender) {
      // Three lashes at the outer top of the eye.
      const lashes: string[] = [];
      for (const angle of [0.35, 0.6, 0.85]) {
        const px = x + side * rx * Math.cos(angle);
        const py = y - ry * Math.sin(angle);
        lashes.push(`M${pt(px, py)}l${pt(side * 5 * Math.cos(angle), -5 * Math.sin(angle) - 2)}`);
      }
      parts.push(`<path d="${lashes.join('')}" stroke="#1a1a1a" stroke-width="1.8" stroke-linecap="round"/>`);
    }
    parts.push('</g>');
  }
  return parts.join('');
}

function brows(L: Layout): string {
  const { g, expression: ex } = L;
  const spec = BROWS[g.brows];
  const base = L.eyeY - L.eye * 0.85 - 12;
  const length = L.eye * EYE_SHAPES[g.eyeShape].w * spec.length;
  const ends: Array<{ inner: number; outer: number; y: number }> = [];
  let d = '';
  for (const side of [-1, 1]) {
    const x = CX + side * L.eyeX;
    // Playful individuals raise one brow.
    const lift = g.temperament === 'playful' && side === 1 ? -6 : 0;
    const inner = x - side * length;
    const outer = x + side * length;
    const innerY = base + ex.brow + lift;
    const outerY = base + lift;
    ends.push({ inner, outer, y: innerY });
    if (g.brows === 'angled') {
      d += `M${pt(inner, innerY)}L${pt(x + side * length * 0.35, base - spec.arch + lift)}L${pt(outer, outerY + 3)}`;
    } else {
      d += `M${pt(inner, innerY)}Q${pt(x, base - spec.arch * 2 + lift)} ${pt(outer, outerY)}`;
    }
  }
  if (g.brows === 'unibrow') d += `M${pt(ends[0].inner, ends[0].y)}Q200,${r(ends[0].y - 2)} ${pt(ends[1].inner, ends[1].y)}`;
  let extra = '';
  if (g.temperament === 'grumpy') {
    extra = `<path d="M196,${r(base + 2)}l-2,10M204,${r(base + 2)}l2,10" stroke="${L.shade}" stroke-width="1.5" stroke-linecap="round"/>`;
  }
  const look = `fill="none" stroke="${L.hairEdge}" stroke-width="${spec.weight}" stroke-linecap="round" stroke-linejoin="round"`;
  return `<path d="${d}" ${look}/>${extra}`;
}

function nose(L: Layout): string {
  const top = L.eyeY + 6;
  const y = L.noseY;
  const stroke = `fill="none" stroke="${L.shade}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"`;
  const nostrils = (spread: number, size: number) =>
    `<g fill="${L.shade}">${mirrored((side) => `<ellipse cx="${r(CX + side * spread)}" cy="${r(y)}" rx="${size}" ry="${r(size * 0.6)}"/>`)}</g>`;
  switch (L.g.nose) {
    case 'button':
      return `<circle cx="200" cy="${r(y - 5)}" r="8" fill="${L.shade}" fill-opacity="0.35"/>${nostrils(5, 2.5)}`;
    case 'straight':
      return `<path d="M198,${r(top + 4)}L196,${r(y)}Q200,${r(y + 5)} 207,${r(y)}" ${stroke}/>${nostrils(6, 2.5)}`;
    case 'roman':
      return `<path d="M197,${r(top)}Q209,${r((top + y) / 2)} 204,${r(y + 2)}Q198,${r(y + 6)} 191,${r(y)}" ${stroke}/>${nostrils(7, 2.5)}`;
    case 'wide':
      return (
        `<path d="M200,${r(top + 8)}L199,${r(y - 8)}M186,${r(y - 5)}Q182,${r(y + 5)} 193,${r(y + 4)}` +
        `Q200,${r(y + 8)} 207,${r(y + 4)}Q218,${r(y + 5)} 214,${r(y - 5)}" ${stroke}/>${nostrils(9, 3.5)}`
      );
    case 'pointed':
      return `<path d="M199,${r(top)}L210,${r(y + 3)}L196,${r(y + 3)}" ${stroke}/>${nostrils(5, 2)}`;
    case 'snub':
      return `<path d="M198,${r(top + 14)}Q200,${r(y - 7)} 207,${r(y - 3)}Q203,${r(y + 3)} 194,${r(y)}" ${stroke}/>${nostrils(5, 3)}`;
    case 'hooked':
      return `<path d="M197,${r(top)}Q215,${r(y - 16)} 209,${r(y + 5)}Q203,${r(y + 3)} 199,${r(y)}" ${stroke}/>${nostrils(6, 2.5)}`;
    case 'flat':
      return `<path d="M186,${r(y + 1)}Q200,${r(y + 8)} 214,${r(y + 1)}" ${stroke}/>${nostrils(10, 3.5)}`;
  }
}

function facialHair(L: Layout): string {
  const { g } = L;
  if (g.facialHair === 'none') return '';
  const h = L.half;
  const mw = L.mouthWidth;
  const my = L.mouthY;
  const fill = `fill="${L.hair}"`;
  // The lower face as a closed outline: cheeks, jaw, chin, then up under the nose.
  const beard = (grow: number) => {
    const [cheek, jaw, chin] = [L.cheek * 0.97, L.jaw * 1.02, L.chin * 1.05];
    const [cheekY, jawY, chinY, lipY] = [CY + h * 0.16, CY + h * 0.62, CY + h * 0.96 + grow, CY + h * 0.36];
    return smoothClosed(
      [CX - cheek, CX - jaw, CX - chin, CX, CX + chin, CX + jaw, CX + cheek, CX + L.cheek * 0.5, CX, CX - L.cheek * 0.5],
      [cheekY, jawY, chinY, L.bottom + grow * 2, chinY, jawY, cheekY, lipY, L.noseY + 8, lipY],
    );
  };
  const moustache =
    `M${pt(CX - mw * 0.95, my - 2)}Q${pt(CX - mw * 0.6, my - 16)} 200,${r(my - 13)}` +
    `Q${pt(CX + mw * 0.6, my - 16)} ${pt(CX + mw * 0.95, my - 2)}Q200,${r(my - 8)} ${pt(CX - mw * 0.95, my - 2)}Z`;
  let art: string;
  switch (g.facialHair) {
    case 'stubble':
      art = `<path d="${beard(0)}" ${fill} fill-opacity="0.35"/>`;
      break;
    case 'moustache':
      art = `<path d="${moustache}" ${fill}/>`;
      break;
    case 'goatee':
      art = `<path d="${smoothClosed(
        [CX - mw * 0.7, CX - mw * 0.55, CX, CX + mw * 0.55, CX + mw * 0.7, CX],
        [my + 4, L.bottom - 12, L.bottom + 6, L.bottom - 12, my + 4, my + 12],
      )}" ${fill}/><path d="${moustache}" ${fill}/>`;
      break;
    case 'full beard':
      art = `<path d="${beard(10)}" ${fill}/>`;
      break;
    case 'sideburns':
      art = mirrored((side) => {
        const x = (inset: number) => CX + side * (L.cheek - inset);
        const [top, bottom] = [CY - h * 0.25, CY + h * 0.32];
        return `<path d="M${pt(x(2), top)}L${pt(x(16), top)}L${pt(x(18), bottom)}L${pt(x(6), bottom + h * 0.04)}Z" ${fill}/>`;
      });
      break;
    case 'handlebar':
      art = `<path d="${mirrored((side) => {
        const x = (out: number) => CX + side * (mw + out);
        return `M200,${r(my - 11)}Q${pt(x(0), my - 18)} ${pt(x(12), my - 6)}Q${pt(x(20), my - 20)} ${pt(x(8), my - 22)}`;
      })}" fill="none" stroke="${L.hair}" stroke-width="6" stroke-linecap="round"/>`;
      break;
    case 'chin strap':
      art =
        `<path d="M${pt(CX - L.cheek + 3, CY + h * 0.05)}Q${pt(CX - L.jaw, CY + h * 0.8)} 200,${r(L.bottom - 2)}` +
        `Q${pt(CX + L.jaw, CY + h * 0.8)} ${pt(CX + L.cheek - 3, CY + h * 0.05)}" ` +
        `fill="none" stroke="${L.hair}" stroke-width="7" stroke-linecap="round"/>`;
      break;
  }
  // The trait is inherited by everyone, but grows faintly when the gender gene is true.
  return g.gender ? `<g opacity="0.45">${art}</g>` : art;
}

function mouth(L: Layout): string {
  const { g, expression: ex } = L;
  const spec = MOUTHS[g.mouth];
  const lip = g.temperament === 'stern' ? spec.lip * 0.7 : spec.lip;
  const mw = L.mouthWidth;
  const my = L.mouthY;
  const smirk = g.temperament === 'bold' ? 6 : 0;
  const lx = CX - mw;
  const ly = my - ex.smile * 0.5;
  const rx = CX + mw;
  const ry = ly - smirk;
  const mid = my + ex.smile * 0.25;
  const lips = LIPS[g.skinTone][g.gender ? 1 : 0];
  const upper =
    `M${pt(lx, ly)}Q${pt(CX - mw * 0.5, mid - lip * 1.3)} 200,${r(mid - lip * spec.bow)}` +
    `Q${pt(CX + mw * 0.5, mid - lip * 1.3)} ${pt(rx, ry)}`;
  const lower = `Q200,${r(mid + lip * 2 + ex.smile * 0.3)} ${pt(lx, ly)}Z`;
  const line =
    g.temperament === 'anxious'
      ? `M${pt(lx, ly)}Q${pt(CX - mw * 0.5, mid + 4)} 200,${r(mid)}T${pt(rx, ry)}`
      : `M${pt(lx, ly)}Q200,${r(mid + ex.smile * 0.5)} ${pt(rx, ry)}`;
  let out =
    `<path d="${upper}${lower}" fill="${lips}"/>` +
    `<path d="${line}" fill="none" stroke="${LIP_LINE[g.skinTone]}" stroke-width="1.8" stroke-linecap="round"/>`;
  if (g.temperament === 'playful') out += `<ellipse cx="205" cy="${r(mid + lip + 6)}" rx="7" ry="6" fill="#e9697b"/>`;
  if (g.temperament === 'anxious') {
    const x = CX + L.forehead * 0.7;
    const y = L.top + L.half * 0.5;
    out += `<path d="M${pt(x, y)}Q${pt(x + 6, y + 10)} ${pt(x, y + 13)}Q${pt(x - 6, y + 10)} ${pt(x, y)}Z" fill="#8fd3ff"/>`;
  }
  return out;
}

// ---- hair ----------------------------------------------------------------------------------------

interface HairFrame {
  /** Half-width of the hair at the temples. */
  side: number;
  /** Where the sides of the hair stop (above the ears). */
  sideY: number;
  /** Hairline height at the middle of the forehead. */
  line: number;
}

function hairFrame(L: Layout): HairFrame {
  return { side: Math.max(L.forehead, L.cheek * 0.96) + 5, sideY: CY - L.half * 0.2, line: CY - L.half * 0.52 };
}

/** The y of the control points that put the top of the dome `volume` above the head. */
const domeControl = (L: Layout, F: HairFrame, volume: number) => (L.top - volume - 0.25 * F.sideY) / 0.75;

type Fringe = 'arc' | 'straight' | 'side' | 'centre' | 'high' | 'jagged' | 'swoop';

/** The hair over the top of the head, closed by a fringe from the right temple back to the left. */
function cap(L: Layout, F: HairFrame, volume: number, fringe: Fringe): string {
  const { side, sideY, line } = F;
  const ctrl = domeControl(L, F, volume);
  const left = CX - side;
  const right = CX + side;
  let d = `M${pt(left, sideY)}C${pt(left, ctrl)} ${pt(right, ctrl)} ${pt(right, sideY)}`;
  switch (fringe) {
    case 'arc':
      d += `Q200,${r(line - 22)} ${pt(left, sideY)}`;
      break;
    case 'straight':
      d += `L${pt(CX + side * 0.92, line + 8)}L${pt(CX - side * 0.92, line + 8)}`;
      break;
    case 'side':
      d += `Q${pt(CX + side * 0.2, line - 24)} ${pt(CX - side * 0.3, line + 4)}Q${pt(CX - side * 0.8, line + 10)} ${pt(left, sideY)}`;
      break;
    case 'centre':
      d += `Q${pt(CX + side * 0.45, line)} 200,${r(line - 18)}Q${pt(CX - side * 0.45, line)} ${pt(left, sideY)}`;
      break;
    case 'high':
      d += `Q200,${r(line - 40)} ${pt(left, sideY)}`;
      break;
    case 'jagged':
      for (let i = 1; i < 8; i++) d += `L${pt(CX + side - (i * side) / 4, line + (i % 2 === 1 ? 12 : -4))}`;
      break;
    case 'swoop':
      d += `L${pt(CX + side * 0.5, line - 6)}L${pt(CX - side * 0.9, line + 14)}`;
      break;
  }
  return `<path d="${d}Z" fill="${L.hair}" stroke="${L.hairEdge}" stroke-width="1.5" stroke-linejoin="round"/>`;
}

/** Circles of hair along the dome: curls. */
function curls(L: Layout, F: HairFrame, volume: number, size: number): string {
  const ctrl = domeControl(L, F, volume);
  let out = `<g fill="${L.hair}" stroke="${L.hairEdge}" stroke-width="1.5">`;
  for (const point of DOME) {
    out += `<circle cx="${r(CX + F.side * point.x)}" cy="${r(F.sideY * point.ends + ctrl * point.controls)}" r="${size}"/>`;
  }
  return `${out}</g>`;
}

const hairBlock = (x: number, y: number, width: number, height: number, radius: number, look: string) =>
  `<rect x="${r(x)}" y="${r(y)}" width="${r(width)}" height="${r(height)}" rx="${r(radius)}" ${look}/>`;

/** Hair that hangs behind the head, drawn before it. */
function hairBack(L: Layout, F: HairFrame): string {
  const { side } = F;
  const hair = `fill="${L.hair}" stroke="${L.hairEdge}" stroke-width="1.5"`;
  switch (L.g.hairStyle) {
    case 'afro':
      return `<circle cx="200" cy="${r(L.top + L.half * 0.42)}" r="${r(side * 1.45)}" ${hair}/>`;
    case 'long':
      return hairBlock(CX - side * 1.14, L.top + 20, side * 2.28, 352 - L.top, side * 0.5, hair);
    case 'ponytail': {
      const [x, y] = [r(CX + side * 0.98), r(CY + L.half * 0.25)];
      return `<ellipse cx="${x}" cy="${y}" rx="20" ry="62" transform="rotate(-12 ${x} ${y})" ${hair}/>`;
    }
    case 'bun':
      return `<circle cx="200" cy="${r(L.top - 16)}" r="30" ${hair}/>`;
    case 'bob':
      return hairBlock(CX - side * 1.12, L.top + 8, side * 2.24, L.half * 1.48, side * 0.45, hair);
    case 'braids': {
      let out = `<g ${hair}>`;
      for (const s of [-1, 1]) {
        for (let i = 0; i < 7; i++) out += `<ellipse cx="${r(CX + s * side * 1.02)}" cy="${r(CY - 10 + i * 22)}" rx="11" ry="13"/>`;
      }
      return `${out}</g>`;
    }
    case 'wavy': {
      // Down the left side in four waves, across under the chin, and up the right side.
      const top = CY - L.half * 0.5;
      const step = (L.half * 1.2) / 4;
      const wave = (edge: number, i: number, to: number) =>
        `Q${pt(CX + edge * side * (i % 2 === 0 ? 1.28 : 1.0), top + (i + 0.5) * step)} ${pt(CX + edge * side * 1.12, top + to * step)}`;
      let d = `M${pt(CX - side * 1.12, top)}`;
      for (let i = 0; i < 4; i++) d += wave(-1, i, i + 1);
      d += `L${pt(CX + side * 1.12, top + 4 * step)}`;
      for (let i = 3; i >= 0; i--) d += wave(1, i, i);
      return `<path d="${d}Z" ${hair}/>`;
    }
    case 'shaggy': {
      const bottom = CY + L.half * 0.45;
      let d = `M${pt(CX - side * 1.1, L.top + 30)}L${pt(CX - side * 1.1, bottom)}`;
      for (let i = 1; i <= 8; i++) d += `L${pt(CX - side * 1.1 + (i * side * 2.2) / 8, bottom + (i % 2 === 1 ? 14 : 0))}`;
      return `<path d="${d}L${pt(CX + side * 1.1, L.top + 30)}Z" ${hair}/>`;
    }
    default:
      return '';
  }
}

/** Hair over the head, drawn after the face. */
function hairFront(L: Layout, F: HairFrame): string {
  const hair = L.hair;
  switch (L.g.hairStyle) {
    case 'bald': {
      // A fringe of hair low at the back of the head, and a shine on the scalp.
      const y = CY - L.half * 0.15;
      const shine = [r(CX - L.forehead * 0.35), r(L.top + 24)];
      return (
        `<path d="M${pt(CX - F.side + 2, y)}l10,-4l2,34l-10,2ZM${pt(CX + F.side - 2, y)}l-10,-4l-2,34l10,2Z" fill="${hair}"/>` +
        `<ellipse cx="${shine[0]}" cy="${shine[1]}" rx="18" ry="9" transform="rotate(-20 ${shine.join(' ')})" ` +
        'fill="#fff" fill-opacity="0.3"/>'
      );
    }
    case 'buzz':
      return `<g opacity="0.6">${cap(L, F, 1, 'arc')}</g>`;
    case 'short':
      return cap(L, F, 8, 'arc');
    case 'side part':
      return cap(L, F, 12, 'side');
    case 'curly':
      return cap(L, F, 12, 'arc') + curls(L, F, 12, 11);
    case 'afro':
      return cap(L, F, 24, 'arc') + curls(L, F, 22, 14);
    case 'long':
      return cap(L, F, 10, 'centre');
    case 'ponytail':
      return `${cap(L, F, 6, 'high')}<circle cx="${r(CX + F.side * 0.96)}" cy="${r(CY - L.half * 0.12)}" r="6" fill="#d33"/>`;
    case 'bun':
      return cap(L, F, 6, 'high');
    case 'mohawk': {
      const top = L.top;
      let d = `M186,${r(F.line)}`;
      // Five spikes, the middle one tallest.
      for (let i = 0; i < 5; i++) {
        d += `L${190 + i * 5},${r(top - 8 - 34 * Math.sin(((i + 0.5) / 5) * Math.PI))}L${192.5 + i * 5},${r(top + 6)}`;
      }
      d += `L214,${r(F.line)}Z`;
      const crest = `<path d="${d}" fill="${hair}" stroke="${L.hairEdge}" stroke-width="1.5" stroke-linejoin="round"/>`;
      return `<g opacity="0.3">${cap(L, F, 1, 'arc')}</g>${crest}`;
    }
    case 'bob':
      return cap(L, F, 12, 'straight');
    case 'braids':
      return cap(L, F, 8, 'centre');
    case 'spiky': {
      const ctrl = domeControl(L, F, 6);
      let d = '';
      for (let i = 1; i < DOME.length - 1; i++) {
        const p = DOME[i];
        const x = CX + F.side * p.x;
        const y = F.sideY * p.ends + ctrl * p.controls;
        const out = Math.atan2(y - CY, x - CX);
        d += `M${pt(x - 9, y + 4)}L${pt(x + Math.cos(out) * 26, y + Math.sin(out) * 26)}L${pt(x + 9, y + 4)}Z`;
      }
      return `<path d="${d}" fill="${hair}" stroke="${L.hairEdge}" stroke-width="1.5" stroke-linejoin="round"/>${cap(L, F, 6, 'jagged')}`;
    }
    case 'wavy':
      return cap(L, F, 14, 'side');
    case 'shaggy':
      return cap(L, F, 12, 'jagged');
    case 'pixie':
      return cap(L, F, 5, 'swoop');
  }
}

// ---- glasses -------------------------------------------------------------------------------------

function glasses(L: Layout): string {
  const kind = L.g.glasses;
  if (kind === 'none') return '';
  const size = L.eye * EYE_SHAPES[L.g.eyeShape].w + 7;
  const y = L.eyeY;
  const frame = 'fill="none" stroke="#262626" stroke-width="3" stroke-linejoin="round"';
  /** One lens per eye: `draw(x, side)` at each eye's centre. */
  const lenses = (draw: (x: number, side: number) => string) => mirrored((side) => draw(CX + side * L.eyeX, side));
  const arms = `<path d="${lenses((x, side) => `M${pt(x + side * size, y - 2)}L${pt(CX + side * (L.cheek - 2), y - 6)}`)}" ${frame}/>`;
  const bridge = `<path d="M${pt(CX - L.eyeX + size, y - 2)}Q200,${r(y - 10)} ${pt(CX + L.eyeX - size, y - 2)}" ${frame}/>`;
  switch (kind) {
    case 'round':
      return lenses((x) => `<circle cx="${r(x)}" cy="${r(y)}" r="${r(size)}" ${frame}/>`) + bridge + arms;
    case 'square':
      return (
        lenses((x) => `<rect x="${r(x - size)}" y="${r(y - size * 0.8)}" width="${r(size * 2)}" height="${r(size * 1.6)}" rx="4" ${frame}/>`) +
        bridge +
        arms
      );
    case 'aviator': {
      const top = y - size * 0.7;
      const gold = 'stroke="#b8972e" stroke-width="2.5"';
      const drops = lenses(
        (x, side) =>
          `<path d="M${pt(x - side * size, top)}L${pt(x + side * size, top)}Q${pt(x + side * size * 1.05, y + size)} ${pt(x, y + size)}` +
          `Q${pt(x - side * size, y + size)} ${pt(x - side * size, top)}Z" fill="#3c5a78" fill-opacity="0.35" ${gold}/>`,
      );
      return `${drops}<path d="M${pt(CX - L.eyeX + size, top)}L${pt(CX + L.eyeX - size, top)}" ${gold}/>${arms}`;
    }
    case 'cat-eye': {
      const wings = lenses((x, side) => {
        const inner = pt(x - side * size, y - size * 0.4);
        return (
          `M${inner}Q${pt(x, y - size * 0.9)} ${pt(x + side * size * 1.3, y - size * 1.1)}` +
          `Q${pt(x + side * size, y + size * 0.9)} ${pt(x, y + size * 0.75)}Q${pt(x - side * size, y + size * 0.6)} ${inner}Z`
        );
      });
      return `<path d="${wings}" fill="none" stroke="#7a1f4b" stroke-width="3.5"/>${bridge}${arms}`;
    }
    case 'monocle': {
      const x = CX + L.eyeX;
      const chain = `M${pt(x + size * 0.7, y + size * 0.7)}Q${pt(x + size * 1.6, y + size * 3)} ${pt(x + size * 0.9, y + size * 5)}`;
      return (
        `<circle cx="${r(x)}" cy="${r(y)}" r="${r(size)}" fill="#dfefff" fill-opacity="0.25" stroke="#b8972e" stroke-width="3"/>` +
        `<path d="${chain}" fill="none" stroke="#b8972e" stroke-width="1.5"/>`
      );
    }
    case 'visor': {
      const [x, width] = [CX - L.eyeX - size - 6, 2 * (L.eyeX + size + 6)];
      const band = `x="${r(x)}" y="${r(y - size * 0.75)}" width="${r(width)}" height="${r(size * 1.5)}" rx="${r(size * 0.75)}"`;
      return `<rect ${band} fill="#33e1ff" fill-opacity="0.35" stroke="#1a8fa8" stroke-width="3"/>${arms}`;
    }
    case 'half-rim': {
      // A heavy brow-line rim over each lens, a hairline wire under it.
      const rim = (bulge: number) => lenses((x) => `M${pt(x - size, y)}Q${pt(x, y + size * bulge)} ${pt(x + size, y)}`);
      return (
        `<path d="${rim(-1.1)}" fill="none" stroke="#262626" stroke-width="4.5" stroke-linecap="round"/>` +
        `<path d="${rim(1.2)}" fill="none" stroke="#9a9a9a" stroke-width="1"/>${bridge}${arms}`
      );
    }
  }
}

/** The face as an SVG document, 400 by 400. */
export function renderFace(genes: Genes): string {
  const L = layout(genes);
  const F = hairFrame(L);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${FACE_SIZE}" height="${FACE_SIZE}" viewBox="0 0 ${FACE_SIZE} ${FACE_SIZE}">`,
    backdrop(L),
    hairBack(L, F),
    body(L),
    ears(L),
    head(L),
    cheeks(L),
    eyes(L),
    brows(L),
    facialHair(L),
    nose(L),
    mouth(L),
    hairFront(L, F),
    glasses(L),
    '</svg>',
  ].join('');
}

/** The face as the `data:` URL the API answers in `svgimage`. */
export function faceDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
