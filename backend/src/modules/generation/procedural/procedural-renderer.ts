// The built-in procedural renderer (provider `procedural`, docs/decisions/0010-generation-providers.md): a real 768x768
// picture composed from the prompt's words, on the CPU, with no model weights. Same prompt and
// seed, same PNG bytes. The prompt is read into names (prompt-reading.ts), the names into a scene
// plan (scene-plan.ts), and the plan is drawn: the prompt's text never reaches the markup.
import { Resvg } from '@resvg/resvg-js';
import { hash64, prng } from '../../../common/random/prng';
import { shows, type Canvas } from './drawers/canvas';
import { drawFigure } from './drawers/figures';
import { facets, grain, paper, resample, vignette } from './drawers/finish';
import { dunes, forest, ground, hills, island, lake, meadow, mountains, palm, river, sea, waterfall } from './drawers/land';
import { interior, skyline, street, studio, synthGrid, underwater } from './drawers/places';
import { clouds, lightning, mist, moon, planets, rain, sky, snowfall, stars, sun } from './drawers/sky';
import { readPrompt } from './prompt-reading';
import { planScene, type ScenePlan } from './scene-plan';
import { Defs, hex, hsl, mix, shade, SIZE } from './svg';

export { planScene, type ScenePlan } from './scene-plan';

export const PROCEDURAL_SIZE = SIZE;
const S = SIZE;

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

/** Sky, then the far land, then water and near land: each layer covers the one before. */
function backdrop(canvas: Canvas): void {
  const { plan, random } = canvas;
  const { palette, style, time, moods } = plan;
  const minimal = style === 'minimal';
  if (plan.backdrop === 'underwater') return underwater(canvas);
  if (plan.backdrop === 'interior') return interior(canvas);
  if (plan.backdrop === 'studio') return studio(canvas);

  sky(canvas);
  const clear = plan.weather !== 'rain';
  if (!minimal && clear && (plan.backdrop === 'space' || palette.night > 0.5)) stars(canvas, plan.backdrop === 'space' ? 260 : 130);
  if (plan.backdrop === 'space') planets(canvas);
  if (time === 'sunset' || style === 'synthwave' || style === 'vaporwave') sun(canvas, true);
  else if (palette.night > 0.5 && clear && plan.backdrop !== 'space') moon(canvas);
  else if (time === 'day' && clear && (moods.includes('joyful') || moods.includes('warm') || random.chance(0.4))) sun(canvas, false);
  if (!minimal && clear && palette.night < 0.5 && plan.backdrop !== 'space') {
    const dreamy = moods.includes('dreamy');
    clouds(canvas, dreamy ? 6 : 2 + random.below(3), shade(palette.skyBottom, 0.7), dreamy ? 0.85 : 0.6);
  }
  if (!clear) clouds(canvas, 8, mix(palette.skyTop, [60, 64, 76], 0.5), 0.9, -40);

  if (plan.backdrop === 'space') {
    if (plan.settings.length > 1) hills(canvas, 2);
    return;
  }
  if (style === 'synthwave' || style === 'vaporwave') {
    if (shows(canvas, 'mountain') || style === 'synthwave') mountains(canvas);
    synthGrid(canvas);
    if (style === 'vaporwave') canvas.layers.push(palm(90, plan.horizon + 120, 2.2, hex(hsl(300, 50, 40))), palm(680, plan.horizon + 140, 1.8, hex(hsl(300, 50, 40))));
    return;
  }
  if (shows(canvas, 'mountain')) mountains(canvas);
  else if (!shows(canvas, 'city') && !shows(canvas, 'street') && !shows(canvas, 'desert')) hills(canvas, minimal ? 2 : 3);
  if (moods.includes('calm') || moods.includes('dreamy') || moods.includes('eerie')) mist(canvas, shade(palette.haze, 0.2), 0.5);

  if (shows(canvas, 'desert')) dunes(canvas);
  else if (shows(canvas, 'snow')) ground(canvas, [232, 238, 246]);
  if (shows(canvas, 'city')) skyline(canvas);
  if (shows(canvas, 'street')) street(canvas);
  if (shows(canvas, 'waterfall')) waterfall(canvas);
  else if (shows(canvas, 'island')) island(canvas);
  else if (shows(canvas, 'sea')) sea(canvas);
  else if (shows(canvas, 'lake')) lake(canvas);
  else if (shows(canvas, 'river')) river(canvas);
  if (shows(canvas, 'forest')) forest(canvas);
  const open = !['desert', 'snow', 'city', 'street', 'sea', 'lake', 'river', 'waterfall', 'island', 'forest'].some((s) => shows(canvas, s as never));
  if (open) ground(canvas, palette.ground);
  if (shows(canvas, 'flowers') && !minimal) meadow(canvas, shows(canvas, 'forest') ? 40 : 110);
}

function weather(canvas: Canvas): void {
  const { plan, random } = canvas;
  if (plan.weather === 'rain') {
    rain(canvas);
    if (plan.moods.includes('dark') || random.chance(0.3)) lightning(canvas);
  }
  if (plan.weather === 'snow') snowfall(canvas);
}

/** Pixel art and watercolour redraw the whole picture; grain, facets and vignette go on top. */
function finish(canvas: Canvas): void {
  const { plan } = canvas;
  const dark = plan.palette.night > 0.3 || plan.moods.includes('eerie');
  // The figures live on inside the raster; empty groups keep their names for the plan's tests.
  const markers = plan.elements.map((element) => `<g data-subject="${element.subject}"/>`).join('');
  if (plan.style === 'pixel') {
    const small = resample(canvas.layers.join(''), canvas.defs.toString(), 96, false);
    canvas.layers.splice(0, canvas.layers.length, small, markers);
    return;
  }
  if (plan.style === 'watercolor') {
    const soft = resample(canvas.layers.join(''), canvas.defs.toString(), 224, true);
    canvas.layers.splice(0, canvas.layers.length, soft, markers);
    paper(canvas);
    vignette(canvas, 0.5, [250, 248, 240]);
    return;
  }
  if (plan.style === 'geometric') facets(canvas);
  if (plan.style !== 'minimal') grain(canvas, plan.moods.includes('dreamy') ? 0.45 : 0.3);
  vignette(canvas, dark ? 0.6 : 0.22);
}

/** The SVG of a planned picture. */
export function drawPlan(plan: ScenePlan): string {
  const canvas: Canvas = { plan, random: prng(`procedural-draw:${plan.seed}`), defs: new Defs(), layers: [] };
  backdrop(canvas);
  for (const element of plan.elements) drawFigure(canvas, element);
  weather(canvas);
  finish(canvas);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}"><defs>${canvas.defs.toString()}</defs>${canvas.layers.join('')}</svg>`;
}

/** The SVG markup of the picture: numbers and colours only, never the prompt's text. */
export function renderProceduralSvg({ prompt, seed }: ProceduralRequest): string {
  return drawPlan(planScene(prompt, (seed ?? defaultSeed(prompt)) >>> 0));
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
