import { seededRandom, type Random } from './seeded-random';
import { el, hsl, linearGradient, num, polyline, svgDocument, textEl } from './svg-markup';

export const POST_ART_KINDS = ['loss-curve', 'attention-map', 'gpu-utilisation', 'network-diagram', 'generative-pattern'] as const;
export type PostArtKind = (typeof POST_ART_KINDS)[number];

export interface PostArt {
  kind: PostArtKind;
  /** Same kind and seed, same picture. */
  seed: string;
  /** Printed at the top of the picture. */
  title: string;
  /**
   * Kind-specific names: legend entries (loss-curve), tokens (attention-map), GPU names
   * (gpu-utilisation), layer names (network-diagram). Defaults apply when absent.
   */
  labels?: readonly string[];
  /**
   * Draw the incident the post is about: a loss spike (loss-curve), or one device far behind the
   * others, the straggler every rank waits for (gpu-utilisation).
   */
  anomaly?: boolean;
}

export const POST_ART_SIZE = { width: 960, height: 640 } as const;

interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Palette {
  primary: string;
  secondary: string;
  text: string;
  muted: string;
}

interface Painting {
  random: Random;
  palette: Palette;
  /** Where the painter may draw: below the title, above the caption. */
  area: Area;
  art: PostArt;
}

const CONTENT: Area = { left: 48, top: 96, width: POST_ART_SIZE.width - 96, height: POST_ART_SIZE.height - 160 };

/** Long labels would run into their neighbours; the picture is an illustration, not a data table. */
const shorten = (label: string, max: number) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

const gridLine = (x1: number, y1: number, x2: number, y2: number) =>
  el('line', { x1, y1, x2, y2, stroke: '#ffffff', 'stroke-opacity': 0.09 });

/** Entries side by side, right-aligned above the plot, where no bar or curve can reach. */
function legend(entries: ReadonlyArray<{ label: string; color: string }>, area: Area, muted: string): string {
  const entryWidth = 190;
  const y = area.top + 10;
  return entries
    .map(({ label, color }, i) => {
      const x = area.left + area.width - (entries.length - i) * entryWidth;
      return (
        el('rect', { x, y: y - 8, width: 22, height: 6, rx: 3, fill: color }) +
        textEl({ x: x + 30, y, 'font-size': 15, fill: muted }, shorten(label, 20))
      );
    })
    .join('');
}

/** Horizontal grid with value labels on the left and an axis caption below: shared by the charts. */
function chartAxes(plot: Area, yTicks: readonly number[], yLabel: (value: number) => string, xCaption: string, muted: string): string {
  const yMax = yTicks[yTicks.length - 1];
  const lines = yTicks.map((value) => {
    const y = plot.top + plot.height * (1 - value / yMax);
    return (
      gridLine(plot.left, y, plot.left + plot.width, y) +
      textEl({ x: plot.left - 10, y: y + 5, 'text-anchor': 'end', 'font-size': 14, fill: muted }, yLabel(value))
    );
  });
  const caption = textEl(
    { x: plot.left + plot.width / 2, y: plot.top + plot.height + 44, 'text-anchor': 'middle', 'font-size': 15, fill: muted },
    xCaption,
  );
  return lines.join('') + caption;
}

/** Room on the left for value labels, above for the legend, below for the x axis. */
const insetPlot = (area: Area): Area => ({
  left: area.left + 56,
  top: area.top + 48,
  width: area.width - 72,
  height: area.height - 102,
});

