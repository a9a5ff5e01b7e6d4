// The showcase's drawings: project thumbnails and the GPU ad pictures. Shapes and fixed labels only,
// built with the escaping helpers of svg-markup; every picture is the same on every start.
import { seededRandom } from './seeded-random';
import { el, hsl, linearGradient, num, polyline, svgDocument, textEl, type Attrs } from './svg-markup';

export const PROJECT_ART_KINDS = ['solar', 'bedrock', 'ansible', 'atelier', 'nucleus'] as const;
export type ProjectArtKind = (typeof PROJECT_ART_KINDS)[number];
/** Twice the home card's 340px thumbnail width. */
export const PROJECT_ART_SIZE = { width: 680, height: 480 } as const;

export const GPU_ART_KINDS = ['graphics-card', 'server-module'] as const;
export type GpuArtKind = (typeof GPU_ART_KINDS)[number];
export const GPU_ART_SIZE = { width: 960, height: 540 } as const;

type Point = readonly [number, number];
type Size = { width: number; height: number };

const { width: W, height: H } = PROJECT_ART_SIZE;
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const polygon = (corners: readonly Point[], attrs: Attrs) =>
  el('polygon', { points: corners.map(([x, y]) => `${num(x)},${num(y)}`).join(' '), ...attrs });
const repeat = (count: number, draw: (i: number) => string) => Array.from({ length: count }, (_, i) => draw(i)).join('');

/** A document with a vertical gradient behind the drawing. */
function picture(size: Size, title: string, [top, bottom]: readonly [string, string], defs: string, body: string): string {
  return svgDocument(
    size,
    title,
    linearGradient('backdrop', 90, [top, bottom]) + defs,
    el('rect', { width: size.width, height: size.height, fill: 'url(#backdrop)' }) + body,
  );
}

/** A house whose roof carries a grid of panels, a tree's shade over part of it, and a detection box. */
function solar(): string {
  // Roof: a trapezoid, eaves at y=300, ridge at y=170.
  const eaveY = 300;
  const ridgeY = 170;
  const xAt = (side: 0 | 1, y: number) => lerp([110, 570][side], [180, 500][side], (eaveY - y) / (eaveY - ridgeY));
  const panels: string[] = [];
  for (let row = 0; row < 3; row++) {
    const [top, bottom] = [184 + row * 36, 216 + row * 36];
    const at = (y: number, t: number): Point => [lerp(xAt(0, y) + 18, xAt(1, y) - 18, t), y];
    for (let col = 0; col < 7; col++) {
      const [t0, t1] = [col / 7 + 0.006, (col + 1) / 7 - 0.006];
      panels.push(polygon([at(top, t0), at(top, t1), at(bottom, t1), at(bottom, t0)], { fill: '#1b3d73', stroke: '#a9ccff', 'stroke-width': 1.5 }));
    }
  }
  const rays = repeat(12, (i) => {
    const [dx, dy] = [Math.cos((i * Math.PI) / 6), Math.sin((i * Math.PI) / 6)];
    return el('line', { x1: 570 + dx * 58, y1: 86 + dy * 58, x2: 570 + dx * 78, y2: 86 + dy * 78, stroke: '#ffcc33', 'stroke-width': 5, 'stroke-linecap': 'round' });
  });
  const window = (x: number) => el('rect', { x, y: 326, width: 70, height: 44, fill: '#cfe6ff', stroke: '#8a6a4a', 'stroke-width': 4 });
  return picture(
    PROJECT_ART_SIZE,
    'Solar panels on a roof, with shade analysis',
    ['#7fb8f0', '#e6f2ff'],
    '',
    el('circle', { cx: 570, cy: 86, r: 44, fill: '#ffd54a' }) +
      rays +
      el('rect', { x: 0, y: 400, width: W, height: H - 400, fill: '#5f8a43' }) +
      el('rect', { x: 150, y: 300, width: 380, height: 104, fill: '#eadbc4' }) +
      el('rect', { x: 318, y: 330, width: 44, height: 74, fill: '#7a4e2d' }) +
      window(190) +
      window(420) +
      polygon([[110, eaveY], [570, eaveY], [500, ridgeY], [180, ridgeY]], { fill: '#6d4c41' }) +
      panels.join('') +
      // The tree's shade over the roof's left end: what the shade model estimates.
      polygon([[xAt(0, 184) + 10, 184], [250, 184], [300, 292], [xAt(0, 292) + 10, 292]], { fill: '#0b1a33', opacity: 0.35 }) +
      el('rect', { x: 72, y: 250, width: 18, height: 150, fill: '#6b4a2b' }) +
      el('circle', { cx: 81, cy: 236, r: 62, fill: '#2e7d32' }) +
      el('circle', { cx: 118, cy: 262, r: 40, fill: '#388e3c' }) +
      el('rect', { x: 104, y: 160, width: 472, height: 146, fill: 'none', stroke: '#ff4081', 'stroke-width': 3, 'stroke-dasharray': '10 7' }) +
      el('rect', { x: 104, y: 132, width: 176, height: 28, fill: '#ff4081' }) +
      textEl({ x: 114, y: 152, 'font-size': 17, fill: '#ffffff', 'font-weight': 'bold' }, 'roof plane 0.97'),
  );
}

