#!/usr/bin/env node
// Makes the sample videos the site plays: WebM (VP9, 640x360, 24 fps, 8 s, no audio) and a poster
// JPEG per video, written beside this script. Every frame is drawn here; nothing is filmed or copied:
//
// - solar-design-walkthrough: a house under a desert sky (a scene of Atelier's procedural renderer)
//   whose roof is outlined, filled with 18 panels one by one, strung together, and given an
//   estimate of its yearly output; the four steps are listed on the left.
// - solar-shade-analysis: a plan view of a roof with 32 panels, a tree and a chimney over a darkened
//   procedural forest; the sun crosses the sky from 7:00 to 19:00, their shadows sweep over the
//   panels, and a sun-path chart shows the time, sun height, shaded panels and solar access so far.
// - sample-clip: four procedural scenes (sea at sunset, space, rainy city, forest) panning slowly
//   and cross-fading, with a timecode and a progress bar: a test clip for the video player.
//
// The backgrounds come from the built backend's renderer (renderProcedural, the `procedural`
// provider), the overlays are SVG drawn below, resvg rasterises each frame and ffmpeg encodes them.
// The same inputs give the same frames; the encoded bytes may differ between ffmpeg versions.
//
// To regenerate (ffmpeg is needed only for this, never to run the site):
//   apt-get install -y ffmpeg                      # Debian's ffmpeg, with libvpx-vp9
//   node_modules/.bin/nx run backend:build         # at the repo root: the renderer is loaded from backend/dist
//   node backend/assets/videos/make-sample-videos.mjs [name ...]     # all three, or the ones named
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));
const W = 640;
const H = 360;
const FPS = 24;
const SECONDS = 8;
const FRAMES = FPS * SECONDS;
const SANS = 'DejaVu Sans, Liberation Sans, sans-serif';
const MAX_BYTES = 500 * 1024;

const rendererFile = join(here, '../../dist/modules/generation/procedural/procedural-renderer.js');
if (!existsSync(rendererFile)) {
  console.error(`${rendererFile} is missing: build the backend first (node_modules/.bin/nx run backend:build).`);
  process.exit(1);
}
const { renderProcedural } = createRequire(import.meta.url)(rendererFile);

// ---- helpers -----------------------------------------------------------------------------------

const n = (value) => String(Math.round(value * 10) / 10);
const clamp01 = (value) => Math.min(1, Math.max(0, value));
/** 0 before `start`, 1 after `end`, eased in between. */
const phase = (t, start, end) => {
  const x = clamp01((t - start) / (end - start));
  return x * x * (3 - 2 * x);
};
const lerp = (a, b, amount) => a + (b - a) * amount;
const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const text = (x, y, size, content, attributes = '', font = SANS) =>
  `<text x="${n(x)}" y="${n(y)}" font-size="${size}" font-family="${font}" ${attributes}>${escapeText(content)}</text>`;