/** Training and validation loss falling over steps, optionally with the loss spike practitioners know well. */
function lossCurve({ random, palette, area, art }: Painting): string {
  const plot = insetPlot(area);
  const points = 90;
  const floor = random.range(1.6, 2.4);
  const start = floor + random.range(5, 8);
  const decay = random.range(5, 9);
  const spike = random.range(0.45, 0.75);
  const spikeHeight = art.anomaly ? random.range(1, 2.2) : 0;
  const train = Array.from({ length: points }, (_, i) => {
    const t = i / (points - 1);
    const sinceSpike = t - spike;
    const bump = sinceSpike >= 0 ? spikeHeight * Math.exp(-sinceSpike * 35) : 0;
    const noise = random.range(-0.12, 0.12) * (1.2 - t);
    return floor + (start - floor) * Math.exp(-decay * t) + bump + noise;
  });
  const gap = random.range(0.05, 0.2);
  const validation = train
    .map((value, i) => [i, value] as const)
    .filter(([i]) => i % 9 === 0 || i === points - 1)
    .map(([i, value]) => [i, value + gap * (1 + (i / points) * 2) + random.range(-0.05, 0.05)] as const);

  const yMax = Math.ceil((start * 1.1) / 2) * 2;
  const yTicks = Array.from({ length: 5 }, (_, i) => (yMax * i) / 4);
  const toPoint = (i: number, value: number) =>
    [plot.left + (plot.width * i) / (points - 1), plot.top + plot.height * (1 - value / yMax)] as const;
  const totalSteps = random.pick([60, 80, 120, 150]);
  const xTicks = [0, 0.25, 0.5, 0.75, 1].map((f) =>
    textEl(
      { x: plot.left + plot.width * f, y: plot.top + plot.height + 22, 'text-anchor': 'middle', 'font-size': 14, fill: palette.muted },
      `${Math.round(totalSteps * f)}k`,
    ),
  );
  const [trainLabel = 'train loss', validationLabel = 'validation loss'] = art.labels ?? [];

  return (
    chartAxes(plot, yTicks, (value) => value.toFixed(1), 'optimizer steps', palette.muted) +
    xTicks.join('') +
    polyline(
      train.map((value, i) => toPoint(i, value)),
      { stroke: palette.primary, 'stroke-width': 3, 'stroke-linejoin': 'round' },
    ) +
    polyline(
      validation.map(([i, value]) => toPoint(i, value)),
      { stroke: palette.secondary, 'stroke-width': 2.5, 'stroke-dasharray': '8 6' },
    ) +
    validation
      .map(([i, value]) => {
        const [cx, cy] = toPoint(i, value);
        return el('circle', { cx, cy, r: 4, fill: palette.secondary });
      })
      .join('') +
    legend(
      [
        { label: trainLabel, color: palette.primary },
        { label: validationLabel, color: palette.secondary },
      ],
      area,
      palette.muted,
    )
  );
}

const DEFAULT_TOKENS = ['<s>', 'The', 'model', 'attends', 'to', 'the', 'first', 'token', 'a', 'lot', '.'];

/** Causal self-attention weights of one head: softmax rows, with an "attention sink" on token 0. */
function attentionMap({ random, palette, area, art }: Painting): string {
  const tokens = (art.labels?.length ? art.labels : DEFAULT_TOKENS).slice(0, 14);
  const n = tokens.length;
  const side = area.height - 70;
  const cell = side / n;
  const left = area.left + (area.width - side) / 2 - 40;
  const top = area.top + 64;
  const sink = random.range(1, 3);
  const hue = random.range(10, 50);
  const heat = (weight: number) => hsl(hue + 40 * weight, 0.9, 0.12 + 0.55 * Math.sqrt(weight));

  const cells: string[] = [];
  for (let row = 0; row < n; row++) {
    const logits = Array.from({ length: row + 1 }, (_, col) => {
      const bonus = (col === 0 ? sink : 0) + (col === row ? 1.4 : 0) + (col === row - 1 ? 0.7 : 0);
      return random.range(-1, 1) + bonus;
    });
    const exps = logits.map(Math.exp);
    const total = exps.reduce((sum, value) => sum + value, 0);
    for (let col = 0; col < n; col++) {
      const masked = col > row;
      cells.push(
        el('rect', {
          x: left + col * cell + 1,
          y: top + row * cell + 1,
          width: cell - 2,
          height: cell - 2,
          rx: 2,
          fill: masked ? '#ffffff' : heat(exps[col] / total),
          'fill-opacity': masked ? 0.05 : undefined,
        }),
      );
    }
  }

  const fontSize = Math.min(15, cell * 0.45);
  const tokenLabels = tokens.map((token, i) => {
    const label = shorten(token, 10);
    const centre = i * cell + cell / 2;
    const rowLabel = textEl(
      { x: left - 10, y: top + centre + fontSize / 3, 'text-anchor': 'end', 'font-size': fontSize, fill: palette.muted },
      label,
    );
    const columnX = left + centre;
    const columnLabel = textEl(
      { x: columnX, y: top - 10, 'font-size': fontSize, fill: palette.muted, transform: `rotate(-45 ${num(columnX)} ${num(top - 10)})` },
      label,
    );
    return rowLabel + columnLabel;
  });

  const barX = left + side + 48;
  const scale =
    el('rect', { x: barX, y: top, width: 18, height: side, rx: 4, fill: 'url(#heat-scale)' }) +
    textEl({ x: barX + 28, y: top + 12, 'font-size': 14, fill: palette.muted }, '1.0') +
    textEl({ x: barX + 28, y: top + side, 'font-size': 14, fill: palette.muted }, '0.0') +
    textEl({ x: barX + 28, y: top + side / 2, 'font-size': 14, fill: palette.muted }, 'weight');
  const scaleGradient = linearGradient('heat-scale', -90, [0, 0.25, 0.5, 0.75, 1].map(heat));

  return el('defs', {}, scaleGradient) + cells.join('') + tokenLabels.join('') + scale;
}