/** The layers of a full stack as strata, browser on top, database at the bottom. */
function bedrock(): string {
  const layers = [
    ['React', '#087ea4'],
    ['FastAPI', '#009688'],
    ['Pydantic', '#e92063'],
    ['SQLAlchemy', '#b71c1c'],
    ['PostgreSQL', '#336791'],
  ] as const;
  const [left, width, height, depth] = [120, 400, 56, 22];
  const right = left + width;
  const slabs = layers.map(([name, color], i) => {
    const y = 70 + i * 76;
    return (
      polygon([[left, y], [left + depth, y - depth], [right + depth, y - depth], [right, y]], { fill: color, opacity: 0.75 }) +
      polygon([[right, y], [right + depth, y - depth], [right + depth, y + height - depth], [right, y + height]], { fill: color, opacity: 0.55 }) +
      el('rect', { x: left, y, width, height, fill: color }) +
      textEl({ x: left + 24, y: y + 37, 'font-size': 26, 'font-weight': 'bold', fill: '#ffffff' }, name)
    );
  });
  return picture(PROJECT_ART_SIZE, 'The layers of the Bedrock stack', ['#102132', '#1d3b4f'], '', slabs.join(''));
}

/** An EC2 instance: a chip on an orange tile, with the check mark of a successful run. */
function instance(x: number, y: number): string {
  return (
    el('rect', { x, y, width: 84, height: 84, rx: 10, fill: '#ff9900' }) +
    el('rect', { x: x + 22, y: y + 22, width: 40, height: 40, rx: 4, fill: 'none', stroke: '#ffffff', 'stroke-width': 4 }) +
    repeat(3, (k) => el('line', { x1: x + 30 + k * 12, y1: y + 12, x2: x + 30 + k * 12, y2: y + 22, stroke: '#ffffff', 'stroke-width': 3 })) +
    el('circle', { cx: x + 80, cy: y + 6, r: 14, fill: '#2e7d32', stroke: '#0f1b2d', 'stroke-width': 3 }) +
    polyline([[x + 73, y + 6], [x + 78, y + 12], [x + 88, y]], { stroke: '#ffffff', 'stroke-width': 3, 'stroke-linecap': 'round' })
  );
}

/** A playbook on the left provisioning a grid of EC2 instances. */
function ansible(): string {
  const playbook =
    el('rect', { x: 50, y: 110, width: 170, height: 230, rx: 12, fill: '#f5f5f5' }) +
    el('rect', { x: 50, y: 110, width: 170, height: 40, rx: 12, fill: '#cc0000' }) +
    el('rect', { x: 50, y: 138, width: 170, height: 12, fill: '#cc0000' }) +
    textEl({ x: 66, y: 137, 'font-size': 17, 'font-weight': 'bold', fill: '#ffffff' }, 'playbook.yml') +
    repeat(8, (i) => el('rect', { x: 66 + (i % 3) * 14, y: 168 + i * 20, width: 120 - (i % 3) * 14 - ((i * 13) % 40), height: 8, rx: 4, fill: '#9aa5b1' }));
  const arrows = repeat(3, (row) =>
    polyline([[222, 225], [280, 225], [300, 122 + row * 115], [322, 122 + row * 115]], { stroke: '#cc0000', 'stroke-width': 4, 'stroke-linejoin': 'round' }),
  );
  const fleet = repeat(9, (i) => instance(330 + (i % 3) * 110, 80 + Math.floor(i / 3) * 115));
  return picture(
    PROJECT_ART_SIZE,
    'An Ansible playbook provisioning EC2 instances',
    ['#0f1b2d', '#1a2c47'],
    '',
    arrows + playbook + fleet + textEl({ x: 330, y: 440, 'font-size': 20, fill: '#9fb3c8' }, 'ok=9  changed=0  failed=0'),
  );
}