/** A procedural scene as a JPEG data URL (smaller to embed in every frame than the PNG). */
async function scene(prompt, seed) {
  const { png } = renderProcedural({ prompt, seed });
  const jpeg = await sharp(png).jpeg({ quality: 88 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** The 768x768 scene scaled to `size`, its top-left corner at (x, y): a slow pan moves these. */
const backdrop = (href, x, y, size, opacity = 1) =>
  `<image href="${href}" x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" opacity="${n(opacity * 100) / 100}" preserveAspectRatio="none"/>`;

const frameSvg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

const credit = (line) =>
  `<rect x="0" y="${H - 20}" width="${W}" height="20" fill="#000" opacity="0.45"/>` +
  text(8, H - 6, 10.5, line, 'fill="#e8e8e8"');

// ---- solar-design-walkthrough ------------------------------------------------------------------

/** A point on the roof plane: u across (0..1, left to right), v down the slope (0..1). */
function roofPoint(u, v) {
  const [tl, tr, bl, br] = [
    [214, 168],
    [486, 168],
    [168, 252],
    [532, 252],
  ];
  const top = [lerp(tl[0], tr[0], u), lerp(tl[1], tr[1], u)];
  const bottom = [lerp(bl[0], br[0], u), lerp(bl[1], br[1], u)];
  return [lerp(top[0], bottom[0], v), lerp(top[1], bottom[1], v)];
}

const ROWS = 3;
const COLUMNS = 6;
const PANEL_WATTS = 400;
const KWH_PER_KW_YEAR = 1_650; // a sunny site; the estimate is illustrative

function panelCorners(row, column, inset = 0.06) {
  const [u0, u1] = [(column + inset) / COLUMNS, (column + 1 - inset) / COLUMNS];
  const [v0, v1] = [(row + inset) / ROWS, (row + 1 - inset) / ROWS];
  return [roofPoint(u0, v0), roofPoint(u1, v0), roofPoint(u1, v1), roofPoint(u0, v1)];
}

const polygon = (points, attributes) => `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" ${attributes}/>`;

function walkthroughFrame(t, sky) {
  const parts = [backdrop(sky, -70 - 30 * (t / SECONDS), -330 + 14 * (t / SECONDS), 790)];
  // The house: walls, door and windows under the roof plane.
  parts.push(
    `<rect x="182" y="252" width="336" height="78" fill="#d9c3a0"/>`,
    `<rect x="182" y="252" width="336" height="6" fill="#000" opacity="0.18"/>`,
    `<rect x="330" y="282" width="34" height="48" fill="#6b4a32"/>`,
    `<rect x="214" y="272" width="54" height="34" fill="#9cc7e0" stroke="#fff" stroke-width="3"/>`,
    `<rect x="428" y="272" width="54" height="34" fill="#9cc7e0" stroke="#fff" stroke-width="3"/>`,
    `<rect x="140" y="330" width="420" height="6" fill="#000" opacity="0.25"/>`,
  );
  const roof = [roofPoint(0, 0), roofPoint(1, 0), roofPoint(1, 1), roofPoint(0, 1)];
  parts.push(polygon(roof, 'fill="#8a4b3a"'));

  // Step 1 (0-1.2 s): the roof outline is traced.
  const outline = phase(t, 0.2, 1.2);
  const perimeter = 272 + 2 * Math.hypot(46, 84) + 364;
  parts.push(
    polygon(roof, `fill="none" stroke="#ffd54a" stroke-width="3" stroke-dasharray="${n(perimeter)}" stroke-dashoffset="${n(perimeter * (1 - outline))}"`),
  );

  // Step 2 (1.2-5 s): 18 panels placed row by row.
  const placed = [];
  for (let index = 0; index < ROWS * COLUMNS; index++) {
    const appear = phase(t, 1.2 + index * 0.2, 1.5 + index * 0.2);
    if (appear === 0) continue;
    const row = Math.floor(index / COLUMNS);
    const column = index % COLUMNS;
    const corners = panelCorners(row, column).map(([x, y]) => [x, y - 14 * (1 - appear)]);
    placed.push(corners);
    parts.push(polygon(corners, `fill="#1d3f7a" stroke="#c9d8f0" stroke-width="1.2" opacity="${n(appear * 100) / 100}"`));
    // Two cell lines per panel and a glint, so it reads as a solar panel.
    for (const v of [1 / 3, 2 / 3]) {
      const a = [lerp(corners[0][0], corners[3][0], v), lerp(corners[0][1], corners[3][1], v)];
      const b = [lerp(corners[1][0], corners[2][0], v), lerp(corners[1][1], corners[2][1], v)];
      parts.push(`<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${n(b[1])}" stroke="#7f9ccc" stroke-width="0.7" opacity="${n(appear * 100) / 100}"/>`);
    }
  }
  const panels = placed.length;

  // Step 3 (5-6.5 s): the string wiring runs through every panel's centre, snaking row by row.
  const wiring = phase(t, 5, 6.5);
  if (wiring > 0) {
    const centres = [];
    for (let row = 0; row < ROWS; row++) {
      for (let step = 0; step < COLUMNS; step++) {
        const column = row % 2 === 0 ? step : COLUMNS - 1 - step;
        centres.push(roofPoint((column + 0.5) / COLUMNS, (row + 0.5) / ROWS));
      }
    }
    const length = centres.slice(1).reduce((sum, point, i) => sum + Math.hypot(point[0] - centres[i][0], point[1] - centres[i][1]), 0);
    parts.push(
      `<polyline points="${centres.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="none" stroke="#ff9f1c" stroke-width="2.4" stroke-linejoin="round" stroke-dasharray="${n(length)}" stroke-dashoffset="${n(length * (1 - wiring))}"/>`,
    );
  }

  // The steps, the current one highlighted.
  const steps = ['1  Roof outline', '2  Panel layout', '3  Stringing', '4  Output estimate'];
  const current = t < 1.2 ? 0 : t < 5 ? 1 : t < 6.5 ? 2 : 3;
  parts.push(`<rect x="12" y="12" width="244" height="132" rx="8" fill="#0b1320" opacity="0.72"/>`);
  parts.push(text(24, 36, 15, 'Solar design walkthrough', 'fill="#fff" font-weight="bold"'));
  steps.forEach((label, i) => {
    const colour = i === current ? '#ffd54a' : i < current ? '#9fd49f' : '#b8c2d0';
    parts.push(text(24, 62 + i * 22, 13, `${i < current ? '✓' : '•'} ${label}`, `fill="${colour}"`));
  });

  // The numbers, bottom right; the yearly estimate counts up during step 4.
  const kilowatts = (panels * PANEL_WATTS) / 1000;
  const estimate = Math.round(kilowatts * KWH_PER_KW_YEAR * phase(t, 6.5, 7.6));
  parts.push(`<rect x="428" y="12" width="200" height="84" rx="8" fill="#0b1320" opacity="0.72"/>`);
  parts.push(text(440, 36, 13, `Panels  ${panels} / ${ROWS * COLUMNS}  (${PANEL_WATTS} W)`, 'fill="#fff"'));
  parts.push(text(440, 60, 13, `DC size  ${kilowatts.toFixed(1)} kW`, 'fill="#fff"'));
  parts.push(text(440, 84, 13, `Yearly  ${estimate.toLocaleString('en')} kWh`, `fill="${current === 3 ? '#ffd54a' : '#fff'}"`));
  parts.push(credit('Illustration drawn by Atelier: procedural-renderer desert + SVG overlay (make-sample-videos.mjs)'));
  return frameSvg(parts.join(''));
}

// ---- solar-shade-analysis ----------------------------------------------------------------------

const PX_PER_M = 7;
const PLAN = { x: 40, y: 56, width: 336, height: 200 };
const SHADE_ROWS = 4;
const SHADE_COLUMNS = 8;
/** Things that cast shadows on the plan: centre, footprint radius and height in metres. */
const OBSTACLES = [
  { name: 'tree', x: 376, y: 294, radius: 34, height: 11, fill: '#2f6b34' },
  { name: 'chimney', x: 96, y: 84, radius: 9, height: 2.2, fill: '#7a5a4a' },
];

/** The sun at a fraction of the day (0 = 7:00, 1 = 19:00): azimuth from north (degrees) and elevation. */
const sunAt = (fraction) => ({ azimuth: 90 + 180 * fraction, elevation: 4 + 58 * Math.sin(Math.PI * fraction) });

/** Shadow segments on the plan (screen x east, y south) for the sun's position. */
function shadows(sun) {
  const azimuth = (sun.azimuth * Math.PI) / 180;
  const away = [-Math.sin(azimuth), Math.cos(azimuth)]; // from the sun, along the ground
  return OBSTACLES.map((obstacle) => {
    const length = Math.min(460, (obstacle.height * PX_PER_M) / Math.tan((sun.elevation * Math.PI) / 180));
    return { ...obstacle, to: [obstacle.x + away[0] * length, obstacle.y + away[1] * length] };
  });
}

function distanceToSegment([px, py], [ax, ay], [bx, by]) {
  const [dx, dy] = [bx - ax, by - ay];
  const lengthSquared = dx * dx + dy * dy;
  const along = lengthSquared === 0 ? 0 : clamp01(((px - ax) * dx + (py - ay) * dy) / lengthSquared);
  return Math.hypot(px - (ax + along * dx), py - (ay + along * dy));
}

function shadePanels(cast) {
  const panels = [];
  const [cellW, cellH] = [(PLAN.width - 24) / SHADE_COLUMNS, (PLAN.height - 24) / SHADE_ROWS];
  for (let row = 0; row < SHADE_ROWS; row++) {
    for (let column = 0; column < SHADE_COLUMNS; column++) {
      const x = PLAN.x + 12 + column * cellW;
      const y = PLAN.y + 12 + row * cellH;
      const centre = [x + cellW / 2, y + cellH / 2];
      const shaded = cast.some((shadow) => distanceToSegment(centre, [shadow.x, shadow.y], shadow.to) < shadow.radius);
      panels.push({ x, y, width: cellW - 4, height: cellH - 4, shaded });
    }
  }
  return panels;
}

/** Solar access so far: the share of panel-time in sunlight from 7:00 to this moment. */
function makeAccessMeter() {
  let litSum = 0;
  let samples = 0;
  return (panels) => {
    litSum += panels.filter((panel) => !panel.shaded).length / panels.length;
    samples++;
    return litSum / samples;
  };
}

function clock(fraction) {
  const minutes = Math.round((7 * 60 + 12 * 60 * fraction) / 5) * 5;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function shadeFrame(t, forest, access) {
  const fraction = t / SECONDS;
  const sun = sunAt(fraction);
  const cast = shadows(sun);
  const panels = shadePanels(cast);
  const shaded = panels.filter((panel) => panel.shaded).length;
  const solarAccess = access(panels);

  const parts = [backdrop(forest, -40 - 20 * fraction, -200, 720), `<rect width="${W}" height="${H}" fill="#061018" opacity="0.62"/>`];
  parts.push(text(16, 34, 17, 'Solar shade analysis', 'fill="#fff" font-weight="bold"'));
  parts.push(text(224, 34, 12, 'plan view, north up', 'fill="#b8c2d0"'));
  // Roof, panels, then the shadows over them, then the obstacles themselves.
  parts.push(`<rect x="${PLAN.x}" y="${PLAN.y}" width="${PLAN.width}" height="${PLAN.height}" rx="4" fill="#6d6f73" stroke="#c0c4ca" stroke-width="1.5"/>`);
  for (const panel of panels) {
    parts.push(
      `<rect x="${n(panel.x)}" y="${n(panel.y)}" width="${n(panel.width)}" height="${n(panel.height)}" fill="${panel.shaded ? '#233042' : '#2f6fd0'}" stroke="${panel.shaded ? '#ff9f1c' : '#bcd2f5'}" stroke-width="${panel.shaded ? 1.6 : 0.8}"/>`,
    );
  }
  for (const shadow of cast) {
    parts.push(
      `<line x1="${n(shadow.x)}" y1="${n(shadow.y)}" x2="${n(shadow.to[0])}" y2="${n(shadow.to[1])}" stroke="#000" stroke-width="${n(shadow.radius * 2)}" stroke-linecap="round" opacity="0.38"/>`,
    );
  }
  for (const obstacle of OBSTACLES) {
    if (obstacle.name === 'tree') {
      parts.push(`<circle cx="${obstacle.x}" cy="${obstacle.y}" r="${obstacle.radius}" fill="${obstacle.fill}" stroke="#173a1b" stroke-width="2"/>`);
      parts.push(`<circle cx="${obstacle.x - 10}" cy="${obstacle.y - 8}" r="12" fill="#4b8d4f" opacity="0.7"/>`);
      parts.push(text(obstacle.x - obstacle.radius - 8, obstacle.y + 4, 11, 'tree, 11 m', 'fill="#d6e8d6" text-anchor="end"'));
    } else {
      const side = obstacle.radius * 2;
      parts.push(`<rect x="${obstacle.x - obstacle.radius}" y="${obstacle.y - obstacle.radius}" width="${side}" height="${side}" fill="${obstacle.fill}" stroke="#2a1d16" stroke-width="1.5"/>`);
    }
  }
  parts.push(text(PLAN.x + PLAN.width - 10, PLAN.y - 8, 14, 'N ↑', 'fill="#fff" text-anchor="end"'));

  // Sun-path chart: elevation over the day, the sun on its arc.
  const chart = { x: 474, y: 70, width: 150, height: 70 };
  const arc = [];
  for (let i = 0; i <= 40; i++) {
    const f = i / 40;
    arc.push(`${n(chart.x + f * chart.width)},${n(chart.y + chart.height - (sunAt(f).elevation / 62) * chart.height)}`);
  }
  const sunX = chart.x + fraction * chart.width;
  const sunY = chart.y + chart.height - (sun.elevation / 62) * chart.height;
  parts.push(`<rect x="${chart.x - 12}" y="${chart.y - 26}" width="${chart.width + 24}" height="254" rx="8" fill="#0b1320" opacity="0.78"/>`);
  parts.push(text(chart.x, chart.y - 8, 12, 'Sun path', 'fill="#b8c2d0"'));
  parts.push(`<line x1="${chart.x}" y1="${chart.y + chart.height}" x2="${chart.x + chart.width}" y2="${chart.y + chart.height}" stroke="#55606e"/>`);
  parts.push(`<polyline points="${arc.join(' ')}" fill="none" stroke="#ffd54a" stroke-width="1.5" stroke-dasharray="4 3"/>`);
  parts.push(`<circle cx="${n(sunX)}" cy="${n(sunY)}" r="7" fill="#ffd54a"/>`);
  const rows = [
    ['Time', clock(fraction)],
    ['Sun height', `${sun.elevation.toFixed(0)}°`],
    ['Sun bearing', `${sun.azimuth.toFixed(0)}°`],
    ['Panels shaded', `${shaded} / ${panels.length}`],
    ['Solar access', `${(solarAccess * 100).toFixed(0)} %`],
  ];
  rows.forEach(([label, value], i) => {
    const y = chart.y + chart.height + 26 + i * 22;
    parts.push(text(chart.x, y, 12, label, 'fill="#b8c2d0"'));
    parts.push(text(chart.x + chart.width, y, 13, value, `fill="${label === 'Panels shaded' && shaded > 0 ? '#ff9f1c' : '#fff'}" text-anchor="end" font-weight="bold"`));
  });
  parts.push(credit('Illustration drawn by Atelier: procedural-renderer forest + SVG plan (make-sample-videos.mjs)'));
  return frameSvg(parts.join(''));
}

// ---- sample-clip -------------------------------------------------------------------------------

const CLIP_SCENES = [
  // `focus`: how far down the 768px scene the frame sits (0 top .. 1 bottom).
  { prompt: 'sunset over the sea', seed: 7, focus: 0.8 },
  { prompt: 'cold blue night in space', seed: 7, focus: 0.12 },
  { prompt: 'rainy city at night', seed: 7, focus: 0.5 },
  { prompt: 'a misty pine forest in the mountains', seed: 7, focus: 0.65 },
];
const SCENE_SECONDS = SECONDS / CLIP_SCENES.length;
const FADE_SECONDS = 0.6;

function clipFrame(t, hrefs) {
  const parts = [];
  CLIP_SCENES.forEach((clipScene, i) => {
    const start = i * SCENE_SECONDS;
    const local = (t - start) / SCENE_SECONDS; // 0..1 while it is the main scene
    const fadeIn = i === 0 ? 1 : phase(t, start - FADE_SECONDS / 2, start + FADE_SECONDS / 2);
    const fadeOut = i === CLIP_SCENES.length - 1 ? 0 : phase(t, start + SCENE_SECONDS - FADE_SECONDS / 2, start + SCENE_SECONDS + FADE_SECONDS / 2);
    if (fadeIn === 0 || fadeOut === 1) return;
    // Later scenes are drawn over earlier ones, so only the incoming one fades.
    const size = 700 + 60 * clamp01(local + 0.2);
    parts.push(backdrop(hrefs[i], (W - size) / 2 - 30 + 40 * local, -(size - H) * clipScene.focus, size, fadeIn));
  });
  const current = Math.min(CLIP_SCENES.length - 1, Math.floor(t / SCENE_SECONDS));
  parts.push(`<rect x="12" y="12" width="300" height="52" rx="8" fill="#000" opacity="0.5"/>`);
  parts.push(text(24, 35, 16, 'Atelier · sample clip', 'fill="#fff" font-weight="bold"'));
  parts.push(text(24, 55, 11.5, `“${CLIP_SCENES[current].prompt}”, seed ${CLIP_SCENES[current].seed}`, 'fill="#dde3ea"'));
  parts.push(`<rect x="${W - 184}" y="12" width="172" height="30" rx="6" fill="#000" opacity="0.5"/>`);
  parts.push(text(W - 98, 33, 14, `0:${t.toFixed(2).padStart(5, '0')} / 0:${SECONDS.toFixed(2).padStart(5, '0')}`, 'fill="#fff" text-anchor="middle"', 'DejaVu Sans Mono, monospace'));
  parts.push(`<rect x="0" y="${H - 24}" width="${W}" height="4" fill="#000" opacity="0.4"/>`);
  parts.push(`<rect x="0" y="${H - 24}" width="${n((W * t) / SECONDS)}" height="4" fill="#ffd54a"/>`);
  parts.push(credit('Frames by Atelier\u2019s procedural renderer, panned and cross-faded (make-sample-videos.mjs)'));
  return frameSvg(parts.join(''));
}

// ---- encoding ----------------------------------------------------------------------------------

const rasterise = (svg) => new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();

/** Pipes PNG frames into ffmpeg and writes `<name>.webm` plus `<name>.jpg` (the frame at `posterAt` seconds). */
async function encode(name, drawFrame, posterAt) {
  const output = join(here, `${name}.webm`);
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'image2pipe', '-framerate', String(FPS), '-c:v', 'png', '-i', 'pipe:0'],
      // VP9 in constrained quality: CRF, capped at 360 kbit/s, so 8 s stay near 350 KB at most.
      ...['-c:v', 'libvpx-vp9', '-pix_fmt', 'yuv420p', '-crf', '34', '-b:v', '360k', '-deadline', 'good', '-cpu-used', '1', '-row-mt', '1'],
      ...['-g', String(FPS * 4), '-an', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-metadata', `title=${name}`],
      output,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const finished = new Promise((resolve, reject) => {
    ffmpeg.once('error', (error) =>
      reject(error.code === 'ENOENT' ? new Error('ffmpeg is not installed: apt-get install -y ffmpeg (needed only to regenerate the videos)') : error),
    );
    ffmpeg.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code} for ${name}`))));
  });
  const posterFrame = Math.round(posterAt * FPS);
  for (let frame = 0; frame < FRAMES; frame++) {
    const png = rasterise(drawFrame(frame / FPS));
    if (frame === posterFrame) await sharp(png).jpeg({ quality: 82, mozjpeg: true }).toFile(join(here, `${name}.jpg`));
    if (!ffmpeg.stdin.write(png)) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
  }
  ffmpeg.stdin.end();
  await finished;
  const bytes = statSync(output).size;
  console.log(`${name}.webm: ${(bytes / 1024).toFixed(0)} KB, ${SECONDS} s, ${W}x${H}; poster ${name}.jpg at ${posterAt} s`);
  if (bytes > MAX_BYTES) throw new Error(`${name}.webm is ${bytes} bytes, above the ${MAX_BYTES} limit: lower -b:v`);
}

const VIDEOS = {
  'solar-design-walkthrough': async () => {
    const sky = await scene('golden desert dunes at noon', 7);
    await encode('solar-design-walkthrough', (t) => walkthroughFrame(t, sky), 6.2);
  },
  'solar-shade-analysis': async () => {
    const forest = await scene('a misty pine forest in the mountains', 7);
    const access = makeAccessMeter(); // frames are drawn in order, so it sums the day up to each frame
    await encode('solar-shade-analysis', (t) => shadeFrame(t, forest, access), 3);
  },
  'sample-clip': async () => {
    const hrefs = await Promise.all(CLIP_SCENES.map(({ prompt, seed }) => scene(prompt, seed)));
    await encode('sample-clip', (t) => clipFrame(t, hrefs), 0.8);
  },
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in VIDEOS));
if (unknown.length > 0) {
  console.error(`Unknown video ${unknown.join(', ')}; choose from ${Object.keys(VIDEOS).join(', ')}`);
  process.exit(1);
}
for (const name of asked.length > 0 ? asked : Object.keys(VIDEOS)) {
  await VIDEOS[name]();
}