/** Per-GPU utilisation and memory, optionally with one straggler holding the others back. */
function gpuUtilisation({ random, palette, area, art }: Painting): string {
  const names = (art.labels?.length ? art.labels : Array.from({ length: 8 }, (_, i) => `GPU ${i}`)).slice(0, 12);
  const plot = insetPlot(area);
  const straggler = art.anomaly ? random.int(0, names.length - 1) : -1;
  const slot = plot.width / names.length;
  const barWidth = Math.min(34, slot * 0.32);

  const bars = names.map((name, i) => {
    const utilisation = i === straggler ? random.range(0.18, 0.4) : random.range(0.78, 0.99);
    const memory = random.range(0.55, 0.95);
    const centre = plot.left + slot * i + slot / 2;
    const bar = (value: number, x: number, color: string) =>
      el('rect', { x, y: plot.top + plot.height * (1 - value), width: barWidth, height: plot.height * value, rx: 3, fill: color });
    return (
      bar(utilisation, centre - barWidth - 2, palette.primary) +
      bar(memory, centre + 2, palette.secondary) +
      textEl(
        {
          x: centre - barWidth / 2 - 2,
          y: plot.top + plot.height * (1 - utilisation) - 8,
          'text-anchor': 'middle',
          'font-size': 13,
          fill: palette.text,
        },
        `${Math.round(utilisation * 100)}%`,
      ) +
      textEl({ x: centre, y: plot.top + plot.height + 22, 'text-anchor': 'middle', 'font-size': 14, fill: palette.muted }, shorten(name, 12))
    );
  });

  return (
    chartAxes(plot, [0, 25, 50, 75, 100], (value) => `${value}%`, 'device', palette.muted) +
    bars.join('') +
    legend(
      [
        { label: 'SM utilisation', color: palette.primary },
        { label: 'memory used', color: palette.secondary },
      ],
      area,
      palette.muted,
    )
  );
}

/** A fully connected network: edge colour is the weight's sign, opacity its size. */
function networkDiagram({ random, palette, area, art }: Painting): string {
  const layerNames = (art.labels && art.labels.length > 1 ? art.labels : ['input', 'hidden', 'hidden', 'output']).slice(0, 6);
  const sizes = layerNames.map((_, i) => (i === layerNames.length - 1 ? random.int(2, 4) : random.int(3, 7)));
  const nodeArea = { ...area, top: area.top + 10, height: area.height - 60 };
  const layerX = (i: number) => nodeArea.left + 60 + ((nodeArea.width - 120) * i) / (layerNames.length - 1);
  const nodes = sizes.map((count, i) =>
    Array.from({ length: count }, (_, k) => [layerX(i), nodeArea.top + (nodeArea.height * (k + 0.5)) / count] as const),
  );

  const edges: string[] = [];
  for (let i = 0; i < nodes.length - 1; i++) {
    for (const [x1, y1] of nodes[i]) {
      for (const [x2, y2] of nodes[i + 1]) {
        const weight = random.range(-1, 1);
        edges.push(
          el('line', {
            x1,
            y1,
            x2,
            y2,
            stroke: weight >= 0 ? palette.primary : palette.secondary,
            'stroke-opacity': 0.1 + 0.6 * Math.abs(weight),
            'stroke-width': 0.6 + 2.2 * Math.abs(weight),
          }),
        );
      }
    }
  }
  const circles = nodes.flat().map(([cx, cy]) => el('circle', { cx, cy, r: 15, fill: '#141a2a', stroke: palette.text, 'stroke-width': 2.5 }));
  const captions = layerNames.map(
    (name, i) =>
      textEl({ x: layerX(i), y: area.top + area.height - 22, 'text-anchor': 'middle', 'font-size': 15, fill: palette.text }, shorten(name, 16)) +
      textEl({ x: layerX(i), y: area.top + area.height - 2, 'text-anchor': 'middle', 'font-size': 13, fill: palette.muted }, `${sizes[i]} units`),
  );
  return edges.join('') + circles.join('') + captions.join('');
}