/** A falling training-loss curve beside a grid of pictures the models made. */
function atelier(): string {
  const random = seededRandom('atelier-loss');
  const plot = { left: 60, top: 70, width: 300, height: 330 };
  const bottom = plot.top + plot.height;
  const curve = Array.from({ length: 60 }, (_, i): Point => {
    const t = i / 59;
    const loss = 0.9 * Math.exp(-4 * t) + 0.08 + random.range(-0.03, 0.03) * (1 - t * 0.7);
    return [plot.left + t * plot.width, plot.top + plot.height * (1 - loss)];
  });
  const axis = { stroke: '#c9c2e8', 'stroke-width': 2 };
  const grid = repeat(4, (i) => {
    const y = plot.top + (i * plot.height) / 3;
    return el('line', { x1: plot.left, y1: y, x2: plot.left + plot.width, y2: y, stroke: '#ffffff', 'stroke-opacity': 0.1 });
  });
  const hues = Array.from({ length: 9 }, (_, i) => i * 40);
  const tileDefs = hues.map((hue, i) => linearGradient(`tile${i}`, 45 + hue, [hsl(hue, 0.7, 0.55), hsl(hue + 80, 0.7, 0.3)])).join('');
  const tiles = hues.map((hue, i) => {
    const [x, y] = [410 + (i % 3) * 80, 90 + Math.floor(i / 3) * 100];
    return (
      el('rect', { x, y, width: 70, height: 88, rx: 8, fill: `url(#tile${i})` }) +
      el('circle', { cx: x + 22 + (hue % 30), cy: y + 30, r: 10, fill: '#ffffff', opacity: 0.7 })
    );
  });
  return picture(
    PROJECT_ART_SIZE,
    'A training-loss curve and generated pictures',
    ['#17122b', '#2a1f4a'],
    tileDefs,
    grid +
      el('line', { x1: plot.left, y1: bottom, x2: plot.left + plot.width, y2: bottom, ...axis }) +
      el('line', { x1: plot.left, y1: plot.top, x2: plot.left, y2: bottom, ...axis }) +
      polyline(curve, { stroke: '#4dd0e1', 'stroke-width': 4, 'stroke-linejoin': 'round' }) +
      textEl({ x: plot.left, y: plot.top - 20, 'font-size': 20, fill: '#c9c2e8' }, 'loss') +
      tiles.join(''),
  );
}

/** Members of a small network around one central node. */
function nucleus(): string {
  const [cx, cy] = [W / 2, H / 2];
  const ring = Array.from({ length: 9 }, (_, i): Point => {
    const angle = (i / 9) * Math.PI * 2 - Math.PI / 2;
    return [cx + Math.cos(angle) * 190, cy + Math.sin(angle) * 160];
  });
  const link = ([x1, y1]: Point, [x2, y2]: Point, opacity: number) =>
    el('line', { x1, y1, x2, y2, stroke: '#7fe0c4', 'stroke-opacity': opacity, 'stroke-width': 2.5 });
  const links = ring.map((point, i) => link([cx, cy], point, 0.6) + link(point, ring[(i + 2) % ring.length], 0.25)).join('');
  const person = ([x, y]: Point, hue: number) =>
    el('circle', { cx: x, cy: y, r: 30, fill: hsl(hue, 0.55, 0.45), stroke: '#e0fff5', 'stroke-width': 3 }) +
    el('circle', { cx: x, cy: y - 8, r: 10, fill: '#e0fff5' }) +
    el('path', { d: `M${num(x - 17)},${num(y + 20)} Q${num(x)},${num(y - 4)} ${num(x + 17)},${num(y + 20)}`, fill: '#e0fff5' });
  return picture(
    PROJECT_ART_SIZE,
    'A social network around a central node',
    ['#0e2a24', '#123d35'],
    '',
    links +
      ring.map((point, i) => person(point, i * 40)).join('') +
      el('circle', { cx, cy, r: 56, fill: '#1de9b6' }) +
      el('circle', { cx, cy, r: 30, fill: '#0e2a24' }) +
      el('circle', { cx, cy, r: 14, fill: '#1de9b6' }),
  );
}

const PROJECT_PAINTERS: Record<ProjectArtKind, () => string> = { solar, bedrock, ansible, atelier, nucleus };

export function projectArtSvg(kind: ProjectArtKind): string {
  return PROJECT_PAINTERS[kind]();
}

// GPU ads ----------------------------------------------------------------------------------------

const NVIDIA_GREEN = '#76b900';

