// What every drawer draws on: the plan, a seeded stream of draws, the picture's <defs>, and the
// layers so far (back to front).
import type { Prng } from '../../../../common/random/prng';
import type { Rgb } from '../prompt-reading';
import type { ScenePlan } from '../scene-plan';
import { mix, shade, type Defs } from '../svg';

export interface Canvas {
  plan: ScenePlan;
  random: Prng;
  defs: Defs;
  layers: string[];
  /** Where the sun or moon stands, for reflections on water. */
  lightX?: number;
}

/** A figure's own colour as the scene's light shows it: darker and bluer at night. */
export function lit(canvas: Canvas, colour: Rgb): Rgb {
  const { night, skyTop } = canvas.plan.palette;
  return mix(colour, shade(skyTop, -0.3), night * 0.55);
}

/** The picture's settings, as a quick question. */
export const shows = (canvas: Canvas, setting: ScenePlan['settings'][number]): boolean => canvas.plan.settings.includes(setting);