/** Particles following a smooth sine field: the kind of pattern people render to test a sampler. */
function generativePattern({ random, area }: Painting): string {
  const frequencyX = random.range(0.004, 0.012);
  const frequencyY = random.range(0.004, 0.012);
  const phase = random.range(0, Math.PI * 2);
  const swirl = random.range(1, 2.5);
  const hue = random.range(0, 360);
  const angleAt = (x: number, y: number) => Math.sin(x * frequencyX + phase) * Math.cos(y * frequencyY - phase) * Math.PI * swirl;

  const strokes: string[] = [];
  for (let p = 0; p < 110; p++) {
    let x = random.range(area.left, area.left + area.width);
    let y = random.range(area.top, area.top + area.height);
    const path: Array<readonly [number, number]> = [[x, y]];
    for (let step = 0; step < 30; step++) {
      const angle = angleAt(x, y);
      x += Math.cos(angle) * 8;
      y += Math.sin(angle) * 8;
      path.push([x, y]);
    }
    strokes.push(
      polyline(path, {
        stroke: hsl(hue + (y / POST_ART_SIZE.height) * 120, 0.75, random.range(0.5, 0.72)),
        'stroke-opacity': random.range(0.35, 0.8),
        'stroke-width': random.range(1, 3.2),
        'stroke-linecap': 'round',
      }),
    );
  }
  return strokes.join('');
}

const PAINTERS: Record<PostArtKind, (painting: Painting) => string> = {
  'loss-curve': lossCurve,
  'attention-map': attentionMap,
  'gpu-utilisation': gpuUtilisation,
  'network-diagram': networkDiagram,
  'generative-pattern': generativePattern,
};

/**
 * A post illustration (960x640): a dark frame with the title, the kind's drawing made from seeded
 * synthetic data, and a caption saying that Atelier generated it.
 */
export function postArtSvg(art: PostArt): string {
  const random = seededRandom(`post-art:${art.kind}:${art.seed}`);
  const base = random.range(200, 260);
  const accent = random.range(0, 360);
  const palette: Palette = {
    primary: hsl(accent, 0.85, 0.62),
    secondary: hsl(accent + 150, 0.75, 0.66),
    text: '#e8ecf4',
    muted: '#98a2b6',
  };
  const { width, height } = POST_ART_SIZE;
  const defs =
    linearGradient('frame', random.range(30, 150), [hsl(base, 0.4, 0.09), hsl(base + 30, 0.45, 0.17)]) +
    el('clipPath', { id: 'content' }, el('rect', { x: CONTENT.left, y: CONTENT.top - 12, width: CONTENT.width, height: CONTENT.height + 24 }));

  const body = [
    el('rect', { width, height, fill: 'url(#frame)' }),
    textEl({ x: CONTENT.left, y: 62, 'font-size': 28, 'font-weight': 'bold', fill: palette.text }, shorten(art.title, 56)),
    el('g', { 'clip-path': 'url(#content)' }, PAINTERS[art.kind]({ random, palette, area: CONTENT, art })),
    textEl({ x: CONTENT.left, y: height - 22, 'font-size': 15, fill: palette.muted }, 'Illustration generated by Atelier from synthetic data'),
  ].join('');

  return svgDocument(POST_ART_SIZE, `${art.title} (illustration generated by Atelier)`, defs, body);
}