function fan(cx: number, cy: number, r: number): string {
  // One curved blade pointing up from the hub, turned nine times.
  const p = (x: number, y: number) => `${num(x * r)},${num(y * r)}`;
  const blade = `M${p(0, -0.22)} C${p(0.35, -0.5)} ${p(0.55, -0.8)} ${p(0.2, -0.95)} C${p(-0.05, -0.7)} ${p(-0.12, -0.45)} ${p(0, -0.22)}Z`;
  return (
    el('circle', { cx, cy, r: r + 8, fill: '#15181c' }) +
    el('circle', { cx, cy, r, fill: '#22262c' }) +
    repeat(9, (i) => el('path', { d: blade, fill: '#3c424b', transform: `translate(${num(cx)},${num(cy)}) rotate(${num(i * 40)})` })) +
    el('circle', { cx, cy, r: r * 0.24, fill: '#2d3238', stroke: NVIDIA_GREEN, 'stroke-width': 3 })
  );
}

/** A dual-fan desktop graphics card seen from the fan side, bracket on the left. */
function graphicsCard(name: string): string {
  const [brand, ...model] = name.split(' ');
  return (
    el('rect', { x: 56, y: 120, width: 36, height: 300, rx: 4, fill: '#b9bec6' }) +
    repeat(3, (i) => el('rect', { x: 66, y: 160 + i * 70, width: 16, height: 44, rx: 3, fill: '#30343a' })) +
    repeat(28, (i) => el('rect', { x: 230 + i * 11, y: 398, width: 7, height: 22, fill: '#d4a73c' })) +
    el('rect', { x: 92, y: 130, width: 790, height: 270, rx: 26, fill: 'url(#metal)' }) +
    el('rect', { x: 92, y: 130, width: 790, height: 10, rx: 5, fill: NVIDIA_GREEN }) +
    fan(300, 265, 100) +
    fan(674, 265, 100) +
    el('rect', { x: 432, y: 196, width: 110, height: 138, rx: 10, fill: '#1b1e23' }) +
    textEl({ x: 487, y: 262, 'font-size': 22, 'font-weight': 'bold', fill: '#ffffff', 'text-anchor': 'middle' }, brand) +
    textEl({ x: 487, y: 292, 'font-size': 22, 'font-weight': 'bold', fill: NVIDIA_GREEN, 'text-anchor': 'middle' }, model.join(' '))
  );
}

/** An SXM module: the GPU die in the middle, HBM stacks on both sides, capacitors and mounting holes. */
function serverModule(name: string): string {
  const random = seededRandom('sxm-capacitors');
  const capacitors = repeat(60, (i) => {
    const t = random.range(0, 1);
    const edges: Point[] = [[lerp(240, 720, t), 100], [lerp(240, 720, t), 380], [240, lerp(110, 370, t)], [712, lerp(110, 370, t)]];
    const [x, y] = edges[i % 4];
    return el('rect', { x, y, width: 8, height: 5, fill: '#b08d57' });
  });
  const holes = ([[220, 90], [720, 90], [220, 390], [720, 390]] as const)
    .map(([cx, cy]) => el('circle', { cx, cy, r: 9, fill: '#0b0d10', stroke: '#c9a227', 'stroke-width': 3 }))
    .join('');
  const memory = (x: number, y: number) => el('rect', { x, y, width: 56, height: 70, rx: 4, fill: '#3a3f47', stroke: '#8c939c', 'stroke-width': 2 });
  return (
    el('rect', { x: 200, y: 70, width: 560, height: 340, rx: 14, fill: '#1e5b37' }) +
    holes +
    capacitors +
    el('rect', { x: 380, y: 150, width: 200, height: 180, rx: 8, fill: 'url(#metal)' }) +
    repeat(3, (i) => memory(310, 145 + i * 55) + memory(594, 145 + i * 55)) +
    textEl({ x: 480, y: 246, 'font-size': 30, 'font-weight': 'bold', fill: '#1b1e23', 'text-anchor': 'middle' }, name) +
    el('rect', { x: 420, y: 262, width: 120, height: 6, rx: 3, fill: NVIDIA_GREEN })
  );
}

/** `name` such as 'RTX 5090' (printed on the hardware), `detail` such as '32 GB GDDR7' (in the caption). */
export function gpuArtSvg(kind: GpuArtKind, name: string, detail: string): string {
  const caption = `${name} · ${detail}`;
  const metal = kind === 'graphics-card' ? linearGradient('metal', 90, ['#5a616b', '#2f343b']) : linearGradient('metal', 45, ['#c9ced6', '#7d848e']);
  return picture(
    GPU_ART_SIZE,
    caption,
    ['#0d0f12', '#23272e'],
    metal,
    (kind === 'graphics-card' ? graphicsCard(name) : serverModule(name)) +
      textEl({ x: 480, y: 480, 'font-size': 30, fill: '#e8eaed', 'text-anchor': 'middle', 'font-weight': 'bold' }, caption),
  );
}
